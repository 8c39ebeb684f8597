import { z } from 'zod/mini';
import { type BrandCatalog, findPartner } from '../../../brands/lib/parse.ts';
import type { Brand } from '../../../brands/lib/schema.ts';
import type { Language } from '../../../contracts/languages.ts';
import {
  ComplaintFormSchema,
  ContactFormSchema,
  FORM_FILES_FIELD,
  FORM_KEY_FIELD,
  FORM_KEYS,
  type FormKey,
  formFieldName,
  LanguageSchema,
} from '../../../contracts/partner-api.ts';
import type { Database, DatabaseOrTransaction } from '../../db/public.ts';
import { HttpError } from '../../errors.ts';
import type { FileStore, ReceivedFile } from '../../files/public.ts';
import { commonMessages, translate } from '../../i18n/public.ts';
import type { Logger } from '../../logger.ts';
import { enqueueMail, renderMail } from '../../mail/public.ts';
import { formMessages } from './messages.ts';
import {
  findClaimIdByNumber,
  insertComplaint,
  insertContactMessage,
  insertInboxEvents,
  insertInboxMessages,
  insertMessageAttachments,
  type NewInboxMessage,
  lockInboxBackfill,
  selectMessagesWithoutInbox,
} from './repository.ts';

/**
 * The complaint and contact forms (spec 2 §2 claim-step1 and contact, §7 call 9): reading the
 * posted form with the specification's field messages, then storing the message, its attachments
 * and its acknowledgement mail in one transaction.
 */

type ComplaintForm = z.output<typeof ComplaintFormSchema>;
type ContactForm = z.output<typeof ContactFormSchema>;

/** A form as posted: every field a string, by its multipart name. */
export type PostedFields = Readonly<Record<string, string | undefined>>;

/** A posted form, read and checked. */
export type FormSubmission = {
  lang: Language;
  /** The brand slug the form was posted under; null for the neutral site. */
  company: string | null;
  brand: Brand;
} & ({ key: 'reclamation'; form: ComplaintForm } | { key: 'contact'; form: ContactForm });

const SCHEMAS = { reclamation: ComplaintFormSchema, contact: ContactFormSchema } as const;

/**
 * The message of each form field, by field name: the specification's texts (spec 2 §5). The e-mail
 * field's is the API's own (`common.field_email`), worded once for every form.
 */
const FIELD_MESSAGES: Readonly<Record<string, keyof typeof formMessages>> = {
  nom: 'last_name_required',
  prenom: 'first_name_required',
  adresse: 'address_required',
  cp: 'postcode_required',
  ville: 'city_required',
  pays: 'country_required',
  telephone: 'phone_required',
  num_sinistre: 'claim_number_invalid',
  motif: 'reason_required',
  message: 'message_required',
};

/** Every `data_form[formulaire][…]` field of either form, as its multipart name. */
export const FORM_FIELD_NAMES: readonly string[] = [
  ...new Set([...Object.keys(ComplaintFormSchema.shape), ...Object.keys(ContactFormSchema.shape)]),
].map(formFieldName);

function refusal(message: string, fields: Record<string, string>, code: string): HttpError {
  return new HttpError(400, message, fields, code);
}

/** The translated problem of each bad field of a form, by multipart name. */
function formFieldProblems(issues: readonly z.core.$ZodIssue[], lang: Language): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    const name = formFieldName(field);
    if (problems[name] !== undefined) continue;
    const key = FIELD_MESSAGES[field];
    if (issue.code === 'too_big' && issue.origin === 'string')
      problems[name] = translate(commonMessages, 'field_too_long', lang, { max: Number(issue.maximum) });
    else if (field === 'email') problems[name] = translate(commonMessages, 'field_email', lang);
    else problems[name] = key ? translate(formMessages, key, lang) : translate(commonMessages, 'field_invalid', lang);
  }
  return problems;
}

/** The brand of the optional `company` field: '' or absent is the neutral site; an unknown slug is refused. */
function brandOfCompany(
  value: string | undefined,
  brands: BrandCatalog,
  lang: Language,
): { company: string | null; brand: Brand } {
  const slug = (value ?? '').trim();
  if (slug === '') return { company: null, brand: brands.neutral };
  const brand = findPartner(brands, slug);
  if (brand === undefined)
    throw refusal(
      translate(formMessages, 'company_unknown', lang),
      { company: translate(formMessages, 'company_unknown', lang) },
      'company_unknown',
    );
  return { company: brand.slug, brand };
}

/**
 * Reads a posted form: its language, its key (`data_form[key]`), its brand, and the fields of
 * that form only (a field of the other form is refused as unknown). The contact form takes no
 * files. Throws a translated 400 naming each bad field.
 */
export function readSubmission(
  posted: PostedFields,
  fileCount: number,
  brands: BrandCatalog,
  fallbackLang: Language,
): FormSubmission {
  const langResult = z.safeParse(LanguageSchema, posted['lang'] ?? fallbackLang);
  const lang = langResult.success ? langResult.data : fallbackLang;
  if (!langResult.success)
    throw refusal(
      translate(commonMessages, 'invalid_request', lang),
      { lang: translate(commonMessages, 'field_invalid', lang) },
      'invalid_fields',
    );
  const key = FORM_KEYS.find((formKey) => formKey === posted[FORM_KEY_FIELD]);
  if (key === undefined)
    throw refusal(
      translate(formMessages, 'form_unknown', lang),
      { [FORM_KEY_FIELD]: translate(formMessages, 'form_unknown', lang) },
      'form_unknown',
    );
  const { company, brand } = brandOfCompany(posted['company'], brands, lang);
  // Read through zod's core, which the contracts' `zod/mini` objects share with classic ones.
  const schema: z.core.$ZodObject = SCHEMAS[key];
  const own = new Set(Object.keys(schema._zod.def.shape).map(formFieldName));
  const foreign = FORM_FIELD_NAMES.filter((name) => posted[name] !== undefined && !own.has(name));
  const problems: Record<string, string> = {};
  for (const name of foreign) problems[name] = translate(commonMessages, 'field_unknown', lang);
  if (key === 'contact' && fileCount > 0)
    problems[FORM_FILES_FIELD] = translate(formMessages, 'files_not_accepted', lang);
  const values = Object.fromEntries(
    Object.keys(schema._zod.def.shape).flatMap((field) => {
      const value = posted[formFieldName(field)];
      return value === undefined ? [] : [[field, value]];
    }),
  );
  const result = z.safeParse(schema, values);
  if (!result.success) Object.assign(problems, formFieldProblems(result.error.issues, lang));
  if (Object.keys(problems).length > 0 || !result.success)
    throw refusal(translate(formMessages, 'form_invalid', lang), problems, 'invalid_fields');
  return key === 'reclamation'
    ? { key, lang, company, brand, form: result.data as ComplaintForm }
    : { key, lang, company, brand, form: result.data as ContactForm };
}

/** The recipient of a form's acknowledgement. */
export function recipientOf(submission: FormSubmission): string {
  return submission.form.email;
}

/**
 * Runs `task`; if it fails, the received files are removed from the store before the failure goes
 * on: a refused or failed form never leaves files behind.
 */
export async function discardingFilesOnFailure<T>(
  store: FileStore,
  files: readonly ReceivedFile[],
  task: () => Promise<T>,
): Promise<T> {
  try {
    return await task();
  } catch (error) {
    await Promise.allSettled(files.map((file) => store.remove(file.key)));
    throw error;
  }
}

export interface FormsDependencies {
  database: Database;
  logger: Logger;
}

/**
 * Puts a message just stored in the staff inbox: new, acknowledged when its acknowledgement mail
 * was queued (the automatic acknowledgement counts, ACPR 2022-R-01), with its history: received
 * from the claimant, acknowledged, the acknowledgement mail.
 */
async function enterInbox(
  tx: DatabaseOrTransaction,
  message: NewInboxMessage,
  acknowledgement: { mailId: number; kind: 'complaint-acknowledgement' | 'contact-acknowledgement' },
): Promise<void> {
  const [inboxMessageId] = await insertInboxMessages(tx, [{ ...message, acknowledgedAt: message.receivedAt }]);
  if (inboxMessageId === undefined) throw new Error('The inbox insert returned no row.');
  await insertInboxEvents(tx, [
    { inboxMessageId, actor: 'claimant', action: 'created' },
    { inboxMessageId, actor: 'system', action: 'acknowledged' },
    { inboxMessageId, actor: 'system', action: 'mail_sent', detail: acknowledgement },
  ]);
}

/**
 * Stores a complaint or a contact message (linked to its claim when the number names one), a
 * complaint's attachments, its acknowledgement mail and its staff inbox entry, in ONE transaction.
 * Returns what was stored.
 */
export async function submitForm(
  dependencies: FormsDependencies,
  submission: FormSubmission,
  files: readonly ReceivedFile[],
): Promise<{ key: FormKey; id: number; linkedToClaim: boolean }> {
  const { lang, company, brand } = submission;
  const stored = await dependencies.database.db.transaction(async (tx) => {
    if (submission.key === 'reclamation') {
      const { form } = submission;
      const claimId = await findClaimIdByNumber(tx, form.num_sinistre);
      const { id, createdAt } = await insertComplaint(tx, {
        nom: form.nom,
        prenom: form.prenom,
        email: form.email,
        adresse: form.adresse,
        cp: form.cp,
        ville: form.ville,
        pays: form.pays,
        telephone: form.telephone,
        numSinistre: form.num_sinistre,
        claimId,
        motif: form.motif,
        message: form.message,
        lang,
        company,
      });
      await insertMessageAttachments(tx, { complaintId: id }, files);
      const mailId = await enqueueMail(tx, {
        to: form.email,
        // Staff find the acknowledgement with the claim's mails, as they find the message with the claim.
        claimId: claimId ?? undefined,
        ...renderMail('complaint-acknowledgement', lang, brand, { claimNumber: form.num_sinistre }),
      });
      await enterInbox(
        tx,
        { kind: 'reclamation', complaintId: id, company, lang, receivedAt: createdAt },
        { mailId, kind: 'complaint-acknowledgement' },
      );
      return { key: submission.key, id, linkedToClaim: claimId !== null };
    }
    const { form } = submission;
    const claimId = form.num_sinistre === '' ? null : await findClaimIdByNumber(tx, form.num_sinistre);
    const { id, createdAt } = await insertContactMessage(tx, {
      nom: form.nom,
      email: form.email,
      telephone: form.telephone,
      message: form.message,
      numSinistre: form.num_sinistre,
      claimId,
      sourceReferrer: form.source_referrer,
      lang,
      company,
    });
    const mailId = await enqueueMail(tx, {
      to: form.email,
      claimId: claimId ?? undefined,
      ...renderMail('contact-acknowledgement', lang, brand, {
        claimNumber: form.num_sinistre === '' ? undefined : form.num_sinistre,
      }),
    });
    await enterInbox(
      tx,
      { kind: 'contact', contactMessageId: id, company, lang, receivedAt: createdAt },
      { mailId, kind: 'contact-acknowledgement' },
    );
    return { key: submission.key, id, linkedToClaim: claimId !== null };
  });
  dependencies.logger.info(
    { form: stored.key, company, attachments: files.length, linkedToClaim: stored.linkedToClaim },
    'customer form received',
  );
  return stored;
}

/** Messages put in the inbox by one round of backfillInboxMessages. */
const BACKFILL_BATCH = 500;

/**
 * Puts in the staff inbox the complaints and contact messages stored before it existed: new,
 * acknowledged at receipt (their acknowledgement mail was queued with them), deadlines from their
 * receipt. Returns how many were added; run at start-up, does nothing once all are in.
 */
export async function backfillInboxMessages(db: DatabaseOrTransaction): Promise<number> {
  let added = 0;
  for (;;) {
    // Processes starting together on one PostgreSQL take turns: each batch is read and written
    // under one lock, so no message is added twice (its entry is unique) and no start fails.
    const written = await db.transaction(async (tx) => {
      await lockInboxBackfill(tx);
      const waiting = await selectMessagesWithoutInbox(tx, BACKFILL_BATCH);
      const entries: NewInboxMessage[] = [
        ...waiting.complaints.map((row) => ({
          kind: 'reclamation' as const,
          complaintId: row.id,
          company: row.company,
          lang: row.lang,
          receivedAt: row.createdAt,
          acknowledgedAt: row.createdAt,
        })),
        ...waiting.contacts.map((row) => ({
          kind: 'contact' as const,
          contactMessageId: row.id,
          company: row.company,
          lang: row.lang,
          receivedAt: row.createdAt,
          acknowledgedAt: row.createdAt,
        })),
      ];
      if (entries.length === 0) return 0;
      const ids = await insertInboxMessages(tx, entries);
      await insertInboxEvents(
        tx,
        ids.flatMap((inboxMessageId, index) => {
          const at = entries[index]?.receivedAt;
          return [
            { inboxMessageId, actor: 'claimant' as const, action: 'created' as const, ...(at ? { at } : {}) },
            { inboxMessageId, actor: 'system' as const, action: 'acknowledged' as const, ...(at ? { at } : {}) },
          ];
        }),
      );
      return entries.length;
    });
    if (written === 0) return added;
    added += written;
  }
}
