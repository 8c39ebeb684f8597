import { staffText } from '../../i18n/staff-texts.ts';
import { sendError, sendSuccess } from '../../answers.ts';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { LOGIN_PATH, LoginRequestSchema, LOGOUT_PATH, SESSION_PATH } from '../../../contracts/backoffice.ts';
import type { AppDatabase } from '../../db/client.ts';
import { clientAddressOf, hitRateLimit, type RateLimitRule, refundRateLimit } from '../../security/rate-limit.ts';
import { refuseCrossSiteWrites } from '../../security/same-origin.ts';
import { verifyStaffCredentials } from './accounts.ts';
import { requireStaff, staffOf } from './require-staff.ts';
import {
  ABSOLUTE_TIMEOUT_MS,
  createStaffSession,
  endStaffSession,
  hashSessionToken,
  STAFF_SESSION_COOKIE,
  sessionTokenOf,
  sweepStaffSessions,
} from './sessions.ts';

/**
 * The staff session calls (spec 3 §7 POST /login, DESIGN.md §3): sign in, sign out, who am I.
 * The session lives on the server; the cookie is HttpOnly and SameSite=Strict, Secure over HTTPS.
 */

/*
 * Password guessing is bounded three ways, none of which lets a stranger lock the owner out from
 * elsewhere: one address gets FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS guesses at an account (then
 * only that address is held back), and LOGINS_PER_ADDRESS attempts over all accounts; guesses
 * spread over many addresses stop at FAILED_LOGINS_PER_ACCOUNT. Since an address held back no
 * longer counts towards the account's limit, locking the account for everyone takes
 * FAILED_LOGINS_PER_ACCOUNT / FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS addresses (20) in one window.
 */

/** Failed sign-ins allowed per account from one address in 15 minutes; the lock lifts when the window ends. */
export const FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS: RateLimitRule = {
  name: 'bo_login:account+ip',
  limit: 5,
  windowMs: 15 * 60_000,
};
/** Failed sign-ins allowed per account from all addresses together in 15 minutes (a distributed guess). */
export const FAILED_LOGINS_PER_ACCOUNT: RateLimitRule = { name: 'bo_login:account', limit: 100, windowMs: 15 * 60_000 };
/** Sign-in attempts allowed per address in 15 minutes (one address trying many accounts). */
const LOGINS_PER_ADDRESS: RateLimitRule = { name: 'bo_login:ip', limit: 30, windowMs: 15 * 60_000 };

function tooManyAttempts(response: Response, retryAfterSeconds: number): void {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  response.setHeader('Retry-After', String(retryAfterSeconds));
  sendError(response, 429, {
    code: 'rate_limited',
    error: staffText('signIn.tooManyAttempts', { count: minutes }),
    message: staffText('signIn.tooManyAttempts', { count: minutes }),
  });
}

function setSessionCookie(request: Request, response: Response, token: string): void {
  response.cookie(STAFF_SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.secure,
    path: '/',
    maxAge: ABSOLUTE_TIMEOUT_MS,
  });
}

/**
 * Calls `ended` with the token hash of the session a successful sign-out (or a new sign-in from
 * the same browser) has just ended. createApp mounts it in front of the session router so that
 * the session's live sockets close at once, on every process, not at the next periodic check.
 */
export function whenStaffSessionEnds(ended: (tokenHash: string) => void) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const token = sessionTokenOf(request.get('cookie'));
    if (token)
      response.once('finish', () => {
        if (response.statusCode === 200) ended(hashSessionToken(token));
      });
    next();
  };
}

export function createStaffSessionRouter(db: AppDatabase): Router {
  const router = Router();
  const sameSite = refuseCrossSiteWrites();
  const json = express.json({ limit: 4 * 1024 });
  let lastSweep = 0;

  router.post(LOGIN_PATH, sameSite, json, async (request: Request, response: Response) => {
    response.setHeader('Cache-Control', 'no-store');
    const parsed = LoginRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? staffText('signIn.wrongCredentials');
      sendError(response, 400, { error: message, message });
      return;
    }
    const { pseudo, password } = parsed.data;
    const now = Date.now();
    const address = clientAddressOf(request);
    const byAddress = await hitRateLimit(db, LOGINS_PER_ADDRESS, address, now);
    if (!byAddress.allowed) return tooManyAttempts(response, byAddress.retryAfterSeconds);
    // Counted before checking, refunded on success: concurrent guesses cannot slip past the limits.
    // An address held back at this account stops here, before counting towards the account's limit.
    const accountAndAddress = JSON.stringify([pseudo, address]);
    const byAccountAndAddress = await hitRateLimit(db, FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS, accountAndAddress, now);
    if (!byAccountAndAddress.allowed) return tooManyAttempts(response, byAccountAndAddress.retryAfterSeconds);
    const byAccount = await hitRateLimit(db, FAILED_LOGINS_PER_ACCOUNT, pseudo, now);
    if (!byAccount.allowed) return tooManyAttempts(response, byAccount.retryAfterSeconds);
    const staff = await verifyStaffCredentials(db, pseudo, password);
    if (!staff) {
      sendError(response, 401, {
        error: staffText('signIn.wrongCredentials'),
        message: staffText('signIn.wrongCredentials'),
      });
      return;
    }
    await refundRateLimit(db, FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS, accountAndAddress, now);
    await refundRateLimit(db, FAILED_LOGINS_PER_ACCOUNT, pseudo, now);
    // A new session id at each sign-in; the session this browser had, if any, ends.
    await endStaffSession(db, sessionTokenOf(request.get('cookie')));
    setSessionCookie(request, response, await createStaffSession(db, staff.id));
    if (now - lastSweep > 10 * 60_000) {
      lastSweep = now;
      await sweepStaffSessions(db);
    }
    sendSuccess(response, { datas: { login: staff.login } });
  });

  router.post(LOGOUT_PATH, sameSite, async (request: Request, response: Response) => {
    response.setHeader('Cache-Control', 'no-store');
    await endStaffSession(db, sessionTokenOf(request.get('cookie')));
    response.clearCookie(STAFF_SESSION_COOKIE, {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.secure,
      path: '/',
    });
    sendSuccess(response);
  });

  router.get(SESSION_PATH, requireStaff(db), (_request: Request, response: Response) => {
    sendSuccess(response, { datas: { login: staffOf(response).login } });
  });

  return router;
}
