import { DEFAULT_ACQUISITION_METHOD } from '../../lib/acquisition.ts';
import { isLanguage, type Language } from '../../../contracts/languages.ts';
import type { InsuredInfo } from '../../../contracts/partner-api.ts';

/**
 * The claim draft (spec 1 §3 "Claim draft", spec 2 §3 session state) and its pure transitions. The
 * names follow the specification's session fields so that a reader can map them one to one.
 * Dates are ISO `yyyy-mm-dd` (formatted for display in the page's language, and as `dd/mm/yyyy`
 * on the wire for `sinistre_date`).
 */
export interface ClaimDraft {
  version: 1;
  /** Sent as `Idempotency-Key`: one per draft, so a retried submit makes one claim. */
  idempotencyKey: string;
  /**
   * The number the visitor opened the claim with, as looked up (normalised): an insured number
   * `SO-…` or a partner's contract number. The claim is declared on `contractNumber`.
   */
  insuranceNumber: string;
  /** 'ok' once `infos_dossier` found the number: the wizard's steps open only then. */
  infosStatus: 'ok';
  /** Language the subscriptions (their guarantee and reason names) were fetched in. */
  infosLang: Language;
  /** Every subscription of the number (`infos_dossier` data); step 0 lists them. */
  subscriptions: InsuredInfo[];
  /** The subscription declared on; null until chosen on step 0. */
  souscription_id: number | null;
  contractCompanyId: number;
  /** `assure_numero` of the chosen subscription: the insured number `SO-…` the claim is declared on. */
  contractNumber: string;
  destinationMode: string;
  /** `__from` of the subscription: the last part of `acquisition_methode`. */
  from: string;
  urlContract: string;
  /** `_numero_sinistre` of the chosen subscription: the claim it already has, or ''. */
  claimNumber: string;
  /** Acquisition method base (spec: default '{site}' = 'portail'). */
  acquisitionMethode: string;
  claimGroup: number | null;
  claimGroupLang: string;
  guaranteeType: string;
  claimDetail: number | null;
  claimDetailLang: string;
  claimDate: string;
  comment: string;
  lastName: string;
  firstName: string;
  email: string;
  phone: string;
  address: string;
  cp: string;
  city: string;
  /** Country id (`pays` id, as text) and its name in the page's language for the recap. */
  country: string;
  countryLabel: string;
  companyName: string;
  equipement: string;
  invoiceAmount: string;
  contractStartDate: string;
  contractEndDate: string;
  /** Step 5 confirmations: true = ticked (or 'Oui'), false = 'Non', null = not answered. */
  certified: boolean | null;
  cancellationConfirmed: boolean | null;
}

/** The contact fields a subscription pre-fills (what the insurer knows of the person). */
function personOf(item: InsuredInfo) {
  return {
    souscription_id: item.souscription_id,
    contractCompanyId: item.contrat_compagnie_id,
    contractNumber: item.assure_numero,
    destinationMode: item.appli_declaration_destination_mode,
    from: item.__from,
    urlContract: item.contrat_url,
    claimNumber: item._numero_sinistre,
    lastName: item.assure_nom,
    firstName: item.assure_prenom,
    email: item.assure_email,
    phone: item.assure_telephone.replace(/\D/g, ''),
    address: item.assure_adresse,
    cp: item.assure_cp,
    city: item.assure_ville,
    country: item.assure_pays,
    countryLabel: '',
    companyName: item.destination_nom,
    contractStartDate: item.sejour_debut_date,
    contractEndDate: item.sejour_fin_date,
  };
}

/** A new draft for the subscriptions of a number; the only subscription is chosen at once. */
export function newClaimDraft(input: {
  insuranceNumber: string;
  infos: InsuredInfo[];
  lang: Language;
  idempotencyKey: string;
}): ClaimDraft {
  const draft: ClaimDraft = {
    version: 1,
    idempotencyKey: input.idempotencyKey,
    insuranceNumber: input.insuranceNumber,
    infosStatus: 'ok',
    infosLang: input.lang,
    subscriptions: input.infos,
    souscription_id: null,
    contractCompanyId: 0,
    contractNumber: '',
    destinationMode: '',
    from: '',
    urlContract: '',
    claimNumber: '',
    acquisitionMethode: DEFAULT_ACQUISITION_METHOD,
    claimGroup: null,
    claimGroupLang: '',
    guaranteeType: '',
    claimDetail: null,
    claimDetailLang: '',
    claimDate: '',
    comment: '',
    lastName: '',
    firstName: '',
    email: '',
    phone: '',
    address: '',
    cp: '',
    city: '',
    country: '',
    countryLabel: '',
    companyName: '',
    equipement: '',
    invoiceAmount: '',
    contractStartDate: '',
    contractEndDate: '',
    certified: null,
    cancellationConfirmed: null,
  };
  const [only] = input.infos;
  return input.infos.length === 1 && only ? chooseSubscription(draft, only.souscription_id) : draft;
}

/**
 * Chooses the subscription to declare on: its person, contract and claim number fill the draft.
 * Choosing the same one again keeps what the visitor already typed.
 */
export function chooseSubscription(draft: ClaimDraft, souscriptionId: number): ClaimDraft {
  if (draft.souscription_id === souscriptionId) return draft;
  const item = draft.subscriptions.find((subscription) => subscription.souscription_id === souscriptionId);
  if (!item) return draft;
  return {
    ...draft,
    ...personOf(item),
    claimGroup: null,
    claimGroupLang: '',
    guaranteeType: '',
    claimDetail: null,
    claimDetailLang: '',
    certified: null,
    cancellationConfirmed: null,
  };
}

export interface ClaimGroupChoice {
  id: number;
  nom: string;
  /** `data.type` of the guarantee call (`materiel`…). */
  type: string;
}

/** Chooses the object of the request; another object forgets the reason chosen for the former. */
export function chooseClaimGroup(draft: ClaimDraft, choice: ClaimGroupChoice): ClaimDraft {
  const same = draft.claimGroup === choice.id;
  return {
    ...draft,
    claimGroup: choice.id,
    claimGroupLang: choice.nom,
    guaranteeType: choice.type,
    claimDetail: same ? draft.claimDetail : null,
    claimDetailLang: same ? draft.claimDetailLang : '',
    cancellationConfirmed: same ? draft.cancellationConfirmed : null,
  };
}

export function chooseReason(draft: ClaimDraft, reason: { id: number; nom: string }): ClaimDraft {
  return { ...draft, claimDetail: reason.id, claimDetailLang: reason.nom };
}

/** The guarantees (object groups) of the chosen subscription, as the API sent them. */
export function guaranteesOf(draft: ClaimDraft) {
  return draft.subscriptions.find((item) => item.souscription_id === draft.souscription_id)?.garanties_langues ?? [];
}

/** The same subscriptions fetched in another language: the chosen object and reason are renamed. */
export function relabelDraft(draft: ClaimDraft, infos: InsuredInfo[], lang: Language): ClaimDraft {
  const next: ClaimDraft = { ...draft, subscriptions: infos, infosLang: lang, countryLabel: '' };
  const group = guaranteesOf(next).find((guarantee) => guarantee.id === draft.claimGroup);
  const reason = group?.motifs.find((motif) => motif.id === draft.claimDetail);
  return {
    ...next,
    claimGroupLang: group?.nom ?? draft.claimGroupLang,
    claimDetailLang: reason?.nom ?? draft.claimDetailLang,
  };
}

/**
 * Reads a stored draft, or null when it is absent, unreadable or of another version: a draft
 * written by an older release is dropped rather than misread.
 */
export function decodeClaimDraft(text: string): ClaimDraft | null {
  try {
    const value = JSON.parse(text) as Partial<ClaimDraft> | null;
    if (
      typeof value !== 'object' ||
      value === null ||
      value.version !== 1 ||
      typeof value.idempotencyKey !== 'string' ||
      value.infosStatus !== 'ok' ||
      !isLanguage(value.infosLang) ||
      !Array.isArray(value.subscriptions)
    )
      return null;
    return value as ClaimDraft;
  } catch {
    return null;
  }
}
