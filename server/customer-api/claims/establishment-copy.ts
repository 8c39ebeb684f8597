import type { Brand } from '../../../brands/lib/schema.ts';
import { isCancellationGroup } from '../../../contracts/declaration-rules.ts';
import type { DatabaseOrTransaction } from '../../db/public.ts';
import type { Language } from '../../../contracts/languages.ts';
import { enqueueMail, isSingleAddress, type RenderedMail, renderMail } from '../../mail/public.ts';
import { type ClaimRow, findClaimLabels } from './repository.ts';

/**
 * The copy of a cancellation to the booking establishment (spec 1 §5 step 5, spec 2): when the
 * claimant ticks the copy box of a cancellation group, the declaration is mailed to the
 * establishment, in the transaction that creates the claim, through the outbox (it lists on the
 * claim's staff page by its `claim_id`). The address is the subscription's `destination_email`,
 * else the brand file's `establishment.copyEmail`; with neither, nothing is sent and the staff
 * page says so. The mail is in the establishment's language (the brand file's
 * `establishment.language`, French unless it says otherwise), never the claimant's.
 */

/** What became of a new claim's copy: queued, asked without any address to send it to, or not asked. */
export type EstablishmentCopyOutcome = 'queued' | 'no_address' | 'not_requested';

/** Whether a claim asks for the copy: its box ticked, in a group and a brand where the box is shown. */
function asksEstablishmentCopy(
  claim: Pick<ClaimRow, 'confirmationAnnulation' | 'garantieId'>,
  brand: Pick<Brand, 'declaration'>,
): boolean {
  return (
    claim.confirmationAnnulation && brand.declaration.cancellationCheckbox && isCancellationGroup(claim.garantieId)
  );
}

/**
 * Where the copy goes: the subscription's establishment address, else the brand file's; an
 * address that is not one plain address (an import's mistake) is passed over. Undefined: none.
 */
function establishmentAddress(
  subscriptionEmail: string | null,
  brand: Pick<Brand, 'establishment'>,
): string | undefined {
  return [subscriptionEmail?.trim(), brand.establishment.copyEmail?.trim()].find(
    (address): address is string => address !== undefined && address !== '' && isSingleAddress(address),
  );
}

/** What a new claim asks of the copy: nothing, a copy without address, or a copy to `to` in `lang`. */
export type EstablishmentCopyPlan =
  | { status: 'not_requested' | 'no_address' }
  | { status: 'asked'; to: string; lang: Language };

/**
 * Whether a claim under `brand` asks for the copy and, if so, where it goes and in which language
 * (the brand file's `establishment.language`).
 */
export function establishmentCopyPlan(
  claim: Pick<ClaimRow, 'confirmationAnnulation' | 'garantieId'>,
  brand: Pick<Brand, 'declaration' | 'establishment'>,
  subscriptionEmail: string | null,
): EstablishmentCopyPlan {
  if (!asksEstablishmentCopy(claim, brand)) return { status: 'not_requested' };
  const to = establishmentAddress(subscriptionEmail, brand);
  if (to === undefined) return { status: 'no_address' };
  return { status: 'asked', to, lang: brand.establishment.language };
}

/** The copy of a claim, rendered in `lang` with the names of its group and reason in that language. */
export function renderEstablishmentCopy(
  claim: Pick<
    ClaimRow,
    | 'numero'
    | 'assurePrenom'
    | 'assureNom'
    | 'destinationNom'
    | 'sejourDebutDate'
    | 'sejourFinDate'
    | 'sinistreDate'
    | 'declarationDate'
    | 'declarationCommentaire'
  >,
  brand: Brand,
  lang: Language,
  labels: { objet: string; motif: string },
): RenderedMail {
  return renderMail('establishment-copy', lang, brand, {
    claimNumber: claim.numero,
    insuredName: `${claim.assurePrenom} ${claim.assureNom}`.trim(),
    establishment: claim.destinationNom,
    stayStart: claim.sejourDebutDate,
    stayEnd: claim.sejourFinDate,
    guarantee: labels.objet,
    reason: labels.motif,
    eventDate: claim.sinistreDate,
    declarationDate: claim.declarationDate,
    comment: claim.declarationCommentaire,
  });
}

/**
 * Queues the copy of a new claim, in the transaction `tx` that creates it, when the claim asks for
 * one and an address is known; answers what became of it (for the log: never the address).
 */
export async function enqueueEstablishmentCopy(
  tx: DatabaseOrTransaction,
  claim: ClaimRow,
  input: { brand: Brand; subscriptionEmail: string | null },
): Promise<EstablishmentCopyOutcome> {
  const plan = establishmentCopyPlan(claim, input.brand, input.subscriptionEmail);
  if (plan.status !== 'asked') return plan.status;
  const labels = await findClaimLabels(tx, claim, plan.lang);
  await enqueueMail(tx, {
    to: plan.to,
    claimId: claim.id,
    ...renderEstablishmentCopy(claim, input.brand, plan.lang, labels),
  });
  return 'queued';
}
