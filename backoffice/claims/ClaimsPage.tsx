import ClaimHandlingView from './ClaimHandlingView.tsx';
import ClaimsList from './ClaimsList.tsx';

/** /bo_sinistres: the claims list, or one claim's page when `?numero=` names it. */
export default function ClaimsPage() {
  const numero = new URLSearchParams(window.location.search).get('numero');
  return numero ? <ClaimHandlingView numero={numero} /> : <ClaimsList />;
}
