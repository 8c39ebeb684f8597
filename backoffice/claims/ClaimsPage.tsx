/** Liste des sinistres (spec 3 §2): built by issue 8. */
export default function ClaimsPage() {
  return <h1>Liste des sinistres</h1>;
}
