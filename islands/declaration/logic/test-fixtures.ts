import type { Brand } from '../../../brands/lib/schema.ts';
import type { Guarantee, InsuredInfo } from '../../../contracts/partner-api.ts';
import type { DeclarationRules } from './declaration.ts';
import { type ClaimDraft, newClaimDraft } from './draft.ts';

/** Test data of the declaration logic: what `infos_dossier` answers, in the contract's shape. */

export function guarantee(overrides: Partial<Guarantee> = {}): Guarantee {
  return {
    id: 1,
    nom: 'Annulation de séjour',
    logo: 'M4 5h16v15H4z',
    ordre: 1,
    sinistre_affiche_declare: 1,
    priorisation_declare: 1,
    motifs: [{ id: 101, nom: 'Maladie', priorisation_declare: 5 }],
    ...overrides,
  };
}

export function insuredInfo(overrides: Partial<InsuredInfo> = {}): InsuredInfo {
  return {
    contrat_compagnie_id: 12,
    _nb_souscriptions: 1,
    _numero_sinistre: '',
    _garantie_nom_complet: 'Assurance annulation camping',
    garanties_langues: [guarantee(), guarantee({ id: 60, nom: 'Vol de matériel', ordre: 4, priorisation_declare: 0 })],
    souscription_id: 500,
    assure_numero: 'SO-0000001',
    assure_nom: 'DUPONT',
    assure_prenom: 'Marie',
    assure_email: 'marie.dupont@example.com',
    assure_adresse: '12 rue des Lilas',
    assure_cp: '69003',
    assure_ville: 'Lyon',
    assure_pays: '250',
    assure_telephone: '06 12 34 56 78',
    appli_declaration_destination_mode: 'complet',
    __from: 'web',
    sejour_debut_date: '2027-07-01',
    sejour_fin_date: '2027-07-15',
    contrat_url: 'https://example.com/contrat',
    destination_nom: 'Camping Les Pins',
    ...overrides,
  };
}

/** The declaration rules of a brand file with its defaults (brands/lib/schema.ts). */
export function rules(overrides: Partial<Brand['declaration']> = {}): DeclarationRules {
  return {
    bookingSection: 'reservation',
    establishmentWording: 'establishment',
    amountField: true,
    contractDatesRequired: true,
    cancellationCheckbox: true,
    labelId: null,
    forcedClientId: null,
    insuredNumberPrefix: null,
    automaticInsuredNumber: null,
    followUpShowsBooking: false,
    contractNumberFormat: null,
    ...overrides,
  };
}

/** A draft that went through steps 1 to 4 for the single subscription of `insuredInfo()`. */
export function completeDraft(overrides: Partial<ClaimDraft> = {}): ClaimDraft {
  const draft = newClaimDraft({
    insuranceNumber: 'SO-0000001',
    infos: [insuredInfo()],
    lang: 'fr',
    idempotencyKey: 'key-0123456789abcdef',
  });
  return {
    ...draft,
    claimGroup: 1,
    claimGroupLang: 'Annulation de séjour',
    guaranteeType: 'annulation',
    claimDetail: 101,
    claimDetailLang: 'Maladie',
    claimDate: '2026-11-02',
    comment: 'Fracture',
    invoiceAmount: '450,50',
    certified: true,
    cancellationConfirmed: true,
    ...overrides,
  };
}
