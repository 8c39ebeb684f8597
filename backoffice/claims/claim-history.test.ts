import { describe, expect, it } from 'vitest';
import type { ClaimHandling } from '../../contracts/backoffice.ts';
import { describeEvent } from './ClaimHistory.tsx';

/** A proof as the claim page lists it: named in French, whatever the claimant's language. */
function proof(id: number, nomCourt: string): ClaimHandling['proofs'][number] {
  return {
    id,
    documentTypeId: 7,
    nomCourt,
    demande: 1,
    dropbox: 0,
    valide: 0,
    nomFichier: null,
    taille: null,
    receptionDate: null,
    readAt: null,
    validatedAt: null,
    bankDetailsChangedAt: null,
    versions: [],
    refusal: null,
  };
}

describe('The history of a claim declared in German', () => {
  const proofs = [proof(41, 'Acte de décès')];

  it('When staff refused its death certificate, then the history names it in French, with the file and the reason', () => {
    const detail = { proofId: 41, document: 'Sterbeurkunde', file: 'acte.pdf', motif: 'Document illisible' };
    expect(describeEvent('proof_refused', detail, proofs)).toBe('Acte de décès (acte.pdf) : Document illisible');
  });

  it('When the proof is no longer listed, then the history keeps the name it recorded', () => {
    expect(describeEvent('proof_validated', { proofId: 99, document: 'Sterbeurkunde' }, proofs)).toBe('Sterbeurkunde');
  });
});
