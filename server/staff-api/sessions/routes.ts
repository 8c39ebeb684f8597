import { staffText } from '../../i18n/public.ts';
import { sendError, sendSuccess } from '../../answers.ts';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { LOGIN_PATH, LoginRequestSchema, LOGOUT_PATH, SESSION_PATH } from '../../../contracts/backoffice.ts';
import type { AppDatabase } from '../../db/public.ts';
import { setTimeout } from 'node:timers/promises';
import {
  accountClientAddressOf,
  clientAddressOf,
  hitRateLimit,
  type RateLimitRule,
  refundRateLimit,
  type SecurityEvents,
  refuseCrossSiteWrites,
} from '../../security/public.ts';
import { checkBody } from '../../http/public.ts';
import { type FailedSignIns, verifyStaffCredentials } from './accounts.ts';
import { createDeviceTrust, DEVICE_TRUST_MS } from './device-trust.ts';
import { requireStaff, staffOf } from './require-staff.ts';
import {
  ABSOLUTE_TIMEOUT_MS,
  createStaffSession,
  endStaffSession,
  hashSessionToken,
  sessionTokenOf,
  sweepStaffSessions,
} from './sessions.ts';
import { cookieValueOf, staffCookiesOf } from './staff-cookies.ts';

/**
 * The staff session calls (spec 3 §7 POST /login): sign in, sign out, who am I.
 * The session lives on the server; the cookie is HttpOnly and SameSite=Strict, and Secure with the
 * `__Host-` prefix when PUBLIC_SITE_URL is HTTPS (staff-cookies.ts).
 */

/*
 * Password guessing is bounded without ever letting a stranger lock the owner out:
 * - a browser where this login signed in before (its device cookie, device-trust.ts) is counted
 *   apart: only its own failures count (FAILED_LOGINS_PER_DEVICE), and no other rule applies to
 *   it. Past its own limit it is treated like any other browser;
 * - any other browser: one address gets LOGINS_PER_ADDRESS attempts over all accounts, and one
 *   place (an IPv4 address, an IPv6 /56) FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS failures at one
 *   account; past them, that address or place only is refused (429) until the window slides on;
 * - when an account's failures from everywhere pass FAILED_LOGINS_PER_ACCOUNT (many places
 *   guessing), its sign-ins are slowed down, never refused: each waits SLOWDOWN_STEP_MS more per
 *   failure beyond, at most MAX_SIGN_IN_DELAY_MS, before its password is checked.
 * Every refusal and slowdown is a `sign_in_throttled` security event (no login, no address).
 */

/** Failed sign-ins allowed per account from one place (IPv6: one /56) in 15 minutes; then that place waits. */
export const FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS: RateLimitRule = {
  name: 'bo_login:account+ip',
  limit: 5,
  windowMs: 15 * 60_000,
};
/** Failed sign-ins per account from all places together in 15 minutes before its sign-ins slow down. */
const FAILED_LOGINS_PER_ACCOUNT: RateLimitRule = { name: 'bo_login:account', limit: 10, windowMs: 15 * 60_000 };
/** Sign-in attempts allowed per address in 15 minutes (one address trying many accounts). */
const LOGINS_PER_ADDRESS: RateLimitRule = { name: 'bo_login:ip', limit: 30, windowMs: 15 * 60_000 };
/** Failed sign-ins allowed per device cookie in 15 minutes; beyond, the browser counts as any other. */
export const FAILED_LOGINS_PER_DEVICE: RateLimitRule = { name: 'bo_login:device', limit: 10, windowMs: 15 * 60_000 };
/** The wait added per failure beyond FAILED_LOGINS_PER_ACCOUNT. */
export const SLOWDOWN_STEP_MS = 100;
/** The longest a sign-in is slowed down, however many failures. */
export const MAX_SIGN_IN_DELAY_MS = 5_000;

/**
 * Password checks (Argon2id, 19 MiB and tens of milliseconds of CPU each) run at once for
 * browsers without a device cookie, per process; the others wait their turn. A flood of guesses
 * then cannot fill the thread pool ahead of a staff member's own browser, whose check never waits.
 */
const UNTRUSTED_CHECKS_AT_ONCE = 2;

/** Runs tasks `atOnce` at a time, the others in arrival order. */
function createTurns(atOnce: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** The wait of a sign-in at an account whose sliding count of failures (this attempt included) is `failures`. */
export function signInDelayMs(failures: number): number {
  const beyond = Math.ceil(failures - FAILED_LOGINS_PER_ACCOUNT.limit);
  return beyond <= 0 ? 0 : Math.min(MAX_SIGN_IN_DELAY_MS, beyond * SLOWDOWN_STEP_MS);
}

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
  const cookies = staffCookiesOf(request);
  response.cookie(cookies.session, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: cookies.secure || request.secure,
    path: '/',
    maxAge: ABSOLUTE_TIMEOUT_MS,
  });
}

function setDeviceCookie(request: Request, response: Response, value: string): void {
  const cookies = staffCookiesOf(request);
  response.cookie(cookies.device, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: cookies.secure || request.secure,
    path: '/',
    maxAge: DEVICE_TRUST_MS,
  });
}

/**
 * Calls `ended` with the token hash of the session a successful sign-out (or a new sign-in from
 * the same browser) has just ended. createApp mounts it in front of the session router so that
 * the session's live sockets close at once, on every process, not at the next periodic check.
 */
export function whenStaffSessionEnds(ended: (tokenHash: string) => void) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const token = sessionTokenOf(request.get('cookie'), staffCookiesOf(request).session);
    if (token)
      response.once('finish', () => {
        if (response.statusCode === 200) ended(hashSessionToken(token));
      });
    next();
  };
}

export interface StaffSessionRouterOptions {
  /** Where refused and slowed-down sign-ins are logged and counted for staff. */
  securityEvents: SecurityEvents;
}

export function createStaffSessionRouter(db: AppDatabase, { securityEvents }: StaffSessionRouterOptions): Router {
  const router = Router();
  const sameSite = refuseCrossSiteWrites();
  const json = express.json({ limit: 4 * 1024 });
  const devices = createDeviceTrust(db);
  const untrustedTurn = createTurns(UNTRUSTED_CHECKS_AT_ONCE);
  let lastSweep = 0;

  /** Signs `staff` in on this browser: a new session (the one it had ends) and a renewed device cookie. */
  const signIn = async (
    request: Request,
    response: Response,
    staff: { id: number; login: string; failedSignIns?: FailedSignIns },
    now: number,
  ) => {
    const cookies = staffCookiesOf(request);
    await endStaffSession(db, sessionTokenOf(request.get('cookie'), cookies.session));
    setSessionCookie(request, response, await createStaffSession(db, staff.id));
    setDeviceCookie(request, response, await devices.issue(staff.login, now));
    if (now - lastSweep > 10 * 60_000) {
      lastSweep = now;
      await sweepStaffSessions(db);
    }
    const failedSignIns = staff.failedSignIns
      ? { count: staff.failedSignIns.count, since: staff.failedSignIns.since.toISOString() }
      : undefined;
    sendSuccess(response, { datas: { login: staff.login, ...(failedSignIns ? { failedSignIns } : {}) } });
  };

  /** A wrong login or password: counted for the dashboard's security panel, which the account's banner then agrees with. */
  const wrongCredentials = (response: Response) => {
    securityEvents.record('sign_in_refused');
    sendError(response, 401, {
      error: staffText('signIn.wrongCredentials'),
      message: staffText('signIn.wrongCredentials'),
    });
  };

  router.post(LOGIN_PATH, sameSite, json, async (request: Request, response: Response) => {
    response.setHeader('Cache-Control', 'no-store');
    const parsed = checkBody(request, LoginRequestSchema);
    if (!parsed.success) {
      const message = parsed.issues[0]?.message ?? staffText('signIn.wrongCredentials');
      sendError(response, 400, { error: message, message });
      return;
    }
    const { pseudo, password } = parsed.data;
    const now = Date.now();
    // Counted before checking, refunded on success: concurrent guesses cannot slip past the limits.
    const device = await devices.deviceOf(
      cookieValueOf(request.get('cookie'), staffCookiesOf(request).device),
      pseudo,
      now,
    );
    if (device) {
      const byDevice = await hitRateLimit(db, FAILED_LOGINS_PER_DEVICE, device, now);
      if (byDevice.allowed) {
        const staff = await verifyStaffCredentials(db, pseudo, password);
        if (!staff) return wrongCredentials(response);
        await refundRateLimit(db, FAILED_LOGINS_PER_DEVICE, device, now);
        return signIn(request, response, staff, now);
      }
      securityEvents.record('sign_in_throttled', { rule: FAILED_LOGINS_PER_DEVICE.name });
    }
    const byAddress = await hitRateLimit(db, LOGINS_PER_ADDRESS, clientAddressOf(request), now);
    if (!byAddress.allowed) {
      securityEvents.record('sign_in_throttled', { rule: LOGINS_PER_ADDRESS.name });
      return tooManyAttempts(response, byAddress.retryAfterSeconds);
    }
    // A place held back at this account stops here, before counting towards the account's slowdown.
    const accountAndPlace = JSON.stringify([pseudo, accountClientAddressOf(request)]);
    const byAccountAndPlace = await hitRateLimit(db, FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS, accountAndPlace, now);
    if (!byAccountAndPlace.allowed) {
      securityEvents.record('sign_in_throttled', { rule: FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS.name });
      return tooManyAttempts(response, byAccountAndPlace.retryAfterSeconds);
    }
    const byAccount = await hitRateLimit(db, FAILED_LOGINS_PER_ACCOUNT, pseudo, now);
    const delayMs = signInDelayMs(byAccount.count);
    if (delayMs > 0) {
      securityEvents.record('sign_in_throttled', { rule: FAILED_LOGINS_PER_ACCOUNT.name, delayMs });
      await setTimeout(delayMs);
    }
    const staff = await untrustedTurn(() => verifyStaffCredentials(db, pseudo, password));
    if (!staff) return wrongCredentials(response);
    await refundRateLimit(db, FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS, accountAndPlace, now);
    await refundRateLimit(db, FAILED_LOGINS_PER_ACCOUNT, pseudo, now);
    return signIn(request, response, staff, now);
  });

  // The device cookie stays: signing out does not make the browser a stranger's.
  router.post(LOGOUT_PATH, sameSite, async (request: Request, response: Response) => {
    response.setHeader('Cache-Control', 'no-store');
    const cookies = staffCookiesOf(request);
    await endStaffSession(db, sessionTokenOf(request.get('cookie'), cookies.session));
    response.clearCookie(cookies.session, {
      httpOnly: true,
      sameSite: 'strict',
      secure: cookies.secure || request.secure,
      path: '/',
    });
    sendSuccess(response);
  });

  router.get(SESSION_PATH, requireStaff(db), (_request: Request, response: Response) => {
    sendSuccess(response, { datas: { login: staffOf(response).login } });
  });

  return router;
}
