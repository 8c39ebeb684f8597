import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBrands } from '../../../brands/index.ts';
import type { BrandCatalog } from '../../../brands/lib/parse.ts';
import { CLAIM_STATES } from '../../../contracts/claim-states.ts';
import { LANGUAGES } from '../../../contracts/languages.ts';
import { queryRows } from '../../db/client.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { LocalFileStore } from '../../files/store.ts';
import { GUARANTEES } from '../records/guarantees.ts';
import { CLAIMS, SANDAYA_CONTRACT_NUMBER, SUBSCRIPTIONS } from '../records/people.ts';
import { requestDocument } from '../../staff-api/claims/service.ts';
import { seedDemoData } from '../seed.ts';
import { generateDemoVolume } from './claims.ts';

/** A fixed moment, so that the generated months are known. */
const NOW = new Date('2026-11-20T10:00:00Z');
const SEED = 7;
const DAY_MS = 24 * 60 * 60_000;

/** What a claim is, as a digest: its number and state, in number order. */
function digestOf(rows: readonly { numero: string; etat: string }[]): string {
  const lines = rows.map((row) => `${row.numero}:${row.etat}`).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

let brands: BrandCatalog;
beforeAll(async () => {
  brands = await loadBrands();
});

describe('generateDemoVolume', () => {
  it('When the volume is generated twice with one seed, then the claims are the same; another seed gives others', () => {
    const first = generateDemoVolume(brands, { now: NOW, seed: SEED });
    const again = generateDemoVolume(brands, { now: NOW, seed: SEED });
    const other = generateDemoVolume(brands, { now: NOW, seed: SEED + 1 });
    expect(digestOf(again.claims)).toBe(digestOf(first.claims));
    expect(again.claims.map((claim) => claim.subscription)).toEqual(first.claims.map((claim) => claim.subscription));
    expect(digestOf(other.claims)).not.toBe(digestOf(first.claims));
  });

  it('When a hand-written subscription gains a field, then the generated subscriptions derived from it carry it', () => {
    const volume = generateDemoVolume(brands, { now: NOW, seed: SEED });
    const sandaya = volume.subscriptions.filter((row) => row.contratCompagnieId === 1520);
    expect(sandaya.length).toBeGreaterThan(0);
    // Sandaya's hand-written subscription has a contract number: each generated one has its own.
    for (const row of sandaya) expect(row.numeroContrat).toMatch(/^SDY-\d{4}-\d{6}$/);
    expect(new Set(sandaya.map((row) => row.numeroContrat)).size).toBe(sandaya.length);
    expect(sandaya.map((row) => row.numeroContrat)).not.toContain(SANDAYA_CONTRACT_NUMBER);
  });
});

describeWithDatabases('The demo at full volume', (context) => {
  let filesDir: string;
  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'demo-volume-files-'));
    const fileStore = new LocalFileStore(filesDir);
    await seedDemoData(context.database.db, { volume: 'full', now: NOW, seed: SEED, brands, fileStore });
    return () => rmSync(filesDir, { recursive: true, force: true });
  }, 180_000);

  const rows = <Row>(query: ReturnType<typeof sql>) => queryRows<Row>(context.database.db, query);

  it('When npm start seeds the demo, then it holds at least 2,000 claims spread over the 18 months before now, every month', async () => {
    const [total] = await rows<{ claims: number; oldest: Date; newest: Date }>(
      sql`select count(*)::int as claims, min(declaration_date) as oldest, max(declaration_date) as newest from claims`,
    );
    expect(total?.claims).toBeGreaterThanOrEqual(2_000 + CLAIMS.length);
    const months = await rows<{ month: string; claims: number }>(
      sql`select to_char(declaration_date at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as claims
          from claims where numero not in ('SI-0000003', 'SI-0000007', 'SI-0000008') group by 1 order by 1`,
    );
    expect(months.length).toBeGreaterThanOrEqual(18);
    expect(new Date(total?.oldest ?? 0).getTime()).toBeGreaterThan(NOW.getTime() - 19 * 31 * DAY_MS);
    expect(new Date(total?.newest ?? 0).getTime()).toBeLessThanOrEqual(NOW.getTime());
    // Campsites fill up in summer: July and August hold more claims than January and February.
    const of = (suffix: string) =>
      months.filter((row) => row.month.endsWith(suffix)).reduce((sum, row) => sum + row.claims, 0);
    expect(of('-07') + of('-08')).toBeGreaterThan(2 * (of('-01') + of('-02')));
  });

  it('When the claims are listed, then every brand, state, guarantee, reason and language is present', async () => {
    const present = await rows<{ company: string; etat: string; garantie: number; motif: number; lang: string }>(
      sql`select distinct company, etat, garantie_id as garantie, motif_id as motif, lang from claims`,
    );
    const brandSlugs = new Set(present.map((row) => row.company));
    for (const brand of brands.partners) expect(brandSlugs, brand.slug).toContain(brand.slug);
    expect(new Set(present.map((row) => row.etat))).toEqual(new Set(CLAIM_STATES));
    expect(new Set(present.map((row) => row.lang))).toEqual(new Set(LANGUAGES));
    expect(new Set(present.map((row) => row.garantie))).toEqual(new Set(GUARANTEES.map((guarantee) => guarantee.id)));
    const reasons = GUARANTEES.flatMap((guarantee) => guarantee.motifs.map((reason) => reason.id));
    expect(new Set(present.map((row) => row.motif))).toEqual(new Set(reasons));
  });

  it('When a claim is read, then its brand may declare on its contract, and old claims are mostly closed while recent ones are open', async () => {
    const mismatched = await rows<{ numero: string }>(
      sql`select c.numero from claims c join contracts k on k.contrat_compagnie_id = c.contrat_compagnie_id
          where k.company is not null and k.company <> c.company`,
    );
    expect(mismatched).toEqual([]);
    const byAge = await rows<{ old: boolean; open: number; closed: number }>(
      sql`select declaration_date < ${new Date(NOW.getTime() - 120 * DAY_MS)} as old,
            count(*) filter (where etat in ('en_cours', 'attente_traitement'))::int as open,
            count(*) filter (where etat in ('paiement_envoye', 'sans_suite'))::int as closed
          from claims group by 1`,
    );
    const old = byAge.find((row) => row.old);
    const recent = byAge.find((row) => !row.old);
    expect(old && old.closed > 5 * old.open).toBe(true);
    const recentDays = await rows<{ open: number; all: number }>(
      sql`select count(*) filter (where etat = 'en_cours')::int as open, count(*)::int as all
          from claims where declaration_date > ${new Date(NOW.getTime() - 10 * DAY_MS)}`,
    );
    expect(recent?.open).toBeGreaterThan(0);
    expect((recentDays[0]?.open ?? 0) / (recentDays[0]?.all ?? 1)).toBeGreaterThan(0.7);
  });

  it('When the proofs are read, then every proof state shows: requested, transmitted unread, awaiting review, validated, refused, replaced', async () => {
    const [states] = await rows<Record<string, number>>(
      sql`select
            count(*) filter (where demande = 1 and dropbox = 0 and not exists (select 1 from uploaded_files f where f.claim_proof_id = p.id))::int as requested,
            count(*) filter (where dropbox = 1 and read_at is null and valide = 0)::int as unread,
            count(*) filter (where dropbox = 1 and read_at is not null and valide = 0)::int as awaiting,
            count(*) filter (where valide = 1)::int as validated,
            count(*) filter (where dropbox = 0 and exists (select 1 from claim_events e where e.action = 'proof_refused' and (e.detail->>'proofId')::int = p.id))::int as refused,
            count(*) filter (where (select count(*) from uploaded_files f where f.claim_proof_id = p.id) >= 2)::int as replaced
          from claim_proofs p`,
    );
    for (const state of ['requested', 'unread', 'awaiting', 'validated', 'refused', 'replaced']) {
      expect(states?.[state], state).toBeGreaterThan(0);
    }
    // A stored file is the proof's stated size, as a claimant's upload would be.
    const mismatched = await rows<{ id: number }>(
      sql`select p.id from claim_proofs p join uploaded_files f on f.claim_proof_id = p.id
          where p.nom_fichier = f.original_name and p.taille <> f.size`,
    );
    expect(mismatched).toEqual([]);
  });

  it('When the history and mails are read, then staff changes name their staff member, and the outbox shows every delivery state', async () => {
    const actions = await rows<{ action: string; actor: string }>(
      sql`select distinct action, staff_login as actor from claim_events`,
    );
    expect(new Set(actions.map((row) => row.action))).toEqual(
      new Set(['etat', 'document_requested', 'proof_validated', 'proof_refused']),
    );
    expect(new Set(actions.map((row) => row.actor))).toContain('admin');
    const mails = await rows<{ status: string; kind: string }>(sql`select distinct status, kind from mail_outbox`);
    expect(new Set(mails.map((row) => row.status))).toEqual(
      new Set(['sent', 'failed', 'limited', 'cancelled', 'pending']),
    );
    expect(new Set(mails.map((row) => row.kind))).toEqual(
      new Set([
        'claim-confirmation',
        'claim-state-changed',
        'document-requested',
        'proof-validated',
        'proof-refused',
        'complaint-acknowledgement',
        'contact-acknowledgement',
        'inbox-answer',
        'establishment-copy',
      ]),
    );
    // A claim's mails go to its claimant, but for the copy to its booking establishment.
    const strangers = await rows<{ recipient: string }>(
      sql`select recipient from mail_outbox m join claims c on c.id = m.claim_id
          where m.recipient <> c.assure_email and m.kind <> 'establishment-copy'`,
    );
    expect(strangers).toEqual([]);
    const copies = await rows<{ kind: string; ticked: boolean }>(
      sql`select m.kind, c.confirmation_annulation as ticked from mail_outbox m join claims c on c.id = m.claim_id
          where m.kind = 'establishment-copy'`,
    );
    expect(copies.length).toBeGreaterThan(0);
    expect(copies.every((copy) => copy.ticked)).toBe(true);
  });

  it('When the generated numbers are read, then none repeats nor takes a hand-written claim, insured or contract number', async () => {
    const claims = await rows<{ numero: string; etat: string }>(sql`select numero, etat from claims`);
    expect(new Set(claims.map((row) => row.numero)).size).toBe(claims.length);
    const handWritten = CLAIMS.map((claim) => ({ numero: claim.numero, etat: claim.etat }));
    expect(claims).toEqual(expect.arrayContaining(handWritten));
    const generated = generateDemoVolume(brands, { now: NOW, seed: SEED });
    const written = claims.filter((row) => !CLAIMS.some((claim) => claim.numero === row.numero));
    expect(digestOf(written)).toBe(digestOf(generated.claims));

    const perNumber = await rows<{ numero: string; subscriptions: number }>(
      sql`select assure_numero as numero, count(*)::int as subscriptions from subscriptions group by 1`,
    );
    for (const subscription of SUBSCRIPTIONS) {
      const expected = SUBSCRIPTIONS.filter((row) => row.assureNumero === subscription.assureNumero).length;
      expect(perNumber.find((row) => row.numero === subscription.assureNumero)?.subscriptions).toBe(expected);
    }
    const contractNumbers = await rows<{ numero: string; subscriptions: number }>(
      sql`select numero_contrat as numero, count(*)::int as subscriptions from subscriptions where numero_contrat is not null group by 1 having count(*) > 1`,
    );
    expect(contractNumbers).toEqual([]);
  });

  it('When staff open the inbox, then complaints and contact messages show in every state, some late, linked to claims, with files, notes and answers', async () => {
    const [inbox] = await rows<Record<string, number>>(
      sql`select
            count(distinct state)::int as states,
            count(distinct kind)::int as kinds,
            count(*)::int as messages,
            count(*) filter (where state not in ('repondu', 'clos') and first_answered_at is null and answer_due_at < ${NOW} and kind = 'reclamation')::int as "lateComplaints",
            count(*) filter (where state not in ('repondu', 'clos') and first_answered_at is null and answer_due_at < ${NOW} and kind = 'contact')::int as "lateContacts",
            count(*) filter (where acknowledged_at is null and acknowledgement_due_at < ${NOW} and state <> 'clos')::int as "lateAcknowledgements"
          from inbox_messages`,
    );
    expect(inbox).toMatchObject({ states: 4, kinds: 2 });
    expect(inbox?.['messages']).toBeGreaterThanOrEqual(200);
    for (const late of ['lateComplaints', 'lateContacts', 'lateAcknowledgements'])
      expect(inbox?.[late], late).toBeGreaterThan(0);
    const [links] = await rows<Record<string, number>>(
      sql`select
            (select count(*) from complaints where claim_id is not null)::int as complaints,
            (select count(*) from contact_messages where claim_id is not null)::int as contacts,
            (select count(*) from message_attachments a join uploaded_files f on f.id = a.uploaded_file_id)::int as files,
            (select count(*) from inbox_notes)::int as notes,
            (select count(*) from inbox_answers a join mail_outbox m on m.id = a.mail_outbox_id and m.kind = 'inbox-answer')::int as answers,
            (select count(distinct staff_login) from inbox_events where actor = 'staff')::int as staff`,
    );
    for (const kind of ['complaints', 'contacts', 'files', 'notes', 'answers'])
      expect(links?.[kind], kind).toBeGreaterThan(0);
    expect(links?.['staff']).toBeGreaterThan(1);
    const unlinked = await rows<{ id: number }>(
      sql`select id from inbox_messages i where not exists (select 1 from inbox_events e where e.inbox_message_id = i.id and e.action = 'created')`,
    );
    expect(unlinked).toEqual([]);
  });

  it('When staff open the FAQ, then every shipped question has been asked in every language, the common ones most, with votes, two answers rated poorly with a comment, and questions without an answer waiting', async () => {
    const [usage] = await rows<Record<string, number>>(
      sql`select
            count(*) filter (where reponse <> '' and occurence > 0 and last_asked_at <= ${NOW})::int as asked,
            count(*) filter (where reponse <> '')::int as curated,
            count(distinct lang) filter (where reponse <> '' and occurence > 0)::int as languages,
            count(*) filter (where reponse_utile_oui > 0)::int as useful,
            count(*) filter (where reponse_utile_non > 0 and date_reponse_utile_non <= ${NOW})::int as "notUseful",
            count(*) filter (where reponse = '' and occurence > 0 and question_key <> '')::int as unanswered,
            count(distinct lang) filter (where reponse = '')::int as "unansweredLanguages"
          from faq_entries`,
    );
    expect(usage?.['asked']).toBe(usage?.['curated']);
    expect(usage).toMatchObject({ languages: LANGUAGES.length, unansweredLanguages: LANGUAGES.length });
    expect(usage?.['useful']).toBeGreaterThan(100);
    expect(usage?.['notUseful']).toBeGreaterThan(50);
    expect(usage?.['unanswered']).toBeGreaterThanOrEqual(LANGUAGES.length);
    // « Les plus demandées »: declaring a claim in French comes before the privacy question.
    const [order] = await rows<{ declaring: number; privacy: number }>(
      sql`select
            (select occurence from faq_entries where lang = 'fr' and question like 'Comment déclarer%')::int as declaring,
            (select max(occurence) from faq_entries where lang = 'fr' and question ilike '%données personnelles%')::int as privacy`,
    );
    expect(order?.declaring).toBeGreaterThan(3 * (order?.privacy ?? 0));
    // « Les moins bien notées »: the two poorly rated answers, in each language, with staff's comment.
    const poorly = await rows<{ lang: string; commentaire: string }>(
      sql`select lang, commentaire from faq_entries
          where reponse_utile_non * 100 >= 15 * occurence and commentaire <> ''`,
    );
    expect(poorly).toHaveLength(2 * LANGUAGES.length);
  });

  it('When staff ask a generated claim for one more document, then the new proof is written after the generated ones', async () => {
    const [claim] = await rows<{ numero: string }>(
      sql`select numero from claims c where not exists (select 1 from claim_proofs p where p.claim_id = c.id and p.document_type_id = 99)
          order by id desc limit 1`,
    );
    const request = await requestDocument(context.database.db, claim?.numero ?? '', '99', {
      actor: 'admin',
      mailing: { brands, origin: 'http://localhost:4321' },
    });
    const [largest] = await rows<{ id: number }>(sql`select max(id)::int as id from claim_proofs`);
    expect(request.proofId).toBe(largest?.id);
  });
});
