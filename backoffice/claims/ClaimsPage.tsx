import '../lib/column-choices.css';
import './claims.css';
import { t } from '../lib/texts.ts';
import ClaimHandlingView from './ClaimHandlingView.tsx';
import ClaimsList from './ClaimsList.tsx';
import { WorkQueueView } from './WorkQueueView.tsx';

/** The view of the full list in the address: `?vue=tous` (the list's filters and page follow it). */
export const ALL_VIEW = 'tous';

/**
 * /bo_sinistres: one claim's page when `?numero=` names it; otherwise the work queue 'À traiter'
 * first, and the spec's full list ('Liste des sinistres') under 'Tous les sinistres'
 * (`?vue=tous`). Each view is its own address, so the back button and a reload keep it.
 */
export default function ClaimsPage() {
  const query = new URLSearchParams(window.location.search);
  const numero = query.get('numero');
  // Keyed: another claim's page starts afresh, without the previous one's choices or messages.
  if (numero) return <ClaimHandlingView key={numero} numero={numero} />;
  const all = query.get('vue') === ALL_VIEW;
  return (
    <>
      <nav aria-label={t('claims.queue.views')}>
        <ul className="bo-views">
          <li>
            <a href="/bo_sinistres" aria-current={all ? undefined : 'page'}>
              {t('claims.queue.tab')}
            </a>
          </li>
          <li>
            <a href={`/bo_sinistres?vue=${ALL_VIEW}`} aria-current={all ? 'page' : undefined}>
              {t('claims.queue.all')}
            </a>
          </li>
        </ul>
      </nav>
      {all ? <ClaimsList /> : <WorkQueueView />}
    </>
  );
}
