import { desc, eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { ReportRateAnswerSchema } from '../../../contracts/analysis.ts';
import { dayInTimeZone } from '../../../contracts/dates.ts';
import { FIND_NUMBER_REPORT_PATH } from '../../../contracts/statistics.ts';
import { PARTNER_API_BASE } from '../../../contracts/partner-api.ts';
import { insuredNumberRequests, visitorReports } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { multipartForm, postForm, usePartnerApiApp } from '../../customer-api/proofs/test-support.ts';
import { createCapturedLogger } from '../../test-support.ts';
import { signedInStaffCookie } from '../sessions/test-support.ts';

/**
 * The find-my-number rate as staff read it, fed through the real routes: visitors ask for their
 * number (POST attestation), their pages report the attempt as every browser does (analyse01,
 * 'success' for any 200), and the staff API counts who found a number, as the server knows it.
 */

/** Unix seconds of noon UTC of a day: the same calendar day everywhere in Europe. */
function noonUtc(day: string): string {
  return String(Date.parse(`${day}T12:00:00Z`) / 1000);
}

/** SO-0000001 of the demo: julien.moreau@example.com, stay 2027-07-10 → 2027-07-24. */
const KNOWN = { email: 'julien.moreau@example.com', start: '2027-07-10', end: '2027-07-24' };
/** Nobody's address, the same stay. */
const UNKNOWN = { email: 'nobody.here@example.com', start: '2027-07-10', end: '2027-07-24' };

describeWithDatabases('statistics: the find-my-number rate counts numbers found', (context) => {
  const suite = usePartnerApiApp(context, createCapturedLogger('info').logger);

  /** One visitor's attempt: the request, then the page's report of the 200 it was shown. */
  async function visitorAsks(visitor: typeof KNOWN, socketId: string): Promise<void> {
    const { db } = context.database;
    const before = (await db.select().from(insuredNumberRequests)).length;
    const answer = await postForm(
      `${suite.app.baseUrl}${PARTNER_API_BASE}/attestation`,
      multipartForm({
        acquisition_methode: 'portail__mail',
        assure_email: visitor.email,
        sejour_debut_date: noonUtc(visitor.start),
        sejour_fin_date: noonUtc(visitor.end),
        lang: 'fr',
      }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // The look-up runs after the answer: wait for the server's own record of the outcome.
    await vi.waitFor(async () => expect((await db.select().from(insuredNumberRequests)).length).toBe(before + 1), {
      timeout: 10_000,
      interval: 20,
    });
    const reported = await fetch(`${suite.app.baseUrl}${FIND_NUMBER_REPORT_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        status: 'success',
        message: 'Si ces informations correspondent à un contrat, son numéro vous a été envoyé.',
        email: visitor.email,
        sejour_debut_date: visitor.start,
        sejour_fin_date: visitor.end,
        socketId,
      }),
    });
    expect(reported.status).toBe(202);
  }

  it('When one visitor whose number is found and one whose number is not both see the same answer, then the rate staff read is 50 %', async () => {
    const { db } = context.database;
    await db.delete(visitorReports);
    await visitorAsks(KNOWN, 'visitor-found');
    await visitorAsks(UNKNOWN, 'visitor-not-found');
    // The server's outcomes, as find my number recorded them.
    const outcomes = await db
      .select({ email: insuredNumberRequests.email, status: insuredNumberRequests.status })
      .from(insuredNumberRequests)
      .orderBy(desc(insuredNumberRequests.id))
      .limit(2);
    expect(outcomes).toEqual([
      { email: UNKNOWN.email, status: 'not_found' },
      { email: KNOWN.email, status: 'found' },
    ]);

    const today = dayInTimeZone(new Date(), 'Europe/Paris');
    const query = new URLSearchParams({
      start_date: `${today} 00:00:00`,
      end_date: `${today} 23:59:00`,
      timezone: 'Europe/Paris',
    });
    const cookie = await signedInStaffCookie(db, 'rate.reader');
    const response = await fetch(`${suite.app.baseUrl}/analyse01?${query}`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(ReportRateAnswerSchema.parse(await response.json()).datas).toEqual({
      countOK: 1,
      countKO: 1,
      countOKPercent: 50,
    });
    // What is kept of the attempts: their outcome, never the address.
    const kept = await db.select().from(visitorReports).where(eq(visitorReports.kind, 'find_number'));
    expect(kept.map((report) => [report.socketId, report.status]).sort()).toEqual([
      ['visitor-found', 'success'],
      ['visitor-not-found', 'error'],
    ]);
    expect(JSON.stringify(kept)).not.toContain('example.com');
  });
});
