import type { BrandCatalog } from '../../brands/lib/parse.ts';
import type { DatabaseOrTransaction } from '../db/public.ts';
import { type ClaimRow, enqueueEstablishmentCopy } from '../customer-api/public.ts';
import { markDemoMailsSent } from './repository.ts';

/** How long after it was written (the declaration, a change) a demo claim's mail went out. */
export const DEMO_MAIL_SENT_AFTER_MS = 2 * 60_000;

/**
 * Writes a demo claim's copy to its booking establishment as the declaration would have, then as
 * sent a couple of minutes after it (the demo's claims were declared long ago): the staff claim
 * page shows "envoyée le …", not a copy still waiting nor one that found no address. A claim
 * without the copy box ticked, or without any address, gets nothing, as a declaration would.
 */
export async function seedEstablishmentCopy(
  tx: DatabaseOrTransaction,
  claim: ClaimRow,
  input: { brands: BrandCatalog; subscriptionEmail: string | null },
): Promise<void> {
  const brand = (claim.company === null ? undefined : input.brands.bySlug.get(claim.company)) ?? input.brands.neutral;
  const outcome = await enqueueEstablishmentCopy(tx, claim, { brand, subscriptionEmail: input.subscriptionEmail });
  if (outcome !== 'queued') return;
  const written = claim.declarationDate;
  await markDemoMailsSent(tx, claim.id, {
    createdAt: written,
    sentAt: new Date(written.getTime() + DEMO_MAIL_SENT_AFTER_MS),
  });
}
