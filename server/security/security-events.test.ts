import { beforeEach, expect, it } from 'vitest';
import { securityEventCounts } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { createCapturedLogger } from '../test-support.ts';
import { createSecurityEvents, readSecurityEventCounts } from './security-events.ts';

describeWithDatabases('security events', (context) => {
  beforeEach(async () => {
    await context.database.db.delete(securityEventCounts);
  });

  it('When an attack makes thousands of events, then each is counted and a minute logs one line and a sum', async () => {
    const captured = createCapturedLogger('info');
    let now = Date.parse('2026-11-29T10:00:00Z');
    const events = createSecurityEvents(context.database.db, captured.logger, { now: () => now });
    for (let index = 0; index < 5_000; index += 1) events.record('socket_flood', { events: 31 });
    events.record('upload_slots_full');
    now += 61_000;
    events.record('socket_flood');
    await events.stop();

    const counts = await readSecurityEventCounts(context.database.db, '2026-11-29');
    expect(counts).toEqual([
      { kind: 'socket_flood', today: 5_001, lastSevenDays: 5_001 },
      { kind: 'upload_slots_full', today: 1, lastSevenDays: 1 },
    ]);
    const lines = captured.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const flood = lines.filter((line) => line['securityEvent'] === 'socket_flood');
    // The first event with its detail, the 4,999 others of its minute summed, the next minute's first.
    expect(flood.map((line) => [line['level'], line['events'], line['count']])).toEqual([
      [40, 31, undefined],
      [40, undefined, 4_999],
      [40, undefined, undefined],
    ]);
  });

  it('When counts are written on several days, then staff read today and the last seven days', async () => {
    const { db } = context.database;
    await db.insert(securityEventCounts).values([
      { kind: 'sign_in_throttled', day: '2026-11-29', count: 3 },
      { kind: 'sign_in_throttled', day: '2026-11-25', count: 4 },
      { kind: 'sign_in_throttled', day: '2026-11-01', count: 100 },
      { kind: 'retired_kind', day: '2026-11-29', count: 9 },
    ]);
    expect(await readSecurityEventCounts(db, '2026-11-29')).toEqual([
      { kind: 'sign_in_throttled', today: 3, lastSevenDays: 7 },
    ]);
  });
});
