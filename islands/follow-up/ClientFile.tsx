import { startTransition, useCallback, useEffect, useState } from 'react';
import type { Language } from '../../contracts/languages.ts';
import type { ClaimInfo } from '../../contracts/partner-api.ts';
import { type ClaimCredentials, requestClaim } from '../api/partner-api-request.ts';
import { credentialsOfPage, takeEarlyClaim } from './early-claim.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { Notice, StepPlaceholder } from '../ui/Notice.tsx';
import { hrefOf, redirectTo } from '../lib/navigation.ts';
import { forgetFollowUpToken, rememberClaimNumber } from '../session/follow-up.store.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { type FollowUpIslandProps, formatWait } from './follow-up-island.ts';
import { useIslandBasics } from '../lib/island-basics.ts';
import { ClaimFacts } from './ClaimFacts.tsx';
import { ClaimSummary, formatLongDate } from './ClaimSummary.tsx';
import { acceptsDocuments, documentsBannerOf, showsBooking, visibleProofs } from './logic/claim-view.ts';
import { whoseTurnOf } from './logic/whose-turn.ts';
import { ProofsSection, usePendingProofs } from './ProofsSection.tsx';
import { WhoseTurn } from './WhoseTurn.tsx';

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
      if (result.ok) {
        const claim = result.data.data.infos_sinistre;
        // Opened from the mailed link: the complaint and contact forms now know the claim's number.
        if ('hash' in credentials) rememberClaimNumber(claim.dossier_numero);
        startTransition(() => setLoaded({ state: 'loaded', claim }));
      } else if (result.kind === 'http' && result.status === 429)
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

/**
 * The claim once read: whose turn it is (issue 19 item 1), its summary, the documents banner, the
 * request and information, the proofs, the way out.
 */
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
  const banner = documentsBannerOf(claim);
  const pending = usePendingProofs(claim, visibleProofs(claim), acceptsDocuments(claim.etat));

  return (
    <div className="client-file">
      <WhoseTurn turn={whoseTurnOf(claim, pending.length)} place={place} t={t} />

      <ClaimSummary claim={claim} lang={lang} t={t} />

      {banner ? (
        <Notice tone={banner.kind === 'missing' ? 'error' : banner.kind === 'processed' ? 'success' : 'info'}>
          {banner.kind === 'unread'
            ? t('followup.banner.unread', { date: formatLongDate(banner.receivedAt, lang) })
            : banner.kind === 'missing'
              ? t('followup.banner.missing')
              : t('followup.banner.processed')}
        </Notice>
      ) : null}

      <ClaimFacts
        claim={claim}
        lang={lang}
        t={t}
        withBooking={showsBooking(claim.acquisition_methode, bookingBrands)}
      />

      <details className="accordion" open>
        <summary className="accordion__summary">
          <h2 className="accordion__title">{t('followup.section.documents')}</h2>
        </summary>
        <div className="accordion__body">
          <ProofsSection
            claim={claim}
            credentials={credentials}
            pending={pending}
            lang={lang}
            t={t}
            onTransmitted={onChanged}
          />
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
