/**
 * The id of this tab's live socket (the activity record's key), kept in sessionStorage: the next
 * page of the tab names it to continue the same visitor session, and a declared claim carries it
 * (`socket_id`) so the back office's claims list shows which session created it.
 */
export const LIVE_SOCKET_KEY = 'portal.live.socket';

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
