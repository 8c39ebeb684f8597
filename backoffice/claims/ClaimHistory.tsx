import type { ClaimHandling } from '../../contracts/backoffice.ts';
import { stateLabel } from './state-label.ts';
import { formatDateTime } from '../lib/dates.ts';
import { type TextKey, t } from '../lib/texts.ts';

/** What each recorded action is called in the history (an unknown one shows its code). */
const ACTION_LABELS: Partial<Record<string, TextKey>> = {
  etat: 'claims.handling.history.actions.state',
  document_requested: 'claims.handling.history.actions.documentRequested',
  proof_validated: 'claims.handling.history.actions.proofValidated',
  proof_refused: 'claims.handling.history.actions.proofRefused',
};

function actionLabel(action: string): string {
  const key = ACTION_LABELS[action];
  return key ? t(key) : action;
}

/**
 * What an action changed. Example: "En cours (justificatifs attendus) → Dossier complet, en attente de traitement".
 * A proof is named as the proofs table names it, in French: the history recorded its name in the
 * claimant's language (« Sterbeurkunde » for « Acte de décès »), kept only for a proof no longer listed.
 */
export function describeEvent(
  action: string,
  detail: Record<string, unknown>,
  proofs: ClaimHandling['proofs'],
): string {
  const text = (key: string) => (typeof detail[key] === 'string' ? (detail[key] as string) : '');
  const document = proofs.find((proof) => proof.id === detail['proofId'])?.nomCourt || text('document');
  switch (action) {
    case 'etat':
      return `${stateLabel(text('from'))} → ${stateLabel(text('to'))}`;
    case 'proof_refused':
      return `${document}${text('file') ? ` (${text('file')})` : ''} : ${text('motif')}`;
    default:
      return document;
  }
}

/** The claimant's comments (when there are any), then what staff did, with who and when. */
export function ClaimHistory({ claim }: { claim: ClaimHandling }) {
  return (
    <>
      {claim.comments.length > 0 && (
        <section className="bo-card" aria-labelledby="comments-title">
          <h2 id="comments-title">{t('claims.handling.comments')}</h2>
          <ul className="bo-timeline">
            {claim.comments.map((comment) => (
              <li key={comment.at}>
                <span className="bo-muted">{formatDateTime(comment.at)}</span>
                <p>{comment.comment}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="bo-card" aria-labelledby="history-title">
        <h2 id="history-title">{t('claims.handling.history.title')}</h2>
        {claim.history.length === 0 ? (
          <p className="bo-muted">{t('claims.handling.history.empty')}</p>
        ) : (
          <ol className="bo-timeline">
            {claim.history.map((event) => (
              <li key={event.id}>
                <span className="bo-muted">
                  {formatDateTime(event.at)} · {event.staffLogin}
                </span>
                <p>
                  <strong>{actionLabel(event.action)}</strong> {describeEvent(event.action, event.detail, claim.proofs)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
