import golfy from '../../../brands/golfy.ts';
import sandaya from '../../../brands/sandaya.ts';
import yelloh from '../../../brands/yelloh.ts';
import type { BrandInput } from '../../../brands/lib/schema.ts';
import type { ClaimState } from '../../../contracts/claim-states.ts';
import type { Language } from '../../../contracts/languages.ts';
import { FRANCE_COUNTRY_ID } from '../../../content/countries.ts';
import type { GuaranteeFamily } from './types.ts';

/**
 * The contracts, subscriptions and claims of the demo. Every insured number the demo shows
 * exists, with the claims SI-0000003, SI-0000007 and SI-0000008.
 *
 * Decision: a contract covers one family of guarantees (`sejour`, `velo` or `golf`), and each of
 * its subscriptions offers that family's groups at step 1 (`subscription_guarantees`), so a
 * campsite customer is not offered a hole in one. The hidden groups of a family are linked too:
 * the wizard's `sinistre_affiche_declare` filter is what keeps them off the screen.
 *
 * People, addresses and establishments are fictitious; e-mails use example.com and example.org;
 * phones are digits only; `assurePays` is a country id of `countries.ts` (ISO 3166-1 numeric).
 */

/** A partner contract; its id is the `contrat_compagnie_id` the wizard carries (never 0). */
export interface DemoContract {
  readonly contratCompagnieId: number;
  /** Staff-facing name (the back office is in French). */
  readonly nom: string;
  /** Brand slug whose site declares on it; null: any brand. */
  readonly company: string | null;
  readonly contratUrl: string;
  /** `appli_declaration_destination_mode`. */
  readonly destinationMode: 'complet';
  /** The guarantee groups its subscriptions offer at step 1. */
  readonly family: GuaranteeFamily;
}

/** A subscription of an insured person to a contract (several may share one insured number). */
export interface DemoSubscription {
  readonly souscriptionId: number;
  readonly contratCompagnieId: number;
  readonly assureNumero: string;
  readonly assureNom: string;
  readonly assurePrenom: string;
  readonly assureEmail: string;
  readonly assureAdresse: string;
  readonly assureCp: string;
  readonly assureVille: string;
  /** A country id of `countries.ts`. */
  readonly assurePays: number;
  /** Digits only. */
  readonly assureTelephone: string;
  /** `destination_nom`: the campsite, golf or equipment. */
  readonly destinationNom: string;
  /** ISO dates; null where the brand has no contract dates (zenride). */
  readonly sejourDebutDate: string | null;
  readonly sejourFinDate: string | null;
  /** The subscribed product: its `nomComplet` is `_garantie_nom_complet` at step 0. */
  readonly garantieId: number;
  /** `__from`: the channel the subscription came from. */
  readonly acquisitionFrom: string;
  /** The partner's contract number, in its brand file's `contractNumberFormat`; absent when none. */
  readonly numeroContrat?: string;
  /** The booking establishment's address, where a cancellation's copy goes; null: none given (the brand file's serves). */
  readonly destinationEmail: string | null;
}

/** A proof of a demo claim (spec 2 §4 proof states). Timestamps are ISO 8601 with offset. */
interface DemoProof {
  readonly documentTypeId: number;
  readonly demande: 0 | 1;
  readonly dropbox: 0 | 1;
  readonly valide: 0 | 1;
  /** The claimant's file name; the seed stores a demo file of that name (a PNG for `.png`, else a PDF). */
  readonly nomFichier: string | null;
  readonly creationDate: string;
  readonly receptionDate: string | null;
  /** null while received and unread (`a_justificatif_non_lu`). */
  readonly readAt: string | null;
  readonly validatedAt: string | null;
}

/** A demo claim; the claimant's details are those of its subscription. */
export interface DemoClaim {
  readonly numero: string;
  readonly souscriptionId: number;
  readonly garantieId: number;
  readonly motifId: number;
  /** ISO date of the event. */
  readonly sinistreDate: string;
  /** Euros, or null when not asked. */
  readonly sejourMontant: string | null;
  readonly declarationCommentaire: string;
  readonly lang: Language;
  /** Brand slug of the site it was declared on. */
  readonly company: string | null;
  readonly acquisitionMethode: string;
  readonly confirmationAnnulation: boolean;
  readonly etat: ClaimState;
  readonly declarationDate: string;
  readonly proofs: readonly DemoProof[];
  /**
   * The staff login that handled it: its history (seed.ts) shows this login validating each
   * validated proof when the proof says, and changing its state.
   */
  readonly handledBy: string;
  /** Its state changes by staff, oldest first, from `en_cours` (a new claim's) to `etat`. */
  readonly stateChanges: readonly DemoStateChange[];
}

/** A change of a hand-written claim's state: when (ISO date-time), from and to. */
interface DemoStateChange {
  readonly at: string;
  readonly from: ClaimState;
  readonly to: ClaimState;
}

const CONTRACTS_URL = 'https://documents.sinistre-assistance.example/contrats';

export const CONTRACTS: readonly DemoContract[] = [
  {
    contratCompagnieId: 1201,
    nom: 'Annulation et interruption de séjour — campings partenaires',
    company: null,
    contratUrl: `${CONTRACTS_URL}/sejour-campings.pdf`,
    destinationMode: 'complet',
    family: 'sejour',
  },
  {
    contratCompagnieId: 1305,
    nom: 'Pack vélo — annulation de location, vol et casse',
    company: null,
    contratUrl: `${CONTRACTS_URL}/pack-velo.pdf`,
    destinationMode: 'complet',
    family: 'velo',
  },
  {
    contratCompagnieId: 1410,
    nom: 'Golf Sérénité — cours, compétitions et trou en un',
    company: null,
    contratUrl: `${CONTRACTS_URL}/golf-serenite.pdf`,
    destinationMode: 'complet',
    family: 'golf',
  },
  {
    // Shared by the fns and maeva sites, hence no single brand: both normalise `0000004` to it.
    contratCompagnieId: 2750,
    nom: 'Assurance séjour des réseaux FNS et Maeva',
    company: null,
    contratUrl: `${CONTRACTS_URL}/sejour-fns-maeva.pdf`,
    destinationMode: 'complet',
    family: 'sejour',
  },
  {
    contratCompagnieId: 5210,
    nom: 'Zenride — protection du vélo de fonction',
    company: 'zenride',
    contratUrl: `${CONTRACTS_URL}/zenride-velo-de-fonction.pdf`,
    destinationMode: 'complet',
    family: 'velo',
  },
  {
    contratCompagnieId: 4410,
    nom: 'Véligo Location — vol, casse et annulation',
    company: 'veligo',
    contratUrl: `${CONTRACTS_URL}/veligo-location.pdf`,
    destinationMode: 'complet',
    family: 'velo',
  },
  {
    contratCompagnieId: 3102,
    nom: 'Golfy — assurance du golfeur',
    company: 'golfy',
    contratUrl: `${CONTRACTS_URL}/golfy.pdf`,
    destinationMode: 'complet',
    family: 'golf',
  },
  {
    contratCompagnieId: 1520,
    nom: 'Sandaya — annulation et interruption de séjour',
    company: 'sandaya',
    contratUrl: `${CONTRACTS_URL}/sandaya-sejour.pdf`,
    destinationMode: 'complet',
    family: 'sejour',
  },
  {
    contratCompagnieId: 1530,
    nom: 'Yelloh! Village — annulation et interruption de séjour',
    company: 'yelloh',
    contratUrl: `${CONTRACTS_URL}/yelloh-sejour.pdf`,
    destinationMode: 'complet',
    family: 'sejour',
  },
];

const CAMPSITES = 1201;
const BIKES = 1305;
const GOLF = 1410;
const FNS_MAEVA = 2750;
const ZENRIDE = 5210;
const VELIGO = 4410;
const GOLFY = 3102;
const SANDAYA = 1520;
const YELLOH = 1530;

/** The example contract number of a brand file: the demo contract found by it. */
function exampleContractNumber(brand: BrandInput): string {
  const example = brand.declaration?.contractNumberFormat?.example;
  if (!example) throw new Error('The demo data needs the brand file to set declaration.contractNumberFormat.');
  return example;
}

/** Sandaya's and Yelloh! Village's demo contract numbers: each finds one insured person. */
export const SANDAYA_CONTRACT_NUMBER: string = exampleContractNumber(sandaya);
export const YELLOH_CONTRACT_NUMBER: string = exampleContractNumber(yelloh);

/** Golfy's automatic insured number (`{code}`): read from its brand file so the two never differ. */
export const GOLFY_INSURED_NUMBER: string = (() => {
  const code = golfy.declaration?.automaticInsuredNumber;
  if (!code) throw new Error('brands/golfy.ts must set declaration.automaticInsuredNumber for the demo data.');
  return code;
})();

/**
 * The booking desks of the demo's establishments (example addresses): a subscription to one of
 * them carries its address, where the copy of a cancellation goes (`destination_email`).
 * Location Vélo Côte Sauvage gives none, so the demo shows a copy that could not be sent.
 */
const ESTABLISHMENT_EMAILS: Readonly<Record<string, string>> = {
  'Camping Les Dunes d’Argent': 'reservations@camping-dunes-argent.example',
  'Camping Le Moulin de la Vallée': 'reservations@camping-moulin-vallee.example',
  'Camping Les Pins de la Dune': 'reservations@camping-les-pins.example',
  'Camping Le Pré Fleuri': 'accueil@camping-pre-fleuri.example',
  'Camping La Pinède Bleue': 'reservations@camping-pinede-bleue.example',
  'Camping Le Domaine du Lac Vert': 'reservations@domaine-lac-vert.example',
  'Camping Les Falaises Blanches': 'reservations@camping-falaises-blanches.example',
  'Camping L’Étang des Saules': 'reservations@camping-etang-saules.example',
  'Golf du Val de Loire': 'accueil@golf-val-de-loire.example',
  'Golf des Trois Chênes': 'accueil@golf-trois-chenes.example',
  'Sandaya — Camping Les Tournels': 'reservations@sandaya-les-tournels.example',
  'Yelloh! Village — Camping Le Littoral': 'reservations@yelloh-le-littoral.example',
};

/** The booking desk's address of a demo establishment, or null when the demo gives it none. */
function establishmentEmailOf(destinationNom: string): string | null {
  return ESTABLISHMENT_EMAILS[destinationNom] ?? null;
}

/** The subscriptions that show one case each. */
const SHOWCASE_SUBSCRIPTIONS: readonly DemoSubscription[] = [
  {
    // One subscription, no claim: straight to step 1.
    souscriptionId: 1001,
    contratCompagnieId: CAMPSITES,
    assureNumero: 'SO-0000001',
    assureNom: 'MOREAU',
    assurePrenom: 'Julien',
    assureEmail: 'julien.moreau@example.com',
    assureAdresse: '14 rue des Lilas',
    assureCp: '44000',
    assureVille: 'Nantes',
    assurePays: FRANCE_COUNTRY_ID,
    assureTelephone: '0612345678',
    destinationNom: 'Camping Les Dunes d’Argent',
    destinationEmail: establishmentEmailOf('Camping Les Dunes d’Argent'),
    sejourDebutDate: '2027-07-10',
    sejourFinDate: '2027-07-24',
    garantieId: 1,
    acquisitionFrom: 'mail',
  },
  // Three subscriptions under one number: step 0 lists them.
  {
    souscriptionId: 1002,
    contratCompagnieId: CAMPSITES,
    assureNumero: 'SO-0000002',
    assureNom: 'LEFEBVRE',
    assurePrenom: 'Camille',
    assureEmail: 'camille.lefebvre@example.org',
    assureAdresse: '8 place du Marché',
    assureCp: '35000',
    assureVille: 'Rennes',
    assurePays: FRANCE_COUNTRY_ID,
    assureTelephone: '0698765432',
    destinationNom: 'Camping Le Moulin de la Vallée',
    destinationEmail: establishmentEmailOf('Camping Le Moulin de la Vallée'),
    sejourDebutDate: '2027-08-02',
    sejourFinDate: '2027-08-16',
    garantieId: 1,
    acquisitionFrom: 'mail',
  },
  {
    souscriptionId: 1003,
    contratCompagnieId: BIKES,
    assureNumero: 'SO-0000002',
    assureNom: 'LEFEBVRE',
    assurePrenom: 'Camille',
    assureEmail: 'camille.lefebvre@example.org',
    assureAdresse: '8 place du Marché',
    assureCp: '35000',
    assureVille: 'Rennes',
    assurePays: FRANCE_COUNTRY_ID,
    assureTelephone: '0698765432',
    destinationNom: 'Location Vélo Côte Sauvage',
    destinationEmail: establishmentEmailOf('Location Vélo Côte Sauvage'),
    sejourDebutDate: '2027-08-03',
    sejourFinDate: '2027-08-10',
    garantieId: 102,
    acquisitionFrom: 'mail',
  },
  {
    souscriptionId: 1004,
    contratCompagnieId: GOLF,
    assureNumero: 'SO-0000002',
    assureNom: 'LEFEBVRE',
    assurePrenom: 'Thomas',
    assureEmail: 'thomas.lefebvre@example.org',
    assureAdresse: '8 place du Marché',
    assureCp: '35000',
    assureVille: 'Rennes',
    assurePays: FRANCE_COUNTRY_ID,
    assureTelephone: '0687654321',
    destinationNom: 'Golf du Val de Loire',
    destinationEmail: establishmentEmailOf('Golf du Val de Loire'),
    sejourDebutDate: '2027-04-12',
    sejourFinDate: '2027-04-16',
    garantieId: 110,
    acquisitionFrom: 'mail',
  },
  {
    // Already has claim SI-0000003: the open-claim page sends the visitor to suivre-dossier.
    souscriptionId: 1005,
    contratCompagnieId: CAMPSITES,
    assureNumero: 'SO-0000003',
    assureNom: 'MARTIN',
    assurePrenom: 'Nathalie',
    assureEmail: 'nathalie.martin@example.com',
    assureAdresse: '27 avenue Jean Jaurès',
    assureCp: '69007',
    assureVille: 'Lyon',
    assurePays: FRANCE_COUNTRY_ID,
    assureTelephone: '0478123456',
    destinationNom: 'Camping Les Pins de la Dune',
    destinationEmail: establishmentEmailOf('Camping Les Pins de la Dune'),
    sejourDebutDate: '2026-12-19',
    sejourFinDate: '2027-01-02',
    garantieId: 5,
    acquisitionFrom: 'mail',
  },
  {
    // fns and maeva add the prefix: `0000004` and `so-fns-0000004` both find it there.
    souscriptionId: 1006,
    contratCompagnieId: FNS_MAEVA,
    assureNumero: 'SO-FNS-0000004',
    assureNom: 'ROUSSEAU',
    assurePrenom: 'Élodie',
    assureEmail: 'elodie.rousseau@example.com',
    assureAdresse: '5 cours de l’Intendance',
    assureCp: '33000',
    assureVille: 'Bordeaux',
    assurePays: FRANCE_COUNTRY_ID,
    assureTelephone: '0556123456',
    destinationNom: 'Camping Le Pré Fleuri',
    destinationEmail: establishmentEmailOf('Camping Le Pré Fleuri'),
    sejourDebutDate: '2027-07-31',
    sejourFinDate: '2027-08-14',
    garantieId: 1,
    acquisitionFrom: 'mail',
  },
  {
    // A zenride company bike: no booking section, no contract dates.
    souscriptionId: 1007,
    contratCompagnieId: ZENRIDE,
    assureNumero: 'SO-0000005',
    assureNom: 'FONTAINE',
    assurePrenom: 'Maxime',
    assureEmail: 'maxime.fontaine@example.org',
    assureAdresse: '42 rue Oberkampf',
    assureCp: '75011',
    assureVille: 'Paris',
    assurePays: FRANCE_COUNTRY_ID,
    assureTelephone: '0611223344',
    destinationNom: '',
    destinationEmail: establishmentEmailOf(''),
    sejourDebutDate: null,
    sejourFinDate: null,
    garantieId: 60,
    acquisitionFrom: 'mail',
  },
  {
    // A veligo long-term e-bike rental: no amount field.
    souscriptionId: 1008,
    contratCompagnieId: VELIGO,
    assureNumero: 'SO-0000006',
    assureNom: 'LAMBERT',
    assurePrenom: 'Chloé',
    assureEmail: 'chloe.lambert@example.com',
    assureAdresse: '3 rue de la Paix',
    assureCp: '93100',
    assureVille: 'Montreuil',
    assurePays: FRANCE_COUNTRY_ID,
    assureTelephone: '0622334455',
    destinationNom: 'Véligo Location — vélo à assistance électrique',
    destinationEmail: establishmentEmailOf('Véligo Location — vélo à assistance électrique'),
    sejourDebutDate: '2026-09-01',
    sejourFinDate: '2027-08-31',
    garantieId: 60,
    acquisitionFrom: 'mail',
  },
  {
    // Golfy's automatic number, set and submitted by the open-claim page.
    souscriptionId: 1009,
    contratCompagnieId: GOLFY,
    assureNumero: GOLFY_INSURED_NUMBER,
    assureNom: 'ROBERT',
    assurePrenom: 'Philippe',
    assureEmail: 'philippe.robert@example.com',
    assureAdresse: '11 allée des Érables',
    assureCp: '78000',
    assureVille: 'Versailles',
    assurePays: FRANCE_COUNTRY_ID,
    assureTelephone: '0139123456',
    destinationNom: 'Golf des Trois Chênes',
    destinationEmail: establishmentEmailOf('Golf des Trois Chênes'),
    sejourDebutDate: '2026-04-01',
    sejourFinDate: '2027-03-31',
    garantieId: 110,
    acquisitionFrom: 'mail',
  },
  {
    // Found by Sandaya's contract number as well as by SO-0000030: one subscription, no claim.
    souscriptionId: 1012,
    contratCompagnieId: SANDAYA,
    assureNumero: 'SO-0000030',
    numeroContrat: SANDAYA_CONTRACT_NUMBER,
    assureNom: 'BERNARD',
    assurePrenom: 'Léa',
    assureEmail: 'lea.bernard@example.com',
    assureAdresse: '9 rue du Port',
    assureCp: '17000',
    assureVille: 'La Rochelle',
    assurePays: FRANCE_COUNTRY_ID,
    assureTelephone: '0546123456',
    destinationNom: 'Sandaya — Camping Les Tournels',
    destinationEmail: establishmentEmailOf('Sandaya — Camping Les Tournels'),
    sejourDebutDate: '2027-07-03',
    sejourFinDate: '2027-07-17',
    garantieId: 1,
    acquisitionFrom: 'mail',
  },
  {
    // Found by Yelloh! Village's contract number as well as by SO-0000031: one subscription, no claim.
    souscriptionId: 1013,
    contratCompagnieId: YELLOH,
    assureNumero: 'SO-0000031',
    numeroContrat: YELLOH_CONTRACT_NUMBER,
    assureNom: 'GIRARD',
    assurePrenom: 'Hugo',
    assureEmail: 'hugo.girard@example.org',
    assureAdresse: '21 boulevard Victor Hugo',
    assureCp: '34000',
    assureVille: 'Montpellier',
    assurePays: FRANCE_COUNTRY_ID,
    assureTelephone: '0467123456',
    destinationNom: 'Yelloh! Village — Camping Le Littoral',
    destinationEmail: establishmentEmailOf('Yelloh! Village — Camping Le Littoral'),
    sejourDebutDate: '2027-08-14',
    sejourFinDate: '2027-08-28',
    garantieId: 1,
    acquisitionFrom: 'mail',
  },
  {
    // Holds SI-0000007 (refund sent).
    souscriptionId: 1010,
    contratCompagnieId: CAMPSITES,
    assureNumero: 'SO-0000007',
    assureNom: 'DURAND',
    assurePrenom: 'Isabelle',
    assureEmail: 'isabelle.durand@example.org',
    assureAdresse: '19 rue Nationale',
    assureCp: '59000',
    assureVille: 'Lille',
    assurePays: FRANCE_COUNTRY_ID,
    assureTelephone: '0320123456',
    destinationNom: 'Camping La Pinède Bleue',
    destinationEmail: establishmentEmailOf('Camping La Pinède Bleue'),
    sejourDebutDate: '2026-08-08',
    sejourFinDate: '2026-08-22',
    garantieId: 5,
    acquisitionFrom: 'mail',
  },
  {
    // Holds SI-0000008 (closed without payment).
    souscriptionId: 1011,
    contratCompagnieId: BIKES,
    assureNumero: 'SO-0000008',
    assureNom: 'PETIT',
    assurePrenom: 'Olivier',
    assureEmail: 'olivier.petit@example.com',
    assureAdresse: '7 quai des Chartrons',
    assureCp: '33300',
    assureVille: 'Bordeaux',
    assurePays: FRANCE_COUNTRY_ID,
    assureTelephone: '0556987654',
    destinationNom: 'Vélo à assistance électrique urbain — Atelier Vélo Garonne',
    destinationEmail: establishmentEmailOf('Vélo à assistance électrique urbain — Atelier Vélo Garonne'),
    sejourDebutDate: '2026-03-01',
    sejourFinDate: '2027-02-28',
    garantieId: 60,
    acquisitionFrom: 'mail',
  },
];

type GenericPerson = readonly [
  nom: string,
  prenom: string,
  email: string,
  adresse: string,
  cp: string,
  ville: string,
  pays: number,
  telephone: string,
  debut: string,
  fin: string,
  destination: string,
];

/**
 * SO-0000010 … SO-0000029: twenty insured persons like SO-0000001 (one subscription on the
 * any-brand campsite contract, no claim), for repeated demos and tests.
 */
const GENERIC_PEOPLE: readonly GenericPerson[] = [
  [
    'SCHNEIDER',
    'Emma',
    'emma.schneider@example.com',
    'Ehrenstraße 12',
    '50672',
    'Köln',
    276,
    '492211234567',
    '2027-05-01',
    '2027-05-08',
    'Camping Les Dunes d’Argent',
  ],
  [
    'JANSSEN',
    'Lucas',
    'lucas.janssen@example.org',
    'Oudegracht 145',
    '3511 AZ',
    'Utrecht',
    528,
    '31302345678',
    '2027-05-08',
    '2027-05-22',
    'Camping Le Moulin de la Vallée',
  ],
  [
    'ROSSI',
    'Sofia',
    'sofia.rossi@example.com',
    'Via Garibaldi 24',
    '10122',
    'Torino',
    380,
    '390114567890',
    '2027-05-15',
    '2027-05-22',
    'Camping La Pinède Bleue',
  ],
  [
    'FERNÁNDEZ',
    'Pablo',
    'pablo.fernandez@example.org',
    'Calle Feria 37',
    '41003',
    'Sevilla',
    724,
    '34954123456',
    '2027-05-22',
    '2027-06-05',
    'Camping Les Pins de la Dune',
  ],
  [
    'KOWALSKA',
    'Anna',
    'anna.kowalska@example.com',
    'ul. Floriańska 15',
    '31-019',
    'Kraków',
    616,
    '48124567890',
    '2027-05-29',
    '2027-06-05',
    'Camping Le Pré Fleuri',
  ],
  [
    'NIELSEN',
    'Mads',
    'mads.nielsen@example.org',
    'Søndergade 22',
    '8000',
    'Aarhus C',
    208,
    '4586123456',
    '2027-06-05',
    '2027-06-19',
    'Camping L’Étang des Saules',
  ],
  [
    'SANTOS',
    'Inês',
    'ines.santos@example.com',
    'Rua de Santa Catarina 112',
    '4000-442',
    'Porto',
    620,
    '351223456789',
    '2027-06-12',
    '2027-06-19',
    'Camping Les Falaises Blanches',
  ],
  [
    'SMITH',
    'Oliver',
    'oliver.smith@example.org',
    '18 Park Street',
    'BS1 5JA',
    'Bristol',
    826,
    '441179123456',
    '2027-06-19',
    '2027-07-03',
    'Camping Le Domaine du Lac Vert',
  ],
  [
    'GIRARD',
    'Léa',
    'lea.girard@example.com',
    '6 rue Saint-Michel',
    '35000',
    'Rennes',
    250,
    '0623456789',
    '2027-06-26',
    '2027-07-03',
    'Camping Les Dunes d’Argent',
  ],
  [
    'BONNET',
    'Hugo',
    'hugo.bonnet@example.org',
    '31 rue de la Liberté',
    '21000',
    'Dijon',
    250,
    '0634567890',
    '2027-07-03',
    '2027-07-17',
    'Camping Le Moulin de la Vallée',
  ],
  [
    'ROUX',
    'Manon',
    'manon.roux@example.com',
    '9 rue de l’Aiguillerie',
    '34000',
    'Montpellier',
    250,
    '0645678901',
    '2027-07-10',
    '2027-07-17',
    'Camping La Pinède Bleue',
  ],
  [
    'MERCIER',
    'Louis',
    'louis.mercier@example.org',
    '52 boulevard Carnot',
    '06400',
    'Cannes',
    250,
    '0656789012',
    '2027-07-17',
    '2027-07-31',
    'Camping Les Pins de la Dune',
  ],
  [
    'FAURE',
    'Jade',
    'jade.faure@example.com',
    '17 rue des Tanneurs',
    '67000',
    'Strasbourg',
    250,
    '0667890123',
    '2027-07-24',
    '2027-07-31',
    'Camping Le Pré Fleuri',
  ],
  [
    'BLANC',
    'Arthur',
    'arthur.blanc@example.org',
    '4 rue Paradis',
    '13001',
    'Marseille',
    250,
    '0678901234',
    '2027-07-31',
    '2027-08-14',
    'Camping L’Étang des Saules',
  ],
  [
    'GUERIN',
    'Zoé',
    'zoe.guerin@example.com',
    '23 rue du Faubourg Saint-Jean',
    '45000',
    'Orléans',
    250,
    '0689012345',
    '2027-08-07',
    '2027-08-14',
    'Camping Les Falaises Blanches',
  ],
  [
    'MULLER',
    'Noah',
    'noah.muller@example.org',
    '11 rue des Franciscains',
    '68100',
    'Mulhouse',
    250,
    '0690123456',
    '2027-08-14',
    '2027-08-28',
    'Camping Le Domaine du Lac Vert',
  ],
  [
    'BIANCHI',
    'Chiara',
    'chiara.bianchi@example.com',
    'Corso Buenos Aires 48',
    '20124',
    'Milano',
    380,
    '390223456789',
    '2027-08-21',
    '2027-08-28',
    'Camping Les Dunes d’Argent',
  ],
  [
    'DE VRIES',
    'Bram',
    'bram.devries@example.org',
    'Veldstraat 60',
    '9000',
    'Gent',
    56,
    '3292345678',
    '2027-08-28',
    '2027-09-11',
    'Camping Le Moulin de la Vallée',
  ],
  [
    'NOWAK',
    'Marta',
    'marta.nowak@example.com',
    'ul. Półwiejska 8',
    '61-888',
    'Poznań',
    616,
    '48612345678',
    '2027-09-04',
    '2027-09-11',
    'Camping La Pinède Bleue',
  ],
  [
    'HANSEN',
    'Frederik',
    'frederik.hansen@example.org',
    'Vestergade 14',
    '5000',
    'Odense C',
    208,
    '4566123456',
    '2027-09-11',
    '2027-09-25',
    'Camping Les Pins de la Dune',
  ],
];

/** The first insured number of the generic range (SO-0000010). */
const FIRST_GENERIC_NUMBER = 10;

const GENERIC_SUBSCRIPTIONS: readonly DemoSubscription[] = GENERIC_PEOPLE.map(
  ([nom, prenom, email, adresse, cp, ville, pays, telephone, debut, fin, destination], index) => ({
    souscriptionId: 1020 + index,
    contratCompagnieId: CAMPSITES,
    assureNumero: `SO-${String(FIRST_GENERIC_NUMBER + index).padStart(7, '0')}`,
    assureNom: nom,
    assurePrenom: prenom,
    assureEmail: email,
    assureAdresse: adresse,
    assureCp: cp,
    assureVille: ville,
    assurePays: pays,
    assureTelephone: telephone,
    destinationNom: destination,
    destinationEmail: establishmentEmailOf(destination),
    sejourDebutDate: debut,
    sejourFinDate: fin,
    garantieId: 1,
    acquisitionFrom: 'mail',
  }),
);

export const SUBSCRIPTIONS: readonly DemoSubscription[] = [...SHOWCASE_SUBSCRIPTIONS, ...GENERIC_SUBSCRIPTIONS];

/** Document type ids used by the claims below (see `documents.ts`). */
const MEDICAL_CERTIFICATE = 1;
const BOOKING = 2;
const CANCELLATION_INVOICE = 3;
const POLICE_REPORT = 8;
const PURCHASE_INVOICE = 9;
const BANK_DETAILS = 11;

/** A proof the reason asks for and nobody has sent yet. */
function missingProof(documentTypeId: number, creationDate: string): DemoProof {
  return {
    documentTypeId,
    demande: 1,
    dropbox: 0,
    valide: 0,
    nomFichier: null,
    creationDate,
    receptionDate: null,
    readAt: null,
    validatedAt: null,
  };
}

/** A proof sent by the claimant and validated by staff. */
function validatedProof(
  documentTypeId: number,
  creationDate: string,
  file: { name: string; receivedAt: string; validatedAt: string },
): DemoProof {
  return {
    documentTypeId,
    demande: 1,
    dropbox: 1,
    valide: 1,
    nomFichier: file.name,
    creationDate,
    receptionDate: file.receivedAt,
    readAt: file.validatedAt,
    validatedAt: file.validatedAt,
  };
}

const SI3_DECLARED = '2026-11-04T10:12:00+01:00';
const SI7_DECLARED = '2026-07-23T09:41:00+02:00';
const SI8_DECLARED = '2026-09-15T18:05:00+02:00';

export const CLAIMS: readonly DemoClaim[] = [
  {
    // In treatment: two documents missing, one transmitted and unread, one validated.
    numero: 'SI-0000003',
    souscriptionId: 1005,
    garantieId: 5,
    motifId: 6,
    sinistreDate: '2026-11-02',
    sejourMontant: '1480.00',
    declarationCommentaire:
      'Hospitalisée le 2 novembre pour une pneumonie ; mon médecin me déconseille tout déplacement jusqu’à fin janvier.',
    lang: 'fr',
    company: 'sandaya',
    acquisitionMethode: 'portail_sandaya_mail',
    confirmationAnnulation: true,
    etat: 'en_cours',
    declarationDate: SI3_DECLARED,
    handledBy: 'camille',
    stateChanges: [],
    proofs: [
      missingProof(MEDICAL_CERTIFICATE, SI3_DECLARED),
      validatedProof(BOOKING, SI3_DECLARED, {
        name: 'confirmation-reservation-pins-de-la-dune.pdf',
        receivedAt: '2026-11-05T20:17:00+01:00',
        validatedAt: '2026-11-07T11:02:00+01:00',
      }),
      missingProof(CANCELLATION_INVOICE, SI3_DECLARED),
      {
        documentTypeId: BANK_DETAILS,
        demande: 1,
        dropbox: 1,
        valide: 0,
        nomFichier: 'rib-nathalie-martin.png',
        creationDate: SI3_DECLARED,
        receptionDate: '2026-11-18T18:42:00+01:00',
        readAt: null,
        validatedAt: null,
      },
    ],
  },
  {
    // Refund sent: every document validated.
    numero: 'SI-0000007',
    souscriptionId: 1010,
    garantieId: 5,
    motifId: 7,
    sinistreDate: '2026-07-21',
    sejourMontant: '960.00',
    declarationCommentaire: 'Fracture de la cheville lors d’un match de handball, plâtre pour six semaines.',
    lang: 'fr',
    company: 'yelloh',
    acquisitionMethode: 'portail_yelloh_mail',
    confirmationAnnulation: true,
    etat: 'paiement_envoye',
    declarationDate: SI7_DECLARED,
    handledBy: 'sophie',
    stateChanges: [
      { at: '2026-07-27T14:40:00+02:00', from: 'en_cours', to: 'attente_traitement' },
      { at: '2026-08-04T10:15:00+02:00', from: 'attente_traitement', to: 'paiement_envoye' },
    ],
    proofs: [
      validatedProof(MEDICAL_CERTIFICATE, SI7_DECLARED, {
        name: 'certificat-medical-durand.pdf',
        receivedAt: '2026-07-23T09:55:00+02:00',
        validatedAt: '2026-07-27T14:30:00+02:00',
      }),
      validatedProof(BOOKING, SI7_DECLARED, {
        name: 'reservation-pinede-bleue.pdf',
        receivedAt: '2026-07-23T09:56:00+02:00',
        validatedAt: '2026-07-27T14:31:00+02:00',
      }),
      validatedProof(CANCELLATION_INVOICE, SI7_DECLARED, {
        name: 'facture-annulation-pinede-bleue.pdf',
        receivedAt: '2026-07-26T16:20:00+02:00',
        validatedAt: '2026-07-27T14:33:00+02:00',
      }),
      validatedProof(BANK_DETAILS, SI7_DECLARED, {
        name: 'rib-durand.png',
        receivedAt: '2026-07-23T10:02:00+02:00',
        validatedAt: '2026-07-27T14:34:00+02:00',
      }),
    ],
  },
  {
    // Closed without payment: the bike was locked with a cable only, which the contract excludes.
    numero: 'SI-0000008',
    souscriptionId: 1011,
    garantieId: 60,
    motifId: 33,
    sinistreDate: '2026-09-14',
    sejourMontant: '2190.00',
    declarationCommentaire: 'Vélo volé devant la gare Saint-Jean entre 8 h et 18 h, attaché avec un antivol à câble.',
    lang: 'fr',
    company: 'cyclassur',
    acquisitionMethode: 'portail_cyclassur_mail',
    confirmationAnnulation: false,
    etat: 'sans_suite',
    declarationDate: SI8_DECLARED,
    handledBy: 'mathieu',
    stateChanges: [{ at: '2026-09-21T10:12:00+02:00', from: 'en_cours', to: 'sans_suite' }],
    proofs: [
      validatedProof(POLICE_REPORT, SI8_DECLARED, {
        name: 'recepisse-plainte-petit.pdf',
        receivedAt: '2026-09-15T18:20:00+02:00',
        validatedAt: '2026-09-21T10:05:00+02:00',
      }),
      validatedProof(PURCHASE_INVOICE, SI8_DECLARED, {
        name: 'facture-velo-atelier-garonne.pdf',
        receivedAt: '2026-09-15T18:22:00+02:00',
        validatedAt: '2026-09-21T10:06:00+02:00',
      }),
      validatedProof(BANK_DETAILS, SI8_DECLARED, {
        name: 'rib-olivier-petit.pdf',
        receivedAt: '2026-09-15T18:24:00+02:00',
        validatedAt: '2026-09-21T10:07:00+02:00',
      }),
    ],
  },
];

/**
 * What a claim copies from its subscription: the insured, how to reach them, the establishment and
 * the stay (a declaration is made on the subscription's details).
 */
export function claimHolderOf(subscription: DemoSubscription) {
  return {
    souscriptionId: subscription.souscriptionId,
    contratCompagnieId: subscription.contratCompagnieId,
    assureNumero: subscription.assureNumero,
    assureNom: subscription.assureNom,
    assurePrenom: subscription.assurePrenom,
    assureEmail: subscription.assureEmail,
    assureAdresse: subscription.assureAdresse,
    assureCp: subscription.assureCp,
    assureVille: subscription.assureVille,
    assurePays: String(subscription.assurePays),
    assureTelephone: subscription.assureTelephone,
    destinationNom: subscription.destinationNom,
    sejourDebutDate: subscription.sejourDebutDate,
    sejourFinDate: subscription.sejourFinDate,
  };
}
