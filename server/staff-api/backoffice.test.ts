import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { activities, claimEvents, claims } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { usePartnerApiApp } from '../customer-api/proofs/test-support.ts';
import { signedInStaffCookie } from './sessions/test-support.ts';
import { createCapturedLogger } from '../test-support.ts';
import { runClaimsCommand } from './claims/command.ts';
import { SinistresAnswerSchema } from '../../contracts/partner-api.ts';

describeWithDatabases('back office: claims and activities', (context) => {
  const captured = createCapturedLogger('info');
  const suite = usePartnerApiApp(context, captured.logger);
  let cookie = '';

  beforeAll(async () => {
    cookie = await signedInStaffCookie(context.database.db, 'claude.staff');
  });

  async function call(method: string, path: string, body?: unknown) {
    const answer = await fetch(`${suite.app.baseUrl}${path}`, {
      method,
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: answer.status, body: (await answer.json().catch(() => undefined)) as Record<string, unknown> };
  }

  it('When staff list the claims, then each has its number, socket, name and creation, newest first', async () => {
    await context.database.db
      .update(claims)
      .set({ creationSocketId: 'sock-abc' })
      .where(eq(claims.numero, 'SI-0000007'));
    const { status, body } = await call('GET', '/sinistres');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'success', total: 3, page: 1, size: 10, pages: 1 });
    expect(body['datas']).toEqual([
      {
        id: expect.any(Number),
        number: 'SI-0000003',
        socketId: '',
        name: 'MARTIN',
        created_at: '2026-11-04T09:12:00.000Z',
        etat: 'en_cours',
        brand: expect.any(String),
        missing: expect.any(Array),
      },
      expect.objectContaining({ number: 'SI-0000008', socketId: '', name: 'PETIT', etat: 'sans_suite' }),
      expect.objectContaining({ number: 'SI-0000007', socketId: 'sock-abc', name: 'DURAND', etat: 'paiement_envoye' }),
    ]);
  });

  it.each([
    ['nom=mart', ['SI-0000003']],
    ['numero=0007', ['SI-0000007']],
    ['socketId=ABC', ['SI-0000007']],
    ['created=2026/11', ['SI-0000003']],
    ['created=2026/11/04', ['SI-0000003']],
    // As the list shows the day, as staff read it.
    ['created=04/11/2026', ['SI-0000003']],
    ['created=4/11', ['SI-0000003']],
    ['created=04.11.2026', ['SI-0000003']],
    ['created=05/11/2026', []],
    ['nom=%25', []],
    ['nom=r&numero=0008', []],
  ])('When staff filter with %s, then the list holds %j', async (query, numbers) => {
    const { body } = await call('GET', `/sinistres?${query}`);
    expect((body['datas'] as { number: string }[]).map((claim) => claim.number)).toEqual(numbers);
    expect(body['total']).toBe(numbers.length);
  });

  it('When staff page through the claims, then pages, sizes and totals follow, and a bad size is refused', async () => {
    const page2 = await call('GET', '/sinistres?size=5&page=2');
    // A page past the end is the last page.
    expect(page2.body).toMatchObject({ page: 1, pages: 1, size: 5 });
    expect((await call('GET', '/sinistres?size=7')).status).toBe(400);
  });

  it('When staff handle SI-0000003, then state, requested document, validation and refusal are stored with the login, and the claimant sees them', async () => {
    const before = await call('GET', '/sinistres/SI-0000003');
    expect(before.status).toBe(200);
    const claim = before.body['datas'] as {
      proofs: { id: number; nomCourt: string; dropbox: number; valide: number }[];
      documentTypes: { id: number; code: string; nomCourt: string }[];
      contact: { ville: string; pays: string };
    };
    // The country chosen at step 4, named in French.
    expect(claim.contact.pays).toBe('France');
    const received = claim.proofs.find((proof) => proof.dropbox === 1 && proof.valide === 0);
    const missing = claim.proofs.find((proof) => proof.dropbox === 0);
    expect(received).toBeDefined();
    // A proof without a file cannot be validated or refused.
    expect(
      (await call('POST', `/sinistres/SI-0000003/justificatifs/${missing?.id}/refus`, { motif: 'Illisible' })).status,
    ).toBe(409);
    expect(
      (await call('POST', `/sinistres/SI-0000003/justificatifs/${received?.id}/refus`, { motif: '' })).status,
    ).toBe(400);

    // This database was seeded without the demo's files: nothing to send (the browser test opens one).
    const file = await call('GET', `/sinistres/SI-0000003/justificatifs/${missing?.id}/fichier`);
    expect(file).toEqual({ status: 404, body: { status: 'error', message: 'Ce justificatif n’a pas de fichier.' } });

    expect(
      (await call('POST', `/sinistres/SI-0000003/justificatifs/${received?.id}/refus`, { motif: 'Illisible' })).status,
    ).toBe(200);
    const other = claim.documentTypes.find((type) => !claim.proofs.some((proof) => proof.nomCourt === type.nomCourt));
    expect((await call('POST', '/sinistres/SI-0000003/justificatifs', { documentTypeId: other?.id })).status).toBe(200);
    expect((await call('PATCH', '/sinistres/SI-0000003/etat', { etat: 'attente_traitement' })).status).toBe(200);
    expect((await call('PATCH', '/sinistres/SI-0000003/etat', { etat: 'supprime' })).status).toBe(400);

    const after = (await call('GET', '/sinistres/SI-0000003')).body['datas'] as {
      etat: string;
      proofs: { id: number; demande: number; dropbox: number; refusal: { at: string; motif: string } | null }[];
      history: { staffLogin: string; action: string; detail: Record<string, unknown> }[];
    };
    expect(after.etat).toBe('attente_traitement');
    // Asked again, with when and why: the claim page's state column says "Refusé le …".
    const refused = after.proofs.find((proof) => proof.id === received?.id);
    expect(refused).toMatchObject({ demande: 1, dropbox: 0, refusal: { motif: 'Illisible' } });
    expect(Date.parse(refused?.refusal?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(after.proofs.filter((proof) => proof.refusal !== null)).toHaveLength(1);
    // After the demo's own entry (the booking confirmation validated in November), oldest first.
    expect(after.history.map((event) => [event.staffLogin, event.action])).toEqual([
      ['camille', 'proof_validated'],
      ['claude.staff', 'proof_refused'],
      ['claude.staff', 'document_requested'],
      ['claude.staff', 'etat'],
    ]);
    expect(after.history[1]?.detail).toMatchObject({ motif: 'Illisible' });
    expect(after.history[3]?.detail).toEqual({ from: 'en_cours', to: 'attente_traitement' });

    // The claimant's follow-up (partner API, by number and name) shows the same.
    const followUp = await fetch(
      `${suite.app.baseUrl}/partenaire/api/v2/declare/sinistres?dossier_numero=SI-0000003&dossier_nom=MARTIN&lang=fr`,
    );
    const seen = SinistresAnswerSchema.parse(await followUp.json());
    expect(seen.data.infos_sinistre.etat).toBe('attente_traitement');
    // The refused proof reads refused, with its day; staff's reason comes with the follow-up link only.
    expect(seen.data.infos_sinistre.justificatifs_manquants[String(received?.id)]?.data_mysql).toMatchObject({
      dropbox: 0,
      refus_date: refused?.refusal?.at,
      refus_motif: '',
    });
    const events = await context.database.db
      .select()
      .from(claimEvents)
      .where(eq(claimEvents.staffLogin, 'claude.staff'));
    expect(events).toHaveLength(3);
  });

  it('When a claim is changed with `npm run claims`, then staff read the same history entries as for the back office, by `terminal`', async () => {
    const database = context.database;
    const before = (await call('GET', '/sinistres/SI-0000008')).body['datas'] as {
      etat: string;
      history: unknown[];
      proofs: { documentTypeId: number | null }[];
      documentTypes: { id: number; code: string; nomCourt: string }[];
    };
    const target = before.etat === 'en_cours' ? 'attente_traitement' : 'en_cours';
    const type = before.documentTypes.find((one) => !before.proofs.some((proof) => proof.documentTypeId === one.id));
    if (!type) throw new Error('SI-0000008 has a proof of every type');

    const change = await runClaimsCommand(['set-etat', 'SI-0000008', target], database);
    expect(change).toMatchObject({ exitCode: 0, stderr: '' });
    const requested = await runClaimsCommand(['request-document', 'SI-0000008', type.code], database);
    expect(requested).toMatchObject({ exitCode: 0, stderr: '' });
    const proofId = Number(/proof (\d+)/.exec(requested.stdout)?.[1]);
    expect(
      await runClaimsCommand(['validate-document', 'SI-0000008', String(proofId), '--force'], database),
    ).toMatchObject({ exitCode: 0, stderr: '' });
    // Setting the state it has, or validating again, changes nothing and writes nothing.
    await runClaimsCommand(['set-etat', 'SI-0000008', target], database);
    await runClaimsCommand(['validate-document', 'SI-0000008', String(proofId)], database);
    // A refused change leaves no entry.
    expect((await runClaimsCommand(['set-etat', 'SI-0000008', 'archive'], database)).exitCode).toBe(1);

    const after = (await call('GET', '/sinistres/SI-0000008')).body['datas'] as {
      history: { staffLogin: string; action: string; detail: Record<string, unknown>; at: string }[];
    };
    const added = after.history.slice(before.history.length);
    expect(added.map(({ staffLogin, action, detail }) => ({ staffLogin, action, detail }))).toEqual([
      { staffLogin: 'terminal', action: 'etat', detail: { from: before.etat, to: target } },
      { staffLogin: 'terminal', action: 'document_requested', detail: { proofId, document: type.nomCourt } },
      { staffLogin: 'terminal', action: 'proof_validated', detail: { proofId, document: type.nomCourt } },
    ]);

    // The back office's own change, on the same claim, is written the same way with the staff login.
    expect((await call('PATCH', '/sinistres/SI-0000008/etat', { etat: before.etat })).status).toBe(200);
    const last = ((await call('GET', '/sinistres/SI-0000008')).body['datas'] as typeof after).history.at(-1);
    expect(last).toMatchObject({
      staffLogin: 'claude.staff',
      action: 'etat',
      detail: { from: target, to: before.etat },
    });
  });

  it('When activities exist, then visits per hour, visited pages per partner and the list answer them', async () => {
    const db = context.database.db;
    await db.delete(activities);
    const now = new Date();
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
    await db.insert(activities).values([
      {
        socketId: 'a1',
        entryPage: '/veligo/en',
        currentPage: '/veligo/en/declare-step1',
        historyPages: [
          { page: '/veligo/en', at: at(30) },
          { page: '/veligo/en/declare-sinistre', at: at(29) },
          { page: '/veligo/en/declare-step1', at: at(28) },
        ],
        navigator: 'Mozilla/5.0 (iPhone) Mobile',
        createdAt: new Date(at(30)),
      },
      {
        socketId: 'a2',
        entryPage: '/faq',
        currentPage: '/contact',
        historyPages: [
          { page: '/faq', at: at(10) },
          { page: '/contact', at: at(9) },
          { page: '/nowhere', at: at(8) },
        ],
        navigator: 'Mozilla/5.0 Firefox/131.0',
        createdAt: new Date(at(10)),
        disconnectedAt: new Date(at(5)),
      },
      {
        socketId: 'a3',
        entryPage: '/zenride/declare-sinistre',
        currentPage: '/zenride/declare-sinistre',
        historyPages: [{ page: '/zenride/declare-sinistre', at: at(3) }],
        navigator: 'Mozilla/5.0 Chrome/131.0',
        createdAt: new Date(at(3)),
      },
    ]);
    const online = await call('GET', '/activities/1/60');
    const visits = (online.body['datas'] as { visits: { time: string; count: number }[] }).visits;
    expect(visits.length).toBeGreaterThanOrEqual(24);
    expect(visits.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(3);
    expect((await call('GET', '/activities/2/60')).status).toBe(400);

    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
    const pages = await call('POST', '/activities/between_dates', {
      start_date: `${yesterday} 00:00:00`,
      end_date: `${today} 23:59:59`,
    });
    const result = (
      pages.body['datas'] as { result: { pages: string[]; series: { name: string; counts: number[] }[] } }
    ).result;
    const count = (series: string, page: string) =>
      result.series.find((item) => item.name === series)?.counts[result.pages.indexOf(page)];
    expect(count('veligo', 'home')).toBe(1);
    expect(count('veligo', 'declare-step1')).toBe(1);
    expect(count('Base', 'faq')).toBe(1);
    // '/nowhere', and '/zenride/…': zenride is not a partner of the test catalogue.
    expect(count('Base', 'error')).toBe(2);
    expect(count('Global', 'declare-sinistre')).toBe(1);

    const list = await call('GET', '/activities?size=5');
    expect(list.body['total']).toBe(3);
    expect((list.body['datas'] as { socketId: string }[]).map((row) => row.socketId)).toEqual(['a3', 'a2', 'a1']);
    const filtered = await call('GET', '/activities?navigator=firefox');
    expect((filtered.body['datas'] as { socketId: string }[]).map((row) => row.socketId)).toEqual(['a2']);
    const onlineOnly = await call('GET', '/activities?online=true');
    expect(onlineOnly.body['total']).toBe(2);
    // The claims list's link to the session that declared a claim: that session only, whatever its day.
    const declaring = await call('GET', '/activities?session=a2');
    expect(declaring.body['total']).toBe(1);
    expect((declaring.body['datas'] as { socketId: string }[]).map((row) => row.socketId)).toEqual(['a2']);
    expect((await call('GET', '/activities?session=a')).body['total']).toBe(0);
    expect((await call('GET', `/activities?session=${encodeURIComponent("a2' or 1=1")}`)).status).toBe(400);
    await db.execute(sql`delete from activities`);
  });
});
