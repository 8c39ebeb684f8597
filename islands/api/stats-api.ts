import type { Language } from '../../contracts/languages.ts';
import type { FindNumberReport, FollowUpReport } from '../../contracts/statistics.ts';
import { FIND_NUMBER_REPORT_PATH, FOLLOW_UP_REPORT_PATH } from '../../contracts/statistics-paths.ts';
import { currentLiveSocketId } from '../live/live-id.ts';
import { STATS_ORIGIN, sendReport } from './http.ts';

/**
 * The islands' reports to the statistics service (spec 2 §7 `analyse01`, `analyse02`): fire and
 * forget. A report never throws, never delays the page, and survives the page being left
 * (`keepalive`); a statistics service that is down costs the visitor nothing.
 *
 * Each report names the visitor's session key (`socketId`: the key the live activity's socket
 * keeps for the tab, islands/live/live-id.ts), so that the back office counts a visitor's
 * attempts as one visitor (spec 3 analyse01/analyse02: the rates are per unique user).
 */

/** Where the report was made from (brand and language of the page). */
export interface ReportPlace {
  company: string;
  lang: Language;
}

/**
 * A report made on the tab's first page before its live socket has connected (it opens once the
 * page is idle) waits for the session's key this long at most; leaving the page sends it at once.
 */
const SESSION_KEY_WAIT_MS = 5_000;
const SESSION_KEY_POLL_MS = 200;

function post(path: string, body: Record<string, unknown>): void {
  sendReport(`${STATS_ORIGIN}${path}`, body);
}

/** Sends the report with the visitor's session key: at once when the tab has one, else once it has (or not). */
function send(path: string, body: Record<string, unknown>): void {
  const key = currentLiveSocketId();
  if (key || typeof window === 'undefined') {
    post(path, { ...body, socketId: key });
    return;
  }
  const started = Date.now();
  let sent = false;
  const sendNow = () => {
    if (sent) return;
    sent = true;
    window.clearInterval(timer);
    window.removeEventListener('pagehide', sendNow);
    post(path, { ...body, socketId: currentLiveSocketId() });
  };
  const timer = window.setInterval(() => {
    if (currentLiveSocketId() || Date.now() - started >= SESSION_KEY_WAIT_MS) sendNow();
  }, SESSION_KEY_POLL_MS);
  window.addEventListener('pagehide', sendNow);
}

/** analyse01: a find-my-number attempt and what the visitor was shown. */
export function reportFindNumberAttempt(
  attempt: {
    status: 'success' | 'error';
    message: string;
    email: string;
    /** yyyy-mm-dd, or '' */
    startDate: string;
    /** yyyy-mm-dd, or '' */
    endDate: string;
  },
  place: ReportPlace,
): void {
  const report: FindNumberReport = {
    status: attempt.status,
    message: attempt.message.slice(0, 500),
    email: attempt.email.slice(0, 254),
    sejour_debut_date: attempt.startDate,
    sejour_fin_date: attempt.endDate,
    company: place.company,
    lang: place.lang,
  };
  send(FIND_NUMBER_REPORT_PATH, report);
}

/** analyse02: a follow-up attempt (suivre-dossier) and what the visitor was shown. */
export function reportFollowUpAttempt(
  attempt: { status: 'success' | 'error'; message: string; claimNumber: string; lastName: string },
  place: ReportPlace,
): void {
  const report: FollowUpReport = {
    status: attempt.status,
    message: attempt.message.slice(0, 500),
    dossier_numero: attempt.claimNumber.slice(0, 40),
    dossier_nom: attempt.lastName.slice(0, 100),
    company: place.company,
    lang: place.lang,
  };
  send(FOLLOW_UP_REPORT_PATH, report);
}
