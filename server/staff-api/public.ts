/**
 * What the rest of the server may use of server/staff-api/: other features and the composition
 * root import only this module (dependency-cruiser's server-feature-through-public-module rule).
 */
export { type SessionSummary, summariseSession } from './analysis/session-summary.ts';
export {
  backfillActivitySummaries,
  insertPageLinks,
  type PageLinkRow,
  pageLinkRowsOf,
  summaryColumnsOf,
} from './analysis/summaries.ts';
export type { ClaimsCommandResult } from './claims/command.ts';
export { claimsSocketPath, startClaimsSocket } from './claims/socket.ts';
export { closeQuestionReaderOf, prepareQuestionReaderOf } from './question-box/readers.ts';
export { warmUpQuestionBox } from './question-box/service.ts';
export { createStaffApiRouter } from './router.ts';
export { ensureFirstStaffUser } from './sessions/accounts.ts';
export { writeInitialAdminPassword } from './sessions/initial-password.ts';
export { requireStaff, staffOf } from './sessions/require-staff.ts';
export { whenStaffSessionEnds } from './sessions/routes.ts';
export { findStaffSession, liveSessionHashes, sessionTokenOf, sweepStaffSessions } from './sessions/sessions.ts';
export { setStaffCookies, staffCookiesFor } from './sessions/staff-cookies.ts';
