import { desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  ErrorAnswerSchema,
  FORM_FILES_FIELD,
  FORM_KEY_FIELD,
  FORM_POSTER_PATH,
  FormPosterAnswerSchema,
  formFieldName,
  MAX_COMPLAINT_FILES,
  MAX_UPLOAD_BYTES,
} from '../../../contracts/partner-api.ts';
import { claims, complaints, contactMessages, mailOutbox, messageAttachments, uploadedFiles } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { pdfOfSize, sampleJpeg, samplePdf, samplePng, streamUpload } from '../../files/test-support.ts';
import { createCapturedLogger } from '../../test-support.ts';
import { multipartForm, postForm, usePartnerApiApp } from '../proofs/test-support.ts';
import { FORMS_PER_ADDRESS, FORMS_PER_RECIPIENT } from './routes.ts';

type Attachment = { bytes: Buffer; name: string; type: string };

/** A complaint's `data_form[formulaire][…]` fields, valid, about the demo claim SI-0000003. */
function complaintFields(overrides: Record<string, string> = {}): Record<string, string> {
  const form: Record<string, string> = {
    nom: 'Martin',
    prenom: 'Nathalie',
    email: 'nathalie.martin@example.com',
    adresse: '27 avenue Jean Jaurès',
    cp: '69007',
    ville: 'Lyon',
    pays: 'France',
    telephone: '0478123456',
    num_sinistre: 'SI-0000003',
    motif: 'delai',
    message: 'Je n’ai reçu aucune réponse depuis trois semaines.',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(form).map(([field, value]) => [formFieldName(field), value]));
}

function contactFields(overrides: Record<string, string> = {}): Record<string, string> {
  const form: Record<string, string> = {
    nom: 'Moreau',
    email: 'julien.moreau@example.com',
    telephone: '0611223344',
    message: 'Comment ajouter un justificatif ?',
    num_sinistre: 'SI-0000003',
    source_referrer: 'https://www.example.org/faq',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(form).map(([field, value]) => [formFieldName(field), value]));
}

describeWithDatabases('partner API: complaint and contact forms', (context) => {
  const captured = createCapturedLogger('info');

  const suite = usePartnerApiApp(context, captured.logger);

  function post(
    key: string,
    fields: Record<string, string>,
    options: { lang?: string; company?: string; files?: Attachment[]; headers?: Record<string, string> } = {},
  ) {
    const all: [string, string][] = [
      ['lang', options.lang ?? 'fr'],
      [FORM_KEY_FIELD, key],
      ...(options.company === undefined ? [] : [['company', options.company] as [string, string]]),
      ...Object.entries(fields),
    ];
    const files = (options.files ?? []).map((file) => ({ field: FORM_FILES_FIELD, ...file }));
    return postForm(`${suite.app.baseUrl}${FORM_POSTER_PATH}`, multipartForm(all, files), options.headers);
  }

  async function counts() {
    const { db } = context.database;
    return {
      complaints: (await db.select({ id: complaints.id }).from(complaints)).length,
      contacts: (await db.select({ id: contactMessages.id }).from(contactMessages)).length,
      files: (await db.select({ id: uploadedFiles.id }).from(uploadedFiles)).length,
      mails: (await db.select({ id: mailOutbox.id }).from(mailOutbox)).length,
      stored: suite.app.storedFiles().length,
    };
  }

  async function latestMail(kind: string) {
    const [mail] = await context.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, kind))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    return mail;
  }

  async function latestComplaint() {
    const [row] = await context.database.db.select().from(complaints).orderBy(desc(complaints.id)).limit(1);
    return row;
  }

  /** Expects a refusal and nothing stored, mailed or kept in the store. */
  async function expectNothingKept(before: Awaited<ReturnType<typeof counts>>) {
    await vi.waitFor(async () => expect(await counts()).toEqual(before));
  }

  describe('complaint', () => {
    it('When a complaint is posted, then it is stored linked to its claim, its acknowledgement (2 months to answer) is queued with it, and success answers', async () => {
      const before = await counts();
      const answer = await post('reclamation', complaintFields());
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(FormPosterAnswerSchema.parse(answer.body)).toEqual({
        status: 'success',
        message: 'Votre réclamation a bien été envoyée.',
      });
      const [claim] = await context.database.db.select().from(claims).where(eq(claims.numero, 'SI-0000003'));
      expect(await latestComplaint()).toMatchObject({
        nom: 'Martin',
        numSinistre: 'SI-0000003',
        claimId: claim?.id,
        motif: 'delai',
        lang: 'fr',
        company: null,
      });
      const mail = await latestMail('complaint-acknowledgement');
      // Listed with the claim's mails, as the complaint is with the claim.
      expect(mail).toMatchObject({
        recipient: 'nathalie.martin@example.com',
        lang: 'fr',
        status: 'pending',
        claimId: claim?.id,
      });
      expect(mail?.subject).toContain('SI-0000003');
      expect(mail?.textBody).toContain('accusé de réception');
      expect(mail?.textBody).toContain('2 mois');
      expect(await counts()).toEqual({ ...before, complaints: before.complaints + 1, mails: before.mails + 1 });
    });

    it('When a complaint comes with files under a brand in English, then each file is kept as an attachment of the complaint and the mail wears the brand', async () => {
      const before = await counts();
      const files = [
        { bytes: samplePdf(), name: 'courrier.pdf', type: 'application/pdf' },
        { bytes: await samplePng(), name: 'capture.png', type: 'image/png' },
        { bytes: await sampleJpeg(), name: 'photo.jpg', type: 'image/jpeg' },
      ];
      const answer = await post('reclamation', complaintFields({ num_sinistre: 'SI-9999999' }), {
        lang: 'en',
        company: 'veligo',
        files,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(FormPosterAnswerSchema.parse(answer.body).message).toBe('Your complaint has been sent successfully.');
      const complaint = await latestComplaint();
      expect(complaint).toMatchObject({ numSinistre: 'SI-9999999', claimId: null, lang: 'en', company: 'veligo' });
      const links = await context.database.db
        .select()
        .from(messageAttachments)
        .where(eq(messageAttachments.complaintId, complaint?.id ?? 0));
      expect(links).toHaveLength(3);
      const rows = await context.database.db
        .select()
        .from(uploadedFiles)
        .where(
          inArray(
            uploadedFiles.id,
            links.map((link) => link.uploadedFileId),
          ),
        );
      expect(rows.map((row) => [row.originalName, row.mime, row.status, row.expiresAt]).sort()).toEqual([
        ['capture.png', 'image/png', 'attached', null],
        ['courrier.pdf', 'application/pdf', 'attached', null],
        ['photo.jpg', 'image/jpeg', 'attached', null],
      ]);
      for (const row of rows) expect(suite.app.storedFiles()).toContain(row.storageKey);
      const mail = await latestMail('complaint-acknowledgement');
      expect(mail).toMatchObject({ lang: 'en' });
      expect(mail?.htmlBody).toContain('Veligo Test');
      expect((await counts()).stored).toBe(before.stored + 3);
    });

    it('When an attachment is a text file named .pdf, then 400 "Format non pris en charge" answers and no complaint, file or mail is kept', async () => {
      const before = await counts();
      const answer = await post('reclamation', complaintFields(), {
        files: [
          { bytes: samplePdf(), name: 'ok.pdf', type: 'application/pdf' },
          { bytes: Buffer.from('juste du texte\n'.repeat(100)), name: 'faux.pdf', type: 'application/pdf' },
        ],
      });
      expect(answer.status).toBe(400);
      expect(ErrorAnswerSchema.parse(answer.body)).toMatchObject({
        message: 'Format non pris en charge',
        code: 'unsupported_format',
      });
      await expectNothingKept(before);
    });

    it(`When more than ${MAX_COMPLAINT_FILES} files are attached, then 400 says how many are allowed and nothing is kept`, async () => {
      const before = await counts();
      const files = Array.from({ length: MAX_COMPLAINT_FILES + 1 }, (_, index) => ({
        bytes: samplePdf(),
        name: `piece-${index}.pdf`,
        type: 'application/pdf',
      }));
      const answer = await post('reclamation', complaintFields(), { files });
      expect(answer.status).toBe(400);
      expect(ErrorAnswerSchema.parse(answer.body)).toMatchObject({
        message: 'Vous pouvez joindre 5 fichiers au maximum.',
        code: 'too_many_files',
      });
      await expectNothingKept(before);
    });

    it('When an attachment is 37,500,000 bytes, then 413 answers while it streams and nothing is kept', async () => {
      const before = await counts();
      const result = await streamUpload(`${suite.app.baseUrl}${FORM_POSTER_PATH}`, {
        fields: { lang: 'fr', [FORM_KEY_FIELD]: 'reclamation', ...complaintFields() },
        file: {
          field: FORM_FILES_FIELD,
          filename: 'scan.pdf',
          contentType: 'application/pdf',
          chunks: pdfOfSize(MAX_UPLOAD_BYTES),
        },
      });
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body)).toMatchObject({ message: 'Fichier trop lourd. Limite max\u00a0: 30\u00a0Mo' });
      await expectNothingKept(before);
    }, 120_000);

    it("When fields are missing or wrong, then 400 answers the form error with the specification's message for each field, in the visitor's language", async () => {
      const before = await counts();
      const answer = await post(
        'reclamation',
        complaintFields({
          nom: ' ',
          motif: 'pas-content',
          message: '',
          telephone: '06 11',
          num_sinistre: 'SO-0000003',
        }),
      );
      expect(answer.status).toBe(400);
      expect(ErrorAnswerSchema.parse(answer.body)).toEqual({
        status: 'error',
        message: 'Erreur dans le formulaire\u00a0: tous les champs sont obligatoires.',
        code: 'invalid_fields',
        fields: {
          [formFieldName('nom')]: 'Veuillez renseigner votre nom',
          [formFieldName('motif')]: 'Merci de choisir un motif',
          [formFieldName('message')]: 'Veuillez renseigner le contenu de votre message',
          [formFieldName('telephone')]: 'Veuillez renseigner votre numéro de téléphone',
          [formFieldName('num_sinistre')]:
            'Un numéro de dossier commence par SI- suivi de 7 chiffres (exemple\u00a0: SI-0000000)',
        },
      });
      const fields = complaintFields();
      delete fields[formFieldName('prenom')];
      delete fields[formFieldName('pays')];
      const german = await post('reclamation', fields, { lang: 'de' });
      expect(ErrorAnswerSchema.parse(german.body)).toMatchObject({
        message: 'Fehler im Formular: Alle Felder sind Pflichtfelder.',
        fields: {
          [formFieldName('prenom')]: 'Bitte geben Sie Ihren Vornamen ein',
          [formFieldName('pays')]: 'Bitte geben Sie Ihr Land ein',
        },
      });
      await expectNothingKept(before);
    });
  });

  describe('contact', () => {
    it('When a contact message is posted, then it is stored with its acknowledgement mail quoting the claim, and success answers', async () => {
      const before = await counts();
      const answer = await post('contact', contactFields(), { company: 'veligo' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(FormPosterAnswerSchema.parse(answer.body)).toEqual({
        status: 'success',
        message: 'Votre demande a bien été envoyée.',
      });
      const [message] = await context.database.db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.id))
        .limit(1);
      expect(message).toMatchObject({
        nom: 'Moreau',
        email: 'julien.moreau@example.com',
        numSinistre: 'SI-0000003',
        sourceReferrer: 'https://www.example.org/faq',
        company: 'veligo',
      });
      const mail = await latestMail('contact-acknowledgement');
      expect(mail?.recipient).toBe('julien.moreau@example.com');
      expect(mail?.textBody).toContain('SI-0000003');
      const [claim] = await context.database.db.select().from(claims).where(eq(claims.numero, 'SI-0000003'));
      expect(mail?.claimId).toBe(claim?.id);
      expect(await counts()).toEqual({ ...before, contacts: before.contacts + 1, mails: before.mails + 1 });
    });

    it('When the claim number and referrer are left out, then the message is stored without them', async () => {
      const fields = contactFields({ num_sinistre: '' });
      delete fields[formFieldName('source_referrer')];
      const answer = await post('contact', fields, { lang: 'nl' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(FormPosterAnswerSchema.parse(answer.body).message).toBe('Uw aanvraag is verzonden.');
      const mail = await latestMail('contact-acknowledgement');
      expect(mail).toMatchObject({ lang: 'nl' });
      expect(mail?.textBody).not.toContain('SI-');
    });

    it("When the contact form is missing its fields, then 400 gives the specification's messages", async () => {
      const answer = await post('contact', contactFields({ nom: '', email: 'moreau@', telephone: '', message: '' }));
      expect(answer.status).toBe(400);
      expect(ErrorAnswerSchema.parse(answer.body).fields).toEqual({
        [formFieldName('nom')]: 'Veuillez renseigner votre nom',
        [formFieldName('email')]: 'Email non valide\u00a0: veuillez renseigner votre adresse email',
        [formFieldName('telephone')]: 'Veuillez renseigner votre numéro de téléphone',
        [formFieldName('message')]: 'Veuillez renseigner le contenu de votre message',
      });
    });

    it('When a message is longer than its field may be sent, then 400 says the field is too long with its maximum, and nothing is kept', async () => {
      const before = await counts();
      const answer = await post('contact', contactFields({ message: 'é'.repeat(40_000) }), { lang: 'en' });
      expect(answer.status).toBe(400);
      expect(ErrorAnswerSchema.parse(answer.body).fields).toEqual({
        [formFieldName('message')]: 'This field is too long (5000 characters at most)',
      });
      await expectNothingKept(before);
    });

    it('When the contact form carries files or complaint fields, then 400 names them and nothing is kept', async () => {
      const before = await counts();
      const answer = await post(
        'contact',
        { ...contactFields(), [formFieldName('motif')]: 'delai' },
        {
          files: [{ bytes: samplePdf(), name: 'a.pdf', type: 'application/pdf' }],
        },
      );
      expect(answer.status).toBe(400);
      expect(Object.keys(ErrorAnswerSchema.parse(answer.body).fields ?? {}).sort()).toEqual(
        [FORM_FILES_FIELD, formFieldName('motif')].sort(),
      );
      await expectNothingKept(before);
    });
  });

  describe('form shape and limits', () => {
    it('When the form key, the company or a field is unknown, then 400 names it and nothing is kept', async () => {
      const before = await counts();
      const key = await post('newsletter', contactFields());
      expect(key.status).toBe(400);
      expect(ErrorAnswerSchema.parse(key.body)).toMatchObject({
        code: 'form_unknown',
        fields: { [FORM_KEY_FIELD]: 'Formulaire inconnu\u00a0: merci de recharger la page.' },
      });
      const company = await post('contact', contactFields(), { company: 'acme' });
      expect(company.status).toBe(400);
      expect(ErrorAnswerSchema.parse(company.body).fields).toEqual({ company: 'Partenaire inconnu.' });
      const unknown = await post('reclamation', {
        ...complaintFields(),
        [formFieldName('admin')]: '1',
        statut: 'traite',
      });
      expect(unknown.status).toBe(400);
      expect(Object.keys(ErrorAnswerSchema.parse(unknown.body).fields ?? {}).sort()).toEqual(
        [formFieldName('admin'), 'statut'].sort(),
      );
      await expectNothingKept(before);
    });

    it('When one address posts too many forms, then the next answers 429 translated, before its body is read', async () => {
      for (let index = 0; index < FORMS_PER_ADDRESS.limit; index++)
        await post('contact', contactFields({ email: `visitor${index}@example.com` }));
      const before = await counts();
      const refused = await post('reclamation', complaintFields(), {
        headers: { 'accept-language': 'da-DK,da;q=0.9' },
        files: [{ bytes: samplePdf(), name: 'a.pdf', type: 'application/pdf' }],
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(ErrorAnswerSchema.parse(refused.body).message).toMatch(/^For mange forsøg/);
      await expectNothingKept(before);
    });

    it('When one e-mail address is sent too many acknowledgements, then the next form answers 429 and nothing is kept', async () => {
      for (let index = 0; index < FORMS_PER_RECIPIENT.limit; index++)
        expect((await post('contact', contactFields({ email: 'flooded@example.org' }))).status).toBe(200);
      const before = await counts();
      const refused = await post('reclamation', complaintFields({ email: 'Flooded@Example.org' }), {
        lang: 'pt',
        files: [{ bytes: samplePdf(), name: 'a.pdf', type: 'application/pdf' }],
      });
      expect(refused.status).toBe(429);
      expect(ErrorAnswerSchema.parse(refused.body).message).toMatch(/^Demasiadas tentativas/);
      await expectNothingKept(before);
    });

    it('When forms are posted, then the logs hold no name, e-mail, phone or message', () => {
      const logs = captured.lines.join('\n');
      expect(logs).toContain('customer form received');
      for (const secret of [
        'Martin',
        'Moreau',
        'example.com',
        'example.org',
        '0478123456',
        'justificatif',
        'courrier.pdf',
      ])
        expect(logs).not.toContain(secret);
    });
  });
});
