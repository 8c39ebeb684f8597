import type { DatabaseOrTransaction } from '../../db/client.ts';
import { claimProofs, claims } from '../../db/schema.ts';
import { SUBSCRIPTIONS } from '../../demo/records/people.ts';

/** The demo's DURAND (SO-0000007, subscription 1010 on contract 1201): the insured of these test claims. */
const DURAND = (() => {
  const subscription = SUBSCRIPTIONS.find((candidate) => candidate.assureNumero === 'SO-0000007');
  if (!subscription) throw new Error('the demo data has no SO-0000007');
  return subscription;
})();

/**
 * A claim of the demo's DURAND, as the tests of staff changes insert it; `overrides` sets what a
 * test needs otherwise (language, address, brand).
 */
export function durandClaimValues(overrides: Partial<typeof claims.$inferInsert> = {}): typeof claims.$inferInsert {
  const { souscriptionId, contratCompagnieId, assureNumero, assureNom, assurePrenom, assureEmail } = DURAND;
  return {
    souscriptionId,
    contratCompagnieId,
    assureNumero,
    assureNom,
    assurePrenom,
    assureEmail,
    assureAdresse: DURAND.assureAdresse,
    assureCp: DURAND.assureCp,
    assureVille: DURAND.assureVille,
    assurePays: String(DURAND.assurePays),
    assureTelephone: DURAND.assureTelephone,
    sinistreDate: '2026-07-21',
    motifId: 6,
    garantieId: DURAND.garantieId,
    lang: 'fr',
    acquisitionMethode: 'portail_yelloh_mail',
    ...overrides,
  };
}

/** A proof of a test claim: its document type and state (`nomCourt` 'Pièce' unless told). */
export type TestProof = Omit<typeof claimProofs.$inferInsert, 'claimId'>;

/** Inserts DURAND's claim (`durandClaimValues(overrides)`) with `proofs`, and answers its id, number and proof ids. */
export async function insertDurandClaim(
  db: DatabaseOrTransaction,
  proofs: readonly TestProof[] = [],
  overrides: Partial<typeof claims.$inferInsert> = {},
): Promise<{ id: number; numero: string; proofIds: number[] }> {
  const [claim] = await db
    .insert(claims)
    .values(durandClaimValues(overrides))
    .returning({ id: claims.id, numero: claims.numero });
  if (!claim) throw new Error('no claim written');
  const proofIds: number[] = [];
  for (const proof of proofs) {
    const [row] = await db
      .insert(claimProofs)
      .values({ nomCourt: 'Pièce', ...proof, claimId: claim.id })
      .returning({ id: claimProofs.id });
    if (row) proofIds.push(row.id);
  }
  return { ...claim, proofIds };
}
