/** Connexion (spec 3 §2): built by issue 8. */
export default function LoginPage() {
  return <h1>Connexion</h1>;
}
