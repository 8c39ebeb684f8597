/**
 * Every customer page reports its visitor's path over socket.io (islands/live/live-client.ts).
 * This loader is all a page carries up front: socket.io-client comes once the page is idle, so it
 * never delays the first paint or the islands' hydration, and a socket server that does not
 * answer never slows the page.
 */
const { company = '', lang = 'fr', route = '' } = document.body.dataset;

function start(): void {
  import('../../islands/live/live-client.ts').then(
    ({ startLiveClient }) => startLiveClient({ company, lang, route }),
    () => {
      // Offline or blocked: the page works without its live report.
    },
  );
}

const whenIdle = (callback: () => void) =>
  'requestIdleCallback' in window
    ? window.requestIdleCallback(callback, { timeout: 5_000 })
    : setTimeout(callback, 2_000);

if (route !== '404') {
  if (document.readyState === 'complete') whenIdle(start);
  else window.addEventListener('load', () => whenIdle(start), { once: true });
}
