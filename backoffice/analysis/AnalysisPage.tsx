/** Analyse (spec 3 §2): built by issue 8. */
export default function AnalysisPage() {
  return <h1>Analyse</h1>;
}
