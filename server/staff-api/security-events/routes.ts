import { type Request, type Response, Router } from 'express';
import { SECURITY_EVENT_COUNTS_PATH, type SecurityEventCountsAnswer } from '../../../contracts/security-events.ts';
import { utcDayOf } from '../../../contracts/dates.ts';
import { sendSuccess } from '../../answers.ts';
import type { AppDatabase } from '../../db/public.ts';
import { readSecurityEventCounts } from '../../security/public.ts';
import { requireStaff } from '../sessions/require-staff.ts';

/**
 * GET /security_events (staff): how often each kind of security event happened today and over
 * the last 7 UTC days, for the dashboard's "Événements de sécurité" panel. Counts only: the
 * events' details stay in the logs.
 */
export function createSecurityEventsRouter(db: AppDatabase): Router {
  const router = Router();
  router.get(SECURITY_EVENT_COUNTS_PATH, requireStaff(db), async (_request: Request, response: Response) => {
    const today = utcDayOf(new Date());
    const counts = await readSecurityEventCounts(db, today);
    sendSuccess(response, { datas: { today, counts } } satisfies Omit<SecurityEventCountsAnswer, 'status'>);
  });
  return router;
}
