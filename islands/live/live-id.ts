/**
 * The key of this tab's visitor session: the id of its first live socket (the activity record's
 * `socket_id`), kept in sessionStorage. Every later page of the tab names it to continue the same
 * session, and a declared claim carries it (`socket_id`) so the back office's claims list shows
 * which session created it.
 */
const LIVE_SOCKET_KEY = 'portal.live.socket';

export function currentLiveSocketId(): string {
  try {
    return sessionStorage.getItem(LIVE_SOCKET_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberLiveSocketId(id: string): void {
  try {
    sessionStorage.setItem(LIVE_SOCKET_KEY, id);
  } catch {
    // No storage: each page is its own session.
  }
}
