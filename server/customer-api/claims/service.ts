import { DECLARED_STATE } from '../../../contracts/claim-states.ts';
import { createHash } from 'node:crypto';
import { type BrandCatalog, findPartner } from '../../../brands/lib/parse.ts';
import type { Brand } from '../../../brands/lib/schema.ts';
import { declarationDateProblems, isCancellationGroup, latestToday } from '../../../contracts/declaration-rules.ts';
import { type ClaimDeclaration, type ClaimInfo, parseDeclaredDocumentIds } from '../../../contracts/partner-api.ts';
import { formatIsoDay, frenchOfIsoDate, isoOfFrenchDate } from '../../../contracts/dates.ts';
import type { Language } from '../../../contracts/languages.ts';
import { sanitizeRichText } from '../../../contracts/sanitize-rich-text.ts';
import { claimLogId } from '../../claim-log-id.ts';
import { type AppDatabase, type DatabaseOrTransaction, drawClaimNumber } from '../../db/public.ts';
import { HttpError } from '../../errors.ts';
import { apiMessages, commonMessages, translate } from '../../i18n/public.ts';
import type { Logger } from '../../logger.ts';
import {
  claimMailUnderLimit,
  claimMailWritten,
  enqueueMail,
  followUpUrl,
  recipientKeyOf,
  type RenderedMail,
  recipientLocksOf,
  renderMail,
} from '../../mail/public.ts';
import {
  type RateLimitRule,
  type RateLimitState,
  rateLimitHitInStatement,
  sweepRateLimitsSometimes,
} from '../../security/public.ts';
import { groupInsuredNumbers, isGroupInsuredNumber } from '../insured/group-contracts.ts';
import type { ClaimAccessLevel } from './claimant-access.ts';
import { followUpLinkExpiry, issueFollowUpToken, newFollowUpToken, revokeMailedLinks } from './follow-up-links.ts';
import { spendEmailConfirmation } from '../insured/identity-codes.ts';
import { claimBrandMessages, claimMessages } from './messages.ts';
import {
  enqueueEstablishmentCopy,
  type EstablishmentCopyOutcome,
  establishmentCopyPlan,
  renderEstablishmentCopy,
} from './establishment-copy.ts';
import {
  type ClaimRow,
  type DeclarationPrerequisites,
  type SubmitPrerequisites,
  findClaimByNumber,
  findClaimLabels,
  findClaimProofs,
  findClaimsOfSubmit,
  findLatestClaimOfInsuredNumber,
  findLatestUnreadReception,
  insertClaimOnce,
  insertClaimStart,
  insertDeclaredClaim,
  lockSubmitOfDeclaration,
  type NewClaim,
  findStaffAnswersOfClaim,
  listStandingRefusals,
} from './repository.ts';

/** The group contracts' numbers of each brand catalogue, read once (a catalogue never changes). */
const groupNumbersOfCatalog = new WeakMap<BrandCatalog, ReadonlySet<string>>();

function groupNumbersOf(brands: BrandCatalog): ReadonlySet<string> {
  let numbers = groupNumbersOfCatalog.get(brands);
  if (numbers === undefined) {
    numbers = groupInsuredNumbers(brands);
    groupNumbersOfCatalog.set(brands, numbers);
  }
  return numbers;
}

/** Texts of the one-time codes and of what needs one (`api.json`, group `identityCodes`). */
const identityCodeMessages = apiMessages('identityCodes');

/**
 * The claims use cases: declaring a claim (spec 1 §5 step 5, §7 POST sinistres), reading it for
 * the follow-up page (spec 2 §3 infos_sinistre) and mailing a follow-up link (spec 2 §7
 * lien_suivi). The rules themselves are pure functions at the top, tested without a database.
 */

// Rules ------------------------------------------------------------------------------------------

/** A problem of one declared field, as a message key of the claims or the common catalogue. */
export interface FieldProblem {
  field: string;
  key:
    | 'field_required'
    | 'field_date'
    | 'field_invalid'
    | 'start_after_end'
    | 'end_before_claim'
    | 'claim_date_in_future'
    | 'boxes_unticked'
    | 'justificatifs_invalid'
    | 'subscription_mismatch'
    | 'guarantee_not_covered'
    | 'reason_not_of_guarantee';
  /** ISO dates to show in the message, formatted in the visitor's language when translated. */
  dates?: Readonly<Record<string, string>>;
}

/** The brand of a declaration and how the server applies its rules. */
export interface DeclarationBrand {
  brand: Brand;
  /** The partner slug stored with the claim; null for the neutral brand or an unknown company. */
  company: string | null;
}

/**
 * The brand of `acquisition_methode` = `portail_{company}_{from}` (spec 1 §7): its second part,
 * through the brands' former slugs. An empty or unknown company gets the neutral
 * brand's rules. (Find-my-number's reports are read so; a claim's brand is its contract's, brandOfContract.)
 */
export function brandOfAcquisition(acquisitionMethode: string, brands: BrandCatalog): DeclarationBrand {
  const slug = acquisitionMethode.split('_')[1] ?? '';
  const brand = findPartner(brands, slug);
  return brand ? { brand, company: brand.slug } : { brand: brands.neutral, company: null };
}

/**
 * The brand a declaration is made under: the page's, named by its `company` (a brand file's slug,
 * or one of its former slugs; '' for the neutral brand). Undefined for a slug of no brand file.
 */
export function brandOfDeclaration(company: string, brands: BrandCatalog): DeclarationBrand | undefined {
  if (company === '') return { brand: brands.neutral, company: null };
  const brand = findPartner(brands, company);
  return brand ? { brand, company: brand.slug } : undefined;
}

/** Largest `contrat_compagnie_id` a contract may have (a PostgreSQL integer). */
const LARGEST_CONTRACT_ID = 2_147_483_647;

/**
 * The brand a claim is made under: its contract's (`contracts.company`). A contract sold under a
 * brand is declared on that brand's site or on the neutral one, which then takes the contract's
 * brand (its rules, its mails, its figures); a contract of no brand (shared by several sites, or
 * unknown: refused later as a subscription mismatch) keeps the page's. Undefined when the page is
 * another partner's than the contract's: the claim would be counted under a brand it is not of.
 */
export function brandOfContract(
  declared: DeclarationBrand,
  contractCompany: string | null | undefined,
  brands: BrandCatalog,
): DeclarationBrand | undefined {
  if (contractCompany === null || contractCompany === undefined) return declared;
  const contractBrand = findPartner(brands, contractCompany);
  if (contractBrand === undefined) return declared.company === null ? declared : undefined;
  if (declared.company === null) return { brand: contractBrand, company: contractBrand.slug };
  return declared.company === contractBrand.slug ? declared : undefined;
}

/**
 * The claim's brand from its page's and its contract's (brandOfContract, `contract` as the submit's
 * first statement read it), or the 400 naming `company`.
 */
function brandOfDeclaredClaim(
  declaration: ClaimDeclaration,
  page: DeclarationBrand,
  contract: { company: string | null } | undefined,
  brands: BrandCatalog,
): DeclarationBrand {
  const lang = declaration.lang;
  const declared = brandOfContract(page, contract?.company, brands);
  if (declared === undefined)
    throw new HttpError(400, translate(commonMessages, 'invalid_request', lang), {
      company: translate(claimBrandMessages, 'contract_of_another_brand', lang),
    });
  return declared;
}

/** The contract id a submit reads, or null for one no contract can have (a PostgreSQL integer). */
function readableContractId(id: number): number | null {
  return id > 0 && id <= LARGEST_CONTRACT_ID ? id : null;
}

/** The base of every acquisition method the portal stores: the specification's `{site}`, fixed. */
const ACQUISITION_METHOD_BASE = 'portail';

/**
 * The `acquisition_methode` stored with a claim (spec 1 §7 `portail_{company}_{from}`), built by
 * the server: the portal's base, the brand's slug ('' for the neutral brand) and the channel the
 * subscription came from (its `__from`), kept to the characters the wizard keeps.
 */
export function acquisitionMethodOfClaim(company: string | null, from: string): string {
  return `${ACQUISITION_METHOD_BASE}_${company ?? ''}_${from.replace(/[^A-Za-z0-9-]/g, '')}`;
}

/**
 * What a declaration breaks of the step-5 rules that need no database (spec 1 §5): a real claim
 * date, the date rules the wizard shares (declarationDateProblems: contract dates required unless
 * the brand says otherwise, start ≤ end, end ≥ claim date, claim date not in the future), the
 * cancellation checkbox of cancellation groups when the brand asks it. The brand's forced client
 * id and label id are not read from the declaration at all: the claim takes the brand file's.
 *
 * @param today `yyyy-mm-dd`, the latest calendar day the claim may have (see latestToday)
 */
export function declarationRuleProblems(declaration: ClaimDeclaration, brand: Brand, today: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const rules = brand.declaration;
  const claimDate = isoOfFrenchDate(declaration.sinistre_date);

  // The shared date rules take an absent or unreal claim date as unknown; refusing it is ours.
  if (claimDate === undefined) problems.push({ field: 'sinistre_date', key: 'field_date' });
  problems.push(
    ...declarationDateProblems({
      claimDate,
      start: declaration.sejour_debut_date,
      end: declaration.sejour_fin_date,
      contractDatesRequired: rules.contractDatesRequired,
      today,
    }),
  );

  if (rules.cancellationCheckbox && isCancellationGroup(declaration.garantie_type)) {
    if (declaration.confirmation_annulation !== '1')
      problems.push({ field: 'confirmation_annulation', key: 'boxes_unticked' });
  }
  if (parseDeclaredDocumentIds(declaration.justificatifs) === undefined)
    problems.push({ field: 'justificatifs', key: 'justificatifs_invalid' });
  return problems;
}

/**
 * What a declaration breaks of the rules read from the database (lockSubscriptionOfDeclaration):
 * the subscription exists under this insured number and contract; the reason belongs to the claim
 * group; the group is one the subscription covers and the wizard shows.
 */
export function prerequisiteProblems(
  declaration: ClaimDeclaration,
  prerequisites: DeclarationPrerequisites | undefined,
): FieldProblem[] {
  if (
    !prerequisites ||
    prerequisites.assureNumero.toUpperCase() !== declaration.assure_numero.toUpperCase() ||
    prerequisites.contratCompagnieId !== declaration.contrat_compagnie_id
  ) {
    // One answer whichever of the three is wrong: it must not confirm that a subscription exists.
    return [{ field: 'souscription_id', key: 'subscription_mismatch' }];
  }
  const problems: FieldProblem[] = [];
  if (prerequisites.guaranteeShown !== 1) problems.push({ field: 'garantie_type', key: 'guarantee_not_covered' });
  if (prerequisites.reasonGuaranteeId !== declaration.garantie_type)
    problems.push({ field: 'motif_id', key: 'reason_not_of_guarantee' });
  return problems;
}

/** The translated 400 of field problems, naming each field. */
export function invalidDeclaration(problems: readonly FieldProblem[], lang: Language): HttpError {
  const fields: Record<string, string> = Object.create(null);
  for (const problem of problems) {
    if (fields[problem.field] !== undefined) continue;
    const values = Object.fromEntries(
      Object.entries(problem.dates ?? {}).map(([name, iso]) => [name, formatIsoDay(iso, lang)]),
    );
    fields[problem.field] =
      problem.key in claimMessages
        ? translate(claimMessages, problem.key as keyof typeof claimMessages, lang, values)
        : translate(commonMessages, problem.key as keyof typeof commonMessages, lang, values);
  }
  return new HttpError(400, translate(commonMessages, 'invalid_request', lang), fields);
}

/**
 * SHA-256 (hex) of what was declared, to refuse an `Idempotency-Key` reused for another
 * declaration. Keys are sorted; the live-socket id is left out, since a reloaded page retries the
 * same declaration from a new socket, and so is a group member's address confirmation.
 */
export function declarationHash(declaration: ClaimDeclaration): string {
  // The address confirmation is spent by the first submit: a retry may carry another or none.
  const { socket_id: _socketId, jeton_email: _emailConfirmation, ...declared } = declaration;
  const sorted = Object.fromEntries(Object.entries(declared).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

/**
 * The claim row a declaration makes. What belongs to the brand is the brand file's, never the
 * request's: the acquisition method (built from the brand and the subscription's channel), the
 * forced client id and the label id (null for a brand that has none, whatever was sent).
 */
function claimOfDeclaration(
  declaration: ClaimDeclaration,
  declared: DeclarationBrand,
  key: { idempotencyKey: string; requestHash: string },
  subscription: { acquisitionFrom: string },
): NewClaim & { idempotencyKey: string } {
  const rules = declared.brand.declaration;
  const amount = declaration.sejour_montant.replace(',', '.');
  return {
    souscriptionId: declaration.souscription_id,
    contratCompagnieId: declaration.contrat_compagnie_id,
    assureNumero: declaration.assure_numero.toUpperCase(),
    assureNom: declaration.assure_nom,
    assurePrenom: declaration.assure_prenom,
    assureEmail: declaration.assure_email,
    assureAdresse: declaration.assure_adresse,
    assureCp: declaration.assure_cp,
    assureVille: declaration.assure_ville,
    assurePays: declaration.assure_pays,
    assureTelephone: declaration.assure_telephone,
    destinationNom: declaration.destination_nom,
    sejourDebutDate: declaration.sejour_debut_date === '' ? null : declaration.sejour_debut_date,
    sejourFinDate: declaration.sejour_fin_date === '' ? null : declaration.sejour_fin_date,
    sinistreDate: isoOfFrenchDate(declaration.sinistre_date) ?? '',
    sejourMontant: amount === '' ? null : amount,
    motifId: declaration.motif_id,
    garantieId: declaration.garantie_type,
    justificatifs: parseDeclaredDocumentIds(declaration.justificatifs) ?? [],
    declarationCommentaire: declaration.declaration_commentaire,
    lang: declaration.lang,
    company: declared.company,
    acquisitionMethode: acquisitionMethodOfClaim(declared.company, subscription.acquisitionFrom),
    forceClientId: rules.forcedClientId,
    sinistreEtiquetteId: rules.labelId,
    // The tick of a box the brand and the group do not show confirms nothing: stored as unticked.
    confirmationAnnulation:
      rules.cancellationCheckbox &&
      isCancellationGroup(declaration.garantie_type) &&
      declaration.confirmation_annulation === '1',
    etat: DECLARED_STATE, // written on insert rather than left to the column's default
    idempotencyKey: key.idempotencyKey,
    requestHash: key.requestHash,
    creationSocketId: declaration.socket_id === '' ? null : declaration.socket_id,
  };
}

// Use cases --------------------------------------------------------------------------------------

export interface ClaimsDependencies {
  database: { db: AppDatabase };
  brands: BrandCatalog;
  logger: Logger;
}

/** Where mails link to: the public site, without trailing slash. */
export interface MailOrigin {
  origin: string;
}

export interface DeclaredClaim {
  claim: ClaimRow;
  /** false: the `Idempotency-Key` had already created this claim (a retried or concurrent submit). */
  created: boolean;
  /**
   * A follow-up token for the browser that sent the declaration (it holds the key and the
   * declared fields: it is the claimant): it adds proofs at once, without waiting for the mail.
   * Each answer, a retry's too, carries a new one (follow-up-links.ts BROWSER_TOKENS_KEPT).
   */
  followUpToken: string;
  /** What became of the copy to the booking establishment (for the log); absent on a retry. */
  establishmentCopy?: EstablishmentCopyOutcome;
}

/** The claim of an already used key: the same claim for the same declaration, 409 otherwise. */
async function replayOf(
  tx: DatabaseOrTransaction,
  claim: ClaimRow,
  requestHash: string,
  lang: Language,
): Promise<DeclaredClaim> {
  if (claim.requestHash !== requestHash)
    throw new HttpError(
      409,
      translate(claimMessages, 'idempotency_key_reused', lang),
      undefined,
      'idempotency_key_reused',
    );
  return { claim, created: false, followUpToken: await issueFollowUpToken(tx, claim.id, 'browser') };
}

/** The brand a claim's mails and links use: the brand it was declared under, else the neutral one. */
function brandOfClaim(claim: Pick<ClaimRow, 'company'>, brands: BrandCatalog): Brand {
  return (claim.company === null ? undefined : brands.bySlug.get(claim.company)) ?? brands.neutral;
}

/**
 * A new follow-up link of a claim for a mail written in `tx` (staff's change mails): its token is
 * stored hashed, like the confirmation's; answers the claim's brand and the link.
 */
export async function issueFollowUpLink(
  tx: DatabaseOrTransaction,
  claim: Pick<ClaimRow, 'id' | 'company' | 'lang'>,
  input: { brands: BrandCatalog; link: MailOrigin },
): Promise<{ brand: Brand; followUpUrl: string }> {
  const brand = brandOfClaim(claim, input.brands);
  const token = await issueFollowUpToken(tx, claim.id, 'mail');
  return {
    brand,
    followUpUrl: followUpUrl({ origin: input.link.origin, company: brand.slug, lang: claim.lang }, token),
  };
}

/**
 * Declares a claim (POST sinistres). The rules that need no database are checked first (400 naming
 * each field). Then ONE transaction locks the subscription; a key already used answers its claim
 * (or 409 for another declaration) before anything else, so a retry succeeds even once the
 * subscription has its claim; then the prerequisites are checked (400), a second claim on the
 * subscription is refused (409 with its number), and the claim, its requested proofs, a follow-up
 * token and the confirmation mail are written. A group contract's subscription (a brand's
 * automatic number, ../insured/group-contracts.ts) takes one claim per member: there, only the
 * key tells a retry from a new claim, and no earlier member's claim is refused or named.
 */
/**
 * A submit refused by its rate limit (declareClaim's `rateLimit`), thrown once the transaction
 * that counted the hit has committed: the caller answers 429 with `state`.
 */
export class SubmitRateLimited extends Error {
  readonly state: RateLimitState;

  constructor(state: RateLimitState) {
    super('The submit is over its rate limit.');
    this.name = 'SubmitRateLimited';
    this.state = state;
  }
}

export async function declareClaim(
  dependencies: ClaimsDependencies,
  input: {
    declaration: ClaimDeclaration;
    idempotencyKey: string;
    link: MailOrigin;
    now?: Date;
    /**
     * The limit of the submit's client, counted by the transaction's first statement (no round trip
     * of its own). Over it, only a retry of a claim its key created goes on (SubmitRateLimited).
     */
    rateLimit?: { rule: RateLimitRule; key: string; now: number };
  },
): Promise<DeclaredClaim> {
  const { db } = dependencies.database;
  const { declaration, idempotencyKey } = input;
  const lang = declaration.lang;
  const requestHash = declarationHash(declaration);
  const page = brandOfDeclaration(declaration.company, dependencies.brands);
  if (page === undefined) throw invalidDeclaration([{ field: 'company', key: 'field_invalid' }], lang);

  const rateHit =
    input.rateLimit && rateLimitHitInStatement(input.rateLimit.rule, input.rateLimit.key, input.rateLimit.now);
  // A cancellation with its copy box ticked may ask for the establishment's copy: the first
  // statement then also locks its possible addresses and reads the names the copy shows.
  const mayCopy = declaration.confirmation_annulation === '1' && isCancellationGroup(declaration.garantie_type);
  const brandCopyEmail = page.brand.establishment.copyEmail?.trim();
  const early = earlyConfirmation(declaration, page, dependencies.brands, input.link);
  const outcome = await db.transaction(async (tx): Promise<DeclaredClaim | { refused: RateLimitState }> => {
    // Submits on one subscription queue here; the ones after the first see its claim below.
    const read = await lockSubmitOfDeclaration(tx, {
      souscriptionId: declaration.souscription_id,
      guaranteeId: declaration.garantie_type,
      reasonId: declaration.motif_id,
      contratCompagnieId: readableContractId(declaration.contrat_compagnie_id),
      lang,
      lockRecipients: {
        addresses: [
          recipientKeyOf(declaration.assure_email),
          ...(mayCopy && brandCopyEmail !== undefined ? [brandCopyEmail] : []),
        ],
        establishment: mayCopy,
        locks: recipientLocksOf,
      },
      copyLabels: mayCopy,
      rateHit,
    });
    const limited = rateHit?.stateOf(read.rateCounts.current, read.rateCounts.previous);
    if (limited !== undefined && !limited.allowed) {
      // Over the limit, a retry still gets its claim; anything else is refused, the hit kept.
      const [sameKey] = await findClaimsOfSubmit(tx, { idempotencyKey, souscriptionId: null });
      if (sameKey === undefined) return { refused: limited };
      return replayOf(tx, sameKey, requestHash, lang);
    }
    const declared = brandOfDeclaredClaim(declaration, page, read.contract, dependencies.brands);
    const ruleProblems = declarationRuleProblems(declaration, declared.brand, latestToday(input.now ?? new Date()));
    if (ruleProblems.length > 0) throw invalidDeclaration(ruleProblems, lang);
    const prerequisites = read.subscription;
    const group =
      prerequisites !== undefined &&
      isGroupInsuredNumber(groupNumbersOf(dependencies.brands), prerequisites.assureNumero);
    // The usual submit: the claim and all it starts with in one statement; a retry, a refusal or a
    // group contract's member take the steps below.
    if (!group && prerequisites !== undefined && prerequisiteProblems(declaration, prerequisites).length === 0) {
      const values = claimOfDeclaration(declaration, declared, { idempotencyKey, requestHash }, prerequisites);
      const created = await insertNewClaim(tx, dependencies, {
        values,
        early,
        read,
        link: input.link,
        subscriptionEmail: prerequisites.destinationEmail,
      });
      if (created) return created;
    }
    const known = await findClaimsOfSubmit(tx, {
      idempotencyKey,
      souscriptionId: group ? null : declaration.souscription_id,
    });
    const sameKey = known.find((claim) => claim.idempotencyKey === idempotencyKey);
    if (sameKey) return replayOf(tx, sameKey, requestHash, lang);
    const problems = prerequisiteProblems(declaration, prerequisites);
    if (problems.length > 0) throw invalidDeclaration(problems, lang);
    const existing = known[0];
    // The claim is not named: its number is only for whoever holds the follow-up link or the code.
    if (existing)
      throw new HttpError(409, translate(identityCodeMessages, 'claim_exists', lang), undefined, 'claim_exists');
    if (!prerequisites) throw invalidDeclaration([{ field: 'souscription_id', key: 'subscription_mismatch' }], lang);
    // A group contract's member proves the address they typed (a code mailed to it) before a claim
    // mails it anything: without it, the shared number would mail any address at will.
    if (
      group &&
      !(await spendEmailConfirmation(
        tx,
        { purpose: 'email', souscriptionId: declaration.souscription_id, email: declaration.assure_email },
        declaration.jeton_email,
      ))
    ) {
      const message = translate(identityCodeMessages, 'email_confirmation_required', lang);
      throw new HttpError(400, translate(commonMessages, 'invalid_request', lang), { jeton_email: message });
    }
    const inserted = await insertClaimOnce(
      tx,
      claimOfDeclaration(declaration, declared, { idempotencyKey, requestHash }, prerequisites),
    );
    // The same key sent at the same time for another subscription: that submit won.
    if (!inserted.created) return replayOf(tx, inserted.row, requestHash, lang);
    const claim = inserted.row;
    const { token, tokenHash } = newFollowUpToken();
    const documents = await insertClaimStart(tx, claim, { tokenHash, expiresAt: followUpLinkExpiry(new Date()) });
    const brand = brandOfClaim(claim, dependencies.brands);
    await enqueueMail(tx, {
      to: claim.assureEmail,
      claimId: claim.id,
      ...renderMail('claim-confirmation', claim.lang, brand, {
        claimNumber: claim.numero,
        declarationDate: claim.declarationDate,
        documents,
        followUpUrl: followUpUrl({ origin: input.link.origin, company: brand.slug, lang: claim.lang }, token),
      }),
    });
    const establishmentCopy = await enqueueEstablishmentCopy(tx, claim, {
      brand,
      subscriptionEmail: prerequisites.destinationEmail,
    });
    const followUpToken = await issueFollowUpToken(tx, claim.id, 'browser');
    return { claim, created: true, followUpToken, establishmentCopy };
  });
  if (input.rateLimit) await sweepRateLimitsSometimes(db, input.rateLimit.now);
  if ('refused' in outcome) throw new SubmitRateLimited(outcome.refused);
  const result = outcome;
  dependencies.logger.info(
    {
      claim: claimLogId(result.claim.numero),
      created: result.created,
      company: result.claim.company,
      ...(result.establishmentCopy ? { establishmentCopy: result.establishmentCopy } : {}),
    },
    result.created ? 'claim declared' : 'claim submit retried',
  );
  return result;
}

/**
 * What a new claim's confirmation needs that no statement reads: its number, its time, its two
 * follow-up tokens and, when the documents its reason required at the last submit are known, its
 * mail rendered for the page's brand. Made before the transaction, so that the database (the
 * subscription's lock; all of PGlite, which runs one transaction at a time) is not held while
 * they are drawn and rendered; insertNewClaim renders the mail again when the first statement
 * reads other documents or the contract's brand is another.
 */
interface EarlyConfirmation {
  numero: string;
  now: Date;
  mailed: { token: string; tokenHash: string };
  browser: { token: string; tokenHash: string };
  mail?: { brand: string; documents: readonly string[]; rendered: RenderedMail };
}

/** The documents each reason required, by reason and language, as the last submit's first statement read them. */
const lastDocuments = new Map<string, readonly string[]>();
/** More keys than the reasons in every language: cleared rather than grown. */
const LAST_DOCUMENTS_KEPT = 2_000;

function documentsKey(reasonId: number, lang: Language): string {
  return `${reasonId}:${lang}`;
}

function sameDocuments(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, index) => name === b[index]);
}

function earlyConfirmation(
  declaration: ClaimDeclaration,
  page: DeclarationBrand,
  brands: BrandCatalog,
  link: MailOrigin,
): EarlyConfirmation {
  const now = new Date();
  const numero = drawClaimNumber();
  const mailed = newFollowUpToken();
  const browser = newFollowUpToken();
  const documents = lastDocuments.get(documentsKey(declaration.motif_id, declaration.lang));
  if (documents === undefined) return { numero, now, mailed, browser };
  const brand = brandOfClaim({ company: page.company }, brands);
  const rendered = confirmationMail(brand, declaration.lang, { numero, now, documents, link, token: mailed.token });
  return { numero, now, mailed, browser, mail: { brand: brand.slug, documents, rendered } };
}

function confirmationMail(
  brand: Brand,
  lang: Language,
  claim: { numero: string; now: Date; documents: readonly string[]; link: MailOrigin; token: string },
): RenderedMail {
  return renderMail('claim-confirmation', lang, brand, {
    claimNumber: claim.numero,
    declarationDate: claim.now,
    documents: claim.documents,
    followUpUrl: followUpUrl({ origin: claim.link.origin, company: brand.slug, lang }, claim.token),
  });
}

/**
 * A new claim on a subscription that takes one, its prerequisites met, in the transaction that
 * locked the subscription: the claim, its requested proofs, its first follow-up tokens, its
 * confirmation mail and, when the claim asks for it, the establishment's copy, in ONE statement
 * (insertDeclaredClaim), the mails rendered beforehand with the claim's number drawn here. Each
 * mail's recipient was locked by the first statement (`read.lockedRecipients`); a copy whose
 * address was not (the contract's brand is not the page's) is queued after it, step by step.
 * Undefined, with nothing written, when a claim with the key or on the subscription exists, when
 * the drawn number was taken, or when the claimant's address was not locked: the caller then
 * takes the step-by-step way.
 */
async function insertNewClaim(
  tx: DatabaseOrTransaction,
  dependencies: ClaimsDependencies,
  input: {
    values: NewClaim & { idempotencyKey: string };
    early: EarlyConfirmation;
    read: SubmitPrerequisites;
    link: MailOrigin;
    subscriptionEmail: string | null;
  },
): Promise<DeclaredClaim | undefined> {
  const { read, early } = input;
  const { now, mailed, browser } = early;
  const claim = { ...input.values, numero: early.numero, declarationDate: now };
  const to = claim.assureEmail;
  if (to === undefined || !read.lockedRecipients.includes(recipientKeyOf(to))) return undefined;
  const brand = brandOfClaim({ company: claim.company ?? null }, dependencies.brands);
  const lang = claim.lang;
  const mail =
    early.mail !== undefined && early.mail.brand === brand.slug && sameDocuments(early.mail.documents, read.documents)
      ? early.mail.rendered
      : confirmationMail(brand, lang, {
          numero: claim.numero,
          now,
          documents: read.documents,
          link: input.link,
          token: mailed.token,
        });
  if (early.mail === undefined || mail !== early.mail.rendered) {
    if (lastDocuments.size >= LAST_DOCUMENTS_KEPT) lastDocuments.clear();
    lastDocuments.set(documentsKey(claim.motifId, lang), read.documents);
  }
  const plan = establishmentCopyPlan(
    { confirmationAnnulation: claim.confirmationAnnulation ?? false, garantieId: claim.garantieId },
    brand,
    input.subscriptionEmail,
  );
  const copy =
    plan.status === 'asked' && read.copyLabels !== undefined && read.lockedRecipients.includes(recipientKeyOf(plan.to))
      ? {
          to: plan.to,
          ...renderEstablishmentCopy(
            {
              numero: claim.numero,
              assurePrenom: claim.assurePrenom,
              assureNom: claim.assureNom,
              destinationNom: claim.destinationNom ?? '',
              sejourDebutDate: claim.sejourDebutDate ?? null,
              sejourFinDate: claim.sejourFinDate ?? null,
              sinistreDate: claim.sinistreDate,
              declarationDate: now,
              declarationCommentaire: claim.declarationCommentaire ?? '',
            },
            brand,
            plan.lang,
            { objet: read.copyLabels.guarantee[plan.lang] ?? '', motif: read.copyLabels.reason[plan.lang] ?? '' },
          ),
        }
      : undefined;
  const inserted = await insertDeclaredClaim(tx, claim, {
    mailTokenHash: mailed.tokenHash,
    browserTokenHash: browser.tokenHash,
    expiresAt: followUpLinkExpiry(now),
    mail: (source) => claimMailUnderLimit({ ...mail, to }, source),
    copy: copy && ((source) => claimMailUnderLimit(copy, source)),
    // Created, the claim needs nothing more here unless a copy was asked and not written with it.
    last: plan.status !== 'asked' || copy !== undefined,
  });
  if (inserted.status !== 'created') return undefined;
  claimMailWritten(mail.kind, inserted.mail);
  let establishmentCopy: EstablishmentCopyOutcome;
  if (copy !== undefined && inserted.copy !== undefined) {
    claimMailWritten(copy.kind, inserted.copy);
    establishmentCopy = 'queued';
  } else {
    establishmentCopy = await enqueueEstablishmentCopy(tx, inserted.claim, {
      brand,
      subscriptionEmail: input.subscriptionEmail,
    });
  }
  return { claim: inserted.claim, created: true, followUpToken: browser.token, establishmentCopy };
}

/**
 * The fields of `infos_sinistre` that say who the claimant is, where they stayed or what they
 * paid, or that may name them (a transmitted file's name): answered '' to number + name, which
 * open the claim's state only (contracts/partner-api.ts ClaimInfoSchema).
 */
const PERSONAL_CLAIM_FIELDS = [
  'dossier_nom',
  'dossier_prenom',
  'dossier_email',
  'dossier_adresse',
  'dossier_adresse_cp',
  'dossier_telephone',
  'dossier_montant_sejour',
  'dossier_sejour_debut_date',
  'dossier_sejour_fin_date',
  'assurance_destination_materiel',
] as const satisfies readonly (keyof ClaimInfo)[];

/**
 * `infos_sinistre` of a claim, in `lang` (spec 2 §3). With `access` 'state' (number + name) the
 * personal fields (PERSONAL_CLAIM_FIELDS), the transmitted files' names and the reasons staff gave
 * for refusing a proof (free text that may name the claimant) are '': the state, the dates, the
 * request and the proofs' states (a refusal's date included) remain.
 */
export async function describeClaim(
  db: DatabaseOrTransaction,
  claim: ClaimRow,
  lang: Language,
  access: ClaimAccessLevel = 'full',
): Promise<ClaimInfo> {
  const full = await describeClaimInFull(db, claim, lang);
  if (access === 'full') return full;
  // Staff's answers about the claim are the claimant's correspondence: with the link only.
  const { reponses: _answers, ...shared } = full;
  const stateOnly: ClaimInfo = { ...shared };
  for (const field of PERSONAL_CLAIM_FIELDS) stateOnly[field] = '';
  const proofs: ClaimInfo['justificatifs_manquants'] = Object.create(null);
  for (const [id, proof] of Object.entries(full.justificatifs_manquants))
    proofs[id] = { data_mysql: { ...proof.data_mysql, nom_fichier: '', refus_motif: '' } };
  stateOnly.justificatifs_manquants = proofs;
  return stateOnly;
}

async function describeClaimInFull(db: DatabaseOrTransaction, claim: ClaimRow, lang: Language): Promise<ClaimInfo> {
  const [labels, proofs, unread, answers, refusals] = await Promise.all([
    findClaimLabels(db, claim, lang),
    findClaimProofs(db, claim.id, lang),
    findLatestUnreadReception(db, claim.id),
    findStaffAnswersOfClaim(db, claim.id),
    listStandingRefusals(db, claim.id),
  ]);
  const refusalOf = new Map(refusals.map((refusal) => [refusal.proofId, refusal]));
  const justificatifs: ClaimInfo['justificatifs_manquants'] = Object.create(null);
  for (const { proof, nomCourt } of proofs) {
    const refusal = refusalOf.get(proof.id);
    justificatifs[String(proof.id)] = {
      data_mysql: {
        id: proof.id,
        dropbox: proof.dropbox,
        valide: proof.valide,
        demande: proof.demande,
        nom_court: nomCourt,
        nom_fichier: proof.nomFichier ?? '',
        taille: proof.taille ?? 0,
        creation_date: proof.creationDate.toISOString(),
        validation_date: proof.validatedAt?.toISOString() ?? '',
        refus_date: refusal?.at.toISOString() ?? '',
        refus_motif: refusal?.motif ?? '',
      },
    };
  }
  return {
    etat: claim.etat,
    dossier_numero: claim.numero,
    dossier_date: claim.declarationDate.toISOString(),
    dossier_nom: claim.assureNom,
    dossier_prenom: claim.assurePrenom,
    dossier_email: claim.assureEmail,
    dossier_adresse: claim.assureAdresse,
    dossier_adresse_cp: claim.assureCp,
    dossier_telephone: claim.assureTelephone,
    dossier_montant_sejour: claim.sejourMontant ?? '',
    dossier_sejour_debut_date: claim.sejourDebutDate ?? '',
    dossier_sejour_fin_date: claim.sejourFinDate ?? '',
    sinistre_objet: labels.objet,
    sinistre_motif: labels.motif,
    sinistre_date: frenchOfIsoDate(claim.sinistreDate),
    assurance_destination_materiel: claim.destinationNom,
    acquisition_methode: claim.acquisitionMethode,
    a_justificatif_non_lu: unread === undefined ? false : { reception_date: unread.toISOString() },
    justificatifs_manquants: justificatifs,
    reponses: answers.map((answer) => ({
      date: answer.at.toISOString(),
      contenu: sanitizeRichText(answer.html),
      message: { type: answer.kind, date: answer.receivedAt.toISOString() },
    })),
  };
}

/**
 * Mails a new follow-up link of a claim to the address declared with it (POST lien_suivi), in the
 * claim's language and under its brand, and revokes the claim's older mailed links: the newest
 * mail is the one that works (a link forwarded or left in a shared mailbox stops). The claim is
 * named by its number, or by the insured number (and subscription) it was declared on: the latest
 * such claim. Returns false when there is none.
 */
export async function sendFollowUpLink(
  dependencies: ClaimsDependencies,
  input: ({ numero: string } | { insuredNumber: string; souscriptionId?: number | undefined }) & { link: MailOrigin },
): Promise<boolean> {
  const { db } = dependencies.database;
  let claim: ClaimRow | undefined;
  if ('numero' in input) claim = await findClaimByNumber(db, input.numero);
  // A group contract's shared number names no one: nothing is mailed from it.
  else if (!isGroupInsuredNumber(groupNumbersOf(dependencies.brands), input.insuredNumber))
    claim = await findLatestClaimOfInsuredNumber(db, input.insuredNumber, input.souscriptionId);
  if (!claim) return false;
  const brand = brandOfClaim(claim, dependencies.brands);
  await db.transaction(async (tx) => {
    await revokeMailedLinks(tx, claim.id);
    const token = await issueFollowUpToken(tx, claim.id, 'mail');
    await enqueueMail(tx, {
      to: claim.assureEmail,
      claimId: claim.id,
      ...renderMail('follow-up-link', claim.lang, brand, {
        claimNumber: claim.numero,
        followUpUrl: followUpUrl({ origin: input.link.origin, company: brand.slug, lang: claim.lang }, token),
      }),
    });
  });
  dependencies.logger.info({ claim: claimLogId(claim.numero) }, 'follow-up link queued');
  return true;
}
