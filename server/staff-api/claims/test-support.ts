import type { DatabaseOrTransaction } from '../../db/client.ts';
import { claimProofs, claims } from '../../db/schema.ts';

/**
 * A claim of the demo's DURAND on subscription 1010 (contract 1201), as the tests of staff changes
 * insert it; `overrides` sets what a test needs otherwise (language, address, brand).
 */
export function durandClaimValues(overrides: Partial<typeof claims.$inferInsert> = {}): typeof claims.$inferInsert {
  return {
    souscriptionId: 1010,
    contratCompagnieId: 1201,
    assureNumero: 'SO-0000007',
    assureNom: 'DURAND',
    assurePrenom: 'Isabelle',
    assureEmail: 'isabelle.durand@example.org',
    assureAdresse: '19 rue Nationale',
    assureCp: '59000',
    assureVille: 'Lille',
    assurePays: '250',
    assureTelephone: '0320123456',
    sinistreDate: '2026-07-21',
    motifId: 6,
    garantieId: 5,
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
