import { fillComplaintAddress } from '../../../brands/lib/complaint-address.ts';
import { z } from 'zod/mini';
import { brandsOfContractNumber } from '../../../brands/lib/contract-numbers.ts';
import type { BrandCatalog } from '../../../brands/lib/parse.ts';
import type { Language } from '../../../contracts/languages.ts';
import { sanitizeRichText } from '../../../contracts/sanitize-rich-text.ts';
import { type Country, type Guarantee, type InsuredInfo, InsuredNumberSchema } from '../../../contracts/partner-api.ts';
import type { DatabaseOrTransaction } from '../../db/public.ts';
import {
  findCountries,
  findGuarantee,
  findGuaranteeNames,
  findLatestClaimNumbers,
  findLegalPageParagraphs,
  findReasons,
  findSubscriptionGuarantees,
  findSubscriptionsByNumber,
  type LookupNumberKind,
  type ReasonRow,
  type SubscriptionGuaranteeRow,
  type SubscriptionRow,
} from './repository.ts';

/**
 * What the wizard reads before a claim exists (spec 1 §7): who the insured person is and what
 * they may declare (`infos_dossier`), a guarantee's type (`garantie`), the countries (`pays`),
 * and the content pages (`pages`, spec 2 §7).
 */

/**
 * How a typed number (trimmed, upper case: LookupNumberSchema) is looked up: as an insured number
 * when it has the insured numbers' shape (`SO-…`), as a contract number when it has the contract
 * number format of a brand file (brands/lib/contract-numbers.ts), else not at all: no
 * subscription can have it, and it is answered as an unknown number.
 */
export function lookupNumberKindOf(numero: string, brands: BrandCatalog): LookupNumberKind | undefined {
  if (z.safeParse(InsuredNumberSchema, numero).success) return 'insured_number';
  if (brandsOfContractNumber(brands, numero).length > 0) return 'contract_number';
  return undefined;
}

/**
 * The subscriptions of an insured number or of a partner's contract number (`kind`), one item each
 * (the first drives the wizard), with the guarantee tree in `lang`; undefined when no
 * subscription has this number. The number comes trimmed and upper-cased (LookupNumberSchema),
 * which is how both numbers are stored. Each item's `assure_numero` is the insured number the
 * claim is declared on, whichever number found it.
 *
 * A group contract's number (`group`, see group-contracts.ts) is shared by every member: its
 * answer carries no claim number (each member declares their own claim) and no personal details
 * (each member types theirs), only what belongs to the contract (see withoutMemberDetails).
 */
export async function getInsuredInfos(
  db: DatabaseOrTransaction,
  numero: string,
  lang: Language,
  options: { group: boolean; kind?: LookupNumberKind; identity?: IdentityDisclosure } = { group: false },
): Promise<InsuredInfo[] | undefined> {
  const identity = options.identity ?? 'masked';
  const subscriptionRows = await findSubscriptionsByNumber(db, numero, options.kind ?? 'insured_number');
  if (subscriptionRows.length === 0) return undefined;
  const souscriptionIds = subscriptionRows.map((row) => row.souscriptionId);
  const productIds = [...new Set(subscriptionRows.flatMap((row) => (row.garantieId === null ? [] : [row.garantieId])))];
  const [claimNumbers, productNames, offered] = await Promise.all([
    options.group ? new Map<number, string>() : findLatestClaimNumbers(db, souscriptionIds),
    findGuaranteeNames(db, productIds, lang),
    findSubscriptionGuarantees(db, souscriptionIds, lang),
  ]);
  const reasonRows = await findReasons(db, [...new Set(offered.map((row) => row.id))], lang);
  const treeOf = guaranteeTrees(offered, reasonRows);

  return subscriptionRows.map((row) => {
    const product = row.garantieId === null ? undefined : productNames.get(row.garantieId);
    const info = toInsuredInfo(options.group ? withoutMemberDetails(row) : row, {
      subscriptionCount: subscriptionRows.length,
      claimNumber: claimNumbers.get(row.souscriptionId) ?? '',
      // A product without a full name is shown by its tile name rather than not at all.
      productName: product ? product.nomComplet || product.nom : '',
      guarantees: treeOf.get(row.souscriptionId) ?? [],
    });
    return identity === 'full' ? info : withIdentityMasked(info);
  });
}

/**
 * How much of the holder's identity an answer carries: `masked` (the anonymous look-up: initials
 * and the e-mail's domain only, no claim number) or `full` (after proof of possession: a signed
 * partner link or a one-time code).
 */
export type IdentityDisclosure = 'masked' | 'full';

/**
 * Initials of a last and a first name, for display: "MARTIN", "Sophie" → "M*** S***"; '' when
 * both are empty. Only a letter or digit is kept as an initial.
 */
function maskedName(lastName: string, firstName: string): string {
  return [lastName, firstName]
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .map((name) => `${(name.match(/[\p{L}\p{N}]/u)?.[0] ?? '*').toUpperCase()}***`)
    .join(' ');
}

/** An e-mail for display: its first character, then its domain: "m•••@example.org"; '' when none. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '';
  return `${email.trim().charAt(0).toLowerCase()}•••${email.slice(at).trim().toLowerCase()}`;
}

/**
 * An answer item as anyone may read it: the identity fields and the claim number empty, their
 * masked forms and whether a claim exists instead.
 */
export function withIdentityMasked(info: InsuredInfo): InsuredInfo {
  return {
    ...info,
    _numero_sinistre: '',
    _a_sinistre: info._numero_sinistre === '' ? 0 : 1,
    assure_nom: '',
    assure_prenom: '',
    assure_email: '',
    assure_adresse: '',
    assure_cp: '',
    assure_ville: '',
    assure_pays: '',
    assure_telephone: '',
  };
}

/** The guarantee tree (`garanties_langues`) of each subscription, in the queries' order. */
function guaranteeTrees(
  offered: readonly SubscriptionGuaranteeRow[],
  reasonRows: readonly ReasonRow[],
): Map<number, Guarantee[]> {
  const reasonsOf = new Map<number, Guarantee['motifs']>();
  for (const reason of reasonRows) {
    const list = reasonsOf.get(reason.guaranteeId) ?? [];
    list.push({ id: reason.id, nom: reason.nom, priorisation_declare: reason.priorisationDeclare });
    reasonsOf.set(reason.guaranteeId, list);
  }
  const trees = new Map<number, Guarantee[]>();
  for (const row of offered) {
    const tree = trees.get(row.souscriptionId) ?? [];
    tree.push({
      id: row.id,
      nom: row.nom,
      logo: row.logo,
      ordre: row.ordre,
      sinistre_affiche_declare: row.sinistreAfficheDeclare,
      priorisation_declare: row.priorisationDeclare,
      motifs: reasonsOf.get(row.id) ?? [],
    });
    trees.set(row.souscriptionId, tree);
  }
  return trees;
}

/**
 * A group contract's subscription as any member may see it: the contract's own values (number,
 * contract, dates, establishment, guarantees) and no person's name, e-mail, phone or address,
 * whatever the subscription row holds (an import may have filled them with the first member's).
 */
function withoutMemberDetails(row: SubscriptionRow): SubscriptionRow {
  return {
    ...row,
    assureNom: '',
    assurePrenom: '',
    assureEmail: '',
    assureAdresse: '',
    assureCp: '',
    assureVille: '',
    assurePays: '',
    assureTelephone: '',
  };
}

function toInsuredInfo(
  row: SubscriptionRow,
  extra: { subscriptionCount: number; claimNumber: string; productName: string; guarantees: Guarantee[] },
): InsuredInfo {
  return {
    contrat_compagnie_id: row.contratCompagnieId,
    _nb_souscriptions: extra.subscriptionCount,
    _numero_sinistre: extra.claimNumber,
    _a_sinistre: extra.claimNumber === '' ? 0 : 1,
    _garantie_nom_complet: extra.productName,
    garanties_langues: extra.guarantees,
    souscription_id: row.souscriptionId,
    assure_numero: row.assureNumero,
    assure_nom: row.assureNom,
    assure_prenom: row.assurePrenom,
    assure_email: row.assureEmail,
    assure_adresse: row.assureAdresse,
    assure_cp: row.assureCp,
    assure_ville: row.assureVille,
    assure_pays: row.assurePays,
    assure_telephone: row.assureTelephone,
    assure_nom_masque: maskedName(row.assureNom, row.assurePrenom),
    assure_email_masque: maskedEmail(row.assureEmail),
    appli_declaration_destination_mode: row.destinationMode,
    __from: row.acquisitionFrom,
    sejour_debut_date: row.sejourDebutDate ?? '',
    sejour_fin_date: row.sejourFinDate ?? '',
    contrat_url: row.contratUrl,
    destination_nom: row.destinationNom,
  };
}

/** A guarantee's name in `lang` and its type (step 4 titles its section by it); undefined if unknown. */
export function getGuarantee(
  db: DatabaseOrTransaction,
  id: number,
  lang: Language,
): Promise<{ id: number; nom: string; type: string } | undefined> {
  return findGuarantee(db, id, lang);
}

/** The countries of step 4, by their name in `lang` as that language sorts (`Østrig` after `Tyskland` in Danish). */
export async function listCountries(db: DatabaseOrTransaction, lang: Language): Promise<Country[]> {
  const collator = new Intl.Collator(lang, { sensitivity: 'base' });
  const rows = await findCountries(db, lang);
  return rows.sort((a, b) => collator.compare(a.nom, b.nom) || a.id - b.id);
}

/** A content page's paragraphs as `pages` answers them. */
export interface LegalPageContent {
  paragraphes: { data_mysql: { nom: string; contenu: string } }[];
}

/**
 * A content page in `lang`, or in French when it has no paragraph in `lang`; undefined when no
 * page has this id. Each `contenu` is sanitised on its way out, whatever the import or the back
 * office stored: the site inserts it as HTML, so a `<script>`, an event handler or a
 * `javascript:` link in the database never reaches a browser (contracts/rich-text.ts). The
 * complaint-address token is replaced by `complaintAddress` (the brand's), never sent as such.
 */
export async function getLegalPage(
  db: DatabaseOrTransaction,
  pageId: string,
  lang: Language,
  complaintAddress: readonly string[],
): Promise<LegalPageContent | undefined> {
  const rows = await findLegalPageParagraphs(db, pageId, lang);
  if (rows === undefined) return undefined;
  const local = rows.filter((row) => row.lang === lang);
  const chosen = local.length > 0 ? local : rows.filter((row) => row.lang !== lang);
  return {
    paragraphes: chosen.map(({ nom, contenu }) => ({
      data_mysql: { nom, contenu: sanitizeRichText(fillComplaintAddress(contenu, complaintAddress)) },
    })),
  };
}
