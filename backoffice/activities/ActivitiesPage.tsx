/** Activités (spec 3 §2): built by issue 8. */
export default function ActivitiesPage() {
  return <h1>Activités</h1>;
}
