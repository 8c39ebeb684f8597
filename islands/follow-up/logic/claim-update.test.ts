import { describe, expect, it } from 'vitest';
import { claim, proof, SENT, VALIDATED } from './claim-fixtures.ts';
import { claimUpdateOf } from './claim-update.ts';

const ids = (proofs: { id: number }[] | undefined) => (proofs ?? []).map((item) => item.id);

describe('claimUpdateOf', () => {
  it('When staff ask for a document, then it is the one requested, and nothing else changed', () => {
    const update = claimUpdateOf(
      claim('en_cours', [proof(1, SENT)]),
      claim('en_cours', [proof(1, SENT), proof(2, {})]),
    );
    expect(update).toEqual({ stateChanged: false, requested: [proof(2, {})], refused: [], validated: [] });
  });

  it('When staff refuse a sent document, then it is to send again (refused), not a new request', () => {
    const update = claimUpdateOf(claim('en_cours', [proof(1, SENT)]), claim('en_cours', [proof(1, {})]));
    expect(ids(update?.refused)).toEqual([1]);
    expect(ids(update?.requested)).toEqual([]);
  });

  it('When staff validate a document, then it is named validated', () => {
    const update = claimUpdateOf(claim('en_cours', [proof(1, SENT)]), claim('en_cours', [proof(1, VALIDATED)]));
    expect(ids(update?.validated)).toEqual([1]);
  });

  it('When the refund is sent, then the status changes to closed; a state within treatment is a state change only', () => {
    expect(claimUpdateOf(claim('en_cours', []), claim('paiement_envoye', []))).toMatchObject({
      status: 'closed',
      stateChanged: false,
    });
    expect(claimUpdateOf(claim('en_cours', []), claim('attente_traitement', []))).toMatchObject({
      stateChanged: true,
    });
    expect(claimUpdateOf(claim('en_cours', []), claim('attente_traitement', []))?.status).toBeUndefined();
  });

  it('When only the claimant’s own sending or a read by the insurer changed the claim, then there is nothing to announce', () => {
    expect(claimUpdateOf(claim('en_cours', [proof(1, {})]), claim('en_cours', [proof(1, SENT)]))).toBeUndefined();
    expect(
      claimUpdateOf(
        claim('en_cours', [proof(1, SENT)], { reception_date: '2026-11-18T17:42:00.000Z' }),
        claim('en_cours', [proof(1, SENT)]),
      ),
    ).toBeUndefined();
  });
});
