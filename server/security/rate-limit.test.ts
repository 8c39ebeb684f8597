import { beforeEach, describe, expect, it } from 'vitest';
import { PARTNER_API_BASE } from '../../contracts/partner-api.ts';
import { rateLimitHits } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { LOOKUPS_PER_ADDRESS } from '../customer-api/insured/routes.ts';
import { createFakeSite, startTestApp } from '../test-support.ts';
import {
  accountAddressGroupOf,
  addressGroupOf,
  hitRateLimit,
  type RateLimitRule,
  refundRateLimit,
} from './rate-limit.ts';

describe('addressGroupOf', () => {
  it.each([
    ['2001:db8:0:7:a::1', '2001:db8:0:7::/64'],
    ['2001:db8:0:7:ffff:ffff:ffff:fffe', '2001:db8:0:7::/64'],
    ['2001:0DB8:0000:0007::', '2001:db8:0:7::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::ffff:c000:201', '192.0.2.1'],
    ['192.0.2.1', '192.0.2.1'],
    ['unknown', 'unknown'],
  ])('When the client is %s, then it is counted as %s', (address, group) => {
    expect(addressGroupOf(address)).toBe(group);
  });

  it('When two addresses differ only beyond their /64, then they are one client; in another /64, two', () => {
    expect(addressGroupOf('2001:db8:1:2:3:4:5:6')).toBe(addressGroupOf('2001:db8:1:2::9'));
    expect(addressGroupOf('2001:db8:1:2::9')).not.toBe(addressGroupOf('2001:db8:1:3::9'));
  });
});

describe('accountAddressGroupOf', () => {
  it.each([
    ['2001:db8:0:7:a::1', '2001:db8:0:0::/56'],
    ['2001:db8:0:1ff::9', '2001:db8:0:100::/56'],
    ['2001:db8:0:1ff:ffff:ffff:ffff:ffff', '2001:db8:0:100::/56'],
    ['fe80::1%eth0', 'fe80:0:0:0::/56'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['192.0.2.1', '192.0.2.1'],
    ['unknown', 'unknown'],
  ])('When a sign-in comes from %s, then the account-wide rules count it as %s', (address, group) => {
    expect(accountAddressGroupOf(address)).toBe(group);
  });

  it('When twenty /64s share one /56, then account-wide rules see one place; another /56 is another place', () => {
    const places = new Set(
      Array.from({ length: 20 }, (_, index) =>
        accountAddressGroupOf(`2001:db8:aa:${(0x1200 + index).toString(16)}::1`),
      ),
    );
    expect([...places]).toEqual(['2001:db8:aa:1200::/56']);
    expect(accountAddressGroupOf('2001:db8:aa:1300::1')).not.toBe('2001:db8:aa:1200::/56');
  });
});

describeWithDatabases('sliding-window rate limits', (context) => {
  const rule: RateLimitRule = { name: 'test:sliding', limit: 10, windowMs: 60 * 60_000 };
  /** The start of a fixed window, far from any real clock. */
  const windowStart = Date.UTC(2030, 0, 1, 10);

  beforeEach(async () => {
    await context.database.db.delete(rateLimitHits);
  });

  async function hits(count: number, now: number, key = 'client') {
    const states = [];
    for (let index = 0; index < count; index++) states.push(await hitRateLimit(context.database.db, rule, key, now));
    return states;
  }

  it('When a burst ends one window and another starts the next, then the second burst is refused at once', async () => {
    const late = await hits(rule.limit, windowStart + rule.windowMs - 1_000);
    expect(late.every((state) => state.allowed)).toBe(true);

    const [early] = await hits(1, windowStart + rule.windowMs + 1_000);

    expect(early?.allowed).toBe(false);
    // Enough of the previous window must slide out first: a fifth of it (10 × 0.8 + 2 hits), not one second.
    expect(early?.retryAfterSeconds).toBeGreaterThan(11 * 60);
    expect(early?.retryAfterSeconds).toBeLessThanOrEqual(12 * 60);
  });

  it('When the previous window is mostly slid out, then its hits weigh by what remains', async () => {
    await hits(rule.limit, windowStart + 1_000);
    // Three quarters into the next window, a quarter of the 10 earlier hits still counts: 2.5.
    const states = await hits(8, windowStart + rule.windowMs + (3 * rule.windowMs) / 4);

    expect(states.map((state) => state.allowed)).toEqual([true, true, true, true, true, true, true, false]);
    expect(states[0]?.count).toBeCloseTo(3.5);
  });

  it('When the limit is reached within one window, then Retry-After points past the end of that window', async () => {
    const states = await hits(rule.limit + 1, windowStart + rule.windowMs / 2);

    expect(states.at(-1)?.allowed).toBe(false);
    // Half the window remains, then about a tenth of the next before 11 hits weigh 9 or less.
    expect(states.at(-1)?.retryAfterSeconds).toBeGreaterThan(rule.windowMs / 2 / 1000);
    expect(states.at(-1)?.retryAfterSeconds).toBeLessThan((0.7 * rule.windowMs) / 1000);
  });

  it('When a weighted hit and its refund are counted, then only the weight left counts', async () => {
    const now = windowStart + 1_000;
    const first = await hitRateLimit(context.database.db, rule, 'bytes', now, 7);
    await refundRateLimit(context.database.db, rule, 'bytes', now, 7);
    const second = await hitRateLimit(context.database.db, rule, 'bytes', now, 4);

    expect(first).toMatchObject({ allowed: true, count: 7 });
    expect(second).toMatchObject({ allowed: true, count: 4 });
    expect((await hitRateLimit(context.database.db, rule, 'bytes', now, 7)).allowed).toBe(false);
  });

  it('When more addresses of one IPv6 /64 than the failure limit look up unknown numbers, then they share one limit; another /64 is not held back', async () => {
    const site = createFakeSite();
    const app = await startTestApp(site.staticDir, undefined, {
      database: context.database,
      config: { TRUST_PROXY: '1' },
    });
    try {
      const lookUp = async (client: string, index: number) => {
        const url = new URL(`${PARTNER_API_BASE}/infos_dossier`, app.baseUrl);
        url.searchParams.set('numero', `SO-V6-${index}`);
        return (await fetch(url, { headers: { 'X-Forwarded-For': client } })).status;
      };
      const statuses: number[] = [];
      for (let index = 0; index < LOOKUPS_PER_ADDRESS.limit + 5; index++)
        statuses.push(await lookUp(`2001:db8:42:7:${(index + 1).toString(16)}::${index + 1}`, index));

      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
      expect(statuses.indexOf(429)).toBe(LOOKUPS_PER_ADDRESS.limit);
      expect(await lookUp('2001:db8:42:8::1', 99)).toBe(404);
      // A dual-stack socket's IPv4-mapped form is the IPv4 client itself.
      expect(await lookUp('::ffff:198.51.100.9', 100)).toBe(404);
    } finally {
      await app.close();
      site.remove();
    }
  });
});
