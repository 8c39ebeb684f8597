import { describe, expect, it } from 'vitest';
import {
  documentsBannerOf,
  progressOf,
  proofStateOf,
  refusalOf,
  showsBooking,
  statusOf,
  visibleProofs,
} from './claim-view.ts';
import { claim, proof, REFUSED } from './claim-fixtures.ts';

describe('statusOf and progressOf', () => {
  it('When the refund is sent, then the file is closed and its three bars are full', () => {
    expect(statusOf('paiement_envoye')).toBe('closed');
    expect(progressOf(claim('paiement_envoye', [proof(1, { dropbox: 1, valide: 1 })]))).toEqual({
      declared: 3,
      documents: 3,
      decision: 3,
    });
  });

  it('When the file is without follow-up, awaiting or in any other state, then the decision bar is at 1', () => {
    expect(statusOf('sans_suite')).toBe('noFollowUp');
    expect(statusOf('attente_traitement')).toBe('inTreatment');
    expect(statusOf('en_cours')).toBe('inTreatment');
    expect(statusOf('anything')).toBe('inTreatment');
    for (const etat of ['sans_suite', 'attente_traitement', 'en_cours'])
      expect(progressOf(claim(etat, [proof(1, { dropbox: 1 })]))).toEqual({ declared: 3, documents: 3, decision: 1 });
  });

  it('When requested documents are missing, then the documents bar is not full (2 with some sent, 1 with none)', () => {
    expect(progressOf(claim('en_cours', [proof(1, {}), proof(2, { dropbox: 1 })])).documents).toBe(2);
    expect(progressOf(claim('en_cours', [proof(1, {}), proof(2, {})])).documents).toBe(1);
    // attente_traitement asks for no document (spec 2 §4): the file counts as complete.
    expect(progressOf(claim('attente_traitement', [proof(1, {})])).documents).toBe(3);
    expect(progressOf(claim('en_cours', [])).documents).toBe(3);
  });
});

describe('visibleProofs and proofStateOf', () => {
  it('When items are neither requested nor dropped, then they are not listed', () => {
    const listed = visibleProofs(
      claim('en_cours', [proof(3, { demande: 0, dropbox: 1 }), proof(1, {}), proof(2, { demande: 0 })]),
    );
    expect(listed.map((item) => item.id)).toEqual([1, 3]);
  });

  it('When dropbox and valide are read, then the four states of the spec come out', () => {
    expect(proofStateOf({ dropbox: 0, valide: 0 })).toBe('missing');
    expect(proofStateOf({ dropbox: 1, valide: 0 })).toBe('transmitted');
    expect(proofStateOf({ dropbox: 1, valide: 1 })).toBe('validated');
  });
});

describe('refusalOf', () => {
  it('When staff refused a proof and no new file came, then the page has its date and reason; once sent again, none', () => {
    expect(proofStateOf(proof(1, REFUSED))).toBe('missing');
    expect(refusalOf(proof(1, REFUSED))).toEqual({ date: REFUSED.refus_date, reason: 'Document illisible' });
    // By number and name the API answers the date without the reason.
    expect(refusalOf(proof(1, { ...REFUSED, refus_motif: '' }))).toEqual({ date: REFUSED.refus_date, reason: '' });
    // An API that predates refusals, a proof never refused, one sent again after its refusal.
    expect(refusalOf(proof(1, {}))).toBeUndefined();
    expect(refusalOf(proof(1, { refus_date: '' }))).toBeUndefined();
    expect(refusalOf(proof(1, { ...REFUSED, dropbox: 1 }))).toBeUndefined();
  });
});

describe('documentsBannerOf', () => {
  it('When an unread item exists, then the banner names its reception date, even with documents missing', () => {
    const banner = documentsBannerOf(
      claim('en_cours', [proof(1, {}), proof(2, { dropbox: 1 })], { reception_date: '2026-11-18T17:42:00.000Z' }),
    );
    expect(banner).toEqual({ kind: 'unread', receivedAt: '2026-11-18T17:42:00.000Z' });
  });

  it('When fewer listed items are dropped than listed, then documents are missing', () => {
    expect(documentsBannerOf(claim('en_cours', [proof(1, {}), proof(2, { dropbox: 1, valide: 1 })]))).toEqual({
      kind: 'missing',
    });
  });

  it('When every listed item is dropped and read, then the latest items are processed', () => {
    expect(documentsBannerOf(claim('en_cours', [proof(1, { dropbox: 1, valide: 1 })]))).toEqual({ kind: 'processed' });
  });

  it('When the file awaits treatment, then no documents banner is shown', () => {
    expect(documentsBannerOf(claim('attente_traitement', [proof(1, {})]))).toBeUndefined();
  });

  it('When the file is closed with documents never sent, then no banner asks for them', () => {
    expect(documentsBannerOf(claim('paiement_envoye', [proof(1, {}), proof(2, { dropbox: 1 })]))).toBeUndefined();
    expect(documentsBannerOf(claim('sans_suite', [proof(1, {})]))).toBeUndefined();
  });
});

describe('showsBooking', () => {
  it('When the acquisition method names a brand whose follow-up shows the booking, then it is shown', () => {
    expect(showsBooking('portail_zenride_mail', ['zenride'])).toBe(true);
    expect(showsBooking('portail_sandaya_mail', ['zenride'])).toBe(false);
    expect(showsBooking('portail', ['zenride'])).toBe(false);
    expect(showsBooking('portail__mail', [''])).toBe(false);
  });
});
