/** Registers the service worker (it clears old caches when a new build is deployed). */
if ('serviceWorker' in navigator && window.location.protocol !== 'file:') {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // A browser that refuses the worker keeps a fully working site without offline support.
    });
  });
}
