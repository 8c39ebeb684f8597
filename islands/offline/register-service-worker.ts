import pendingWorkerUrl from './pending-declaration-worker.ts?worker&url';

/**
 * Registers the service worker (it clears old caches when a new build is deployed), once the page
 * has loaded (site/scripts/live.ts loads this file then). The worker loads the build's Background Sync code for
 * kept declarations (pending-declaration-worker.ts, a hashed file of the build) from the address
 * given here: a new build changes the address, so the browser installs the new worker with it.
 */
if ('serviceWorker' in navigator && window.location.protocol !== 'file:') {
  navigator.serviceWorker.register(`/sw.js?pending=${encodeURIComponent(pendingWorkerUrl)}`).catch(() => {
    // A browser that refuses the worker keeps a fully working site without offline support.
  });
}
