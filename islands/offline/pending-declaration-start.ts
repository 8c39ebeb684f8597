import { PENDING_FLAG_KEY } from './pending-declaration-names.ts';

/**
 * Runs on every page once it has loaded (live.ts loads it): when a declaration is kept on
 * this device (the localStorage mirror says so, read without loading anything), loads the banner and the retries (pending-declaration-banner.ts),
 * which try to send it at once. A declaration kept later by another tab loads them too.
 */
function kept(): boolean {
  try {
    return Boolean(localStorage.getItem(PENDING_FLAG_KEY));
  } catch {
    return false;
  }
}

let loaded = false;
function load(): void {
  if (loaded) return;
  loaded = true;
  import('./pending-declaration-banner.ts').then(
    ({ startPendingBanner }) => startPendingBanner(),
    () => {
      loaded = false;
    },
  );
}

if (kept()) load();
else
  window.addEventListener('storage', (event) => {
    if (event.key === PENDING_FLAG_KEY && event.newValue) load();
  });
