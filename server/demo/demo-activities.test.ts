import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { SessionSnapshotSchema } from '../../contracts/socket-events.ts';
import { activities, visitorReports } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { getDeclarationFunnel, getReportRate } from '../staff-api/analysis/service.ts';
import { demoCompanies, generateDemoActivities } from './demo-activities.ts';
import { seedDemoData } from './seed.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
const V3_START = Date.parse('2024-05-21T08:00:00Z');
const MOBILE = /Mobi|Android|iPhone/;

/** The route of a demo path: its last segment, '' for a home page. */
function routeOf(path: string): string {
  const last = path.split('/').filter(Boolean).at(-1) ?? '';
  return /^(declare|confirmation|suivre|client|faq|find|contact|mentions|politique|claim)/.test(last) ? last : '';
}

describe('generateDemoActivities', () => {
  const demo = generateDemoActivities({ now: NOW });
  const routesOf = (row: (typeof demo.activities)[number]) => (row.historyPages ?? []).map(({ page }) => routeOf(page));
  const reaching = (route: string) => demo.activities.filter((row) => routesOf(row).includes(route)).length;

  it('When it runs twice for the same moment, then it writes the same sessions', () => {
    expect(generateDemoActivities({ now: NOW })).toEqual(demo);
  });

  it('When it runs, then some sessions lie in the last hours, whatever the hour, and every session has ended before now', () => {
    for (const hour of [0, 4, 9, 15, 23]) {
      const now = new Date(Date.UTC(2026, 10, 25, hour, 40));
      const { activities } = generateDemoActivities({ now });
      const lastSixHours = activities.filter(
        (row) => (row.createdAt as Date).getTime() >= now.getTime() - 6 * 3_600_000 - 15 * 60_000,
      );
      expect(lastSixHours.length).toBeGreaterThan(30);
      expect(activities.every((row) => (row.disconnectedAt as Date).getTime() < now.getTime())).toBe(true);
    }
  });

  it('When it runs, then a few thousand sessions lie in the last 90 days (most in the last 30) and around the V2/V3 boundary', () => {
    const times = demo.activities.map((row) => (row.createdAt as Date).getTime());
    expect(demo.activities.length).toBe(3_000);
    expect(times.every((time) => time < NOW.getTime())).toBe(true);
    const day = 86_400_000;
    const last30 = times.filter((time) => time >= NOW.getTime() - 30 * day).length;
    const last90 = times.filter((time) => time >= NOW.getTime() - 90 * day).length;
    expect(last90).toBe(2_400);
    expect(last30).toBeGreaterThan(1_500);
    const v2 = times.filter((time) => time < V3_START).length;
    const v3In2024 = times.filter((time) => time >= V3_START && time < Date.parse('2025-01-01')).length;
    expect(v2).toBeGreaterThan(100);
    expect(v3In2024).toBeGreaterThan(100);
    expect(new Set(demo.activities.map((row) => row.socketId)).size).toBe(demo.activities.length);
  });

  it('When sessions declare, then fewer reach each step, some finish, some go back, and only V2 has a step 6', () => {
    const funnel = ['declare-sinistre', 'declare-step1', 'declare-step2', 'declare-step3', 'declare-step4'].map(
      reaching,
    );
    for (let index = 1; index < funnel.length; index += 1)
      expect(funnel[index] ?? 0).toBeLessThan(funnel[index - 1] ?? 0);
    expect(reaching('declare-step5')).toBeGreaterThan(reaching('confirmation-sinistre'));
    expect(reaching('confirmation-sinistre')).toBeGreaterThan(100);
    const wentBack = demo.activities.filter((row) => {
      const steps = routesOf(row)
        .map((route) => /^declare-step(\d)$/.exec(route)?.[1])
        .filter((step): step is string => step !== undefined)
        .map(Number);
      return steps.some((step, index) => index > 0 && step < (steps[index - 1] ?? 0));
    });
    expect(wentBack.length).toBeGreaterThan(20);
    const withStep6 = demo.activities.filter((row) => routesOf(row).includes('declare-step6'));
    expect(withStep6.length).toBeGreaterThan(0);
    expect(withStep6.every((row) => (row.createdAt as Date).getTime() < V3_START)).toBe(true);
    const withStep0 = demo.activities.filter((row) => routesOf(row).includes('declare-step0'));
    expect(withStep0.every((row) => (row.createdAt as Date).getTime() >= V3_START)).toBe(true);
    for (const route of ['suivre-dossier', 'client-file', 'faq', 'contact', 'find-my-number', 'claim-step2'])
      expect(reaching(route), route).toBeGreaterThan(20);
  });

  it('When sessions are described, then phones and computers, every language and many brands appear, with no personal data', () => {
    const agents = demo.activities.map((row) => row.navigator ?? '').filter(Boolean);
    expect(agents.filter((agent) => MOBILE.test(agent)).length).toBeGreaterThan(agents.length / 3);
    expect(agents.filter((agent) => !MOBILE.test(agent)).length).toBeGreaterThan(agents.length / 4);
    const snapshots = demo.activities.map((row) => z.parse(z.strictObject(SessionSnapshotSchema.shape), row.store));
    expect(new Set(snapshots.map((store) => store.lang)).size).toBe(9);
    const companies = new Set(snapshots.map((store) => store.company));
    expect(companies.has('')).toBe(true);
    expect(companies.size).toBeGreaterThan(10);
    for (const company of companies) expect(demoCompanies()).toContain(company);
    // Before v3.3.0 (2024-06-17 17:00) the browser was not recorded.
    const early = demo.activities.filter((row) => (row.createdAt as Date).getTime() < Date.parse('2024-06-17T15:00Z'));
    expect(early.every((row) => row.navigator === '')).toBe(true);
  });

  it('When visitors look for their number or follow a claim, then their reports share the session socket id', () => {
    const sockets = new Set(demo.activities.map((row) => row.socketId));
    expect(demo.reports.length).toBeGreaterThan(200);
    expect(demo.reports.every((report) => sockets.has(report.socketId ?? ''))).toBe(true);
    const kinds = new Set(demo.reports.map((report) => `${report.kind}:${report.status}`));
    expect(kinds).toEqual(
      new Set(['find_number:success', 'find_number:error', 'follow_up:success', 'follow_up:error']),
    );
  });

  it('When the demo visitors look for their number, then most but not all find it, as the server counts them', () => {
    const found = new Map<string, boolean>();
    for (const report of demo.reports.filter((item) => item.kind === 'find_number')) {
      const visitor = report.socketId ?? '';
      found.set(visitor, found.get(visitor) === true || report.status === 'success');
    }
    const rate = [...found.values()].filter(Boolean).length / found.size;
    expect(found.size).toBeGreaterThan(100);
    expect(rate).toBeGreaterThan(0.6);
    expect(rate).toBeLessThan(0.9);
  });
});

describeWithDatabases('seedDemoData: visitor sessions', (context) => {
  it('When the demo is seeded, then the sessions and reports are written and the statistics see them', async () => {
    const { db } = context.database;
    const started = performance.now();
    expect(await seedDemoData(db, { now: NOW })).toBe(true);
    // Measured, not asserted (README: under about 2 s on PGlite on a quiet machine).
    console.info(`[${context.driver}] demo seeded in ${Math.round(performance.now() - started)} ms`);
    const [sessions] = await db.select({ rows: count() }).from(activities);
    const [reports] = await db.select({ rows: count() }).from(visitorReports);
    expect(sessions?.rows).toBe(3_000);
    expect(reports?.rows).toBe(generateDemoActivities({ now: NOW }).reports.length);
    const range = { start: '2026-02-13 00:00:00', end: '2026-03-15 11:59:00', timeZone: 'Europe/Paris' };
    const funnel = await getDeclarationFunnel(db, range);
    expect(funnel.total1).toBeGreaterThan(100);
    expect(funnel.total2).toBeGreaterThan(20);
    expect(funnel.total3).toBeGreaterThan(100);
    expect(funnel.stepsDetails.step5.total).toBeGreaterThan(0);
    expect(funnel.stepsDetails.step6.total).toBe(0);
    const v2 = await getDeclarationFunnel(db, {
      start: '2024-05-01 00:00:00',
      end: '2024-05-21 10:00:00',
      timeZone: 'Europe/Paris',
    });
    expect(v2.stepsDetails.step6.total + v2.total2).toBeGreaterThan(0);
    const rate = await getReportRate(db, range, 'follow_up');
    expect(rate.countOK).toBeGreaterThan(rate.countKO);
  });
});
