/**
 * Every customer page reports its visitor's path over socket.io (islands/live/live-client.ts).
 * This loader is all a page carries up front: socket.io-client comes once the page is idle, so it
 * never delays the first paint or the islands' hydration, and a socket server that does not
 * answer never slows the page.
 */
import { keepPageIfUnreported, markPageShownAgain, pageReport } from '../../islands/live/unsent-pages.ts';

const { company = '', lang = 'fr', route = '' } = document.body.dataset;

// A page left before its socket reported it is kept for the tab's next page to send (from the
// first moment: a visitor may leave before the page is idle).
if (route !== '404') {
  window.addEventListener('pagehide', () => keepPageIfUnreported(window.location.pathname));
  // Shown again from the back-forward cache before the live client loaded: a new visit too.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) markPageShownAgain();
  });
}

function start(): void {
  import('../../islands/live/live-client.ts').then(
    ({ startLiveClient }) => startLiveClient({ company, lang, route, report: pageReport }),
    () => {
      // Offline or blocked: the page works without its live report.
    },
  );
}

const whenIdle = (callback: () => void) =>
  'requestIdleCallback' in window
    ? window.requestIdleCallback(callback, { timeout: 5_000 })
    : setTimeout(callback, 2_000);

/**
 * Once the page has loaded, and what it draws first is drawn (its islands' holds released,
 * `afterPageHolds`: client-file's first block): the service worker is registered and a declaration
 * kept on this device is checked and sent at once (both in islands/offline/), at no cost before the
 * load, where a page without an island keeps to its JavaScript budget (tests/e2e/seo.test.ts); the
 * live report when idle.
 */
function afterLoad(): void {
  import('../../islands/lib/island-hold.ts').then(
    ({ afterPageHolds }) => afterPageHolds(startBackgroundWork),
    () => startBackgroundWork(),
  );
}

function startBackgroundWork(): void {
  for (const script of [
    import('../../islands/offline/register-service-worker.ts'),
    import('../../islands/offline/pending-declaration-start.ts'),
  ])
    script.catch(() => {
      // Offline with the page not cached, or blocked: the next page tries again.
    });
  if (route !== '404') whenIdle(start);
}

if (document.readyState === 'complete') afterLoad();
else window.addEventListener('load', afterLoad, { once: true });
