import type { Brand } from '../../../brands/lib/schema.ts';
import { isCancellationGroup } from '../../../contracts/declaration-rules.ts';
import type { DatabaseOrTransaction } from '../../db/public.ts';
import { enqueueMail, isSingleAddress, renderMail } from '../../mail/public.ts';
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

/**
 * Queues the copy of a new claim, in the transaction `tx` that creates it, when the claim asks for
 * one and an address is known; answers what became of it (for the log: never the address).
 */
export async function enqueueEstablishmentCopy(
  tx: DatabaseOrTransaction,
  claim: ClaimRow,
  input: { brand: Brand; subscriptionEmail: string | null },
): Promise<EstablishmentCopyOutcome> {
  const { brand } = input;
  if (!asksEstablishmentCopy(claim, brand)) return 'not_requested';
  const to = establishmentAddress(input.subscriptionEmail, brand);
  if (to === undefined) return 'no_address';
  const lang = brand.establishment.language;
  const labels = await findClaimLabels(tx, claim, lang);
  await enqueueMail(tx, {
    to,
    claimId: claim.id,
    ...renderMail('establishment-copy', lang, brand, {
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
    }),
  });
  return 'queued';
}
