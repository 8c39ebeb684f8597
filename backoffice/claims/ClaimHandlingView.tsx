import { useId } from 'react';
import { stateLabel } from './state-label.ts';
import { t } from '../lib/texts.ts';
import { ClaimFacts } from './ClaimFacts.tsx';
import { ClaimHistory } from './ClaimHistory.tsx';
import { ClaimMails } from './ClaimMails.tsx';
import { ProofReview } from './ProofReview.tsx';
import { StateChange } from './StateChange.tsx';
import { useClaimHandling } from './use-claim-handling.ts';

/**
 * One claim for handling: its facts, its state, its proofs (open, validate, refuse, ask for
 * another) and the history of what staff did, with who and when. After each change the claim is
 * read again from the server: what shows is what is stored.
 */
export default function ClaimHandlingView({ numero }: { numero: string }) {
  const handling = useClaimHandling(numero);
  const { claim, loadFailed, feedbackAt, etat, setEtat, busy, base, change } = handling;
  const titleId = useId();

  if (loadFailed)
    return (
      <section className="bo-card">
        <p>
          <a href="/bo_sinistres">← {t('common.pages.claims')}</a>
        </p>
        <p className="bo-alert bo-alert--error" role="alert">
          {loadFailed}
        </p>
      </section>
    );
  if (!claim)
    return (
      <p role="status">
        <span className="bo-spinner" aria-hidden="true" /> {t('claims.handling.loading')}
      </p>
    );

  return (
    <div className="bo-claim">
      <p>
        <a href="/bo_sinistres">← {t('common.pages.claims')}</a>
      </p>
      <section className="bo-card" aria-labelledby={titleId}>
        <h1 id={titleId}>
          {t('claims.handling.title', { number: claim.numero })}{' '}
          <span className="bo-badge">{stateLabel(claim.etat)}</span>
        </h1>
        <ClaimFacts claim={claim} />
        <StateChange
          claim={claim}
          etat={etat}
          onChoose={setEtat}
          busy={busy}
          feedback={feedbackAt('state')}
          onSave={(keepFocus) =>
            void change(
              `${base}/etat`,
              { method: 'PATCH', body: { etat } },
              t('claims.handling.state.saved'),
              'state',
              keepFocus,
            )
          }
        />
      </section>

      <ProofReview handling={{ ...handling, claim }} />

      <ClaimMails claim={claim} />

      <ClaimHistory claim={claim} />
    </div>
  );
}
