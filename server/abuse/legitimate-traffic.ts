import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { LOGIN_PATH } from '../../contracts/backoffice.ts';
import { PARTNER_API_BASE, PROOF_UPLOAD_FILE_FIELD } from '../../contracts/partner-api.ts';
import { validDeclaration } from '../customer-api/claims/test-support.ts';
import type { AppDatabase, Database } from '../db/client.ts';
import { seedDemoData } from '../demo/seed.ts';
import { samplePdf } from '../files/test-support.ts';
import { addStaffUser, StaffAccountError } from '../staff-api/sessions/accounts.ts';
import { createFakeSite, type RunningApp, startTestApp, type TestAppOptions } from '../test-support.ts';

/**
 * The abuse suite's yardstick: while an attack runs, what a real claimant and a real staff member
 * do must still be served, each within LEGITIMATE_WITHIN_MS. Each call comes from its own address
 * (`X-Forwarded-For`, the app started with TRUST_PROXY=1), never from the attacker's.
 *
 * Needs the demo data (a declaration on the generic subscriptions SO-0000010 … 25, each taken once
 * per database; SO-0000026 … 29 are left to the attacks) and `prepareLegitimateStaff` once per
 * database.
 */

/** What a user waits at most for each call while an attack runs. */
export const LEGITIMATE_WITHIN_MS = 1_000;

/** The staff member who signs in during the attacks. */
export const LEGITIMATE_STAFF = { pseudo: 'legit.staff', password: 'a-real-password-42' } as const;

/** Creates LEGITIMATE_STAFF with a real password (idempotent). */
export async function prepareLegitimateStaff(db: AppDatabase): Promise<void> {
  await addStaffUser(db, LEGITIMATE_STAFF.pseudo, LEGITIMATE_STAFF.password).catch((error: unknown) => {
    if (!(error instanceof StaffAccountError) || !error.message.includes('already exists')) throw error;
  });
}

/** An address of the documentation range (RFC 5737 TEST-NET-2), one per `n`: never an attacker's. */
export function legitimateAddress(n: number): string {
  return `198.51.100.${1 + (n % 250)}`;
}

export type LegitimateAction = 'healthz' | 'signIn' | 'declaration' | 'upload';

export interface LegitimateOutcome {
  action: LegitimateAction;
  status: number;
  ms: number;
}

let calls = 0;

/** How many legitimate declarations each database holds: each takes the next free subscription. */
const declarationsOn = new WeakMap<Database, number>();
/** The generic subscriptions SO-0000010 … 25 the legitimate claimant declares on, one per claim. */
const LEGITIMATE_SUBSCRIPTIONS = 16;

/** The next generic subscription no legitimate declaration took yet on `database` (10 … 25). */
function nextLegitimateSubscription(database: Database): number {
  const taken = declarationsOn.get(database) ?? 0;
  if (taken >= LEGITIMATE_SUBSCRIPTIONS)
    throw new Error(`more than ${LEGITIMATE_SUBSCRIPTIONS} legitimate declarations on one database`);
  declarationsOn.set(database, taken + 1);
  return 10 + taken;
}

async function timed(action: LegitimateAction, run: () => Promise<Response>): Promise<LegitimateOutcome> {
  const started = performance.now();
  const response = await run();
  await response.arrayBuffer();
  return { action, status: response.status, ms: Math.round(performance.now() - started) };
}

/**
 * Runs each legitimate action once (one after the other, as a user would), each from a new
 * address, and answers how each went. `signInHeaders` adds headers to the sign-in (a device cookie).
 */
async function runLegitimateTraffic(
  app: RunningApp,
  actions: readonly LegitimateAction[] = ['healthz', 'signIn', 'declaration', 'upload'],
  options: { signInHeaders?: Record<string, string> } = {},
): Promise<LegitimateOutcome[]> {
  const outcomes: LegitimateOutcome[] = [];
  for (const action of actions) {
    calls += 1;
    const from = { 'X-Forwarded-For': legitimateAddress(calls) };
    if (action === 'healthz') outcomes.push(await timed(action, () => fetch(`${app.baseUrl}/healthz`)));
    if (action === 'signIn')
      outcomes.push(
        await timed(action, () =>
          fetch(`${app.baseUrl}${LOGIN_PATH}`, {
            method: 'POST',
            headers: { ...from, 'Content-Type': 'application/json', ...options.signInHeaders },
            body: JSON.stringify(LEGITIMATE_STAFF),
          }),
        ),
      );
    if (action === 'declaration')
      outcomes.push(
        await timed(action, () =>
          fetch(`${app.baseUrl}${PARTNER_API_BASE}/sinistres`, {
            method: 'POST',
            headers: { ...from, 'Idempotency-Key': randomBytes(18).toString('base64url') },
            body: new URLSearchParams(
              validDeclaration(nextLegitimateSubscription(app.database), {
                assure_email: `legit.${calls}@example.com`,
              }),
            ),
          }),
        ),
      );
    if (action === 'upload') {
      const form = new FormData();
      form.append('type', '0');
      form.append(
        PROOF_UPLOAD_FILE_FIELD,
        new Blob([new Uint8Array(samplePdf())], { type: 'application/pdf' }),
        'rib.pdf',
      );
      outcomes.push(
        await timed(action, () =>
          fetch(`${app.baseUrl}${PARTNER_API_BASE}/justificatifs`, { method: 'POST', headers: from, body: form }),
        ),
      );
    }
  }
  return outcomes;
}

/** Asserts that every legitimate action succeeded (2xx) within LEGITIMATE_WITHIN_MS. */
export async function expectLegitimateTrafficServed(
  app: RunningApp,
  actions?: readonly LegitimateAction[],
  options?: { signInHeaders?: Record<string, string> },
): Promise<LegitimateOutcome[]> {
  const outcomes = await runLegitimateTraffic(app, actions, options);
  for (const outcome of outcomes) {
    expect({ action: outcome.action, ok: outcome.status >= 200 && outcome.status < 300 }).toEqual({
      action: outcome.action,
      ok: true,
    });
    expect(outcome.ms, `${outcome.action} answered in ${outcome.ms} ms`).toBeLessThanOrEqual(LEGITIMATE_WITHIN_MS);
  }
  return outcomes;
}

export interface AttackedAppOptions {
  /** More configuration (TRUST_PROXY=1 is always set, so `X-Forwarded-For` plays the addresses). */
  config?: Record<string, string>;
  /** A DATA_DIR of its own, removed after (uploads land there). */
  ownDataDir?: boolean;
  /** Shorter body pace bounds for the test. */
  bodyPace?: TestAppOptions['bodyPace'];
  /** Runs after the demo data is seeded, before the app starts. */
  prepare?: () => Promise<void>;
}

/**
 * Registers the setup of an abuse file on the test database: the demo data, the legitimate staff
 * member, then the real app on a free port (closed after). Answers the running app and its own
 * DATA_DIR (with `ownDataDir`), once started.
 */
export function useAttackedApp(
  context: { database: Database },
  options: AttackedAppOptions = {},
): { running: () => RunningApp; dataDir: () => string } {
  let site: ReturnType<typeof createFakeSite> | undefined;
  let dataDir: string | undefined;
  let app: RunningApp | undefined;
  beforeAll(async () => {
    await seedDemoData(context.database.db);
    await prepareLegitimateStaff(context.database.db);
    await options.prepare?.();
    site = createFakeSite();
    if (options.ownDataDir) dataDir = mkdtempSync(join(tmpdir(), 'claim-portal-attack-'));
    app = await startTestApp(site.staticDir, undefined, {
      database: context.database,
      config: { TRUST_PROXY: '1', ...(dataDir ? { DATA_DIR: dataDir } : {}), ...options.config },
      ...(options.bodyPace ? { bodyPace: options.bodyPace } : {}),
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    site?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    running: () => {
      if (!app) throw new Error('the app starts in beforeAll');
      return app;
    },
    dataDir: () => {
      if (!dataDir) throw new Error('the data directory is made in beforeAll, with ownDataDir');
      return dataDir;
    },
  };
}
