import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  ClaimHandlingAnswerSchema,
  WorkQueueAnswerSchema,
  WorkQueueCountsAnswerSchema,
} from '../../../contracts/backoffice.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { claimProofs, claims, documentTypes, faqEntries } from '../../db/schema.ts';
import { usePartnerApiApp } from '../../customer-api/proofs/test-support.ts';
import { createCapturedLogger } from '../../test-support.ts';
import { FaqAssistant } from '../../faq/service.ts';
import { signedInStaffCookie } from '../sessions/test-support.ts';

/**
 * The work queue over real HTTP on both databases. The demo's SI-0000003 holds a
 * received RIB (to review); SI-0000008 is made to wait for its claimant (declared in September,
 * nothing since); a question asked on the FAQ assistant that nothing answers waits for an answer.
 */
describeWithDatabases('The work queue and its counts', (context) => {
  const captured = createCapturedLogger('info');
  const suite = usePartnerApiApp(context, captured.logger);
  let cookie = '';

  beforeAll(async () => {
    cookie = await signedInStaffCookie(context.database.db, 'claude.staff');
  });

  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = { Cookie: cookie },
  ) {
    const answer = await fetch(`${suite.app.baseUrl}${path}`, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: answer.status, body: (await answer.json().catch(() => undefined)) as unknown };
  }

  async function queue() {
    const { status, body } = await call('GET', '/a_traiter');
    expect(status).toBe(200);
    return WorkQueueAnswerSchema.parse(body).datas;
  }

  async function counts() {
    const { status, body } = await call('GET', '/a_traiter/compteurs');
    expect(status).toBe(200);
    return WorkQueueCountsAnswerSchema.parse(body).datas;
  }

  it('When nobody is signed in, then the queue and its counts answer 401', async () => {
    for (const path of ['/a_traiter', '/a_traiter/compteurs'])
      expect((await call('GET', path, undefined, {})).status).toBe(401);
  });

  it('When staff open the queue, then received proofs, claims waiting over 7 days and unanswered questions are listed, and the counts follow what staff do', async () => {
    // SI-0000008 waits for its claimant: back in progress with a document asked and never sent.
    const [si8] = await context.database.db
      .update(claims)
      .set({ etat: 'en_cours' })
      .where(eq(claims.numero, 'SI-0000008'))
      .returning({ id: claims.id, declared: claims.declarationDate });
    const types = await context.database.db.select({ id: documentTypes.id }).from(documentTypes);
    const held = await context.database.db
      .select({ id: claimProofs.documentTypeId })
      .from(claimProofs)
      .where(eq(claimProofs.claimId, si8?.id ?? 0));
    const [type, another] = types.filter((candidate) => !held.some((proof) => proof.id === candidate.id));
    await context.database.db.insert(claimProofs).values({
      claimId: si8?.id ?? 0,
      documentTypeId: type?.id ?? null,
      nomCourt: 'Facture',
      demande: 1,
      creationDate: sql`now() - interval '40 days'`,
    });
    // A question nothing answers, asked by visitors (stored without an answer).
    const asked = await call(
      'POST',
      '/faq',
      { question: 'Quel est le nom du perroquet vert ?', lang: 'fr', company: '' },
      {},
    );
    expect(asked.status).toBe(200);
    // Two more visitors ask it (a question reaches staff once three have).
    const assistant = new FaqAssistant(context.database.db);
    for (const visitor of ['192.0.2.31', '192.0.2.32'])
      await assistant.ask('Quel est le nom du perroquet vert ?', 'fr', visitor);

    const first = await queue();
    expect(first.proofs.map((claim) => claim.number)).toEqual(['SI-0000003']);
    expect(first.proofs[0]).toMatchObject({ etat: 'en_cours', name: 'MARTIN', toReview: ['RIB'] });
    expect(first.proofs[0]?.missing).toHaveLength(2);
    expect(first.waiting.map((claim) => claim.number)).toEqual(['SI-0000008']);
    // Waiting since its last movement (its declaration or the last file it sent, in September).
    const since = Date.parse(first.waiting[0]?.since ?? '');
    expect(since).toBeGreaterThanOrEqual(si8?.declared.getTime() ?? 0);
    expect(since).toBeLessThan(Date.now() - 7 * 24 * 3600_000);
    expect(first.waiting[0]?.missing).toHaveLength(1);
    const unanswered = first.questions.find((entry) => entry.question === 'Quel est le nom du perroquet vert ?');
    expect(unanswered).toMatchObject({ lang: 'fr', occurence: 3 });
    expect(first.questions.every((entry) => entry.question !== '')).toBe(true);
    expect(first.counts).toEqual({
      proofs: 1,
      waiting: 1,
      claims: 2,
      questions: first.questions.length,
      inbox: 0,
      inboxLate: 0,
    });
    // The badges' counts are the queue's, and carry nothing but numbers.
    expect(await counts()).toEqual(first.counts);

    // The list shows state, brand and missing documents for every claim.
    const list = (await call('GET', '/sinistres')).body as {
      datas: { number: string; etat: string; brand: string; missing: string[] }[];
    };
    expect(list.datas.find((claim) => claim.number === 'SI-0000003')).toMatchObject({
      etat: 'en_cours',
      missing: first.proofs[0]?.missing,
    });
    expect(list.datas.every((claim) => claim.brand !== '')).toBe(true);

    // Validating the RIB: nothing left to review on SI-0000003; staff just acted, so it does not wait either.
    const claim = (await call('GET', '/sinistres/SI-0000003')).body as {
      datas: { brand: string; proofs: { id: number; dropbox: number; valide: number }[] };
    };
    // The claim's page names its brand as the list does.
    expect(claim.datas.brand).not.toBe('');
    expect(claim.datas.brand).toBe(list.datas.find((listed) => listed.number === 'SI-0000003')?.brand);
    const received = claim.datas.proofs.find((proof) => proof.dropbox === 1 && proof.valide === 0);
    expect((await call('POST', `/sinistres/SI-0000003/justificatifs/${received?.id}/validation`)).status).toBe(200);
    expect(await counts()).toMatchObject({ proofs: 0, waiting: 1, claims: 1 });

    // Asking SI-0000008's claimant for a document again starts a new wait.
    expect((await call('POST', '/sinistres/SI-0000008/justificatifs', { documentTypeId: another?.id })).status).toBe(
      200,
    );
    expect(await counts()).toMatchObject({ proofs: 0, waiting: 0, claims: 0 });

    // An answer written by staff takes the question out of the queue.
    await context.database.db
      .update(faqEntries)
      .set({ reponse: '<p>Coco.</p>' })
      .where(eq(faqEntries.id, unanswered?.id ?? 0));
    expect((await counts()).questions).toBe(first.counts.questions - 1);
  });

  it("When staff change a claim's state, then the claim page lists the mail held for the claimant (subject, date, state) and never its body; set back within the minute, it reads cancelled", async () => {
    const page = async () => {
      const { status, body } = await call('GET', '/sinistres/SI-0000007');
      expect(status).toBe(200);
      expect(JSON.stringify(body)).not.toMatch(/textBody|htmlBody|dossier=/);
      // The claimant's mails never name their recipient (the establishment's copy names its booking desk).
      expect(JSON.stringify((body as { datas: { mails: unknown } }).datas.mails)).not.toMatch(/recipient/);
      return ClaimHandlingAnswerSchema.parse(body).datas;
    };
    const before = await page();
    expect(before.etat).toBe('paiement_envoye');

    expect((await call('PATCH', '/sinistres/SI-0000007/etat', { etat: 'sans_suite' })).status).toBe(200);
    const after = await page();
    expect(after.mails).toHaveLength(before.mails.length + 1);
    const mail = after.mails.at(-1);
    expect(mail).toMatchObject({ kind: 'claim-state-changed', status: 'pending', sentAt: null });
    expect(mail?.subject).toContain('SI-0000007');
    expect(Number.isNaN(Date.parse(mail?.createdAt ?? ''))).toBe(false);

    expect((await call('PATCH', '/sinistres/SI-0000007/etat', { etat: 'paiement_envoye' })).status).toBe(200);
    const undone = await page();
    expect(undone.mails.map((each) => each.status)).toEqual([...before.mails.map((each) => each.status), 'cancelled']);
  });
});
