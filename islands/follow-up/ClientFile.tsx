import { useStore } from '@nanostores/react';
import {
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Language } from '../../contracts/languages.ts';
import type { ClaimInfo } from '../../contracts/partner-api.ts';
import { type ClaimCredentials, requestClaim } from '../api/partner-api-request.ts';
import { credentialsOfPage, takeEarlyClaim } from './early-claim.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { Notice } from '../ui/Notice.tsx';
import { hrefOf, redirectTo } from '../lib/navigation.ts';
import { forgetFollowUpToken, rememberClaimNumber } from '../session/follow-up.store.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { type FollowUpIslandProps, formatWait } from './follow-up-island.ts';
import { useIslandBasics } from '../lib/island-basics.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { ClaimFacts } from './ClaimFacts.tsx';
import { ClaimSummary, formatLongDate, STATUS_TEXTS } from './ClaimSummary.tsx';
import { $followingLive, watchClaim } from '../live/claim-watch.ts';
import { type ClaimUpdate, claimUpdateOf } from './logic/claim-update.ts';
import { acceptsDocuments, documentsBannerOf, showsBooking, visibleProofs } from './logic/claim-view.ts';
import { whoseTurnOf } from './logic/whose-turn.ts';
import { canWriteTo, ProofsSection, usePendingProofs } from './ProofsSection.tsx';
import { StaffAnswers } from './StaffAnswers.tsx';
import { WhoseTurn } from './WhoseTurn.tsx';
import { turnFrameTexts } from './turn-texts.ts';

interface ClientFileProps extends FollowUpIslandProps {
  /** Slugs (former ones included) of the brands whose claims show the booking details (brand files' `followUpShowsBooking`). */
  bookingBrands: readonly string[];
}

/**
 * The page reads its claim again when the socket says it changed, and catches up
 * by itself where no signal can come (a socket that gave up, a change made by `npm run claims` on
 * PostgreSQL, which no server hears): when the page is shown again after this long…
 */
const CATCH_UP_ON_SHOW_MS = 30_000;
/** …and every this long while it is shown. */
const CATCH_UP_EVERY_MS = 5 * 60_000;

type Loaded =
  | { state: 'loading' }
  | { state: 'loaded'; claim: ClaimInfo }
  | { state: 'rateLimited'; wait: string }
  | { state: 'failed' };

/**
 * GET sinistres for the page's credentials: for the page's first read, the answer to its early
 * request when there is one, else sent now; read by the API client, which loads meanwhile. A
 * later read (the claim changed) always asks again: an early answer still held (its script ran
 * after the island's first read) is from before the change, and is dropped.
 */
async function fetchClaim(credentials: ClaimCredentials, lang: Language, first: boolean) {
  const early = takeEarlyClaim(credentials, lang);
  const [raw, api] = await Promise.all([(first ? early : undefined) ?? requestClaim(credentials, lang), partnerApi()]);
  return api.readClaim(raw);
}

/**
 * client-file (spec 2 §2, §4): the claim's status, progress and facts, the request and the
 * claimant's information, and the proofs with their upload zones. Opened by a mailed link
 * (`?dossier=<token>`, taken out of the address at once and kept for the tab: early-claim.ts) or
 * by the number and last name kept on suivre-dossier; anything else, or a claim the API does not
 * open, goes back to suivre-dossier with 'err=cred'. The link (or the token the declaring browser
 * got) shows everything and takes documents; number and name show the claim's state only, with
 * the offer to mail the link where the upload zones would be (a number and a name are no secret).
 */
function ClientFile({ onShown, ...props }: ClientFileProps & { onShown: () => void }) {
  // The whose-turn texts come with the page's frame, still shown when the island first renders.
  const [frameTexts] = useState(turnFrameTexts);
  const messages = useMemo(() => ({ ...frameTexts, ...props.messages }), [frameTexts, props.messages]);
  const { t, place } = useIslandBasics({ ...props, messages });
  const [credentials] = useState(credentialsOfPage);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [update, setUpdate] = useState<ClaimUpdate | undefined>(undefined);
  /** The claim the page shows, and when it was read: what a new read is compared with. */
  const shown = useRef<{ claim: ClaimInfo; readAt: number } | undefined>(undefined);

  const load = useCallback(
    async (signal: { cancelled: boolean }, again = false) => {
      if (!credentials) return;
      const result = await fetchClaim(credentials, props.lang, shown.current === undefined);
      if (signal.cancelled) return;
      // The whole file renders in a transition: React yields to the visitor between its parts.
      if (result.ok) {
        const claim = result.data.data.infos_sinistre;
        // Opened from the mailed link: the complaint and contact forms now know the claim's number.
        if ('hash' in credentials) rememberClaimNumber(claim.dossier_numero);
        const before = shown.current?.claim;
        shown.current = { claim, readAt: Date.now() };
        const change = before ? claimUpdateOf(before, claim) : undefined;
        if (change) setUpdate(change);
        startTransition(() => setLoaded({ state: 'loaded', claim }));
      } else if (again) {
        // A read the page made by itself: what it shows stays until the next one succeeds.
      } else if (result.kind === 'http' && result.status === 429)
        setLoaded({ state: 'rateLimited', wait: formatWait(result.retryAfterSeconds ?? 3600, props.lang) });
      else if (result.kind === 'http' && result.status < 500) {
        // A link that opens nothing (expired, replaced by a newer one) is not tried again on the
        // next visit; suivre-dossier says why a link can stop working.
        if ('hash' in credentials) {
          forgetFollowUpToken();
          redirectTo(place, 'suivre-dossier', { err: 'cred', lien: '1' });
        } else redirectTo(place, 'suivre-dossier', { err: 'cred' });
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

  const readAgain = useQuietRereads(load);
  const watched = loaded.state === 'loaded' ? loaded.claim : undefined;
  const numero = watched?.dossier_numero;
  // Opened by number and name, the answer names nobody: the page follows with the name it was given.
  const nom = credentials && 'nom' in credentials ? credentials.nom : watched?.dossier_nom;
  // Followed live over the page's socket (islands/live), and caught up by itself where no signal comes.
  useEffect(() => {
    if (!numero || !nom) return;
    const stopWatching = watchClaim({ numero, nom }, { readAgain, readAt: () => shown.current?.readAt ?? 0 });
    const catchUp = (after: number) => {
      if (document.visibilityState === 'visible' && Date.now() - (shown.current?.readAt ?? 0) >= after) readAgain();
    };
    const onShow = () => catchUp(CATCH_UP_ON_SHOW_MS);
    document.addEventListener('visibilitychange', onShow);
    const timer = window.setInterval(() => catchUp(CATCH_UP_EVERY_MS), CATCH_UP_EVERY_MS);
    return () => {
      stopWatching();
      document.removeEventListener('visibilitychange', onShow);
      window.clearInterval(timer);
    };
  }, [numero, nom, readAgain]);

  const shows = credentials !== undefined && loaded.state !== 'loading';
  // In the same commit as the file's first render: the frame goes as the file comes, nothing in between.
  useLayoutEffect(() => {
    if (shows) onShown();
  }, [shows, onShown]);

  // Until the claim is read, the page's frame stays (its spinner, or the whose-turn block drawn from the early answer).
  if (!shows) return null;
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
      update={update}
      onChanged={() => void load({ cancelled: false })}
    />
  );
}

/**
 * Reads the claim again without a spinner nor an error page (a failure keeps what is shown), one
 * read at a time: a request while one runs asks for one more after it. Stops with the page.
 */
function useQuietRereads(load: (signal: { cancelled: boolean }, again: boolean) => Promise<void>): () => void {
  const state = useRef({ reading: false, again: false });
  const signal = useRef({ cancelled: false });
  useEffect(() => {
    const current = { cancelled: false };
    signal.current = current;
    return () => {
      current.cancelled = true;
    };
  }, []);
  return useCallback(() => {
    const run = () => {
      state.current.reading = true;
      void load(signal.current, true).finally(() => {
        state.current.reading = false;
        if (state.current.again && !signal.current.cancelled) {
          state.current.again = false;
          run();
        }
      });
    };
    if (state.current.reading) state.current.again = true;
    else run();
  }, [load]);
}

/**
 * What the page says when the claim changed while it was open: a polite status
 * region, in the page from the start so that screen readers announce what comes into it.
 */
function LiveUpdate({ update, lang, t }: { update: ClaimUpdate | undefined; lang: Language; t: IslandTranslator }) {
  // Built only when documents are named: a page's first Intl formatter loads locale data (contracts/dates.ts).
  const names = (proofs: ClaimUpdate['requested']) =>
    new Intl.ListFormat(lang, { type: 'conjunction' }).format(proofs.map((proof) => proof.nom_court));
  const sentences = update
    ? [
        t('followup.live.updated'),
        update.status ? t('followup.live.status', { status: t(STATUS_TEXTS[update.status].title) }) : '',
        update.requested.length > 0
          ? t('followup.live.requested', { count: update.requested.length, documents: names(update.requested) })
          : '',
        update.refused.length > 0
          ? t('followup.live.refused', { count: update.refused.length, documents: names(update.refused) })
          : '',
        update.validated.length > 0
          ? t('followup.live.validated', { count: update.validated.length, documents: names(update.validated) })
          : '',
      ].filter((sentence) => sentence !== '')
    : [];
  return (
    <div className="client-file__live" role="status">
      {sentences.length > 0 ? (
        <div className="notice notice--info">
          <p className="notice__body">{sentences.join(' ')}</p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The claim once read: whose turn it is, its summary, the documents banner, the
 * request and information, the proofs, the way out.
 */
function ClaimFile({
  claim,
  credentials,
  t,
  lang,
  company,
  bookingBrands,
  update,
  onChanged,
}: ClientFileProps & {
  claim: ClaimInfo;
  credentials: ClaimCredentials;
  t: IslandTranslator;
  /** What changed since the page opened, when staff changed the claim meanwhile. */
  update: ClaimUpdate | undefined;
  onChanged: () => void;
}) {
  const place = { company, lang };
  const banner = documentsBannerOf(claim);
  const pending = usePendingProofs(
    claim,
    visibleProofs(claim),
    acceptsDocuments(claim.etat) && canWriteTo(credentials),
  );
  const following = useStore($followingLive);

  return (
    <div className="client-file" data-live={following ? 'following' : undefined}>
      <LiveUpdate update={update} lang={lang} t={t} />
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
        withClaimant={canWriteTo(credentials)}
      />

      <StaffAnswers answers={claim.reponses} lang={lang} t={t} />

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

/**
 * Rendered in the browser only (what it shows is stored in this browser), once the page has painted
 * its frame, as `renderedInBrowser` does, but the frame (the island's slot) stays until the file is
 * read: the whose-turn block the page's early script drew into it (early-claim.ts) is not taken
 * away for a spinner, and the island's same block replaces it in one paint.
 */
export default function ClientFileInBrowser({ children, ...props }: ClientFileProps & { children?: ReactNode }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const onShown = useCallback(() => setShown(true), []);
  return (
    <>
      {shown ? null : children}
      {hydrated ? <ClientFile {...props} onShown={onShown} /> : null}
    </>
  );
}
