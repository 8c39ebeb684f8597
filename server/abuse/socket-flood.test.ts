import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { expectLegitimateTrafficServed, LEGITIMATE_WITHIN_MS, useAttackedApp } from './legitimate-traffic.ts';
import { medianAndWorst, openAttackSockets, probeHealth, visitorTablesSize } from './socket-attack.ts';

/**
 * A script opens 300 sockets from one address and, on each, sends a new page five times a
 * second (within each socket's own budget) for ten seconds: every page a new one, as a script
 * filling the visitor tables would. The app must refuse the connections beyond its cap, hold the
 * address's events to their shared budget, keep what it writes small, and keep serving everyone.
 */

const SOCKETS = 300;
const ATTACK_MS = 10_000;
const PAGE_EVERY_MS = 200;

const STORE = {
  company: 'veligo',
  lang: 'en' as const,
  step: 1,
  infosStatus: null,
  claimGroupId: null,
  guaranteeType: null,
  declaSent: false,
};

describeWithDatabases('abuse: a socket flood from one address', (context) => {
  const { running } = useAttackedApp(context);

  /** Pages held by the activity records, all sessions together. */
  async function recordedPages(): Promise<number> {
    const [row] = await queryRows<{ pages: string | number }>(
      context.database.db,
      sql`select coalesce(sum(jsonb_array_length(history_pages)), 0) as pages from activities`,
    );
    return Number(row?.pages ?? 0);
  }

  it('When 300 sockets of one address send new pages for 10 s, then the extra sockets are refused, the address is held to its budget, little is written and everyone else is served within a second', async () => {
    const app = running();
    const before = await visitorTablesSize(context.database.db);
    const pagesBefore = await recordedPages();
    const health = probeHealth(app.baseUrl);
    const attack = await openAttackSockets(app.baseUrl, SOCKETS);
    let sent = 0;
    let page = 0;
    for (const socket of attack.connected)
      socket.emit('newconnection', { page: '/veligo/en', navigator: 'attack/1.0' });
    const timer = setInterval(() => {
      for (const socket of attack.connected) {
        if (!socket.connected) continue;
        page += 1;
        sent += 1;
        socket.emit('addHistoryPages', { page: `/veligo/en/attack-${page}`, store: STORE });
      }
    }, PAGE_EVERY_MS);
    try {
      await new Promise((resolve) => setTimeout(resolve, ATTACK_MS / 2));
      await expectLegitimateTrafficServed(app);
      await new Promise((resolve) => setTimeout(resolve, ATTACK_MS / 2));
    } finally {
      clearInterval(timer);
    }
    const { ms, statuses } = await health.stop();
    const disconnected = attack.disconnectedByServer();
    const refused = attack.refused;
    attack.close();
    await app.live.recorder.flush();
    const after = await visitorTablesSize(context.database.db);
    const figures = {
      ...medianAndWorst(ms),
      probes: ms.length,
      refused,
      disconnected,
      sent,
      pagesRecorded: (await recordedPages()) - pagesBefore,
      rowsAdded: after.rows - before.rows,
      bytesAdded: after.bytes - before.bytes,
    };
    console.log(`socket flood [${context.driver}]: ${JSON.stringify(figures)}`);

    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(figures.worst).toBeLessThanOrEqual(LEGITIMATE_WITHIN_MS);
    // The address holds at most its connection cap; the rest were refused.
    expect(refused).toBeGreaterThanOrEqual(SOCKETS - 250);
    // Held to the address's event budget: the sockets that kept sending over it were disconnected…
    expect(disconnected).toBeGreaterThan(100);
    // …and what was recorded is a small share of what was sent (burst + rate × duration).
    expect(figures.pagesRecorded).toBeLessThanOrEqual(300 + 30 * 12);
    expect(figures.bytesAdded).toBeLessThan(8 * 1024 * 1024);
  }, 60_000);
});
