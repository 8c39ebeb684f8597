import type { Brand } from '../../../brands/lib/schema.ts';
import { CANCELLATION_GROUP_IDS } from '../../../contracts/declaration-rules.ts';
import type { ClaimDeclarationInput } from '../../../contracts/partner-api.ts';
import type { Language } from '../../../contracts/languages.ts';
import { acquisitionMethodOf } from '../../lib/acquisition.ts';
import type { ClaimDraft } from './draft.ts';

/** What the wizard needs of a brand file: its declaration behaviours (brands/lib/schema.ts). */
export type DeclarationRules = Brand['declaration'];

/** The second section of step 4 (spec 1 §2): its title and wording, or none. */
export type BookingSection = 'reservation' | 'subscription' | 'equipment' | 'hidden';

/**
 * Which second section step 4 shows: none when the brand hides it (zenride); 'Votre matériel' for an
 * equipment guarantee; 'Votre abonnement' when the brand words it so (golf); else 'Votre réservation'.
 */
export function bookingSectionOf(rules: DeclarationRules, guaranteeType: string): BookingSection {
  if (rules.bookingSection === 'hidden') return 'hidden';
  if (guaranteeType === 'materiel') return 'equipment';
  return rules.bookingSection;
}

/** Whether step 5 asks the cancellation checkbox (groups 1, 5, 35, 40, 46, 102, 110, unless the brand says not). */
export function asksCancellation(rules: DeclarationRules, claimGroup: number | null): boolean {
  return (
    rules.cancellationCheckbox &&
    claimGroup !== null &&
    (CANCELLATION_GROUP_IDS as readonly number[]).includes(claimGroup)
  );
}

/** Whether both step 5 confirmations count as given (only 'Oui' or a tick counts; spec 1 §5). */
export function confirmationsGiven(draft: ClaimDraft, rules: DeclarationRules): boolean {
  return (
    draft.certified === true && (!asksCancellation(rules, draft.claimGroup) || draft.cancellationConfirmed === true)
  );
}

/**
 * The fields spec 1 §5 requires before submitting (their absence sends the visitor back to the
 * start, error 639): subscription, non-zero contract company, contact fields, contract dates
 * unless the brand does without, reason and group. Returns the missing draft fields.
 */
export function missingPrerequisites(draft: ClaimDraft, rules: DeclarationRules): (keyof ClaimDraft)[] {
  const required: (keyof ClaimDraft)[] = [
    'souscription_id',
    'contractCompanyId',
    'lastName',
    'firstName',
    'email',
    'phone',
    'address',
    'cp',
    'city',
    'country',
    'claimDetail',
    'claimGroup',
    'claimDate',
  ];
  if (rules.contractDatesRequired && rules.bookingSection !== 'hidden')
    required.push('contractStartDate', 'contractEndDate');
  return required.filter((field) => {
    const value = draft[field];
    return value === null || value === '' || value === 0;
  });
}

/** `yyyy-mm-dd` → `dd/mm/yyyy`, the wire format of `sinistre_date` (spec 1 §3). */
export function wireClaimDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * The claim declaration of spec 1 §3 as POST sinistres sends it. `destination_nom` is the
 * equipment designation followed by the company name. The page's brand goes as `company`; the
 * acquisition method and the brand's ids are sent as the partner API defines them, but the server stores its own,
 * built from the brand file.
 */
export function declarationOf(
  draft: ClaimDraft,
  /** `socketId`: the visitor's live socket (islands/live), '' or absent without one. */
  context: { rules: DeclarationRules; company: string; lang: Language; socketId?: string },
): { declaration: ClaimDeclarationInput; usedAcquisitionFallback: boolean } {
  const { rules } = context;
  const withBooking = rules.bookingSection !== 'hidden';
  const acquisition = acquisitionMethodOf(draft.acquisitionMethode, context.company, draft.from);
  const declaration: ClaimDeclarationInput = {
    souscription_id: String(draft.souscription_id ?? ''),
    // The insured number of the chosen subscription: the number typed may be a contract number.
    assure_numero: draft.contractNumber || draft.insuranceNumber,
    contrat_compagnie_id: String(draft.contractCompanyId),
    assure_nom: draft.lastName.trim(),
    assure_prenom: draft.firstName.trim(),
    assure_email: draft.email.trim(),
    assure_adresse: draft.address.trim(),
    assure_cp: draft.cp.trim(),
    assure_ville: draft.city.trim(),
    assure_pays: draft.country,
    assure_telephone: draft.phone,
    destination_nom: withBooking ? [draft.equipement.trim(), draft.companyName.trim()].filter(Boolean).join(' ') : '',
    sejour_debut_date: withBooking ? draft.contractStartDate : '',
    sejour_fin_date: withBooking ? draft.contractEndDate : '',
    sinistre_date: wireClaimDate(draft.claimDate),
    sejour_montant: withBooking && rules.amountField ? draft.invoiceAmount.trim() : '',
    motif_id: String(draft.claimDetail ?? ''),
    justificatifs: '[]',
    garantie_type: String(draft.claimGroup ?? ''),
    declaration_commentaire: draft.comment.trim(),
    lang: context.lang,
    company: context.company,
    acquisition_methode: acquisition.value,
    __force_client_id: rules.forcedClientId === null ? '' : String(rules.forcedClientId),
    sinistre_etiquette_id: rules.labelId === null ? '' : String(rules.labelId),
    confirmation_annulation: asksCancellation(rules, draft.claimGroup) && draft.cancellationConfirmed ? '1' : '0',
    socket_id: context.socketId ?? '',
  };
  return { declaration, usedAcquisitionFallback: acquisition.usedFallback };
}
