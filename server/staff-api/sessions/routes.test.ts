import { sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../../../contracts/backoffice.ts';
import { rateLimitHits, staffSessions, staffUsers } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { usePartnerApiApp } from '../../customer-api/proofs/test-support.ts';
import { createCapturedLogger, createFakeSite, type RunningApp, startTestApp } from '../../test-support.ts';
import { addStaffUser, ensureFirstStaffUser } from './accounts.ts';
import { runStaffCommand } from './command.ts';
import { createDeviceTrust, DEVICE_TRUST_MS } from './device-trust.ts';
import {
  FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS,
  FAILED_LOGINS_PER_DEVICE,
  MAX_SIGN_IN_DELAY_MS,
  SLOWDOWN_STEP_MS,
  signInDelayMs,
} from './routes.ts';
import { readSecurityEventCounts } from '../../security/security-events.ts';
import { ABSOLUTE_TIMEOUT_MS, findStaffSession, hashSessionToken, IDLE_TIMEOUT_MS } from './sessions.ts';

/** Every back-office call: each answers 401 without a staff session. */
const STAFF_CALLS: [string, string][] = [
  ['GET', '/session'],
  ['GET', '/sinistres'],
  ['GET', '/sinistres/SI-0000003'],
  ['PATCH', '/sinistres/SI-0000003/etat'],
  ['POST', '/sinistres/SI-0000003/justificatifs'],
  ['POST', '/sinistres/SI-0000003/justificatifs/1/validation'],
  ['POST', '/sinistres/SI-0000003/justificatifs/1/refus'],
  ['GET', '/sinistres/SI-0000003/justificatifs/1/fichier'],
  ['GET', '/activities'],
  ['GET', '/activities/1/60'],
  ['POST', '/activities/between_dates'],
];

const PASSWORD = 'correct horse battery';

describeWithDatabases('back office: staff sign-in', (context) => {
  const captured = createCapturedLogger('info');
  const suite = usePartnerApiApp(context, captured.logger);

  function login(pseudo: string, password: string, cookie?: string) {
    return fetch(`${suite.app.baseUrl}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify({ pseudo, password }),
    });
  }

  function cookieOf(response: Response): string {
    const header = response.headers.get('set-cookie') ?? '';
    return header.split(';')[0] ?? '';
  }

  async function ensureUser(login: string): Promise<void> {
    await context.database.db.delete(staffUsers).where(sql`${staffUsers.login} = ${login}`);
    await addStaffUser(context.database.db, login, PASSWORD);
  }

  it('When a staff member signs in, then the cookie is HttpOnly and SameSite=Strict, and the session answers their login', async () => {
    await ensureUser('camille');
    const answer = await login('camille', PASSWORD);
    expect(answer.status).toBe(200);
    await expect(answer.json()).resolves.toEqual({ status: 'success', datas: { login: 'camille' } });
    const header = answer.headers.get('set-cookie') ?? '';
    expect(header).toMatch(/^bo_session=[A-Za-z0-9_-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).not.toContain('Secure');
    const session = await fetch(`${suite.app.baseUrl}/session`, { headers: { Cookie: cookieOf(answer) } });
    await expect(session.json()).resolves.toEqual({ status: 'success', datas: { login: 'camille' } });
    // Only a hash of the token is stored.
    const token = cookieOf(answer).split('=')[1] ?? '';
    const rows = await context.database.db.select().from(staffSessions);
    expect(rows.some((row) => row.tokenHash === hashSessionToken(token))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('When a staff member signs in again, then a new session id replaces the one the browser had', async () => {
    await ensureUser('camille');
    const first = cookieOf(await login('camille', PASSWORD));
    const second = cookieOf(await login('camille', PASSWORD, first));
    expect(second).not.toBe(first);
    expect((await fetch(`${suite.app.baseUrl}/session`, { headers: { Cookie: first } })).status).toBe(401);
    expect((await fetch(`${suite.app.baseUrl}/session`, { headers: { Cookie: second } })).status).toBe(200);
  });

  it('When the longest name and password the sign-in fields take are sent in 3-byte characters, then they are read: a wrong password, not a request too large', async () => {
    const answer = await login('€'.repeat(LOGIN_MAX_LENGTH), '€'.repeat(PASSWORD_MAX_LENGTH));
    expect(answer.status).toBe(401);
  });

  it("When the password is wrong or the login unknown, then both get the same answer, and both count among the dashboard's security events", async () => {
    await ensureUser('camille');
    const today = new Date().toISOString().slice(0, 10);
    const refusedToday = async () => {
      await suite.app.securityEvents.flush();
      const counts = await readSecurityEventCounts(context.database.db, today);
      return counts.find((count) => count.kind === 'sign_in_refused')?.today ?? 0;
    };
    const before = await refusedToday();
    const wrong = await login('camille', 'not the password');
    const unknown = await login('nobody-here', 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const expected = {
      status: 'error',
      error: 'Identifiant ou mot de passe incorrect.',
      message: 'Identifiant ou mot de passe incorrect.',
    };
    await expect(wrong.json()).resolves.toEqual(expected);
    await expect(unknown.json()).resolves.toEqual(expected);
    const empty = await login('', '');
    expect(empty.status).toBe(400);
    await expect(empty.json()).resolves.toMatchObject({ error: 'Identifiant obligatoire' });
    expect(await refusedToday()).toBe(before + 2);
  });

  it('When wrong passwords were typed for an account, then its next sign-in tells its owner how many since when, and the one after tells nothing', async () => {
    await ensureUser('camille');
    const before = Date.now();
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await login('camille', `guess ${attempt}`)).status).toBe(401);
    const signedIn = await login('camille', PASSWORD);
    expect(signedIn.status).toBe(200);
    const body = (await signedIn.json()) as {
      datas: { login: string; failedSignIns?: { count: number; since: string } };
    };
    expect(body.datas).toEqual({ login: 'camille', failedSignIns: { count: 3, since: expect.any(String) } });
    expect(Date.parse(body.datas.failedSignIns?.since ?? '')).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(body.datas.failedSignIns?.since ?? '')).toBeLessThanOrEqual(Date.now() + 1_000);
    await expect((await login('camille', PASSWORD)).json()).resolves.toEqual({
      status: 'success',
      datas: { login: 'camille' },
    });
  });

  it('When an account has 5 failed sign-ins from one address, then that address is refused even with the right password, until the window ends', async () => {
    await context.database.db.delete(rateLimitHits);
    await ensureUser('dominique');
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await login('dominique', 'wrong password')).status).toBe(401);
    const locked = await login('dominique', PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    await expect(locked.json()).resolves.toMatchObject({
      error: expect.stringMatching(/^Trop de tentatives de connexion\. Réessayez dans \d+ minutes?\.$/),
    });
    // Another account is not locked by it.
    await ensureUser('camille');
    expect((await login('camille', PASSWORD)).status).toBe(200);
    // 30 minutes later (the windows moved back in time), the sliding window has left every failure behind.
    await context.database.db.execute(
      sql`update rate_limit_hits set window_start = window_start - interval '30 minutes'`,
    );
    expect((await login('dominique', PASSWORD)).status).toBe(200);
  });

  describe('behind a trusted proxy (each client address its own)', () => {
    let proxied: RunningApp | undefined;
    const site = createFakeSite();
    beforeAll(async () => {
      proxied = await startTestApp(site.staticDir, captured.logger, {
        database: context.database,
        config: { TRUST_PROXY: '1' },
      });
    });
    afterAll(async () => {
      await proxied?.close();
      site.remove();
    });

    function loginFrom(address: string, pseudo: string, password: string) {
      return fetch(`${proxied?.baseUrl}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: JSON.stringify({ pseudo, password }),
      });
    }

    it('When someone fails 5 times at admin from one address, then the owner with the right password from another address still gets in', async () => {
      await context.database.db.delete(rateLimitHits);
      await ensureUser('admin');
      for (let attempt = 0; attempt < 6; attempt += 1)
        expect([401, 429]).toContain((await loginFrom('203.0.113.66', 'admin', 'guessed password')).status);
      // The guessing address is held back, even when it finally has the password.
      expect((await loginFrom('203.0.113.66', 'admin', PASSWORD)).status).toBe(429);
      expect((await loginFrom('198.51.100.7', 'admin', PASSWORD)).status).toBe(200);
    });

    /** The `name=value` of the cookie `name` an answer sets. */
    function setCookie(answer: Response, name: string): string {
      const header = answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`)) ?? '';
      return header.split(';')[0] ?? '';
    }

    async function timedLoginFrom(address: string, pseudo: string, password: string, cookie?: string) {
      const started = performance.now();
      const answer = await fetch(`${proxied?.baseUrl}/login`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': address,
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: JSON.stringify({ pseudo, password }),
      });
      await answer.arrayBuffer();
      return { status: answer.status, ms: performance.now() - started, answer };
    }

    /** The device cookie of a browser where `login` signed in (from an address of its own). */
    async function deviceCookieOf(login: string): Promise<string> {
      const signedIn = await timedLoginFrom('198.51.100.200', login, PASSWORD);
      expect(signedIn.status).toBe(200);
      const cookie = setCookie(signedIn.answer, 'bo_device');
      expect(cookie).toMatch(/^bo_device=[A-Za-z0-9_-]+\.[0-9a-z]+\.[A-Za-z0-9_-]+$/);
      await context.database.db.delete(rateLimitHits);
      return cookie;
    }

    it('When 5 wrong passwords come from each of 20 /64s of one /56, then the owner signs in: at once on a browser that signed in before, after a bounded wait elsewhere', {
      timeout: 60_000,
    }, async () => {
      await context.database.db.delete(rateLimitHits);
      await ensureUser('dominique');
      const device = await deviceCookieOf('dominique');
      const statuses: number[] = [];
      for (let index = 0; index < 20; index += 1)
        for (let attempt = 0; attempt < 5; attempt += 1)
          statuses.push(
            (await timedLoginFrom(`2001:db8:aa:${(0x1200 + index).toString(16)}::1`, 'dominique', 'guessed password'))
              .status,
          );
      // The twenty /64s are one place: five guesses were checked, the rest refused.
      expect(statuses.filter((status) => status === 401)).toHaveLength(FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS.limit);
      expect(statuses.filter((status) => status === 429)).toHaveLength(
        100 - FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS.limit,
      );
      // The owner's browser, even on the attacker's own network, signs in at once.
      const withDevice = await timedLoginFrom('2001:db8:aa:1250::7', 'dominique', PASSWORD, device);
      expect(withDevice.status).toBe(200);
      expect(withDevice.ms).toBeLessThan(1_000);
      // Any browser elsewhere signs in, at most slowed down.
      const elsewhere = await timedLoginFrom('198.51.100.8', 'dominique', PASSWORD);
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.ms).toBeLessThan(MAX_SIGN_IN_DELAY_MS + 1_000);
      // The guessing place itself, without the device cookie, is still held back.
      expect((await timedLoginFrom('2001:db8:aa:12ff::2', 'dominique', PASSWORD)).status).toBe(429);
    });

    it("When guesses at one account come from many places, then its sign-ins slow down, bounded and never refused, and the owner's browser is not slowed", {
      timeout: 60_000,
    }, async () => {
      await context.database.db.delete(rateLimitHits);
      await ensureUser('dominique');
      const device = await deviceCookieOf('dominique');
      const places = 40;
      const attack = await Promise.all(
        Array.from({ length: places }, (_, index) =>
          timedLoginFrom(`192.0.2.${index + 1}`, 'dominique', 'guessed password'),
        ),
      );
      // Every guess was checked (and wrong): none refused, the later ones slowed down.
      expect(attack.map((outcome) => outcome.status)).toEqual(new Array(places).fill(401));
      expect(Math.max(...attack.map((outcome) => outcome.ms))).toBeGreaterThanOrEqual(
        signInDelayMs(places) - SLOWDOWN_STEP_MS,
      );
      const elsewhere = await timedLoginFrom('198.51.100.9', 'dominique', PASSWORD);
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.ms).toBeGreaterThanOrEqual(signInDelayMs(places) - 50);
      expect(elsewhere.ms).toBeLessThan(MAX_SIGN_IN_DELAY_MS + 1_000);
      const withDevice = await timedLoginFrom('198.51.100.10', 'dominique', PASSWORD, device);
      expect(withDevice.status).toBe(200);
      expect(withDevice.ms).toBeLessThan(1_000);
      // Staff see it among the security events; the log names neither the account, an address nor a password.
      await proxied?.securityEvents.flush();
      const counts = await readSecurityEventCounts(context.database.db, new Date().toISOString().slice(0, 10));
      expect(counts.find((count) => count.kind === 'sign_in_throttled')?.today).toBeGreaterThan(0);
      const logged = captured.lines.filter((line) => line.includes('sign_in_throttled')).join('\n');
      expect(logged).toContain('bo_login:account');
      for (const secret of ['dominique', '192.0.2.', 'guessed password', PASSWORD])
        expect(logged).not.toContain(secret);
    });

    it('When a browser that signed in before guesses wrong 10 times, then it counts as any other browser', {
      timeout: 60_000,
    }, async () => {
      await context.database.db.delete(rateLimitHits);
      await ensureUser('dominique');
      const device = await deviceCookieOf('dominique');
      for (let attempt = 0; attempt < FAILED_LOGINS_PER_DEVICE.limit; attempt += 1)
        expect((await timedLoginFrom('203.0.113.5', 'dominique', 'guessed password', device)).status).toBe(401);
      // Its own failures spent, the per-place limit applies to it as to anyone.
      for (let attempt = 0; attempt < FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS.limit; attempt += 1)
        expect((await timedLoginFrom('203.0.113.5', 'dominique', 'guessed password', device)).status).toBe(401);
      expect((await timedLoginFrom('203.0.113.5', 'dominique', PASSWORD, device)).status).toBe(429);
    });

    it("When a device cookie is another login's, altered or too old, then it earns nothing", async () => {
      const devices = createDeviceTrust(context.database.db);
      const now = Date.now();
      const value = await devices.issue('dominique', now);
      expect(await devices.deviceOf(value, 'dominique', now)).toEqual(expect.any(String));
      expect(await devices.deviceOf(value, 'camille', now)).toBeUndefined();
      // Altered within the signature, never in its last character, whose low bits may be padding.
      const altered = `${value.slice(0, -5)}${value.at(-5) === 'A' ? 'B' : 'A'}${value.slice(-4)}`;
      expect(await devices.deviceOf(altered, 'dominique', now)).toBeUndefined();
      expect(await devices.deviceOf(value, 'dominique', now + DEVICE_TRUST_MS + 60_000)).toBeUndefined();
      expect(await devices.deviceOf('a.b.c.d', 'dominique', now)).toBeUndefined();
      // Another process (another instance, same database) trusts it too.
      expect(await createDeviceTrust(context.database.db).deviceOf(value, 'dominique', now)).toEqual(
        expect.any(String),
      );
    });
  });

  describe('when the site is served over HTTPS (PUBLIC_SITE_URL https://…, behind a TLS proxy)', () => {
    let secure: RunningApp | undefined;
    const site = createFakeSite();
    beforeAll(async () => {
      secure = await startTestApp(site.staticDir, captured.logger, {
        database: context.database,
        config: { PUBLIC_SITE_URL: 'https://sinistre.example.com' },
      });
    });
    afterAll(async () => {
      await secure?.close();
      site.remove();
    });

    it('When a staff member signs in, then both cookies are __Host-, Secure, HttpOnly, SameSite=Strict, Path=/ and without Domain, and only the __Host- session opens the back office and its live feed', async () => {
      await ensureUser('camille');
      const answer = await fetch(`${secure?.baseUrl}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ pseudo: 'camille', password: PASSWORD }),
      });
      expect(answer.status).toBe(200);
      const [session, device, ...others] = answer.headers.getSetCookie();
      expect(others).toEqual([]);
      expect(session).toMatch(
        /^__Host-bo_session=[A-Za-z0-9_-]{43}; Max-Age=36000; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$/,
      );
      expect(device).toMatch(
        /^__Host-bo_device=[^;]+; Max-Age=15552000; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$/,
      );
      const cookie = session?.split(';')[0] ?? '';
      const token = cookie.split('=')[1] ?? '';
      expect((await fetch(`${secure?.baseUrl}/session`, { headers: { Cookie: cookie } })).status).toBe(200);
      // The plain name, which a sibling host could plant, opens nothing here.
      expect((await fetch(`${secure?.baseUrl}/session`, { headers: { Cookie: `bo_session=${token}` } })).status).toBe(
        401,
      );
      const live = async (header: string) => {
        const socket = connect(`${secure?.baseUrl}/bo`, {
          transports: ['websocket'],
          extraHeaders: { Cookie: header },
          reconnection: false,
        });
        const outcome = await new Promise<string>((resolve) => {
          socket.once('connect', () => resolve('connected'));
          socket.once('connect_error', (error) => resolve(error.message));
        });
        socket.disconnect();
        return outcome;
      };
      expect(await live(cookie)).toBe('connected');
      expect(await live(`bo_session=${token}`)).toBe('unauthorized');
      const out = await fetch(`${secure?.baseUrl}/logout`, { method: 'POST', headers: { Cookie: cookie } });
      expect(out.headers.getSetCookie()).toEqual([
        expect.stringMatching(/^__Host-bo_session=; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$/),
      ]);
      expect((await fetch(`${secure?.baseUrl}/session`, { headers: { Cookie: cookie } })).status).toBe(401);
    });

    it('When the site is plain HTTP (the default), then the cookies keep their plain names without Secure', async () => {
      await ensureUser('camille');
      const answer = await login('camille', PASSWORD);
      const [session, device] = answer.headers.getSetCookie();
      expect(session).toMatch(/^bo_session=[^;]+; Max-Age=36000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
      expect(device).toMatch(/^bo_device=[^;]+; Max-Age=15552000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
    });
  });

  it('When a staff member signs out, then the old cookie no longer opens anything', async () => {
    await ensureUser('camille');
    const cookie = cookieOf(await login('camille', PASSWORD));
    const out = await fetch(`${suite.app.baseUrl}/logout`, { method: 'POST', headers: { Cookie: cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^bo_session=;/);
    expect((await fetch(`${suite.app.baseUrl}/sinistres`, { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('When a session is idle 30 minutes or 10 hours old, then it has ended', async () => {
    await ensureUser('camille');
    const token = (cookieOf(await login('camille', PASSWORD)).split('=')[1] ?? '') as string;
    const now = Date.now();
    expect(await findStaffSession(context.database.db, token, new Date(now + 60_000))).toMatchObject({
      login: 'camille',
    });
    expect(
      await findStaffSession(context.database.db, token, new Date(now + 60_000 + IDLE_TIMEOUT_MS + 1_000)),
    ).toBeUndefined();
    const again = (cookieOf(await login('camille', PASSWORD)).split('=')[1] ?? '') as string;
    // Kept active every 20 minutes, it still ends 10 hours after sign-in.
    let time = Date.now();
    while (time < now + ABSOLUTE_TIMEOUT_MS - 20 * 60_000) {
      time += 20 * 60_000;
      expect(await findStaffSession(context.database.db, again, new Date(time))).toBeDefined();
    }
    expect(
      await findStaffSession(context.database.db, again, new Date(now + ABSOLUTE_TIMEOUT_MS + 60_000)),
    ).toBeUndefined();
  });

  it('When the session cookie does not decode, then every call answers 401 as without a session, and sign-in still works', async () => {
    await ensureUser('camille');
    const malformed = 'bo_session=%E0%A4%A';
    for (const [method, path] of STAFF_CALLS) {
      const answer = await fetch(`${suite.app.baseUrl}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Cookie: malformed },
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      expect(answer.status).toBe(401);
    }
    const signedIn = await login('camille', PASSWORD, malformed);
    expect(signedIn.status).toBe(200);
    const fresh = cookieOf(signedIn);
    expect((await fetch(`${suite.app.baseUrl}/session`, { headers: { Cookie: fresh } })).status).toBe(200);
    const out = await fetch(`${suite.app.baseUrl}/logout`, { method: 'POST', headers: { Cookie: malformed } });
    expect(out.status).toBe(200);
  });

  it.each(STAFF_CALLS)(
    'When %s %s comes without a session or with a forged one, then it answers 401',
    async (method, path) => {
      for (const cookie of [undefined, 'bo_session=forged-token-value', 'bo_logged=true']) {
        const answer = await fetch(`${suite.app.baseUrl}${path}`, {
          method,
          headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
          ...(method === 'GET' ? {} : { body: '{}' }),
        });
        expect(answer.status).toBe(401);
      }
    },
  );

  it('When the first server start finds no account, then admin gets a random password; with BO_ADMIN_* that account; never twice', async () => {
    await context.database.db.delete(staffUsers);
    const generated = await ensureFirstStaffUser(context.database.db, {});
    expect(generated).toMatchObject({
      login: 'admin',
      generatedPassword: expect.stringMatching(/^[A-Za-z0-9_-]{20}$/),
    });
    expect((await login('admin', generated?.generatedPassword ?? '')).status).toBe(200);
    expect(await ensureFirstStaffUser(context.database.db, { login: 'other', password: PASSWORD })).toBeUndefined();
    await context.database.db.delete(staffUsers);
    expect(await ensureFirstStaffUser(context.database.db, { login: 'chef', password: PASSWORD })).toEqual({
      login: 'chef',
    });
    expect((await login('chef', PASSWORD)).status).toBe(200);
  });

  it('When npm run staff adds, lists, changes and removes an account, then each is refused or done with a clear line', async () => {
    const db = context.database.db;
    await db.delete(staffUsers).where(sql`${staffUsers.login} = 'alex'`);
    expect(await runStaffCommand(db, ['add', 'alex'], 'short')).toMatchObject({
      exitCode: 1,
      stderr: 'The password must be at least 12 characters long.\n',
    });
    expect(await runStaffCommand(db, ['add', 'alex'], PASSWORD)).toMatchObject({ exitCode: 0 });
    expect(await runStaffCommand(db, ['add', 'alex'], PASSWORD)).toMatchObject({
      exitCode: 1,
      stderr: 'The login "alex" already exists.\n',
    });
    expect((await runStaffCommand(db, ['list'])).stdout).toMatch(/^alex\s+created /m);
    const cookie = cookieOf(await login('alex', PASSWORD));
    expect(await runStaffCommand(db, ['passwd', 'alex'], 'another long password')).toMatchObject({ exitCode: 0 });
    // The sessions of the old password have ended.
    expect((await fetch(`${suite.app.baseUrl}/session`, { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await login('alex', 'another long password')).status).toBe(200);
    expect(await runStaffCommand(db, ['remove', 'alex'])).toMatchObject({ exitCode: 0 });
    expect((await login('alex', 'another long password')).status).toBe(401);
    expect(captured.lines.join('\n')).not.toContain(PASSWORD);
  });

  it('When npm run staff adds an account named terminal, then it is refused: the claim history names npm run claims so', async () => {
    for (const login of ['terminal', 'Terminal']) {
      const result = await runStaffCommand(context.database.db, ['add', login], PASSWORD);
      expect(result).toMatchObject({ exitCode: 1 });
      expect(result.stderr).toContain(`"${login}" is reserved`);
    }
  });
});
