import { z } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ClaimDeclarationSchema } from '../../../contracts/partner-api.ts';
import { acquisitionMethodOf } from '../../lib/acquisition.ts';
import {
  asksCancellation,
  bookingSectionOf,
  confirmationsGiven,
  declarationOf,
  missingPrerequisites,
  wireClaimDate,
} from './declaration.ts';
import { newClaimDraft } from './draft.ts';
import { completeDraft, insuredInfo, rules } from './test-fixtures.ts';

describe('bookingSectionOf', () => {
  it('When the brand hides the section (zenride), then none shows', () => {
    expect(bookingSectionOf(rules({ bookingSection: 'hidden', contractDatesRequired: false }), 'materiel')).toBe(
      'hidden',
    );
  });

  it('When the guarantee is equipment, then the section is about equipment; golf says subscription', () => {
    expect(bookingSectionOf(rules(), 'materiel')).toBe('equipment');
    expect(bookingSectionOf(rules({ bookingSection: 'subscription' }), 'annulation')).toBe('subscription');
    expect(bookingSectionOf(rules(), 'annulation')).toBe('reservation');
  });
});

describe('asksCancellation and confirmationsGiven', () => {
  it('When the group is a cancellation group, then the second checkbox is asked, unless the brand says not', () => {
    for (const group of [1, 5, 35, 40, 46, 102, 110]) expect(asksCancellation(rules(), group)).toBe(true);
    expect(asksCancellation(rules(), 60)).toBe(false);
    expect(asksCancellation(rules({ cancellationCheckbox: false }), 1)).toBe(false);
  });

  it('When only the certification is ticked on a cancellation group, then the confirmations are not given', () => {
    expect(confirmationsGiven(completeDraft({ cancellationConfirmed: null }), rules())).toBe(false);
    expect(confirmationsGiven(completeDraft({ cancellationConfirmed: false }), rules())).toBe(false);
    expect(confirmationsGiven(completeDraft(), rules())).toBe(true);
  });

  it('When the group is not a cancellation, then the second checkbox counts as ticked', () => {
    expect(confirmationsGiven(completeDraft({ claimGroup: 60, cancellationConfirmed: null }), rules())).toBe(true);
  });

  it('When the visitor answered Non to the certification, then nothing is given', () => {
    expect(confirmationsGiven(completeDraft({ certified: false }), rules())).toBe(false);
  });
});

describe('missingPrerequisites', () => {
  it('When every field required before submitting is there, then nothing is missing', () => {
    expect(missingPrerequisites(completeDraft(), rules())).toEqual([]);
  });

  it('When the contract company id is 0 or a contact field is empty, then they are missing (error 639)', () => {
    expect(missingPrerequisites(completeDraft({ contractCompanyId: 0, city: '' }), rules())).toEqual([
      'contractCompanyId',
      'city',
    ]);
  });

  it('When the brand has no booking section (zenride), then contract dates are not required', () => {
    const zenride = rules({ bookingSection: 'hidden', contractDatesRequired: false });
    expect(missingPrerequisites(completeDraft({ contractStartDate: '', contractEndDate: '' }), zenride)).toEqual([]);
    expect(missingPrerequisites(completeDraft({ contractStartDate: '' }), rules())).toEqual(['contractStartDate']);
  });
});

describe('acquisitionMethodOf', () => {
  it('When a base is stored, then it is base_company_from', () => {
    expect(acquisitionMethodOf('portail', 'veligo', 'web')).toEqual({
      value: 'portail_veligo_web',
      usedFallback: false,
    });
  });

  it('When the base is empty, then the default is sent and the fallback reported (error 640)', () => {
    expect(acquisitionMethodOf('', 'golfy', 'mail')).toEqual({ value: 'portail_golfy_mail', usedFallback: true });
  });

  it('When the page has no brand, then the company part is empty', () => {
    expect(acquisitionMethodOf('portail', '', 'web').value).toBe('portail__web');
  });
});

describe('declarationOf', () => {
  const context = { rules: rules(), company: 'sandaya', lang: 'fr' as const };

  it('When a complete draft is declared, then the server contract accepts what is sent', () => {
    const { declaration } = declarationOf(completeDraft(), context);
    const parsed = z.safeParse(ClaimDeclarationSchema, declaration);
    expect(parsed.success ? parsed.data : parsed.error.issues).toMatchObject({
      souscription_id: 500,
      assure_numero: 'SO-0000001',
      assure_telephone: '0612345678',
      sinistre_date: '02/11/2026',
      destination_nom: 'Camping Les Pins',
      sejour_montant: '450,50',
      garantie_type: 1,
      motif_id: 101,
      company: 'sandaya',
      acquisition_methode: 'portail_sandaya_web',
      confirmation_annulation: '1',
      __force_client_id: null,
      sinistre_etiquette_id: null,
    });
  });

  it('When the claim was opened with a contract number, then it is declared on the insured number of the subscription found', () => {
    const draft = newClaimDraft({
      insuranceNumber: 'SDY-2027-004512',
      infos: [insuredInfo({ assure_numero: 'SO-0000030' })],
      lang: 'fr',
      idempotencyKey: 'key-0123456789abcdef',
    });
    const complete = { ...completeDraft(), ...draft, claimGroup: 1, claimDetail: 101, claimDate: '2026-11-02' };
    expect(declarationOf(complete, context).declaration.assure_numero).toBe('SO-0000030');
  });

  it('When the brand has a label id and no amount (veligo), then 14 is sent and no amount', () => {
    const veligo = { ...context, company: 'veligo', rules: rules({ amountField: false, labelId: 14 }) };
    const { declaration } = declarationOf(completeDraft(), veligo);
    expect(declaration).toMatchObject({ sinistre_etiquette_id: '14', sejour_montant: '' });
  });

  it('When the brand forces a client id, then it is sent', () => {
    const homair = { ...context, company: 'homair', rules: rules({ forcedClientId: 7549 }) };
    expect(declarationOf(completeDraft(), homair).declaration.__force_client_id).toBe('7549');
  });

  it('When the brand has no booking section (zenride), then no establishment, amount or dates are sent', () => {
    const zenride = { ...context, rules: rules({ bookingSection: 'hidden', contractDatesRequired: false }) };
    expect(declarationOf(completeDraft(), zenride).declaration).toMatchObject({
      destination_nom: '',
      sejour_debut_date: '',
      sejour_fin_date: '',
      sejour_montant: '',
    });
  });

  it('When equipment is described, then destination_nom is the equipment followed by the company', () => {
    const draft = completeDraft({ equipement: 'VTT Rockrider', companyName: 'Loc Vélo' });
    expect(declarationOf(draft, context).declaration.destination_nom).toBe('VTT Rockrider Loc Vélo');
  });

  it('When the group is no cancellation, then confirmation_annulation is 0', () => {
    expect(declarationOf(completeDraft({ claimGroup: 60 }), context).declaration.confirmation_annulation).toBe('0');
  });

  it('When the claim date is ISO, then the wire gets dd/mm/yyyy', () => {
    expect(wireClaimDate('2026-01-31')).toBe('31/01/2026');
  });
});
