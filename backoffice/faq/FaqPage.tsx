/** Liste des questions et réponses de la FAQ (spec 3 §2): built by issue 8. */
export default function FaqPage() {
  return <h1>Liste des questions et réponses de la FAQ</h1>;
}
