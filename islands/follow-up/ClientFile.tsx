import { startTransition, useCallback, useEffect, useState } from 'react';
import type { Language } from '../../contracts/languages.ts';
import type { ClaimInfo } from '../../contracts/partner-api.ts';
import { type ClaimCredentials, requestClaim } from '../api/partner-api-request.ts';
import { credentialsOfPage, takeEarlyClaim } from './early-claim.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { FollowUpLinkButton } from '../ui/FollowUpLinkButton.tsx';
import { Notice, StepPlaceholder } from '../ui/Notice.tsx';
import { hrefOf, redirectTo } from '../lib/navigation.ts';
import { forgetFollowUpToken } from '../session/follow-up.store.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { type FollowUpIslandProps, formatWait } from './follow-up-island.ts';
import { useIslandBasics } from '../lib/island-basics.ts';
import {
  type ClaimProgress,
  type ClaimStatus,
  documentsBannerOf,
  progressOf,
  showsBooking,
  statusOf,
} from './logic/claim-view.ts';
import { ProofsSection } from './ProofsSection.tsx';

export interface ClientFileProps extends FollowUpIslandProps {
  /** Slugs (former ones included) of the brands whose claims show the booking details (brand files' `followUpShowsBooking`). */
  bookingBrands: readonly string[];
}

type Loaded =
  | { state: 'loading' }
  | { state: 'loaded'; claim: ClaimInfo }
  | { state: 'rateLimited'; wait: string }
  | { state: 'failed' };

/**
 * GET sinistres for the page's credentials: the answer to the page's early request when there is
 * one, else sent now; read by the API client, which loads meanwhile.
 */
async function fetchClaim(credentials: ClaimCredentials, lang: Language) {
  const [raw, api] = await Promise.all([
    takeEarlyClaim(credentials, lang) ?? requestClaim(credentials, lang),
    partnerApi(),
  ]);
  return api.readClaim(raw);
}

/**
 * client-file (spec 2 §2, §4): the claim's status, progress and facts, the request and the
 * claimant's information, and the proofs with their upload zones. Opened by a mailed link
 * (`?dossier=<token>`, taken out of the address at once and kept for the tab: early-claim.ts) or
 * by the number and last name kept on suivre-dossier; anything else, or a claim the API does not
 * open, goes back to suivre-dossier with 'err=cred'. Transmitted files open only with the link.
 */
export default function ClientFile(props: ClientFileProps) {
  const { t, place } = useIslandBasics(props);
  const [credentials] = useState(credentialsOfPage);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const load = useCallback(
    async (signal: { cancelled: boolean }) => {
      if (!credentials) return;
      const result = await fetchClaim(credentials, props.lang);
      if (signal.cancelled) return;
      // The whole file renders in a transition: React yields to the visitor between its parts.
      if (result.ok) startTransition(() => setLoaded({ state: 'loaded', claim: result.data.data.infos_sinistre }));
      else if (result.kind === 'http' && result.status === 429)
        setLoaded({ state: 'rateLimited', wait: formatWait(result.retryAfterSeconds ?? 3600, props.lang) });
      else if (result.kind === 'http' && result.status < 500) {
        // A link that opens nothing (expired, mistyped) is not tried again on the next visit.
        if ('hash' in credentials) forgetFollowUpToken();
        redirectTo(place, 'suivre-dossier', { err: 'cred' });
      } else setLoaded({ state: 'failed' });
    },
    [credentials, props.lang, place],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's counter: each click fetches again
  useEffect(() => {
    if (!credentials) {
      redirectTo(place, 'suivre-dossier', { err: 'cred' });
      return;
    }
    const signal = { cancelled: false };
    void load(signal);
    return () => {
      signal.cancelled = true;
    };
  }, [credentials, load, place, attempt]);

  if (!credentials || loaded.state === 'loading') return <StepPlaceholder label={t('wizard.common.loading')} />;
  if (loaded.state === 'rateLimited' || loaded.state === 'failed')
    return (
      <div className="card client-file__failure">
        <Notice tone="error">
          {loaded.state === 'rateLimited'
            ? t('followup.rateLimited', { wait: loaded.wait })
            : t('followup.file.failed')}
        </Notice>
        <div className="client-file__actions">
          {loaded.state === 'failed' ? (
            <button type="button" className="button button--primary" onClick={() => setAttempt((count) => count + 1)}>
              {t('wizard.common.retry')}
            </button>
          ) : null}
          <a className="button button--secondary" href={hrefOf(place, 'suivre-dossier')}>
            {t('followup.file.followAnother')}
          </a>
        </div>
      </div>
    );

  return (
    <ClaimFile
      {...props}
      t={t}
      claim={loaded.claim}
      credentials={credentials}
      onChanged={() => void load({ cancelled: false })}
    />
  );
}

function ClaimFile({
  claim,
  credentials,
  t,
  lang,
  company,
  bookingBrands,
  onChanged,
}: ClientFileProps & {
  claim: ClaimInfo;
  credentials: ClaimCredentials;
  t: IslandTranslator;
  onChanged: () => void;
}) {
  const place = { company, lang };
  const status = statusOf(claim.etat);
  const banner = documentsBannerOf(claim);
  const longDate = (iso: string) => formatLongDate(iso, lang);
  const withBooking = showsBooking(claim.acquisition_methode, bookingBrands);
  const amount = Number(claim.dossier_montant_sejour);

  return (
    <div className="client-file">
      <section className="card client-file__summary" aria-labelledby="client-file-status">
        <StatusBanner status={status} t={t} />
        <ClaimProgressBars progress={progressOf(claim.etat)} t={t} />
        <dl className="client-file__facts">
          <div>
            <dt>{t('followup.facts.claimNumber')}</dt>
            <dd className="client-file__number">{claim.dossier_numero}</dd>
          </div>
          {claim.assurance_destination_materiel ? (
            <div>
              <dt>{t('followup.facts.establishment')}</dt>
              <dd>{claim.assurance_destination_materiel}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('followup.facts.createdAt')}</dt>
            <dd>{longDate(claim.dossier_date)}</dd>
          </div>
        </dl>
        <FollowUpLinkButton claimNumber={claim.dossier_numero} lang={lang} t={t} className="client-file__link" />
      </section>

      {banner ? (
        <Notice tone={banner.kind === 'missing' ? 'error' : banner.kind === 'processed' ? 'success' : 'info'}>
          {banner.kind === 'unread'
            ? t('followup.banner.unread', { date: longDate(banner.receivedAt) })
            : banner.kind === 'missing'
              ? t('followup.banner.missing')
              : t('followup.banner.processed')}
        </Notice>
      ) : null}

      <details className="accordion">
        <summary className="accordion__summary">
          <h2 className="accordion__title">{t('followup.section.request')}</h2>
        </summary>
        <div className="accordion__body">
          <dl className="recap">
            <Fact label={t('followup.request.object')} value={claim.sinistre_objet} />
            <Fact label={t('followup.request.reason')} value={claim.sinistre_motif} />
            <Fact label={t('followup.request.date')} value={formatFrenchDate(claim.sinistre_date, lang)} />
          </dl>
        </div>
      </details>

      <details className="accordion">
        <summary className="accordion__summary">
          <h2 className="accordion__title">{t('followup.section.information')}</h2>
        </summary>
        <div className="accordion__body">
          <dl className="recap">
            <Fact label={t('followup.info.lastName')} value={claim.dossier_nom} />
            <Fact label={t('followup.info.firstName')} value={claim.dossier_prenom} />
            <Fact label={t('followup.info.email')} value={claim.dossier_email} />
            <Fact label={t('followup.info.address')} value={claim.dossier_adresse} />
            <Fact label={t('followup.info.cp')} value={claim.dossier_adresse_cp} />
            <Fact label={t('followup.info.phone')} value={claim.dossier_telephone} />
            {withBooking ? (
              <>
                <Fact label={t('followup.info.establishment')} value={claim.assurance_destination_materiel} />
                <Fact
                  label={t('followup.info.amount')}
                  value={
                    claim.dossier_montant_sejour !== '' && Number.isFinite(amount)
                      ? new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(amount)
                      : ''
                  }
                />
                <Fact label={t('followup.info.start')} value={formatIsoDay(claim.dossier_sejour_debut_date, lang)} />
                <Fact label={t('followup.info.end')} value={formatIsoDay(claim.dossier_sejour_fin_date, lang)} />
              </>
            ) : null}
          </dl>
        </div>
      </details>

      <details className="accordion" open>
        <summary className="accordion__summary">
          <h2 className="accordion__title">{t('followup.section.documents')}</h2>
        </summary>
        <div className="accordion__body">
          <ProofsSection claim={claim} credentials={credentials} lang={lang} t={t} onTransmitted={onChanged} />
        </div>
      </details>

      <p className="client-file__note">{t('followup.documents.notViewable')}</p>

      <nav className="client-file__links" aria-label={t('followup.actions')}>
        <a className="button button--secondary" href={hrefOf(place, 'contact')}>
          {t('followup.contact')}
        </a>
        <a className="button button--ghost" href={hrefOf(place, 'home')}>
          {t('followup.home')}
        </a>
      </nav>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="recap__item">
      <dt>{label}</dt>
      <dd>{value || '-'}</dd>
    </div>
  );
}

const STATUS_TEXTS: Record<
  ClaimStatus,
  {
    title: 'followup.status.closed' | 'followup.status.noFollowUp' | 'followup.status.inTreatment';
    text: 'followup.status.closedText' | 'followup.status.noFollowUpText' | 'followup.status.inTreatmentText';
  }
> = {
  closed: { title: 'followup.status.closed', text: 'followup.status.closedText' },
  noFollowUp: { title: 'followup.status.noFollowUp', text: 'followup.status.noFollowUpText' },
  inTreatment: { title: 'followup.status.inTreatment', text: 'followup.status.inTreatmentText' },
};

function StatusBanner({ status, t }: { status: ClaimStatus; t: IslandTranslator }) {
  const texts = STATUS_TEXTS[status];
  return (
    <div className={`claim-status claim-status--${status}`}>
      <p className="claim-status__label">{t('followup.status.label')}</p>
      <p className="claim-status__title" id="client-file-status">
        {t(texts.title)}
      </p>
      <p className="claim-status__text">{t(texts.text)}</p>
    </div>
  );
}

/** The three stages as labelled progress bars (1 to 3 of 3 each). */
function ClaimProgressBars({ progress, t }: { progress: ClaimProgress; t: IslandTranslator }) {
  const stages = [
    { key: 'declared', label: t('followup.progress.declared'), value: progress.declared },
    { key: 'documents', label: t('followup.progress.documents'), value: progress.documents },
    { key: 'decision', label: t('followup.progress.decision'), value: progress.decision },
  ] as const;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of progress bars, not of form controls (a fieldset would be one)
    <div className="wizard-progress claim-progress" role="group" aria-label={t('followup.progress.label')}>
      <ol className="wizard-progress__groups">
        {stages.map((stage, index) => {
          const percent = stage.value >= 3 ? 100 : stage.value === 2 ? 66 : 33;
          return (
            <li key={stage.key} className={`wizard-progress__group${percent === 100 ? ' is-done' : ' is-current'}`}>
              <span className="wizard-progress__label">
                <span className="wizard-progress__index" aria-hidden="true">
                  {index + 1}
                </span>
                {stage.label}
              </span>
              <span
                className="wizard-progress__bar"
                role="progressbar"
                aria-label={stage.label}
                aria-valuemin={0}
                aria-valuemax={3}
                aria-valuenow={stage.value}
                aria-valuetext={t('followup.progress.value', { done: stage.value, total: 3 })}
              >
                <span className={`wizard-progress__fill wizard-progress__fill--${percent}`} />
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** An ISO date-time as a long date of the page's language; '-' when empty or unreadable. */
export function formatLongDate(iso: string, lang: string): string {
  const date = new Date(iso);
  return iso === '' || Number.isNaN(date.getTime())
    ? '-'
    : new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(date);
}

/** A calendar day `yyyy-mm-dd` as a long date, without time-zone shifts. */
function formatIsoDay(iso: string, lang: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return '';
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** `sinistre_date` comes as dd/mm/yyyy (spec 2 §3): shown as a long date of the page's language. */
function formatFrenchDate(text: string, lang: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  return match ? formatIsoDay(`${match[3]}-${match[2]}-${match[1]}`, lang) : text;
}
