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
import type { Database } from '../../db/public.ts';
import { HttpError } from '../../errors.ts';
import type { FileStore, ReceivedFile } from '../../files/public.ts';
import { commonMessages, translate } from '../../i18n/public.ts';
import type { Logger } from '../../logger.ts';
import { enqueueMail, renderMail } from '../../mail/public.ts';
import { formMessages } from './messages.ts';
import { findClaimIdByNumber, insertComplaint, insertContactMessage, insertMessageAttachments } from './repository.ts';

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
 * Stores a complaint (linked to its claim when the number exists) with its attachments, or a
 * contact message, and queues the acknowledgement mail, in ONE transaction. Returns what was stored.
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
      const id = await insertComplaint(tx, {
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
      await enqueueMail(tx, {
        to: form.email,
        ...renderMail('complaint-acknowledgement', lang, brand, { claimNumber: form.num_sinistre }),
      });
      return { key: submission.key, id, linkedToClaim: claimId !== null };
    }
    const { form } = submission;
    const id = await insertContactMessage(tx, {
      nom: form.nom,
      email: form.email,
      telephone: form.telephone,
      message: form.message,
      numSinistre: form.num_sinistre,
      sourceReferrer: form.source_referrer,
      lang,
      company,
    });
    await enqueueMail(tx, {
      to: form.email,
      ...renderMail('contact-acknowledgement', lang, brand, {
        claimNumber: form.num_sinistre === '' ? undefined : form.num_sinistre,
      }),
    });
    return { key: submission.key, id, linkedToClaim: false };
  });
  dependencies.logger.info(
    { form: stored.key, company, attachments: files.length, linkedToClaim: stored.linkedToClaim },
    'customer form received',
  );
  return stored;
}
