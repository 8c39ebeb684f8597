import { and, asc, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_LANGUAGE, type Language } from '../../../contracts/languages.ts';
import type { Country } from '../../../contracts/partner-api.ts';
import {
  type DatabaseOrTransaction,
  claims,
  contracts,
  countries,
  countryTranslations,
  type Flag,
  guarantees,
  identityCodes,
  guaranteeTranslations,
  legalPages,
  legalParagraphs,
  reasons,
  reasonTranslations,
  subscriptionGuarantees,
  subscriptions,
} from '../../db/public.ts';

/**
 * The named queries of the insured lookups and reference data. Translated names fall back to
 * French when the asked language has none (an insurer's import may lack a language), then to ''.
 */

const localGuaranteeNames = alias(guaranteeTranslations, 'local_guarantee_names');
const frenchGuaranteeNames = alias(guaranteeTranslations, 'french_guarantee_names');
const localReasonNames = alias(reasonTranslations, 'local_reason_names');
const frenchReasonNames = alias(reasonTranslations, 'french_reason_names');
const localCountryNames = alias(countryTranslations, 'local_country_names');
const frenchCountryNames = alias(countryTranslations, 'french_country_names');

/** The text in the asked language, else in French, else ''. */
function translated(local: PgColumn, french: PgColumn): SQL<string> {
  return sql<string>`coalesce(${local}, ${french}, '')`;
}

/** A subscription of an insured number with what its contract adds. */
export interface SubscriptionRow {
  souscriptionId: number;
  contratCompagnieId: number;
  assureNumero: string;
  assureNom: string;
  assurePrenom: string;
  assureEmail: string;
  assureAdresse: string;
  assureCp: string;
  assureVille: string;
  assurePays: string;
  assureTelephone: string;
  destinationNom: string;
  /** ISO date, or null where the contract has no dates. */
  sejourDebutDate: string | null;
  sejourFinDate: string | null;
  garantieId: number | null;
  acquisitionFrom: string;
  contratUrl: string;
  destinationMode: string;
}

/** Which number a look-up reads: the insured number `SO-…` or a partner's contract number. */
export type LookupNumberKind = 'insured_number' | 'contract_number';

/**
 * The subscriptions of an insured number, or of a partner's contract number, oldest first. Both
 * are stored upper case (schema.ts), so the caller passes the number trimmed and upper-cased and
 * the column's index is used.
 */
export function findSubscriptionsByNumber(
  db: DatabaseOrTransaction,
  numero: string,
  kind: LookupNumberKind,
): Promise<SubscriptionRow[]> {
  return db
    .select({
      souscriptionId: subscriptions.souscriptionId,
      contratCompagnieId: subscriptions.contratCompagnieId,
      assureNumero: subscriptions.assureNumero,
      assureNom: subscriptions.assureNom,
      assurePrenom: subscriptions.assurePrenom,
      assureEmail: subscriptions.assureEmail,
      assureAdresse: subscriptions.assureAdresse,
      assureCp: subscriptions.assureCp,
      assureVille: subscriptions.assureVille,
      assurePays: subscriptions.assurePays,
      assureTelephone: subscriptions.assureTelephone,
      destinationNom: subscriptions.destinationNom,
      sejourDebutDate: subscriptions.sejourDebutDate,
      sejourFinDate: subscriptions.sejourFinDate,
      garantieId: subscriptions.garantieId,
      acquisitionFrom: subscriptions.acquisitionFrom,
      contratUrl: contracts.contratUrl,
      destinationMode: contracts.destinationMode,
    })
    .from(subscriptions)
    .innerJoin(contracts, eq(contracts.contratCompagnieId, subscriptions.contratCompagnieId))
    .where(eq(kind === 'insured_number' ? subscriptions.assureNumero : subscriptions.numeroContrat, numero))
    .orderBy(asc(subscriptions.souscriptionId));
}

/** The most recently declared claim number of each subscription that has one. */
export async function findLatestClaimNumbers(
  db: DatabaseOrTransaction,
  souscriptionIds: readonly number[],
): Promise<Map<number, string>> {
  if (souscriptionIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([claims.souscriptionId], { souscriptionId: claims.souscriptionId, numero: claims.numero })
    .from(claims)
    .where(inArray(claims.souscriptionId, [...souscriptionIds]))
    .orderBy(claims.souscriptionId, desc(claims.declarationDate), desc(claims.id));
  return new Map(rows.map((row) => [row.souscriptionId, row.numero]));
}

/** A guarantee's tile name and full product name in one language. */
export interface GuaranteeNames {
  id: number;
  nom: string;
  nomComplet: string;
}

/** Names of guarantees by id, in `lang`. */
export async function findGuaranteeNames(
  db: DatabaseOrTransaction,
  ids: readonly number[],
  lang: Language,
): Promise<Map<number, GuaranteeNames>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: guarantees.id,
      nom: translated(localGuaranteeNames.nom, frenchGuaranteeNames.nom),
      nomComplet: translated(localGuaranteeNames.nomComplet, frenchGuaranteeNames.nomComplet),
    })
    .from(guarantees)
    .leftJoin(
      localGuaranteeNames,
      and(eq(localGuaranteeNames.guaranteeId, guarantees.id), eq(localGuaranteeNames.lang, lang)),
    )
    .leftJoin(
      frenchGuaranteeNames,
      and(eq(frenchGuaranteeNames.guaranteeId, guarantees.id), eq(frenchGuaranteeNames.lang, DEFAULT_LANGUAGE)),
    )
    .where(inArray(guarantees.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A guarantee (step 1 tile) offered by a subscription. */
export interface SubscriptionGuaranteeRow {
  souscriptionId: number;
  id: number;
  nom: string;
  logo: string;
  ordre: number;
  sinistreAfficheDeclare: Flag;
  priorisationDeclare: Flag;
}

/** The guarantees the subscriptions offer, each subscription's by `ordre` then id. */
export function findSubscriptionGuarantees(
  db: DatabaseOrTransaction,
  souscriptionIds: readonly number[],
  lang: Language,
): Promise<SubscriptionGuaranteeRow[]> {
  if (souscriptionIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      souscriptionId: subscriptionGuarantees.souscriptionId,
      id: guarantees.id,
      nom: translated(localGuaranteeNames.nom, frenchGuaranteeNames.nom),
      logo: guarantees.logo,
      ordre: guarantees.ordre,
      sinistreAfficheDeclare: guarantees.sinistreAfficheDeclare,
      priorisationDeclare: guarantees.priorisationDeclare,
    })
    .from(subscriptionGuarantees)
    .innerJoin(guarantees, eq(guarantees.id, subscriptionGuarantees.guaranteeId))
    .leftJoin(
      localGuaranteeNames,
      and(eq(localGuaranteeNames.guaranteeId, guarantees.id), eq(localGuaranteeNames.lang, lang)),
    )
    .leftJoin(
      frenchGuaranteeNames,
      and(eq(frenchGuaranteeNames.guaranteeId, guarantees.id), eq(frenchGuaranteeNames.lang, DEFAULT_LANGUAGE)),
    )
    .where(inArray(subscriptionGuarantees.souscriptionId, [...souscriptionIds]))
    .orderBy(asc(subscriptionGuarantees.souscriptionId), asc(guarantees.ordre), asc(guarantees.id));
}

/** A reason (step 2) of a guarantee. */
export interface ReasonRow {
  guaranteeId: number;
  id: number;
  nom: string;
  priorisationDeclare: number;
}

/** The reasons of the guarantees, each guarantee's by priority (highest first), then `ordre`, then id. */
export function findReasons(
  db: DatabaseOrTransaction,
  guaranteeIds: readonly number[],
  lang: Language,
): Promise<ReasonRow[]> {
  if (guaranteeIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      guaranteeId: reasons.guaranteeId,
      id: reasons.id,
      nom: translated(localReasonNames.nom, frenchReasonNames.nom),
      priorisationDeclare: reasons.priorisationDeclare,
    })
    .from(reasons)
    .leftJoin(localReasonNames, and(eq(localReasonNames.reasonId, reasons.id), eq(localReasonNames.lang, lang)))
    .leftJoin(
      frenchReasonNames,
      and(eq(frenchReasonNames.reasonId, reasons.id), eq(frenchReasonNames.lang, DEFAULT_LANGUAGE)),
    )
    .where(inArray(reasons.guaranteeId, [...guaranteeIds]))
    .orderBy(asc(reasons.guaranteeId), desc(reasons.priorisationDeclare), asc(reasons.ordre), asc(reasons.id));
}

/** One guarantee's name and type (`materiel`, `annulation`…), or undefined. */
export async function findGuarantee(
  db: DatabaseOrTransaction,
  id: number,
  lang: Language,
): Promise<{ id: number; nom: string; type: string } | undefined> {
  const [row] = await db
    .select({
      id: guarantees.id,
      nom: translated(localGuaranteeNames.nom, frenchGuaranteeNames.nom),
      type: guarantees.type,
    })
    .from(guarantees)
    .leftJoin(
      localGuaranteeNames,
      and(eq(localGuaranteeNames.guaranteeId, guarantees.id), eq(localGuaranteeNames.lang, lang)),
    )
    .leftJoin(
      frenchGuaranteeNames,
      and(eq(frenchGuaranteeNames.guaranteeId, guarantees.id), eq(frenchGuaranteeNames.lang, DEFAULT_LANGUAGE)),
    )
    .where(eq(guarantees.id, id));
  return row;
}

/** Every country with its name in `lang` and its alpha-2 code, in no particular order. */
export function findCountries(db: DatabaseOrTransaction, lang: Language): Promise<Country[]> {
  return db
    .select({
      id: countries.id,
      nom: translated(localCountryNames.nom, frenchCountryNames.nom),
      code: countries.isoCode,
    })
    .from(countries)
    .leftJoin(localCountryNames, and(eq(localCountryNames.countryId, countries.id), eq(localCountryNames.lang, lang)))
    .leftJoin(
      frenchCountryNames,
      and(eq(frenchCountryNames.countryId, countries.id), eq(frenchCountryNames.lang, DEFAULT_LANGUAGE)),
    );
}

/** A paragraph of a content page in one language. */
export interface LegalParagraphRow {
  lang: Language;
  nom: string;
  contenu: string;
}

/**
 * A content page's paragraphs in `lang` and in French, by position; undefined when no page has
 * this id (a page without paragraphs gives an empty list).
 */
export async function findLegalPageParagraphs(
  db: DatabaseOrTransaction,
  pageId: string,
  lang: Language,
): Promise<LegalParagraphRow[] | undefined> {
  const rows = await db
    .select({ lang: legalParagraphs.lang, nom: legalParagraphs.nom, contenu: legalParagraphs.contenu })
    .from(legalPages)
    .leftJoin(
      legalParagraphs,
      and(eq(legalParagraphs.pageId, legalPages.id), inArray(legalParagraphs.lang, [lang, DEFAULT_LANGUAGE])),
    )
    .where(eq(legalPages.id, pageId))
    .orderBy(asc(legalParagraphs.position));
  if (rows.length === 0) return undefined;
  return rows.flatMap((row) =>
    row.lang === null || row.nom === null || row.contenu === null
      ? []
      : [{ lang: row.lang, nom: row.nom, contenu: row.contenu }],
  );
}

// one-time codes ----------------------------------------------------------------------------------

/** What a subject's one-time codes are found by: purpose, subscription and hashed typed address. */
export interface CodeSubjectKey {
  purpose: 'identity' | 'email';
  souscriptionId: number;
  emailHash: string;
}

function subjectWhere(key: CodeSubjectKey) {
  return and(
    eq(identityCodes.purpose, key.purpose),
    eq(identityCodes.souscriptionId, key.souscriptionId),
    eq(identityCodes.emailHash, key.emailHash),
  );
}

/** Marks the subject's codes not used yet as used at `at`, so none of them is live any more. */
export async function retireLiveCodes(tx: DatabaseOrTransaction, key: CodeSubjectKey, at: Date): Promise<void> {
  await tx
    .update(identityCodes)
    .set({ usedAt: at })
    .where(and(subjectWhere(key), isNull(identityCodes.usedAt)));
}

/** Stores a new one-time code. */
export async function insertIdentityCode(
  tx: DatabaseOrTransaction,
  code: CodeSubjectKey & { codeHash: string; salt: string; triesLeft: number; expiresAt: Date },
): Promise<void> {
  await tx.insert(identityCodes).values(code);
}

/** The subject's latest code that is unused, unexpired at `now` and has tries left, if any. */
export async function findLiveCodeId(db: DatabaseOrTransaction, key: CodeSubjectKey, now: Date) {
  const [live] = await db
    .select({ id: identityCodes.id })
    .from(identityCodes)
    .where(
      and(
        subjectWhere(key),
        isNull(identityCodes.usedAt),
        gt(identityCodes.expiresAt, now),
        gt(identityCodes.triesLeft, 0),
      ),
    )
    .orderBy(desc(identityCodes.id))
    .limit(1);
  return live;
}

/** Counts down one try of code `id` while it is unused with tries left (atomically); answers its hash, if counted. */
export async function countDownCodeTry(db: DatabaseOrTransaction, id: number) {
  const [counted] = await db
    .update(identityCodes)
    .set({ triesLeft: sql`${identityCodes.triesLeft} - 1` })
    .where(and(eq(identityCodes.id, id), isNull(identityCodes.usedAt), gt(identityCodes.triesLeft, 0)))
    .returning({ salt: identityCodes.salt, codeHash: identityCodes.codeHash, triesLeft: identityCodes.triesLeft });
  return counted;
}

/** Marks code `id` used at `at`, once; answers it when this call marked it. */
export async function markCodeUsed(db: DatabaseOrTransaction, id: number, at: Date) {
  const [used] = await db
    .update(identityCodes)
    .set({ usedAt: at })
    .where(and(eq(identityCodes.id, id), isNull(identityCodes.usedAt)))
    .returning({ id: identityCodes.id });
  return used;
}

/** Leaves the hash of a confirmation token on code `id`. */
export async function setCodeConfirmation(
  db: DatabaseOrTransaction,
  id: number,
  confirmationHash: string,
): Promise<void> {
  await db.update(identityCodes).set({ confirmationHash }).where(eq(identityCodes.id, id));
}

/**
 * Spends, at `now`, the subject's confirmation `confirmationHash` not spent yet, left by a code
 * used after `usedSince`; answers the codes spent.
 */
export function spendCodeConfirmation(
  tx: DatabaseOrTransaction,
  key: CodeSubjectKey,
  confirmationHash: string,
  now: Date,
  usedSince: Date,
) {
  return tx
    .update(identityCodes)
    .set({ confirmationSpentAt: now })
    .where(
      and(
        subjectWhere(key),
        eq(identityCodes.confirmationHash, confirmationHash),
        isNull(identityCodes.confirmationSpentAt),
        gt(identityCodes.usedAt, usedSince),
      ),
    )
    .returning({ id: identityCodes.id });
}

/** Deletes the codes that expired before `before`. */
export async function deleteCodesExpiredBefore(db: DatabaseOrTransaction, before: Date): Promise<void> {
  await db.delete(identityCodes).where(sql`${identityCodes.expiresAt} < ${before}`);
}
