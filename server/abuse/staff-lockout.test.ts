import { expect, it } from 'vitest';
import { LOGIN_PATH } from '../../contracts/backoffice.ts';
import { staffSessions } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS, MAX_SIGN_IN_DELAY_MS } from '../staff-api/sessions/routes.ts';
import {
  expectLegitimateTrafficServed,
  LEGITIMATE_STAFF,
  legitimateAddress,
  useAttackedApp,
} from './legitimate-traffic.ts';

/**
 * Locking staff out by guessing: 5 wrong passwords from each of 20 IPv6 /64s of one /56 (one home
 * connection), then 5 from each of 20 more /56s at once (many places). The staff member's browser
 * that signed in before still signs in within a second; any other browser signs in after a
 * bounded wait; the guessing places are refused; no guess opens a session. The legitimate traffic
 * runs once the guesses are answered, while the account is under their limits (15 minutes).
 */
describeWithDatabases('abuse: locking a staff account out by guessing its password', (context) => {
  const { running } = useAttackedApp(context);

  function guess(address: string, password: string, cookie?: string) {
    return fetch(`${running().baseUrl}${LOGIN_PATH}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': address,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: JSON.stringify({ pseudo: LEGITIMATE_STAFF.pseudo, password }),
    });
  }

  it("When 20 /64s of one /56 and then 20 other /56s guess a staff password, then the staff member's browser signs in within a second, others after a bounded wait, and the guessers are refused", {
    timeout: 60_000,
  }, async () => {
    const app = running();
    // The staff member signed in on this browser before the attack.
    const before = await guess(legitimateAddress(0), LEGITIMATE_STAFF.password);
    expect(before.status).toBe(200);
    const device = before.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('bo_device='))
      ?.split(';')[0];
    if (!device) throw new Error('no device cookie');
    const sessionsBefore = (await context.database.db.select().from(staffSessions)).length;

    const home: number[] = [];
    for (let index = 0; index < 20; index += 1)
      for (let attempt = 0; attempt < 5; attempt += 1)
        home.push((await guess(`2001:db8:77:${(0x4400 + index).toString(16)}::9`, `guess ${index}-${attempt}`)).status);
    expect(home.filter((status) => status === 401)).toHaveLength(FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS.limit);
    expect(home.filter((status) => status === 429)).toHaveLength(100 - FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS.limit);

    // Then many places at once: the account's sign-ins slow down to their longest wait.
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        guess(`2001:db8:${(0x100 + Math.floor(index / 5)).toString(16)}:1::${index}`, `guess ${index}`).then(
          (answer) => answer.status,
        ),
      ),
    );
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    const outcomes = await expectLegitimateTrafficServed(app, undefined, { signInHeaders: { Cookie: device } });

    // A browser that never signed in waits, bounded, and is not refused.
    const started = performance.now();
    const elsewhere = await guess(legitimateAddress(1), LEGITIMATE_STAFF.password);
    const waited = performance.now() - started;
    expect(elsewhere.status).toBe(200);
    expect(waited).toBeLessThan(MAX_SIGN_IN_DELAY_MS + 1_000);
    // The guessing home connection stays refused, whatever it sends.
    expect((await guess('2001:db8:77:44ff::1', LEGITIMATE_STAFF.password)).status).toBe(429);
    // Only the legitimate sign-ins opened sessions (each replaced none: new browsers).
    expect((await context.database.db.select().from(staffSessions)).length).toBe(sessionsBefore + 2);
    console.log(
      `staff lockout: legitimate ${outcomes.map((outcome) => `${outcome.action} ${outcome.ms} ms`).join(', ')}; ` +
        `a new browser signed in after ${Math.round(waited)} ms; many places: ${statuses.filter((status) => status === 401).length} checked, ${statuses.filter((status) => status === 429).length} refused`,
    );
  });
});
