import { DEFAULT_LANGUAGE, isLanguage } from '../../contracts/languages.ts';
import { pagePath } from '../../contracts/routes.ts';
import pendingWorkerUrl from './pending-declaration-worker.ts?worker&url';

/**
 * Registers the service worker (it clears old caches when a new build is deployed), once the page
 * has loaded (site/scripts/live.ts loads this file then). The worker loads the build's Background Sync code for
 * kept declarations (pending-declaration-worker.ts, a hashed file of the build) from the address
 * given here: a new build changes the address, so the browser installs the new worker with it.
 */
if ('serviceWorker' in navigator && window.location.protocol !== 'file:') {
  // A page the worker already controls was kept as it loaded, and so was any page opened since.
  const firstControlled = navigator.serviceWorker.controller === null;
  navigator.serviceWorker
    .register(`/sw.js?pending=${encodeURIComponent(pendingWorkerUrl)}`)
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      if (!firstControlled) return;
      // This page and its brand's home in its language, loaded before the worker could keep them.
      const { company = '', lang = DEFAULT_LANGUAGE, route = '' } = document.body.dataset;
      const home = isLanguage(lang) ? pagePath({ company, lang, route: 'home' }) : undefined;
      const paths = [...(route === '404' ? [] : [window.location.pathname]), ...(home ? [home] : [])];
      registration.active?.postMessage({ type: 'keep-pages', paths });
    })
    .catch(() => {
      // A browser that refuses the worker keeps a fully working site without offline support.
    });
}
