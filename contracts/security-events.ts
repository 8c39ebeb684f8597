import { z } from 'zod/mini';

/**
 * The back office's counts of security events (what attacks met: refused or slowed-down
 * sign-ins, full upload slots, floods…), per kind, for the dashboard. The kinds are the server's
 * SECURITY_EVENT_KINDS (server/security/security-events.ts); the back office names each in French.
 */

/** GET /security_events (staff): the path of the counts. */
export const SECURITY_EVENT_COUNTS_PATH = '/security_events';

/** One kind of event and how often it happened (UTC days). Example: { kind: "sign_in_throttled", today: 3, lastSevenDays: 40 }. */
const SecurityEventCountSchema = z.object({
  /** A kind of SECURITY_EVENT_KINDS. Example: "sign_in_throttled". */
  kind: z.string(),
  today: z.number(),
  lastSevenDays: z.number(),
});

/** The answer of GET /security_events: the kinds seen in the last 7 days, most frequent first. */
export const SecurityEventCountsAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.object({
    /** Today's UTC day. Example: "2026-11-29". */
    today: z.string(),
    counts: z.array(SecurityEventCountSchema),
  }),
});
export type SecurityEventCountsAnswer = z.output<typeof SecurityEventCountsAnswerSchema>;
