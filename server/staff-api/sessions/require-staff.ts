import { staffText } from '../../i18n/public.ts';
import type { NextFunction, Request, Response } from 'express';
import type { AppDatabase } from '../../db/public.ts';
import { HttpError } from '../../errors.ts';
import { findStaffSession, type StaffSession, sessionTokenOf } from './sessions.ts';
import { staffCookiesOf } from './staff-cookies.ts';

/**
 * Every back-office endpoint sits behind this: without a live staff session it answers
 * 401 `{status: 'error', code: 'staff_session_required'}`, whatever the browser claims. On
 * success `response.locals.staff` is the signed-in staff member (`staffOf(response)`).
 */
export function requireStaff(db: AppDatabase) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    response.setHeader('Cache-Control', 'no-store');
    const session = await findStaffSession(db, sessionTokenOf(request.get('cookie'), staffCookiesOf(request).session));
    if (!session) throw new HttpError(401, staffText('signIn.sessionExpired'), undefined, 'staff_session_required');
    response.locals['staff'] = session;
    next();
  };
}

/** The staff member `requireStaff` let through. */
export function staffOf(response: Response): StaffSession {
  const staff = response.locals['staff'] as StaffSession | undefined;
  if (!staff) throw new Error('staffOf() outside requireStaff');
  return staff;
}
