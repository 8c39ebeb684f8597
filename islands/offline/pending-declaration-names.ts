/**
 * The names the pages, every page's loader and the service worker agree on for kept declarations
 * (declarations sent once the network is back), apart from the rest so that every page's first script carries only these.
 */

/**
 * The page's mirror in localStorage (`portal.v1.pendingDeclaration`), which every page reads
 * synchronously to know whether to load the banner: a short signature of the record shown (its
 * state, tries and key), so that its change reaches the other tabs as a `storage` event; or nothing.
 */
export const PENDING_FLAG_KEY = 'portal.v1.pendingDeclaration';

/** The names both sides of the tab and worker agree on. */
export const PENDING_DATABASE = 'portal-declarations';
export const PENDING_STORE = 'pending';
/** The Web Lock one sender at a time holds, across tabs and the service worker. */
export const PENDING_LOCK = 'portal.v1.pendingDeclaration.send';
/** The Background Sync tag, and the BroadcastChannel that tells every tab a record changed. */
export const PENDING_SYNC_TAG = 'portal-pending-declaration';
export const PENDING_CHANNEL = 'portal-pending-declaration';
