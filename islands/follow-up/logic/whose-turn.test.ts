import { describe, expect, it } from 'vitest';
import { claim, proof, REFUSED, SENT, VALIDATED } from './claim-fixtures.ts';
import { whoseTurnOf } from './whose-turn.ts';

describe('whoseTurnOf', () => {
  it('When requested documents are not sent, then it is the claimant’s turn with them in order, even with an unread item', () => {
    const turn = whoseTurnOf(
      claim('en_cours', [proof(3, {}), proof(1, {}), proof(2, SENT), proof(4, { demande: 0 })], {
        reception_date: '2026-11-18T17:42:00.000Z',
      }),
      0,
    );
    expect(turn.turn).toBe('claimant');
    expect(turn.turn === 'claimant' ? turn.missing.map((item) => item.id) : []).toEqual([1, 3]);
  });

  it('When staff refused a document, then it counts as missing: it is the claimant’s turn to send it again', () => {
    const turn = whoseTurnOf(claim('en_cours', [proof(1, VALIDATED), proof(2, REFUSED)]), 0);
    expect(turn.turn === 'claimant' ? turn.missing.map((item) => item.id) : []).toEqual([2]);
  });

  it('When a state the site does not know holds missing documents, then it is the claimant’s turn too (in treatment)', () => {
    expect(whoseTurnOf(claim('expertise', [proof(1, {})]), 0)).toMatchObject({ turn: 'claimant', unsent: 0 });
  });

  it('When nothing is missing but files chosen in the tab are not sent, then it is still the claimant’s turn', () => {
    expect(whoseTurnOf(claim('en_cours', [proof(1, VALIDATED)]), 2)).toEqual({
      turn: 'claimant',
      missing: [],
      unsent: 2,
    });
  });

  it('When every document is sent and some are not checked yet, then the insurer reviews them', () => {
    expect(whoseTurnOf(claim('en_cours', [proof(1, VALIDATED), proof(2, SENT)]), 0)).toEqual({
      turn: 'insurer',
      next: 'review',
    });
    // An unread "other document" (not listed as a proof) is received too.
    expect(
      whoseTurnOf(claim('en_cours', [proof(1, VALIDATED)], { reception_date: '2026-11-18T17:42:00.000Z' }), 0),
    ).toEqual({ turn: 'insurer', next: 'review' });
  });

  it('When every document is validated, or none is asked, then the insurer decides', () => {
    expect(whoseTurnOf(claim('en_cours', [proof(1, VALIDATED)]), 0)).toEqual({ turn: 'insurer', next: 'decide' });
    expect(whoseTurnOf(claim('en_cours', []), 0)).toEqual({ turn: 'insurer', next: 'decide' });
  });

  it('When the file awaits treatment, then the insurer decides, whatever the list says (the spec asks for no document)', () => {
    expect(whoseTurnOf(claim('attente_traitement', [proof(1, {})]), 0)).toEqual({ turn: 'insurer', next: 'decide' });
  });

  it('When the refund is sent or the file closed without follow-up, then nothing is asked of the claimant', () => {
    expect(whoseTurnOf(claim('paiement_envoye', [proof(1, {})]), 1)).toEqual({ turn: 'insurer', next: 'paid' });
    expect(whoseTurnOf(claim('sans_suite', [proof(1, {})]), 1)).toEqual({ turn: 'insurer', next: 'closed' });
  });
});

describe('The count in every language', () => {
  it('When the page hands its texts to the island, then each language’s own plural forms come with them (Polish "few")', async () => {
    const { messagesUnder } = await import('../../../site/i18n/index.ts');
    const { createTranslator } = await import('../../lib/translate.ts');
    const polish = createTranslator(messagesUnder('pl', ['followup']), 'pl');
    expect(polish('followup.turn.action', { count: 1 })).toBe('Wymagane działanie: 1 dokument do wysłania');
    expect(polish('followup.turn.action', { count: 2 })).toBe('Wymagane działanie: 2 dokumenty do wysłania');
    expect(polish('followup.turn.action', { count: 5 })).toBe('Wymagane działanie: 5 dokumentów do wysłania');
    const french = createTranslator(messagesUnder('fr', ['followup']), 'fr');
    expect(french('followup.unsent.count', { count: 1 })).toBe('1 fichier prêt, pas encore envoyé');
    expect(french('followup.turn.action', { count: 2 })).toBe('Action requise\u00a0: 2 justificatifs à envoyer');
  });
});
