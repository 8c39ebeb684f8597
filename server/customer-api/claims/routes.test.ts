import { CLAIM_NUMBER_PATTERN } from '../../../contracts/claim-number.ts';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ErrorAnswerSchema,
  LienSuiviAnswerSchema,
  PARTNER_API_BASE,
  SinistresAnswerSchema,
  SinistresCreatedAnswerSchema,
} from '../../../contracts/partner-api.ts';
import {
  claimProofs,
  claims,
  contracts,
  documentTypeTranslations,
  followUpTokens,
  mailOutbox,
  rateLimitHits,
  reasonDocuments,
} from '../../db/schema.ts';
import { claimLogId } from '../../claim-log-id.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { getDocumentType } from '../../../content/documents.ts';
import { getDemoGuarantee } from '../../demo/records/guarantees.ts';
import { createCapturedLogger, createFakeSite, type RunningApp } from '../../test-support.ts';
import { FAILED_LOOKUP_BY_ADDRESS_RULE, hashFollowUpToken, WRONG_NAME_RULE } from './claimant-access.ts';
import { FOLLOW_UP_LINK_BY_NUMBER_RULE } from './routes.ts';
import { frenchDay, isoDay, postDeclaration, startClaimsApp, validDeclaration } from './test-support.ts';

/** A fresh Idempotency-Key, as the wizard makes one per draft. */
function newKey(): string {
  return randomBytes(18).toString('base64url');
}

/** Document type ids the demo reason requires, in order. */
function documentsOfReason(reasonId: number): number[] {
  for (const id of [1, 5, 12, 22, 60, 102]) {
    const reason = getDemoGuarantee(id).motifs.find((motif) => motif.id === reasonId);
    if (reason) return [...reason.documentTypeIds];
  }
  throw new Error(`no demo reason ${reasonId}`);
}

describeWithDatabases('partner API: claims', { demo: true }, (context) => {
  let site: ReturnType<typeof createFakeSite>;
  let app: RunningApp;
  const captured = createCapturedLogger('info');

  beforeAll(async () => {
    // The demo's zenride and sandaya contracts, sold here under the test catalog's bikeco and velo.
    const { db } = context.database;
    await db.update(contracts).set({ company: 'bikeco' }).where(eq(contracts.contratCompagnieId, 5210));
    await db.update(contracts).set({ company: 'velo' }).where(eq(contracts.contratCompagnieId, 1520));
    site = createFakeSite();
    app = await startClaimsApp(context.database, site.staticDir, { logger: captured.logger });
  });
  afterAll(async () => {
    await app?.close();
    site?.remove();
  });
  // Every test starts with fresh abuse counters: they all come from 127.0.0.1.
  beforeEach(async () => {
    await context.database.db.delete(rateLimitHits);
  });

  async function countRows(): Promise<{ claims: number; proofs: number; mails: number; tokens: number }> {
    const { db } = context.database;
    const [claimCount] = await db.select({ n: count() }).from(claims);
    const [proofCount] = await db.select({ n: count() }).from(claimProofs);
    const [mailCount] = await db.select({ n: count() }).from(mailOutbox);
    const [tokenCount] = await db.select({ n: count() }).from(followUpTokens);
    return {
      claims: Number(claimCount?.n),
      proofs: Number(proofCount?.n),
      mails: Number(mailCount?.n),
      tokens: Number(tokenCount?.n),
    };
  }

  async function claimRow(numero: string) {
    const [row] = await context.database.db.select().from(claims).where(eq(claims.numero, numero));
    if (!row) throw new Error(`no claim ${numero}`);
    return row;
  }

  async function mailsOf(numero: string, kind: string) {
    const rows = await context.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind));
    return rows.filter((row) => row.subject.includes(numero));
  }

  async function getSinistres(query: Record<string, string>, headers: Record<string, string> = {}) {
    const url = new URL(`${PARTNER_API_BASE}/sinistres`, app.baseUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.append(name, value);
    const response = await fetch(url, { headers });
    return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
  }

  async function postLienSuivi(fields: Record<string, string>) {
    const response = await fetch(`${app.baseUrl}${PARTNER_API_BASE}/lien_suivi`, {
      method: 'POST',
      body: new URLSearchParams(fields),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
  }

  /** Declares a valid claim on SO-00000`n` and returns its number. */
  async function declare(n: number, overrides: Parameters<typeof validDeclaration>[1] = {}) {
    const key = newKey();
    const fields = validDeclaration(n, overrides);
    const answer = await postDeclaration(app.baseUrl, fields, key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { key, fields, numero: SinistresCreatedAnswerSchema.parse(answer.body).data.numero_sinistre };
  }

  /** Expects a 400 naming `field`, and nothing written. */
  async function expectRefusedField(fields: Record<string, string>, field: string, message?: string | RegExp) {
    const before = await countRows();
    const answer = await postDeclaration(app.baseUrl, fields, newKey());
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    const body = ErrorAnswerSchema.parse(answer.body);
    expect(body.fields?.[field], JSON.stringify(body)).toBeDefined();
    if (message !== undefined) expect(body.fields?.[field]).toMatch(message);
    expect(await countRows()).toEqual(before);
    return body;
  }

  // POST sinistres: success ------------------------------------------------------------------------

  describe('POST sinistres', () => {
    it('When a valid declaration is posted, then one claim, its requested proofs and its confirmation mail are written in one go and the answer is exactly the number, the date and a follow-up token for the declaring browser', async () => {
      const before = await countRows();
      const key = newKey();
      const answer = await postDeclaration(app.baseUrl, validDeclaration(10), key);

      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const created = SinistresCreatedAnswerSchema.parse(answer.body);
      expect(Object.keys(answer.body as object).sort()).toEqual(['data', 'status']);
      expect(Object.keys(created.data).sort()).toEqual(['declaration_date', 'hash', 'numero_sinistre']);
      expect(created.data.hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(created.data.numero_sinistre).toMatch(CLAIM_NUMBER_PATTERN);
      expect(Number(created.data.numero_sinistre.slice(3))).toBeGreaterThanOrEqual(1001);
      expect(Date.now() - Date.parse(created.data.declaration_date)).toBeLessThan(60_000);

      const claim = await claimRow(created.data.numero_sinistre);
      expect(claim).toMatchObject({
        souscriptionId: 1020,
        contratCompagnieId: 1201,
        assureNumero: 'SO-0000010',
        assureNom: 'Lefèvre',
        assurePrenom: 'Anaïs',
        sinistreDate: isoDay(-1),
        sejourDebutDate: isoDay(-1),
        sejourFinDate: isoDay(6),
        sejourMontant: '640.50',
        motifId: 18,
        garantieId: 12,
        lang: 'fr',
        company: null,
        acquisitionMethode: 'portail__mail',
        forceClientId: null,
        sinistreEtiquetteId: null,
        confirmationAnnulation: false,
        etat: 'en_cours',
        idempotencyKey: key,
      });
      expect(claim.requestHash).toMatch(/^[0-9a-f]{64}$/);

      const proofs = await context.database.db
        .select()
        .from(claimProofs)
        .where(eq(claimProofs.claimId, claim.id))
        .orderBy(claimProofs.id);
      const required = await context.database.db.select().from(reasonDocuments).where(eq(reasonDocuments.reasonId, 18));
      expect(proofs).toHaveLength(required.length);
      expect(proofs.map((proof) => proof.documentTypeId)).toEqual(documentsOfReason(18));
      expect(proofs.every((proof) => proof.demande === 1 && proof.dropbox === 0 && proof.valide === 0)).toBe(true);
      expect(proofs.map((proof) => proof.nomCourt)).toEqual(
        documentsOfReason(18).map((id) => getDocumentType(id).texts.fr.nomCourt),
      );
      expect(await mailsOf(claim.numero, 'claim-confirmation')).toHaveLength(1);
      expect(await countRows()).toEqual({
        claims: before.claims + 1,
        proofs: before.proofs + proofs.length,
        mails: before.mails + 1,
        tokens: before.tokens + 2,
      });
    });

    it('When a claimant declares in English, then the confirmation mail is in English with the claim number, the documents to provide and an English follow-up link that opens the claim', async () => {
      const { numero, fields } = await declare(11, { lang: 'en' });

      const [mail] = await mailsOf(numero, 'claim-confirmation');
      expect(mail).toBeDefined();
      if (!mail) return;
      expect(mail.lang).toBe('en');
      expect(mail.recipient).toBe(fields['assure_email']);
      expect(mail.subject).toContain(numero);
      for (const id of documentsOfReason(18)) {
        expect(mail.textBody).toContain(getDocumentType(id).texts.en.nomCourt);
        expect(mail.htmlBody).toContain(getDocumentType(id).texts.en.nomCourt.replaceAll("'", '&#39;'));
      }
      expect(mail.textBody).not.toContain(getDocumentType(1).texts.fr.nomCourt);
      const link = /https?:\/\/\S+\/en\/client-file\?dossier=([A-Za-z0-9_-]{43})/.exec(mail.textBody);
      expect(link, mail.textBody).not.toBeNull();
      const opened = await getSinistres({ hash: link?.[1] ?? '', lang: 'en' });
      expect(opened.status).toBe(200);
      expect(SinistresAnswerSchema.parse(opened.body).data.infos_sinistre.dossier_numero).toBe(numero);
    });

    it('When the documents a reason requires are renamed between two submits, then the next confirmation mail names them as they are now', async () => {
      const { db } = context.database;
      // Subscriptions of their own: the generic demo ones each take one claim in this file.
      await db.execute(
        sql`insert into subscriptions (souscription_id, contrat_compagnie_id, assure_numero, assure_nom, assure_email)
            values (1990, 1201, 'SO-0000990', 'Lefèvre', 'a990@example.com'),
                   (1991, 1201, 'SO-0000991', 'Lefèvre', 'a991@example.com')`,
      );
      await db.execute(
        sql`insert into subscription_guarantees (souscription_id, guarantee_id) values (1990, 12), (1991, 12)`,
      );
      const declareOn = async (id: number) => {
        const answer = await postDeclaration(
          app.baseUrl,
          { ...validDeclaration(10), souscription_id: String(id), assure_numero: `SO-0000${id - 1000}` },
          newKey(),
        );
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const numero = SinistresCreatedAnswerSchema.parse(answer.body).data.numero_sinistre;
        const [mail] = await mailsOf(numero, 'claim-confirmation');
        return mail?.textBody ?? '';
      };
      const first = documentsOfReason(18)[0] ?? 0;
      const before = getDocumentType(first).texts.fr.nomCourt;
      const renamed = 'Attestation renommée par le service';
      const ofFirst = and(eq(documentTypeTranslations.documentTypeId, first), eq(documentTypeTranslations.lang, 'fr'));
      // The server reads the names, and keeps them to write the next confirmation early.
      expect(await declareOn(1990)).toContain(before);
      await db.update(documentTypeTranslations).set({ nomCourt: renamed }).where(ofFirst);
      try {
        const text = await declareOn(1991);
        expect(text).toContain(renamed);
        expect(text).not.toContain(before);
      } finally {
        await db.update(documentTypeTranslations).set({ nomCourt: before }).where(ofFirst);
      }
    });

    it('When the declaration comes as multipart form data, then it is accepted like a urlencoded one', async () => {
      const answer = await postDeclaration(app.baseUrl, validDeclaration(12), newKey(), { multipart: true });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      SinistresCreatedAnswerSchema.parse(answer.body);
    });

    it('When ten identical submits with one Idempotency-Key arrive at once, then all answer the same claim number and one claim with one mail exists', async () => {
      const key = newKey();
      const fields = validDeclaration(13);
      const answers = await Promise.all(Array.from({ length: 10 }, () => postDeclaration(app.baseUrl, fields, key)));

      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      const numbers = new Set(
        answers.map((answer) => SinistresCreatedAnswerSchema.parse(answer.body).data.numero_sinistre),
      );
      expect(numbers.size).toBe(1);
      const [numero] = [...numbers];
      const rows = await context.database.db.select().from(claims).where(eq(claims.souscriptionId, 1023));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.numero).toBe(numero);
      expect(await mailsOf(numero ?? '', 'claim-confirmation')).toHaveLength(1);

      // A retry later, from a page reloaded on another socket, answers the same claim too.
      const retried = await postDeclaration(app.baseUrl, { ...fields, socket_id: 'another-socket' }, key);
      expect(retried.status).toBe(200);
      expect(SinistresCreatedAnswerSchema.parse(retried.body).data.numero_sinistre).toBe(numero);
    });

    it('When an Idempotency-Key is reused with a different declaration, then it answers 409 in the visitor language and writes nothing', async () => {
      const { key, fields } = await declare(14);
      const before = await countRows();

      const changed = await postDeclaration(
        app.baseUrl,
        { ...fields, declaration_commentaire: 'Autre chose', lang: 'de' },
        key,
      );
      expect(changed.status).toBe(409);
      const body = ErrorAnswerSchema.parse(changed.body);
      expect(body.code).toBe('idempotency_key_reused');
      expect(body.message).toMatch(/Meldung/);

      // Even on another subscription.
      const elsewhere = await postDeclaration(app.baseUrl, validDeclaration(15), key);
      expect(elsewhere.status).toBe(409);
      expect(ErrorAnswerSchema.parse(elsewhere.body).code).toBe('idempotency_key_reused');
      expect(await countRows()).toEqual(before);
    });

    it('When the subscription already has a claim, then a new submit answers 409 without naming that claim, while a retry with the first key still answers 200 with it', async () => {
      const first = await declare(16);
      const before = await countRows();

      const again = await postDeclaration(app.baseUrl, { ...first.fields, lang: 'en' }, newKey());
      expect(again.status).toBe(409);
      const refusal = ErrorAnswerSchema.parse(again.body);
      expect(refusal.code).toBe('claim_exists');
      expect(JSON.stringify(again.body)).not.toContain(first.numero);
      expect(refusal.message).toMatch(/already been declared/);

      const retried = await postDeclaration(app.baseUrl, first.fields, first.key);
      expect(retried.status).toBe(200);
      expect(SinistresCreatedAnswerSchema.parse(retried.body).data.numero_sinistre).toBe(first.numero);
      // The retry writes nothing but a new token for the browser that declared the claim.
      expect(await countRows()).toEqual({ ...before, tokens: before.tokens + 1 });
    });

    it('When a demo subscription with a claim (SO-0000003, SI-0000003) is declared again, then it answers 409 pointing to the follow-up page, without SI-0000003', async () => {
      const answer = await postDeclaration(
        app.baseUrl,
        validDeclaration(17, { souscription_id: '1005', assure_numero: 'SO-0000003' }),
        newKey(),
      );
      expect(answer.status).toBe(409);
      expect(ErrorAnswerSchema.parse(answer.body).message).toContain('Suivre mon dossier');
      expect(JSON.stringify(answer.body)).not.toContain('SI-0000003');
    });

    it('When the Idempotency-Key header is missing or malformed, then it answers 400 naming it and writes nothing', async () => {
      const before = await countRows();
      for (const key of [null, 'short', 'has spaces in it, and commas']) {
        const answer = await postDeclaration(app.baseUrl, validDeclaration(18), key);
        expect(answer.status).toBe(400);
        expect(ErrorAnswerSchema.parse(answer.body).fields?.['Idempotency-Key']).toBeDefined();
      }
      expect(await countRows()).toEqual(before);
    });

    it('When a claim is declared, its link mailed and it is followed, then the logs hold no claim number in clear and none of the claimant data, only a keyed id of the claim', async () => {
      const fields = validDeclaration(19, {
        assure_nom: 'Zyxwvutsrq',
        assure_email: 'qwertyuiop.logcheck@example.com',
        assure_telephone: '0698765432',
        assure_adresse: '77 avenue Logcheck',
      });
      const answer = await postDeclaration(app.baseUrl, fields, newKey());
      expect(answer.status).toBe(200);
      const { numero_sinistre: numero } = SinistresCreatedAnswerSchema.parse(answer.body).data;
      await postLienSuivi({ numero_sinistre: numero, lang: 'fr' });
      const [mail] = await mailsOf(numero, 'follow-up-link');
      const token = /dossier=([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '')?.[1] ?? 'no-token';
      await getSinistres({ hash: token, lang: 'fr' });
      await getSinistres({ dossier_numero: numero, dossier_nom: 'Zyxwvutsrq', lang: 'fr' });
      // The back office's path of the claim (refused without a staff session) is logged too.
      expect((await fetch(`${app.baseUrl}/sinistres/${numero}`)).status).toBe(401);

      const logs = captured.lines.join('\n');
      expect(logs).not.toMatch(/SI-\d/i);
      for (const secret of ['Zyxwvutsrq', 'qwertyuiop', '0698765432', 'Logcheck', 'Anaïs', token]) {
        expect(logs).not.toContain(secret);
      }
      // The declaration's line and the link's line name the same claim, by a keyed hash of its number.
      const declared = captured.lines.map((line) => JSON.parse(line) as { msg: string; claim?: string });
      const declaredId = declared.findLast((line) => line.msg === 'claim declared')?.claim;
      expect(declaredId).toBe(claimLogId(numero));
      expect(declared.findLast((line) => line.msg === 'follow-up link queued')?.claim).toBe(declaredId);
      expect(declaredId).toMatch(/^claim:[0-9a-f]{16}$/);
      expect(declared.some((line) => JSON.stringify(line).includes(`/sinistres/${declaredId}`))).toBe(true);
    });
  });

  // POST sinistres: refusals -----------------------------------------------------------------------

  describe('POST sinistres refusals', () => {
    it.each([
      ['souscription_id', 'abc'],
      ['souscription_id', ''],
      ['assure_numero', 'SI-0000001'],
      ['contrat_compagnie_id', '0'],
      ['assure_nom', '   '],
      ['assure_nom', 'x'.repeat(101)],
      ['assure_prenom', ''],
      ['assure_email', 'not-an-email'],
      ['assure_adresse', ''],
      ['assure_cp', ''],
      ['assure_ville', ''],
      ['assure_pays', ''],
      ['assure_telephone', '06 11 22 33 44'],
      ['sejour_debut_date', '2026-02-30'],
      ['sejour_fin_date', '31/12/2026'],
      ['sinistre_date', '2026-01-01'],
      ['sinistre_date', '31/02/2026'],
      ['sejour_montant', '12.345'],
      ['motif_id', '-1'],
      ['garantie_type', 'x'],
      ['justificatifs', '{"not":"a list"}'],
      ['justificatifs', '[{"type":1,"note":"free text"}]'],
      ['justificatifs', '[1,1]'],
      ['lang', 'xx'],
      ['acquisition_methode', ''],
      ['__force_client_id', 'abc'],
      ['sinistre_etiquette_id', '1.5'],
      ['confirmation_annulation', 'yes'],
    ])('When %s is %j, then it answers 400 naming that field and writes nothing', async (field, value) => {
      await expectRefusedField(validDeclaration(20, { [field]: value }), field);
    });

    it('When a required field is left out, then it answers 400 with "Veuillez renseigner le champ"', async () => {
      const { assure_nom: _left, ...fields } = validDeclaration(20);
      await expectRefusedField(fields, 'assure_nom', 'Veuillez renseigner le champ');
    });

    it('When an unknown field is sent, then it answers 400 naming it', async () => {
      await expectRefusedField({ ...validDeclaration(20), is_admin: '1' }, 'is_admin');
    });

    it('When fields are bad in a German declaration, then every message is German', async () => {
      const body = await expectRefusedField(validDeclaration(20, { assure_email: 'nope', lang: 'de' }), 'assure_email');
      expect(body.message).toBe('Einige Angaben fehlen oder sind fehlerhaft.');
      expect(body.fields?.['assure_email']).toMatch(/Ungültige E-Mail/);
    });

    it('When the lang field is invalid, then the messages follow Accept-Language', async () => {
      const answer = await postDeclaration(app.baseUrl, validDeclaration(20, { lang: 'xx' }), newKey(), {
        headers: { 'Accept-Language': 'es-ES,es;q=0.9' },
      });
      expect(answer.status).toBe(400);
      expect(ErrorAnswerSchema.parse(answer.body).message).toBe('Falta información o es incorrecta.');
    });

    it.each([
      ['an unknown subscription', { souscription_id: '999999' }],
      ['another insured number', { assure_numero: 'SO-0000021' }],
      ['another contract', { contrat_compagnie_id: '1305' }],
    ])(
      'When the declaration names %s, then it answers 400 on souscription_id with the insured-number error',
      async (_case, override) => {
        await expectRefusedField(
          validDeclaration(20, override),
          'souscription_id',
          "Erreur\u00a0: N° d'assuré ou N° de contrat incorrect",
        );
      },
    );

    it('When the reason belongs to another group, then it answers 400 on motif_id', async () => {
      await expectRefusedField(validDeclaration(20, { motif_id: '21' }), 'motif_id', /motif/);
    });

    it('When the group is not covered by the subscription, then it answers 400 on garantie_type', async () => {
      await expectRefusedField(validDeclaration(20, { garantie_type: '60', motif_id: '33' }), 'garantie_type');
    });

    it('When the group is covered but hidden from the wizard, then it answers 400 on garantie_type', async () => {
      await expectRefusedField(validDeclaration(20, { garantie_type: '70', motif_id: '29' }), 'garantie_type');
    });

    it('When the contract dates are missing on a brand that requires them, then it answers 400 on both', async () => {
      const before = await countRows();
      const answer = await postDeclaration(
        app.baseUrl,
        validDeclaration(20, { sejour_debut_date: '', sejour_fin_date: '', company: 'velo' }),
        newKey(),
      );
      expect(answer.status).toBe(400);
      const body = ErrorAnswerSchema.parse(answer.body);
      expect(body.fields?.['sejour_debut_date']).toBe('Veuillez renseigner le champ');
      expect(body.fields?.['sejour_fin_date']).toBe('Veuillez renseigner le champ');
      expect(await countRows()).toEqual(before);
    });

    it('When the page names no brand file, then it answers 400 on company and nothing is written', async () => {
      await expectRefusedField(validDeclaration(20, { company: 'nobody' }), 'company');
    });

    it('When the acquisition method names a brand without dates but the page is the neutral one, then the neutral brand rules apply (dates required)', async () => {
      await expectRefusedField(
        validDeclaration(20, {
          sejour_debut_date: '',
          sejour_fin_date: '',
          acquisition_methode: 'portail_bikeco_mail',
        }),
        'sejour_debut_date',
      );
    });

    it('When the start date is after the end date, then it answers 400 with both dates in the visitor format', async () => {
      await expectRefusedField(
        validDeclaration(20, {
          sejour_debut_date: '2026-08-20',
          sejour_fin_date: '2026-08-10',
          sinistre_date: '01/08/2026',
          lang: 'de',
        }),
        'sejour_debut_date',
        'Achtung! Das Anfangsdatum der Buchung (20.08.2026) muss vor dem Enddatum der Buchung (10.08.2026) liegen',
      );
    });

    it('When the end date is before the claim date, then it answers 400 on sejour_fin_date', async () => {
      await expectRefusedField(
        validDeclaration(20, {
          sejour_debut_date: '2026-08-01',
          sejour_fin_date: '2026-08-10',
          sinistre_date: '15/08/2026',
        }),
        'sejour_fin_date',
        'La date de fin de réservation (10/08/2026) doit être supérieure à la date du sinistre (15/08/2026)',
      );
    });

    it('When the claim date is in the future, then it answers 400 on sinistre_date', async () => {
      await expectRefusedField(
        validDeclaration(20, { sinistre_date: frenchDay(3), sejour_fin_date: isoDay(10) }),
        'sinistre_date',
        'La date du sinistre ne peut pas être dans le futur',
      );
    });

    it('When a cancellation group is declared without the cancellation confirmation, then it answers 400 "Veuillez cocher les cases"', async () => {
      await expectRefusedField(
        validDeclaration(20, { garantie_type: '1', motif_id: '1' }),
        'confirmation_annulation',
        'Veuillez cocher les cases',
      );
    });
  });

  // The claim's brand is its contract's --------------------------------------------------------------

  /** SO-0000005 on the demo's zenride contract, sold under the test catalog's bikeco: no dates asked. */
  const bikecoContract = {
    souscription_id: '1007',
    assure_numero: 'SO-0000005',
    contrat_compagnie_id: '5210',
    sejour_debut_date: '',
    sejour_fin_date: '',
    garantie_type: '60',
    motif_id: '33',
  };

  describe("POST sinistres takes the contract's brand", () => {
    it("When a contract sold under one brand is posted under another brand's page, then it answers 400 naming company in the visitor's language and nothing is written", async () => {
      const english = await expectRefusedField(
        validDeclaration(24, { ...bikecoContract, company: 'velo', lang: 'en' }),
        'company',
      );
      expect(english.fields?.['company']).toBe(
        'This contract does not belong to this site: please declare your claim on the site of the brand you took it out with.',
      );
      const polish = await expectRefusedField(
        validDeclaration(24, { ...bikecoContract, company: 'campings', lang: 'pl' }),
        'company',
      );
      expect(polish.fields?.['company']).toBe(
        'Ta umowa nie należy do tej strony: zgłoś szkodę na stronie marki, u której ją zawarto.',
      );
      // A former slug of another brand is that brand: refused the same.
      await expectRefusedField(validDeclaration(24, { ...bikecoContract, company: 'oldvelo' }), 'company');
    });
  });

  // Brand rules ------------------------------------------------------------------------------------

  describe('POST sinistres brand rules', () => {
    it('When a cancellation group is declared with the confirmation, then the flag is stored', async () => {
      const { numero } = await declare(22, { garantie_type: '1', motif_id: '1', confirmation_annulation: '1' });
      const claim = await claimRow(numero);
      expect(claim.confirmationAnnulation).toBe(true);
      expect(claim.garantieId).toBe(1);
    });

    it('When a brand without contract dates nor cancellation checkbox declares a cancellation without them, then it is accepted and stored with its company', async () => {
      const { numero } = await declare(23, {
        company: 'bikeco',
        sejour_debut_date: '',
        sejour_fin_date: '',
        sejour_montant: '',
        garantie_type: '1',
        motif_id: '1',
      });
      const claim = await claimRow(numero);
      expect(claim).toMatchObject({
        company: 'bikeco',
        acquisitionMethode: 'portail_bikeco_mail',
        sejourDebutDate: null,
        sejourFinDate: null,
        sejourMontant: null,
        confirmationAnnulation: false,
      });
    });

    it("When the neutral page declares the demo zenride-like contract (SO-0000005) without dates, then the claim takes the contract's brand, its rules and its acquisition method", async () => {
      const { numero } = await declare(24, { ...bikecoContract, company: '' });
      expect(await claimRow(numero)).toMatchObject({
        souscriptionId: 1007,
        company: 'bikeco',
        acquisitionMethode: 'portail_bikeco_mail',
        sejourDebutDate: null,
      });
    });

    it('When a brand with a label id and a forced client id declares without them, then the brand values are stored', async () => {
      const velo = await declare(25, { company: 'velo', acquisition_methode: 'portail_velo_app' });
      expect(await claimRow(velo.numero)).toMatchObject({
        sinistreEtiquetteId: 14,
        forceClientId: null,
        company: 'velo',
        acquisitionMethode: 'portail_velo_mail',
      });
      const campings = await declare(26, { company: 'campings', __force_client_id: '7549' });
      expect(await claimRow(campings.numero)).toMatchObject({ forceClientId: 7549, company: 'campings' });
    });

    it("When a client sends another brand's acquisition_methode, forced client id and label id, then the claim is stored with its page's brand and that brand file's values", async () => {
      // The velo page (label 14, no forced client id) sending the campings brand's values.
      const velo = await declare(20, {
        souscription_id: '1012',
        assure_numero: 'SO-0000030',
        contrat_compagnie_id: '1520',
        company: 'velo',
        acquisition_methode: 'portail_campings_web',
        __force_client_id: '7549',
        sinistre_etiquette_id: '99',
      });
      expect(await claimRow(velo.numero)).toMatchObject({
        company: 'velo',
        acquisitionMethode: 'portail_velo_mail',
        forceClientId: null,
        sinistreEtiquetteId: 14,
      });
      // The campings page (forced client id 7549, no label) sending the velo brand's values.
      const campings = await declare(29, {
        company: 'campings',
        acquisition_methode: 'portail_velo_app',
        __force_client_id: '4675',
        sinistre_etiquette_id: '14',
      });
      expect(await claimRow(campings.numero)).toMatchObject({
        company: 'campings',
        acquisitionMethode: 'portail_campings_mail',
        forceClientId: 7549,
        sinistreEtiquetteId: null,
      });
      // The neutral page (no ids) sending a partner's.
      const neutral = await declare(21, {
        acquisition_methode: 'portail_campings_mail',
        __force_client_id: '7858',
        sinistre_etiquette_id: '14',
      });
      expect(await claimRow(neutral.numero)).toMatchObject({
        company: null,
        acquisitionMethode: 'portail__mail',
        forceClientId: null,
        sinistreEtiquetteId: null,
      });
      // What the follow-up page reads back is the stored method.
      const follow = await getSinistres({ dossier_numero: campings.numero, dossier_nom: 'Lefèvre' });
      expect(SinistresAnswerSchema.parse(follow.body).data.infos_sinistre.acquisition_methode).toBe(
        'portail_campings_mail',
      );
    });
  });

  // GET sinistres ----------------------------------------------------------------------------------

  describe('GET sinistres', () => {
    it('When SI-0000003 is asked with " martin " in English, then its state comes translated with every proof and the unread reception, and no personal field', async () => {
      const answer = await getSinistres({ dossier_numero: 'SI-0000003', dossier_nom: ' martin ', lang: 'en' });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const info = SinistresAnswerSchema.parse(answer.body).data.infos_sinistre;
      expect(info).toMatchObject({
        etat: 'en_cours',
        dossier_numero: 'SI-0000003',
        dossier_nom: '',
        sinistre_objet: getDemoGuarantee(5).names.en.nom,
        sinistre_motif: getDemoGuarantee(5).motifs.find((motif) => motif.id === 6)?.nom.en,
        sinistre_date: '02/11/2026',
        dossier_montant_sejour: '',
        acquisition_methode: 'portail_sandaya_mail',
      });
      expect(info.a_justificatif_non_lu).toEqual({
        reception_date: new Date('2026-11-18T18:42:00+01:00').toISOString(),
      });
      const proofs = Object.entries(info.justificatifs_manquants);
      expect(proofs).toHaveLength(4);
      for (const [id, proof] of proofs) expect(String(proof.data_mysql.id)).toBe(id);
      expect(proofs.map(([, proof]) => proof.data_mysql.nom_court)).toEqual(
        [1, 2, 3, 11].map((id) => getDocumentType(id).texts.en.nomCourt),
      );
      expect(proofs.map(([, proof]) => [proof.data_mysql.dropbox, proof.data_mysql.valide])).toEqual([
        [0, 0],
        [1, 1],
        [0, 0],
        [1, 0],
      ]);
      expect(proofs.map(([, proof]) => proof.data_mysql.validation_date)).toEqual([
        '',
        new Date('2026-11-07T11:02:00+01:00').toISOString(),
        '',
        '',
      ]);
    });

    it('When the last name differs only by accents, case and spaces, then the claim opens', async () => {
      const { numero } = await declare(27, { assure_nom: 'Lefèvre-Éloïse' });
      const answer = await getSinistres({ dossier_numero: numero, dossier_nom: '  LEFEVRE-eloise ', lang: 'fr' });
      expect(answer.status).toBe(200);
      const info = SinistresAnswerSchema.parse(answer.body).data.infos_sinistre;
      expect(info.dossier_numero).toBe(numero);
      expect(info.sinistre_date).toBe(frenchDay(-1));
      expect(info.a_justificatif_non_lu).toBe(false);
      expect(Object.values(info.justificatifs_manquants).map((proof) => proof.data_mysql.nom_court)).toEqual(
        documentsOfReason(18).map((id) => getDocumentType(id).texts.fr.nomCourt),
      );
    });

    it('When the claim is unknown, the name is wrong or the link is unknown or expired, then the answers are identical and translated', async () => {
      const { db } = context.database;
      const [claim] = await db.select().from(claims).where(eq(claims.numero, 'SI-0000003'));
      const expiredToken = randomBytes(32).toString('base64url');
      await db.insert(followUpTokens).values({
        claimId: claim?.id ?? 0,
        tokenHash: hashFollowUpToken(expiredToken),
        expiresAt: new Date(Date.now() - 1000),
      });

      const answers = await Promise.all([
        getSinistres({ dossier_numero: 'SI-9999999', dossier_nom: 'MARTIN', lang: 'fr' }),
        getSinistres({ dossier_numero: 'SI-0000003', dossier_nom: 'DUPONT', lang: 'fr' }),
        getSinistres({ hash: randomBytes(32).toString('base64url'), lang: 'fr' }),
        getSinistres({ hash: expiredToken, lang: 'fr' }),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({
          status: 'error',
          message: "Désolé, nous n'avons pu retrouver votre sinistre.",
          code: 'claim_not_found',
        });
      }
      const english = await getSinistres({ dossier_numero: 'SI-9999999', dossier_nom: 'MARTIN', lang: 'en' });
      expect(ErrorAnswerSchema.parse(english.body).message).toBe('Sorry, we could not find your claim.');
    });

    it('When ten wrong names were tried on a claim number, then the 11th try answers 429 translated with Retry-After, even with the right name', async () => {
      for (let attempt = 0; attempt < WRONG_NAME_RULE.limit; attempt++) {
        const answer = await getSinistres({ dossier_numero: 'SI-0000003', dossier_nom: `WRONG${attempt}`, lang: 'en' });
        expect(answer.status).toBe(404);
      }
      const eleventh = await getSinistres({ dossier_numero: 'SI-0000003', dossier_nom: 'WRONG', lang: 'en' });
      expect(eleventh.status).toBe(429);
      expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = ErrorAnswerSchema.parse(eleventh.body);
      expect(body.code).toBe('rate_limited');
      expect(body.message).toMatch(/^Too many attempts/);

      const right = await getSinistres({ dossier_numero: 'SI-0000003', dossier_nom: 'MARTIN', lang: 'fr' });
      expect(right.status).toBe(429);
      expect(ErrorAnswerSchema.parse(right.body).message).toMatch(/^Trop de tentatives/);
    });

    it('When an unknown claim number is tried eleven times, then it is limited exactly like an existing one', async () => {
      for (let attempt = 0; attempt < WRONG_NAME_RULE.limit; attempt++) {
        expect((await getSinistres({ dossier_numero: 'SI-8888888', dossier_nom: 'X', lang: 'fr' })).status).toBe(404);
      }
      expect((await getSinistres({ dossier_numero: 'SI-8888888', dossier_nom: 'X', lang: 'fr' })).status).toBe(429);
    });

    it('When one address fails too many lookups on many numbers, then it is refused with 429', async () => {
      for (let attempt = 0; attempt < FAILED_LOOKUP_BY_ADDRESS_RULE.limit; attempt++) {
        const numero = `SI-77${String(attempt).padStart(5, '0')}`;
        expect((await getSinistres({ dossier_numero: numero, dossier_nom: 'X', lang: 'fr' })).status).toBe(404);
      }
      const refused = await getSinistres({ dossier_numero: 'SI-0000003', dossier_nom: 'MARTIN', lang: 'fr' });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).not.toBeNull();
    });

    it.each([
      [{ dossier_numero: 'SO-0000003', dossier_nom: 'MARTIN' }, 'dossier_numero'],
      [{ dossier_numero: 'SI-0000003', dossier_nom: '  ' }, 'dossier_nom'],
      [{ dossier_numero: 'SI-0000003' }, 'dossier_nom'],
      [{ hash: 'short' }, 'hash'],
      [{ dossier_numero: 'SI-0000003', dossier_nom: 'MARTIN', lang: 'xx' }, 'lang'],
    ])('When the query is %j, then it answers 400 naming %s', async (query, field) => {
      const answer = await getSinistres(query);
      expect(answer.status).toBe(400);
      expect(ErrorAnswerSchema.parse(answer.body).fields?.[field]).toBeDefined();
    });
  });

  // POST lien_suivi --------------------------------------------------------------------------------

  describe('POST lien_suivi', () => {
    it('When a follow-up link is asked, then a mail in the claim language holds a link under its brand that opens the claim, the link mailed with the confirmation stops, and the answer does not reveal the address', async () => {
      const { numero, fields } = await declare(28, { lang: 'it', company: 'velo' });
      const tokensBefore = (await countRows()).tokens;
      const [confirmation] = await mailsOf(numero, 'claim-confirmation');
      const confirmationToken =
        /client-file\?dossier=([A-Za-z0-9_-]{43})/.exec(confirmation?.textBody ?? '')?.[1] ?? '';
      expect((await getSinistres({ hash: confirmationToken, lang: 'it' })).status).toBe(200);

      const answer = await postLienSuivi({ numero_sinistre: numero, lang: 'en' });
      expect(answer.status).toBe(200);
      const body = LienSuiviAnswerSchema.parse(answer.body);
      expect(body.message).toMatch(/follow-up link/);
      expect(JSON.stringify(answer.body)).not.toContain(fields['assure_email']);

      const [mail] = await mailsOf(numero, 'follow-up-link');
      expect(mail).toBeDefined();
      expect(mail?.lang).toBe('it');
      expect(mail?.recipient).toBe(fields['assure_email']);
      const link = /(https?:\/\/\S+\/velo\/it\/client-file\?dossier=)([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? '');
      expect(link, mail?.textBody).not.toBeNull();
      const token = link?.[2] ?? '';

      // Only the token's hash is stored.
      expect((await countRows()).tokens).toBe(tokensBefore + 1);
      const stored = await context.database.db
        .select()
        .from(followUpTokens)
        .where(eq(followUpTokens.tokenHash, hashFollowUpToken(token)));
      expect(stored).toHaveLength(1);
      const days = ((stored[0]?.expiresAt.getTime() ?? 0) - Date.now()) / (24 * 60 * 60_000);
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
      const raw = await context.database.db.select().from(followUpTokens);
      expect(raw.some((row) => row.tokenHash === token)).toBe(false);

      const opened = await getSinistres({ hash: token, lang: 'it' });
      expect(opened.status).toBe(200);
      const info = SinistresAnswerSchema.parse(opened.body).data.infos_sinistre;
      expect(info.dossier_numero).toBe(numero);
      expect(info.sinistre_objet).toBe(getDemoGuarantee(12).names.it.nom);
      expect(info.dossier_email).toBe(fields['assure_email']);

      // The link mailed with the confirmation was replaced by the new one.
      expect((await getSinistres({ hash: confirmationToken, lang: 'it' })).status).toBe(404);
    });

    it('When the claim number is unknown, then it answers exactly as for a known claim, so it tells nothing, and queues no mail', async () => {
      const before = await countRows();
      const unknown = await postLienSuivi({ numero_sinistre: 'SI-9999999', lang: 'nl' });
      const known = await postLienSuivi({ numero_sinistre: 'SI-0000003', lang: 'nl' });
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      expect(LienSuiviAnswerSchema.parse(unknown.body).message).toMatch(/^De link om uw dossier te volgen/);
      expect(await countRows()).toEqual({ ...before, mails: before.mails + 1, tokens: before.tokens + 1 });
    });

    it('When a client sends another Host header, then the mailed link still points to the configured site', async () => {
      const { port } = new URL(app.baseUrl);
      const status = await new Promise<number>((resolve, reject) => {
        const body = 'numero_sinistre=SI-0000003&lang=fr';
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `${PARTNER_API_BASE}/lien_suivi`,
            headers: {
              host: 'evil.example',
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': Buffer.byteLength(body),
            },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.once('error', reject);
        request.end(body);
      });
      expect(status).toBe(200);
      const [mail] = await mailsOf('SI-0000003', 'follow-up-link');
      expect(mail?.textBody).toMatch(/http:\/\/localhost:4321\/\S*client-file\?dossier=/);
      expect(mail?.textBody).not.toContain('evil.example');
    });

    it('When the claim number is malformed or an unknown field is sent, then it answers 400 naming the field', async () => {
      const malformed = await postLienSuivi({ numero_sinistre: 'SO-0000003', lang: 'fr' });
      expect(malformed.status).toBe(400);
      expect(ErrorAnswerSchema.parse(malformed.body).fields?.['numero_sinistre']).toBeDefined();
      const unknown = await postLienSuivi({ numero_sinistre: 'SI-0000003', email: 'x@example.com' });
      expect(unknown.status).toBe(400);
      expect(ErrorAnswerSchema.parse(unknown.body).fields?.['email']).toBeDefined();
    });

    it('When links are asked too often for one claim, then the next answers 429 with Retry-After and queues no mail', async () => {
      for (let attempt = 0; attempt < FOLLOW_UP_LINK_BY_NUMBER_RULE.limit; attempt++) {
        expect((await postLienSuivi({ numero_sinistre: 'SI-0000003', lang: 'fr' })).status).toBe(200);
      }
      const before = await countRows();
      const refused = await postLienSuivi({ numero_sinistre: 'SI-0000003', lang: 'pt' });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).not.toBeNull();
      expect(ErrorAnswerSchema.parse(refused.body).message).toMatch(/^Demasiadas tentativas/);
      expect(await countRows()).toEqual(before);
    });
  });
});
