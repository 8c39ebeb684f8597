import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { claimEvents, claims, followUpTokens, rateLimitHits } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { findClaimForClaimant } from './claimant-access.ts';
import {
  BROWSER_TOKENS_KEPT,
  FOLLOW_UP_LINK_LIFETIME_MS,
  hashFollowUpToken,
  issueFollowUpToken,
  LINKS_END_AFTER_CLOSING_MS,
  revokeMailedLinks,
} from './follow-up-links.ts';

const DAY_MS = 24 * 60 * 60_000;

/** A moment `ms` after `start`: the tests move this clock, never the machine's. */
function after(start: Date, ms: number): Date {
  return new Date(start.getTime() + ms);
}

describeWithDatabases('follow-up links', { demo: true }, (context) => {
  const claimIds = new Map<string, number>();

  beforeAll(async () => {
    for (const row of await context.database.db.select({ id: claims.id, numero: claims.numero }).from(claims))
      claimIds.set(row.numero, row.id);
  });
  beforeEach(async () => {
    await context.database.db.delete(rateLimitHits);
  });

  function claimId(numero: string): number {
    const id = claimIds.get(numero);
    if (id === undefined) throw new Error(`no demo claim ${numero}`);
    return id;
  }

  /** Whether the token opens its claim at `at` (and, when it does, renews it from then). */
  async function opens(token: string, at: Date): Promise<boolean> {
    return (await findClaimForClaimant(context.database.db, { hash: token }, '10.9.0.1', at)).status === 'found';
  }

  async function expiryOf(token: string): Promise<number> {
    const [row] = await context.database.db
      .select({ expiresAt: followUpTokens.expiresAt })
      .from(followUpTokens)
      .where(eq(followUpTokens.tokenHash, hashFollowUpToken(token)));
    return row?.expiresAt.getTime() ?? 0;
  }

  it('When a link is not used for 30 days, then it no longer opens its claim', async () => {
    const issued = new Date();
    const token = await issueFollowUpToken(context.database.db, claimId('SI-0000003'), 'mail', issued);
    expect(await expiryOf(token)).toBe(issued.getTime() + FOLLOW_UP_LINK_LIFETIME_MS);
    expect(await opens(token, after(issued, FOLLOW_UP_LINK_LIFETIME_MS + 60_000))).toBe(false);
  });

  it('When a link is used, then it opens for 30 days from that use, so a claimant who follows their claim keeps it', async () => {
    const issued = new Date();
    const token = await issueFollowUpToken(context.database.db, claimId('SI-0000003'), 'mail', issued);
    const firstUse = after(issued, 29 * DAY_MS);
    expect(await opens(token, firstUse)).toBe(true);
    expect(await expiryOf(token)).toBe(firstUse.getTime() + FOLLOW_UP_LINK_LIFETIME_MS);
    const secondUse = after(firstUse, 29 * DAY_MS);
    expect(await opens(token, secondUse)).toBe(true);
    expect(await opens(token, after(secondUse, FOLLOW_UP_LINK_LIFETIME_MS + 60_000))).toBe(false);
  });

  it('When the claimant asks for a new link, then the older mailed links stop and the declaring browser keeps its own', async () => {
    const { db } = context.database;
    const id = claimId('SI-0000003');
    const now = new Date();
    const mailed = [await issueFollowUpToken(db, id, 'mail', now), await issueFollowUpToken(db, id, 'mail', now)];
    const browser = await issueFollowUpToken(db, id, 'browser', now);
    expect(await revokeMailedLinks(db, id, after(now, 1000))).toBeGreaterThanOrEqual(2);
    const newest = await issueFollowUpToken(db, id, 'mail', after(now, 1000));
    for (const token of mailed) expect(await opens(token, after(now, 2000))).toBe(false);
    expect(await opens(browser, after(now, 2000))).toBe(true);
    expect(await opens(newest, after(now, 2000))).toBe(true);
  });

  it('When a claim closes, then every link of it stops 8 weeks later, however recently it was used', async () => {
    const { db } = context.database;
    const id = claimId('SI-0000007');
    // The claim is paid; its closing is the latest state change of its history.
    const closed = after(new Date(), DAY_MS);
    await db.insert(claimEvents).values({
      claimId: id,
      staffLogin: 'test',
      action: 'etat',
      detail: { from: 'attente_traitement', to: 'paiement_envoye' },
      createdAt: closed,
    });
    const mailed = await issueFollowUpToken(db, id, 'mail', closed);
    const browser = await issueFollowUpToken(db, id, 'browser', closed);
    // Used every 3 weeks: never expired by disuse.
    for (const weeks of [3, 6]) expect(await opens(mailed, after(closed, weeks * 7 * DAY_MS))).toBe(true);
    expect(await opens(mailed, after(closed, LINKS_END_AFTER_CLOSING_MS - 60_000))).toBe(true);
    expect(await opens(mailed, after(closed, LINKS_END_AFTER_CLOSING_MS + 60_000))).toBe(false);
    expect(await opens(browser, after(closed, LINKS_END_AFTER_CLOSING_MS + 60_000))).toBe(false);
  });

  it('When a claim is still open, then the closing rule leaves its links alone', async () => {
    const issued = after(new Date(), 300 * DAY_MS);
    const token = await issueFollowUpToken(context.database.db, claimId('SI-0000003'), 'mail', issued);
    expect(await opens(token, after(issued, 29 * DAY_MS))).toBe(true);
  });

  it('When a declaration is retried many times, then only the newest browser tokens of its claim open it', async () => {
    const { db } = context.database;
    // An open claim: a closed one's links end 8 weeks after its closing, whatever their own expiry.
    const id = claimId('SI-0000003');
    const now = new Date();
    const tokens: string[] = [];
    for (let retry = 0; retry < BROWSER_TOKENS_KEPT + 3; retry += 1)
      tokens.push(await issueFollowUpToken(db, id, 'browser', now));
    const rows = await db.select().from(followUpTokens).where(eq(followUpTokens.claimId, id));
    expect(rows.filter((row) => row.deliveredBy === 'browser')).toHaveLength(BROWSER_TOKENS_KEPT);
    for (const token of tokens.slice(0, 3)) expect(await opens(token, now)).toBe(false);
    for (const token of tokens.slice(3)) expect(await opens(token, now)).toBe(true);
  });
});
