import type { BrandCatalog } from '../../../brands/lib/parse.ts';
import type { Brand } from '../../../brands/lib/schema.ts';
import { CLAIM_NUMBER_DIGITS, claimNumberOf } from '../../../contracts/claim-number.ts';
import type { ClaimState } from '../../../contracts/claim-states.ts';
import { utcDayOf } from '../../../contracts/dates.ts';
import type { Language } from '../../../contracts/languages.ts';
import { getDocumentType } from '../../../content/documents.ts';
import { CANCELLATION_GUARANTEE_IDS, GUARANTEES } from '../records/guarantees.ts';
import { CLAIMS, CONTRACTS, type DemoContract, type DemoSubscription, SUBSCRIPTIONS } from '../records/people.ts';
import type { GuaranteeFamily } from '../records/types.ts';
import { createRandom, type Random } from '../random.ts';
import { type DemoPerson, drawPerson, randomDigits } from './people.ts';

/**
 * The demo at real volume: some two thousand claims declared over the 18 months before `now`,
 * added to the hand-written records (records/people.ts), so that every back-office page shows its
 * work. Pure and deterministic: the same seed, `now` and brands give the same claims. The seed
 * (seed.ts) writes them with repository.ts.
 *
 * - Every brand of brands/ declares claims on the contracts it may use (its own, else the
 *   any-brand contract of its family), on every guarantee and reason of that family, in every
 *   language (French most), by made-up people (people.ts).
 * - Each claim has its own subscription, derived from a hand-written subscription of the same
 *   contract (spread, then a new number, person and dates), so that a field added to the records
 *   flows through.
 * - Campsite claims peak in summer, bike claims in spring and summer, golf claims in spring and
 *   autumn, with a slow growth over the period. Old claims are mostly closed (refund paid or no
 *   follow-up), recent ones still open.
 * - Proofs in every state (requested, transmitted and unread, read and awaiting review, validated,
 *   refused, replaced by a second version), the history staff's changes leave (`claim_events`),
 *   and the mails these changes caused (mails.ts renders them).
 */

/** Claims generated at full volume (besides the hand-written ones). */
const GENERATED_CLAIM_COUNT = 2_400;
/** How far back the generated claims go. */
const GENERATED_MONTHS = 18;
/** The default seed of the volume: the same demo on every machine. */
export const DEFAULT_VOLUME_SEED = 20_250_601;

const DAY_MS = 24 * 60 * 60_000;

/** Staff logins that handle the demo claims (the history keeps the login as text). */
export const DEMO_STAFF_LOGINS = ['admin', 'camille', 'mathieu', 'sophie'] as const;
/** Who changes a claim with `npm run claims`. */
const TERMINAL_LOGIN = 'terminal';

/** Which family of cover a partner without a contract of its own sells (the rest sell stays). */
const FAMILY_OF_BRAND: Readonly<Record<string, GuaranteeFamily>> = { cyclassur: 'velo' };

/** Language shares of the claimants: the insurer is French, its campsites welcome Europe. */
const LANGUAGE_WEIGHTS: readonly (readonly [Language, number])[] = [
  ['fr', 52],
  ['en', 10],
  ['de', 9],
  ['nl', 9],
  ['es', 5],
  ['it', 5],
  ['pl', 4],
  ['da', 3],
  ['pt', 3],
];

/** Relative claims per month (January first) of each family. */
const SEASON: Record<GuaranteeFamily, readonly number[]> = {
  sejour: [2, 2, 3, 4, 6, 10, 16, 16, 7, 3, 2, 3],
  velo: [4, 4, 6, 8, 10, 11, 12, 12, 10, 7, 5, 4],
  golf: [3, 3, 6, 9, 10, 9, 8, 8, 9, 7, 4, 3],
};

/** Why staff refuse a file (the back office is in French). */
const REFUSALS = [
  'Document illisible : merci d’envoyer un scan net de toutes les pages.',
  'Il manque la deuxième page du document.',
  'Le document n’est pas au nom de l’assuré.',
  'Ce n’est pas le document demandé.',
  'Le document doit être daté et signé.',
] as const;

/** A few words the claimant wrote with the declaration, per language. */
const COMMENTS: Record<Language, readonly string[]> = {
  fr: [
    'Je vous envoie les justificatifs dès que je les reçois.',
    'Nous avons dû tout annuler au dernier moment, merci de votre aide.',
    'Le certificat suit par courrier.',
    '',
  ],
  en: ['I will send the documents as soon as I receive them.', 'We had to cancel at the last minute.', ''],
  de: ['Die Unterlagen reiche ich nach, sobald ich sie habe.', 'Wir mussten kurzfristig absagen.', ''],
  es: ['Enviaré los justificantes en cuanto los reciba.', 'Tuvimos que cancelar en el último momento.', ''],
  it: ['Invierò i documenti appena li ricevo.', 'Abbiamo dovuto annullare all’ultimo momento.', ''],
  nl: ['Ik stuur de documenten zodra ik ze heb.', 'We moesten op het laatste moment annuleren.', ''],
  pl: ['Dokumenty prześlę, gdy tylko je otrzymam.', 'Musieliśmy odwołać w ostatniej chwili.', ''],
  da: ['Jeg sender dokumenterne, så snart jeg har dem.', 'Vi måtte aflyse i sidste øjeblik.', ''],
  pt: ['Envio os documentos assim que os receber.', 'Tivemos de cancelar à última hora.', ''],
};

type ProofState = 'requested' | 'transmitted' | 'read' | 'validated' | 'refused' | 'replaced';

/** A file transmitted to a proof: one version. */
interface GeneratedVersion {
  fileName: string;
  at: Date;
}

export interface GeneratedProof {
  documentTypeId: number;
  state: ProofState;
  demande: 0 | 1;
  dropbox: 0 | 1;
  valide: 0 | 1;
  nomFichier: string | null;
  creationDate: Date;
  receptionDate: Date | null;
  readAt: Date | null;
  validatedAt: Date | null;
  /** Every file transmitted to it, oldest first (a refused one stays attached). */
  versions: GeneratedVersion[];
}

/** An entry of the claim's history; `proof` is the index of the proof it is about. */
export interface GeneratedEvent {
  at: Date;
  actor: string;
  action: 'etat' | 'document_requested' | 'proof_validated' | 'proof_refused';
  from?: string;
  to?: string;
  proof?: number;
  motif?: string;
}

export interface GeneratedClaim {
  subscription: DemoSubscription;
  numero: string;
  company: string;
  garantieId: number;
  motifId: number;
  lang: Language;
  etat: ClaimState;
  declarationDate: Date;
  sinistreDate: string;
  sejourMontant: string | null;
  declarationCommentaire: string;
  acquisitionMethode: string;
  forceClientId: number | null;
  sinistreEtiquetteId: number | null;
  confirmationAnnulation: boolean;
  justificatifs: number[];
  proofs: GeneratedProof[];
  events: GeneratedEvent[];
}

export interface GeneratedVolume {
  subscriptions: DemoSubscription[];
  claims: GeneratedClaim[];
}

interface Offer {
  brand: Brand;
  /** Hand-written subscriptions of the contracts the brand declares on. */
  bases: readonly DemoSubscription[];
  family: GuaranteeFamily;
}

const familyOfContract = new Map(CONTRACTS.map((contract) => [contract.contratCompagnieId, contract.family]));

/** The contracts a brand declares on: its own, else the any-brand ones of its family (by insured-number prefix first). */
function offerOf(brand: Brand): Offer {
  const own = CONTRACTS.filter((contract) => contract.company === brand.slug);
  const prefix = brand.declaration.insuredNumberPrefix;
  const basesOf = (contracts: readonly DemoContract[]) =>
    SUBSCRIPTIONS.filter((row) => contracts.some((contract) => contract.contratCompagnieId === row.contratCompagnieId));
  let bases: readonly DemoSubscription[];
  if (own.length > 0) bases = basesOf(own);
  else if (prefix !== null) bases = SUBSCRIPTIONS.filter((row) => row.assureNumero.startsWith(prefix));
  else {
    const family = FAMILY_OF_BRAND[brand.slug] ?? 'sejour';
    const anyBrand = CONTRACTS.filter((contract) => contract.company === null && contract.family === family);
    // The first any-brand contract of the family: fns and maeva's shared one is found by prefix above.
    bases = basesOf(anyBrand.slice(0, 1));
  }
  const first = bases[0];
  if (!first) throw new Error(`The demo has no subscription for brand ${brand.slug}.`);
  const family = familyOfContract.get(first.contratCompagnieId);
  if (!family) throw new Error(`Demo subscription ${first.souscriptionId} names an unknown contract.`);
  return { brand, bases: bases.filter((row) => familyOfContract.get(row.contratCompagnieId) === family), family };
}

/** Every (guarantee, reason) a family sells. */
function reasonsOf(
  family: GuaranteeFamily,
): { garantieId: number; motifId: number; documentTypeIds: readonly number[] }[] {
  return GUARANTEES.filter((guarantee) => guarantee.families.includes(family)).flatMap((guarantee) =>
    guarantee.motifs.map((reason) => ({
      garantieId: guarantee.id,
      motifId: reason.id,
      documentTypeIds: reason.documentTypeIds,
    })),
  );
}

/** The instant `days` days after `date` (days of 24 hours). */
function daysAfter(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** A moment `hours` (0–24 × days) after `from`, never after `now`. */
function later(random: Random, from: Date, maxDays: number, now: Date): Date {
  const at = new Date(from.getTime() + Math.floor(random.next() * maxDays * DAY_MS) + 5 * 60_000);
  return at.getTime() < now.getTime() ? at : new Date(Math.max(from.getTime(), now.getTime() - 60_000));
}

/** A declaration moment in the 18 months before `now`, by the family's season and a slow growth. */
function drawDeclaration(random: Random, family: GuaranteeFamily, now: Date): Date {
  const span = Math.round((GENERATED_MONTHS * 365.25 * DAY_MS) / 12 / DAY_MS);
  const season = SEASON[family];
  const peak = Math.max(...season) * 1.5;
  for (;;) {
    const daysAgo = random.next() * span;
    const at = new Date(now.getTime() - daysAgo * DAY_MS);
    const growth = 1 + 0.5 * (1 - daysAgo / span);
    const weight = (season[at.getUTCMonth()] ?? 1) * growth;
    if (random.next() * peak > weight) continue;
    // Daytime mostly: 7 h to 23 h UTC.
    at.setUTCHours(
      random.weighted([
        [7, 1],
        [9, 3],
        [12, 3],
        [15, 3],
        [18, 4],
        [21, 2],
      ]),
      random.between(0, 59),
    );
    if (at.getTime() < now.getTime() - 10 * 60_000) return at;
  }
}

/** The state of a claim declared `ageDays` ago: recent ones open, old ones mostly closed. */
function drawState(random: Random, ageDays: number): ClaimState {
  if (ageDays < 10)
    return random.weighted([
      ['en_cours', 90],
      ['attente_traitement', 10],
    ]);
  if (ageDays < 45)
    return random.weighted([
      ['en_cours', 50],
      ['attente_traitement', 30],
      ['paiement_envoye', 12],
      ['sans_suite', 8],
    ]);
  if (ageDays < 120)
    return random.weighted([
      ['en_cours', 15],
      ['attente_traitement', 20],
      ['paiement_envoye', 45],
      ['sans_suite', 20],
    ]);
  return random.weighted([
    ['en_cours', 3],
    ['attente_traitement', 4],
    ['paiement_envoye', 68],
    ['sans_suite', 25],
  ]);
}

/**
 * Proof states that fit the claim's state. Staff review what arrives within days: a file older
 * than three weeks is mostly validated by now.
 */
function drawProofState(random: Random, etat: ClaimState, ageDays: number): ProofState {
  const state = proofStateOf(random, etat);
  const reviewed = (state === 'transmitted' || state === 'read') && ageDays > 21 && random.chance(0.97);
  return reviewed ? 'validated' : state;
}

function proofStateOf(random: Random, etat: ClaimState): ProofState {
  switch (etat) {
    case 'paiement_envoye':
      return random.weighted([
        ['validated', 92],
        ['replaced', 8],
      ]);
    case 'attente_traitement':
      return random.weighted([
        ['validated', 60],
        ['read', 20],
        ['transmitted', 10],
        ['replaced', 10],
      ]);
    case 'sans_suite':
      // Closed: nothing waits for review any more.
      return random.weighted([
        ['validated', 50],
        ['requested', 35],
        ['refused', 15],
      ]);
    case 'en_cours':
      return random.weighted([
        ['requested', 34],
        ['transmitted', 20],
        ['read', 12],
        ['validated', 18],
        ['refused', 8],
        ['replaced', 8],
      ]);
  }
}

interface Draw {
  random: Random;
  now: Date;
  takenClaimNumbers: Set<string>;
  takenInsuredNumbers: Set<string>;
  takenContractNumbers: Set<string>;
  nextSubscriptionId: number;
}

function uniqueNumber(taken: Set<string>, draw: () => string): string {
  for (;;) {
    const number = draw();
    if (!taken.has(number)) {
      taken.add(number);
      return number;
    }
  }
}

function staffLogin(random: Random): string {
  return random.chance(0.04) ? TERMINAL_LOGIN : random.pick(DEMO_STAFF_LOGINS);
}

/** A file name as a claimant would call it. */
function fileNameOf(random: Random, documentTypeId: number, person: DemoPerson, version: number): string {
  const code = getDocumentType(documentTypeId).code.toLowerCase().replaceAll('_', '-');
  const who = person.nom
    .toLowerCase()
    .normalize('NFD')
    .replaceAll(/[^a-z]/g, '');
  const extension = random.chance(0.25) ? 'png' : 'pdf';
  return version > 1 ? `${code}-${who}-v${version}.${extension}` : `${code}-${who}.${extension}`;
}

/** The proof's rows and the history its handling left. */
function drawProof(
  draw: Draw,
  claim: { declaredAt: Date; etat: ClaimState; person: DemoPerson; index: number; closedAt: Date; ageDays: number },
  documentTypeId: number,
  requestedAt: Date,
  events: GeneratedEvent[],
): GeneratedProof {
  const { random, now } = draw;
  const state = drawProofState(random, claim.etat, claim.ageDays);
  const proof: GeneratedProof = {
    documentTypeId,
    state,
    demande: 1,
    dropbox: 0,
    valide: 0,
    nomFichier: null,
    creationDate: requestedAt,
    receptionDate: null,
    readAt: null,
    validatedAt: null,
    versions: [],
  };
  if (state === 'requested') return proof;
  const deadline = claim.closedAt;
  const span = Math.max(0.1, (deadline.getTime() - requestedAt.getTime()) / DAY_MS);
  const first: GeneratedVersion = {
    fileName: fileNameOf(random, documentTypeId, claim.person, 1),
    at: later(random, requestedAt, span * 0.4, now),
  };
  proof.versions.push(first);
  if (state === 'refused' || state === 'replaced') {
    const refusedAt = later(random, first.at, span * 0.2, now);
    events.push({
      at: refusedAt,
      actor: staffLogin(random),
      action: 'proof_refused',
      proof: claim.index,
      motif: random.pick(REFUSALS),
    });
    if (state === 'refused') return proof;
    proof.versions.push({
      fileName: fileNameOf(random, documentTypeId, claim.person, 2),
      at: later(random, refusedAt, span * 0.2, now),
    });
  }
  const last = proof.versions.at(-1) ?? first;
  proof.dropbox = 1;
  proof.nomFichier = last.fileName;
  proof.receptionDate = last.at;
  if (state === 'transmitted') return proof;
  proof.readAt = later(random, last.at, Math.min(3, span * 0.2), now);
  const validated = state === 'validated' || (state === 'replaced' && claim.etat !== 'en_cours') || random.chance(0.5);
  if (state === 'read' || !validated) return proof;
  proof.valide = 1;
  proof.validatedAt = proof.readAt;
  events.push({ at: proof.validatedAt, actor: staffLogin(random), action: 'proof_validated', proof: claim.index });
  return proof;
}

/** The states a claim went through to reach `etat`, with when. */
function stateEvents(random: Random, etat: ClaimState, declaredAt: Date, closedAt: Date): GeneratedEvent[] {
  if (etat === 'en_cours') return [];
  const actor = staffLogin(random);
  const events: GeneratedEvent[] = [];
  const span = (closedAt.getTime() - declaredAt.getTime()) / DAY_MS;
  if (etat !== 'sans_suite' || random.chance(0.4)) {
    const at = etat === 'attente_traitement' ? closedAt : daysAfter(declaredAt, span * 0.7);
    events.push({ at, actor, action: 'etat', from: 'en_cours', to: 'attente_traitement' });
  }
  if (etat === 'attente_traitement') return events;
  const from = events.length > 0 ? 'attente_traitement' : 'en_cours';
  events.push({ at: closedAt, actor: staffLogin(random), action: 'etat', from, to: etat });
  return events;
}

/** One generated claim of `offer` on the given reason. */
function drawClaim(
  draw: Draw,
  offer: Offer,
  reason: { garantieId: number; motifId: number; documentTypeIds: readonly number[] },
): GeneratedClaim {
  const { random, now } = draw;
  const { brand } = offer;
  const base = random.pick(offer.bases);
  const lang = random.weighted(LANGUAGE_WEIGHTS);
  const person = drawPerson(random, lang);
  const declaredAt = drawDeclaration(random, offer.family, now);
  const ageDays = (now.getTime() - declaredAt.getTime()) / DAY_MS;
  const etat = drawState(random, ageDays);
  // Open claims were last handled recently; closed ones within weeks of their declaration.
  const closedAt = later(random, daysAfter(declaredAt, Math.min(ageDays * 0.3, 3)), Math.min(ageDays * 0.6, 60), now);
  const sinistre = daysAfter(declaredAt, -random.between(0, 20));

  const prefix = brand.declaration.insuredNumberPrefix ?? 'SO-';
  const assureNumero = uniqueNumber(draw.takenInsuredNumbers, () => `${prefix}${randomDigits(random, 7)}`);
  const example = base.numeroContrat;
  const numeroContrat =
    example === undefined
      ? undefined
      : uniqueNumber(draw.takenContractNumbers, () => example.replaceAll(/\d/g, () => String(random.between(0, 9))));
  const stay = stayOf(random, base, sinistre);
  const subscription: DemoSubscription = {
    ...base,
    souscriptionId: draw.nextSubscriptionId++,
    assureNumero,
    ...(numeroContrat === undefined ? {} : { numeroContrat }),
    assureNom: person.nom,
    assurePrenom: person.prenom,
    assureEmail: person.email,
    assureAdresse: person.adresse,
    assureCp: person.cp,
    assureVille: person.ville,
    assurePays: person.pays,
    assureTelephone: person.telephone,
    sejourDebutDate: stay.debut,
    sejourFinDate: stay.fin,
    garantieId: reason.garantieId,
  };

  const events: GeneratedEvent[] = [];
  const proofs = reason.documentTypeIds.map((documentTypeId, index) =>
    drawProof(draw, { declaredAt, etat, person, index, closedAt, ageDays }, documentTypeId, declaredAt, events),
  );
  // Now and then staff ask for one more document (an identity document, or another one).
  if (random.chance(0.12)) {
    const documentTypeId = random.pick([12, 99].filter((id) => !reason.documentTypeIds.includes(id)));
    if (documentTypeId !== undefined) {
      const requestedAt = later(random, declaredAt, Math.max(0.2, Math.min(ageDays * 0.3, 10)), now);
      const index = proofs.length;
      events.push({ at: requestedAt, actor: staffLogin(random), action: 'document_requested', proof: index });
      proofs.push(
        drawProof(draw, { declaredAt, etat, person, index, closedAt, ageDays }, documentTypeId, requestedAt, events),
      );
    }
  }
  events.push(...stateEvents(random, etat, declaredAt, closedAt));
  events.sort((a, b) => a.at.getTime() - b.at.getTime());

  const amount = offer.family === 'golf' ? random.between(80, 1500) : random.between(150, 3200);
  return {
    subscription,
    numero: uniqueNumber(draw.takenClaimNumbers, () =>
      claimNumberOf(Number(randomDigits(random, CLAIM_NUMBER_DIGITS))),
    ),
    company: brand.slug,
    garantieId: reason.garantieId,
    motifId: reason.motifId,
    lang,
    etat,
    declarationDate: declaredAt,
    sinistreDate: utcDayOf(sinistre),
    sejourMontant: brand.declaration.amountField ? `${amount}.${random.pick(['00', '50', '90'])}` : null,
    declarationCommentaire: random.pick(COMMENTS[lang]),
    acquisitionMethode: `portail_${brand.slug}_${base.acquisitionFrom}`,
    forceClientId: brand.declaration.forcedClientId,
    sinistreEtiquetteId: brand.declaration.labelId,
    confirmationAnnulation:
      brand.declaration.cancellationCheckbox &&
      (CANCELLATION_GUARANTEE_IDS as readonly number[]).includes(reason.garantieId),
    justificatifs: [...reason.documentTypeIds],
    proofs,
    events,
  };
}

/** Contract dates around the event, as long as the base subscription's (none when it has none). */
function stayOf(random: Random, base: DemoSubscription, sinistre: Date): { debut: string | null; fin: string | null } {
  if (base.sejourDebutDate === null || base.sejourFinDate === null) return { debut: null, fin: null };
  const length = Math.round((Date.parse(base.sejourFinDate) - Date.parse(base.sejourDebutDate)) / DAY_MS);
  // A stay starts after the event that cancels it; a year's cover started before it.
  const start =
    length > 60 ? daysAfter(sinistre, -random.between(10, length - 10)) : daysAfter(sinistre, random.between(2, 45));
  return { debut: utcDayOf(start), fin: utcDayOf(daysAfter(start, length)) };
}

/**
 * The generated claims and their subscriptions: first one claim of every brand on every reason
 * it sells (so every guarantee and reason shows under every brand), then claims of brands drawn
 * by their weight until GENERATED_CLAIM_COUNT.
 */
export function generateDemoVolume(
  brands: BrandCatalog,
  options: { now: Date; seed?: number; count?: number },
): GeneratedVolume {
  const random = createRandom(options.seed ?? DEFAULT_VOLUME_SEED);
  const draw: Draw = {
    random,
    now: options.now,
    takenClaimNumbers: new Set(CLAIMS.map((claim) => claim.numero)),
    takenInsuredNumbers: new Set(SUBSCRIPTIONS.map((row) => row.assureNumero)),
    takenContractNumbers: new Set(SUBSCRIPTIONS.flatMap((row) => (row.numeroContrat ? [row.numeroContrat] : []))),
    nextSubscriptionId: 100_001,
  };
  const offers = brands.partners.map(offerOf);
  const claims: GeneratedClaim[] = [];
  for (const offer of offers) for (const reason of reasonsOf(offer.family)) claims.push(drawClaim(draw, offer, reason));
  // Larger and smaller partners: a weight per brand, drawn once.
  const weighted = offers.map((offer) => [offer, 0.3 + random.next() * 2.7] as const);
  const count = options.count ?? GENERATED_CLAIM_COUNT;
  while (claims.length < count) {
    const offer = random.weighted(weighted);
    claims.push(drawClaim(draw, offer, random.pick(reasonsOf(offer.family))));
  }
  claims.sort((a, b) => a.declarationDate.getTime() - b.declarationDate.getTime());
  return { subscriptions: claims.map((claim) => claim.subscription), claims };
}
