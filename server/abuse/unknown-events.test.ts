import { expect, it } from 'vitest';
import { readSecurityEventCounts } from '../security/security-events.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { expectLegitimateTrafficServed, LEGITIMATE_WITHIN_MS, useAttackedApp } from './legitimate-traffic.ts';
import { medianAndWorst, openAttackSockets, probeHealth } from './socket-attack.ts';

/**
 * Events of a name the server does not listen to cost it a parse and a dispatch each, and were
 * counted by no budget: a script sent millions. Now the first such event disconnects its socket.
 */

const FLOOD_SOCKETS = 100;
const FLOOD_MS = 5_000;
/** Events each socket sends every ROUND_MS: 1,000 a second, far more than a page ever sends. */
const EVENTS_PER_ROUND = 20;
const ROUND_MS = 20;

describeWithDatabases('abuse: events the contract does not list', (context) => {
  const { running } = useAttackedApp(context);

  it('When a socket sends an event name the contract does not list, then it is disconnected after that first one and staff see it counted', async () => {
    const app = running();
    const attack = await openAttackSockets(app.baseUrl, 1, '203.0.113.9');
    const [socket] = attack.connected;
    if (!socket) throw new Error('the socket did not connect');
    const reason = new Promise<string>((resolve) => {
      socket.once('disconnect', resolve);
      setTimeout(() => resolve('still connected after 5 s'), 5_000);
    });
    socket.emit('stealEverything', { please: true });
    expect(await reason).toBe('io server disconnect');
    attack.close();
    await app.securityEvents.flush();
    const counts = await readSecurityEventCounts(context.database.db, new Date().toISOString().slice(0, 10));
    expect(counts.find((count) => count.kind === 'socket_unknown_event')?.today).toBeGreaterThanOrEqual(1);
  });

  it('When 100 sockets flood unknown event names for 5 s, then each is disconnected and everyone else is served within a second', async () => {
    const app = running();
    const health = probeHealth(app.baseUrl);
    const attack = await openAttackSockets(app.baseUrl, FLOOD_SOCKETS);
    let sent = 0;
    const flood = setInterval(() => {
      for (const socket of attack.connected) {
        if (!socket.connected) continue;
        for (let n = 0; n < EVENTS_PER_ROUND; n += 1) socket.emit(`unknown-${n % 7}`, n);
        sent += EVENTS_PER_ROUND;
      }
    }, ROUND_MS);
    try {
      await new Promise((resolve) => setTimeout(resolve, FLOOD_MS / 2));
      await expectLegitimateTrafficServed(app);
      await new Promise((resolve) => setTimeout(resolve, FLOOD_MS / 2));
    } finally {
      clearInterval(flood);
    }
    const { ms, statuses } = await health.stop();
    const figures = { ...medianAndWorst(ms), probes: ms.length, sent, disconnected: attack.disconnectedByServer() };
    attack.close();
    console.log(`unknown events [${context.driver}]: ${JSON.stringify(figures)}`);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(figures.worst).toBeLessThanOrEqual(LEGITIMATE_WITHIN_MS);
    expect(figures.disconnected).toBe(attack.connected.length);
  }, 60_000);
});
