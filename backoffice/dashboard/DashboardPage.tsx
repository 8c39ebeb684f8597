/** Dashboard (spec 3 §2): built by issue 8. */
export default function DashboardPage() {
  return <h1>Dashboard</h1>;
}
