import { describe, expect, it } from 'vitest';
import { FIND_NUMBER_REPORT_PATH, FOLLOW_UP_REPORT_PATH } from '../../../contracts/statistics.ts';
import { visitorReports } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { usePartnerApiApp } from '../proofs/test-support.ts';
import { createCapturedLogger } from '../../test-support.ts';
import { REPORTS_PER_ADDRESS } from './routes.ts';
import { scrubMessage } from './service.ts';

describe('scrubMessage', () => {
  it('When a message holds the typed values, an e-mail, a claim number or a phone, then none of them is kept', () => {
    const message = scrubMessage('MARTIN: SI-0000003 not found, write to jo@example.com or call 0612345678', [
      'Martin',
    ]);
    expect(message).toBe('…: … not found, write to … or call …');
  });
});

describeWithDatabases('statistics: analyse01 and analyse02 reports', (context) => {
  const captured = createCapturedLogger('info');
  const suite = usePartnerApiApp(context, captured.logger);

  function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    return fetch(`${suite.app.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  async function reports() {
    return context.database.db.select().from(visitorReports).orderBy(visitorReports.id);
  }

  it('When a find-my-number attempt is reported, then it is stored with its outcome and dates but no e-mail address', async () => {
    await context.database.db.delete(visitorReports);
    const answer = await post(FIND_NUMBER_REPORT_PATH, {
      status: 'error',
      message: 'Erreur\u00a0: Nous ne retrouvons aucun numéro avec les informations soumises.',
      email: 'Julien.Moreau@example.com',
      sejour_debut_date: '2027-07-10',
      sejour_fin_date: '2027-07-24',
      company: 'veligo',
      lang: 'en',
    });
    expect(answer.status).toBe(202);
    await expect(answer.json()).resolves.toEqual({ status: 'success' });
    const [row] = await reports();
    expect(row).toMatchObject({
      kind: 'find_number',
      status: 'error',
      company: 'veligo',
      lang: 'en',
      sejourDebutDate: '2027-07-10',
      sejourFinDate: '2027-07-24',
    });
    expect(row?.subjectHash).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(JSON.stringify(row).toLowerCase()).not.toContain('julien');
  });

  it('When the same claim number and name are reported twice, then both rows share hashes that reveal neither', async () => {
    await context.database.db.delete(visitorReports);
    for (const [numero, nom] of [
      ['SI-0000003', 'MARTIN'],
      [' SI-0000003', 'Martin '],
    ])
      expect(
        (
          await post(FOLLOW_UP_REPORT_PATH, {
            status: 'error',
            message: `Sorry, ${nom} ${numero} was not found`,
            dossier_numero: numero,
            dossier_nom: nom,
          })
        ).status,
      ).toBe(202);
    const [first, second] = await reports();
    expect(first?.kind).toBe('follow_up');
    expect(first?.subjectHash).toBe(second?.subjectHash);
    expect(first?.nameHash).toBe(second?.nameHash);
    expect(first?.nameHash).not.toBe(first?.subjectHash);
    const stored = JSON.stringify(await reports()).toLowerCase();
    expect(stored).not.toContain('martin');
    expect(stored).not.toContain('0000003');
    expect(first?.message).toBe('Sorry, … … was not found');
  });

  it('When a report has an unknown field or a wrong status, then it is refused and nothing is stored', async () => {
    await context.database.db.delete(visitorReports);
    expect((await post(FOLLOW_UP_REPORT_PATH, { status: 'maybe' })).status).toBe(400);
    expect((await post(FOLLOW_UP_REPORT_PATH, { status: 'success', phone: '0612345678' })).status).toBe(400);
    expect(await reports()).toEqual([]);
  });

  it('When another site posts a report, then it is refused', async () => {
    const answer = await post(
      FIND_NUMBER_REPORT_PATH,
      { status: 'success' },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    );
    expect(answer.status).toBe(403);
  });

  it('When one address sends more reports than a visitor would, then the surplus answers 429', async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= REPORTS_PER_ADDRESS.limit; index += 1)
      statuses.push((await post(FOLLOW_UP_REPORT_PATH, { status: 'success' })).status);
    expect(statuses.slice(0, -1).every((status) => status === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // 1,201 posts one after the other, each written: seconds on PGlite beside the whole suite.
  }, 60_000);
});
