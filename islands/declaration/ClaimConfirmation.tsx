import { renderedInBrowser } from '../lib/rendered-in-browser.tsx';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { AWAITING_TREATMENT_STATE } from '../../contracts/claim-states.ts';
import type { ClaimInfo } from '../../contracts/partner-api.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { formatDayInFull } from '../../contracts/dates.ts';
import { hrefOf, redirectTo } from '../lib/navigation.ts';
import { reportError } from '../api/report-error.ts';
import { $followUp } from '../session/follow-up.store.ts';
import type { PendingDeclaration } from '../offline/pending-declaration.ts';
import {
  $pendingDeclaration,
  $sendingDeclaration,
  $stillOffline,
  sendWaitingNow,
  settlePendingDeclarations,
  watchPendingDeclarations,
} from '../offline/pending-declaration.store.ts';
import { FollowUpLinkButton } from '../ui/FollowUpLinkButton.tsx';
import { Notice, Spinner, StepPlaceholder } from '../ui/Notice.tsx';
import type { WizardIslandProps } from './wizard-island.ts';
import { useIslandBasics } from '../lib/island-basics.ts';
import { IN_INSURER_ZONE } from '../../contracts/time-zone.ts';

type Documents = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; claim: ClaimInfo };

/** The proofs the confirmation lists: requested or already dropped (spec 2 §2). */
function documentsToProvide(claim: ClaimInfo): string[] {
  if (claim.etat === AWAITING_TREATMENT_STATE) return [];
  return Object.values(claim.justificatifs_manquants)
    .map((item) => item.data_mysql)
    .filter((item) => item.demande === 1 || item.dropbox === 1)
    .map((item) => item.nom_court);
}

/**
 * confirmation-sinistre (spec 2 §2): the claim just declared, its number and creation date, the
 * follow-up link to receive by mail, the documents to provide and the way to send them. While a
 * declaration is kept on this device and not yet answered, it says so instead,
 * and shows the number as soon as any tab, or the worker, has sent it (the store follows them).
 */
function ClaimConfirmation(props: WizardIslandProps) {
  const { t } = useIslandBasics(props);
  const pending = useStore($pendingDeclaration);
  useEffect(() => {
    void settlePendingDeclarations();
    watchPendingDeclarations({ tryNow: false });
  }, []);
  if (pending === undefined) return <StepPlaceholder label={t('wizard.common.loading')} />;
  if (pending !== null) return <WaitingConfirmation {...props} pending={pending} />;
  return <DeclaredClaim {...props} />;
}

/** A declaration kept on this device: it waits to be sent (or was refused: step 5 tells why). */
function WaitingConfirmation(props: WizardIslandProps & { pending: PendingDeclaration }) {
  const { t, place } = useIslandBasics(props);
  const sending = useStore($sendingDeclaration);
  const stillOffline = useStore($stillOffline);
  const refused = props.pending.state === 'refused';
  return (
    <div className="confirmation-page">
      <div className="card confirmation-card confirmation-card--waiting">
        <div role="status">
          <h2 className="confirmation-card__title">
            {refused ? t('confirmation.waiting.refusedTitle') : t('confirmation.waiting.title')}
          </h2>
          <p>{refused ? t('confirmation.waiting.refused') : t('confirmation.waiting.text')}</p>
        </div>
        {refused ? (
          <a className="button button--primary button--large" href={hrefOf(place, 'declare-step5')}>
            {t('confirmation.waiting.check')}
          </a>
        ) : (
          <>
            <button
              type="button"
              className="button button--primary button--large"
              aria-disabled={sending}
              onClick={() => {
                if (!$sendingDeclaration.get()) void sendWaitingNow({ pressed: true });
              }}
            >
              {sending ? <Spinner label={t('confirmation.waiting.sending')} /> : null}
              {t('confirmation.waiting.sendNow')}
            </button>
            {/* Always in the page, so that each press still without answer is announced again. */}
            <div role="status" className="confirmation-card__retry-status">
              {stillOffline && !sending ? (
                <p className="notice notice--info">{t('wizard.common.stillOffline')}</p>
              ) : null}
            </div>
          </>
        )}
      </div>
      <nav className="confirmation-page__links" aria-label={t('confirmation.links')}>
        <a className="button button--ghost" href={hrefOf(place, 'home')}>
          {t('confirmation.home')}
        </a>
      </nav>
    </div>
  );
}

/** The claim declared from this browser: its number, date, follow-up link and documents. */
function DeclaredClaim(props: WizardIslandProps) {
  const { t, place } = useIslandBasics(props);
  const followUp = useStore($followUp);
  const [documents, setDocuments] = useState<Documents>({ state: 'loading' });
  const known = followUp.claimNumber !== '' && followUp.lastName !== '';

  useEffect(() => {
    if (!known) {
      redirectTo(place, 'home');
      return;
    }
    let cancelled = false;
    void (async () => {
      const { getClaim } = await partnerApi();
      const result = await getClaim({ numero: followUp.claimNumber, nom: followUp.lastName }, props.lang);
      if (cancelled) return;
      if (result.ok) setDocuments({ state: 'loaded', claim: result.data.data.infos_sinistre });
      else {
        reportError('652153E');
        setDocuments({ state: 'failed' });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [known, followUp.claimNumber, followUp.lastName, props.lang, place]);

  if (!known) return <StepPlaceholder label={t('wizard.common.loading')} />;

  // The creation day written in full in the page's language, '-' when empty (spec 2 §1).
  const createdText = formatDayInFull(followUp.dateSinistreCreation, props.lang, IN_INSURER_ZONE) || '-';

  const list = documents.state === 'loaded' ? documentsToProvide(documents.claim) : [];

  return (
    <div className="confirmation-page">
      <div className="card confirmation-card">
        <svg className="confirmation-card__icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.12" />
          <path
            d="m14 25 7 7 13-15"
            fill="none"
            stroke="currentColor"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h2 className="confirmation-card__title">{t('confirmation.title')}</h2>
        <p>{t('confirmation.mailSent')}</p>
        <p>{t('confirmation.keepNumber')}</p>
        <dl className="confirmation-card__facts">
          <div>
            <dt>{t('confirmation.claimNumber')}</dt>
            <dd className="confirmation-card__number">{followUp.claimNumber}</dd>
          </div>
          <div>
            <dt>{t('confirmation.createdAt')}</dt>
            <dd>{createdText}</dd>
          </div>
        </dl>
        <FollowUpLinkButton
          claimNumber={followUp.claimNumber}
          lang={props.lang}
          t={t}
          className="confirmation-card__link"
        />
      </div>

      <section
        className="card documents-card"
        aria-labelledby="documents-title"
        aria-busy={documents.state === 'loading'}
      >
        <h2 id="documents-title">{t('confirmation.documents.title')}</h2>
        {documents.state === 'loading' ? <Spinner label={t('wizard.common.loading')} /> : null}
        {documents.state === 'failed' ? (
          <Notice tone="error" code="652153E" codeLabel={t('wizard.common.errorCode', { code: '652153E' })}>
            {t('confirmation.documents.failed', { claimNumber: followUp.claimNumber, lastName: followUp.lastName })}
          </Notice>
        ) : null}
        {documents.state === 'loaded' && list.length > 0 ? (
          <>
            <p>{t('confirmation.documents.text')}</p>
            <ul className="documents-list">
              {list.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </>
        ) : null}
        {documents.state === 'loaded' && list.length === 0 ? <p>{t('confirmation.documents.none')}</p> : null}
        <a className="button button--primary button--large" href={hrefOf(place, 'client-file')}>
          {t('confirmation.addProofs')}
        </a>
      </section>

      <nav className="confirmation-page__links" aria-label={t('confirmation.links')}>
        <a className="button button--secondary" href={hrefOf(place, 'contact')}>
          {t('confirmation.contact')}
        </a>
        <a className="button button--ghost" href={hrefOf(place, 'home')}>
          {t('confirmation.home')}
        </a>
      </nav>
    </div>
  );
}

/** Rendered in the browser only (what it shows is stored in this browser), once the page has painted its frame. */
export default renderedInBrowser(ClaimConfirmation);
