import { describe, expect, it } from 'vitest';
import { isoOfFrenchDate } from '../../../contracts/dates.ts';
import { latestToday } from '../../../contracts/declaration-rules.ts';
import { ClaimDeclarationSchema } from '../../../contracts/partner-api.ts';
import {
  acquisitionMethodOfClaim,
  brandOfAcquisition,
  brandOfContract,
  brandOfDeclaration,
  declarationHash,
  declarationRuleProblems,
  invalidDeclaration,
  prerequisiteProblems,
} from './service.ts';
import { createClaimsTestCatalog, validDeclaration } from './test-support.ts';

const catalog = createClaimsTestCatalog();

function declarationOf(overrides: Parameters<typeof validDeclaration>[1] = {}) {
  return ClaimDeclarationSchema.parse(validDeclaration(10, overrides));
}

function problemsOf(overrides: Parameters<typeof validDeclaration>[1], today = '2026-11-22') {
  const declaration = declarationOf(overrides);
  const declared = brandOfDeclaration(declaration.company, catalog);
  if (!declared) throw new Error(`no brand ${declaration.company}`);
  return declarationRuleProblems(declaration, declared.brand, today).map(({ field, key }) => `${field}:${key}`);
}

const dated = { sejour_debut_date: '2026-11-01', sejour_fin_date: '2026-11-30', sinistre_date: '20/11/2026' };

describe('declaration rules', () => {
  it('When the declaration keeps every rule, then it has no problem', () => {
    expect(problemsOf(dated)).toEqual([]);
  });

  it('When the acquisition method names a partner, a former slug of one, an unknown company or none, then its brand or the neutral one applies', () => {
    expect(brandOfAcquisition('portail_oldvelo_mail', catalog).company).toBe('velo');
    expect(brandOfAcquisition('portail_bikeco_mail', catalog).company).toBe('bikeco');
    expect(brandOfAcquisition('portail_bikeco', catalog).company).toBe('bikeco');
    expect(brandOfAcquisition('portail_nobody_mail', catalog)).toEqual({ brand: catalog.neutral, company: null });
    expect(brandOfAcquisition('portail', catalog).company).toBeNull();
    expect(brandOfAcquisition('portail__mail', catalog).company).toBeNull();
  });

  it('When contract dates are missing, then they are required unless the brand says otherwise', () => {
    const missing = { ...dated, sejour_debut_date: '', sejour_fin_date: '' };
    expect(problemsOf(missing)).toEqual(['sejour_debut_date:field_required', 'sejour_fin_date:field_required']);
    expect(problemsOf({ ...missing, company: 'bikeco' })).toEqual([]);
  });

  it('When the dates are in the wrong order, then the start, or else the end, is named', () => {
    expect(problemsOf({ ...dated, sejour_debut_date: '2026-12-01' })).toEqual(['sejour_debut_date:start_after_end']);
    expect(problemsOf({ ...dated, sejour_fin_date: '2026-11-19' })).toEqual(['sejour_fin_date:end_before_claim']);
    expect(problemsOf({ ...dated, sejour_fin_date: '2026-11-20' })).toEqual([]);
  });

  it('When the claim date is later than the latest today on Earth, or not a real date, then it is refused', () => {
    expect(problemsOf({ ...dated, sinistre_date: '23/11/2026' })).toEqual(['sinistre_date:claim_date_in_future']);
    expect(problemsOf({ ...dated, sinistre_date: '22/11/2026' })).toEqual([]);
    expect(problemsOf({ ...dated, sinistre_date: '29/02/2026' })).toEqual(['sinistre_date:field_date']);
    expect(latestToday(new Date('2026-11-22T10:00:00Z'))).toBe('2026-11-23');
    expect(latestToday(new Date('2026-11-22T09:59:59Z'))).toBe('2026-11-22');
  });

  it('When a cancellation group is declared, then the confirmation is required unless the brand has no such checkbox', () => {
    const cancellation = { ...dated, garantie_type: '5', motif_id: '6' };
    expect(problemsOf(cancellation)).toEqual(['confirmation_annulation:boxes_unticked']);
    expect(problemsOf({ ...cancellation, confirmation_annulation: '1' })).toEqual([]);
    expect(problemsOf({ ...cancellation, company: 'bikeco' })).toEqual([]);
  });

  it('When the page names a partner, a former slug of one or none, then that brand is the claim’s; a slug of no brand file is none', () => {
    expect(brandOfDeclaration('velo', catalog)?.company).toBe('velo');
    expect(brandOfDeclaration('oldvelo', catalog)?.company).toBe('velo');
    expect(brandOfDeclaration('', catalog)).toEqual({ brand: catalog.neutral, company: null });
    expect(brandOfDeclaration('nobody', catalog)).toBeUndefined();
  });

  it("When the contract is sold under a brand, then the claim is that brand's from its page or the neutral one, and another partner's page is refused", () => {
    const page = (company: string) => {
      const declared = brandOfDeclaration(company, catalog);
      if (!declared) throw new Error(`no brand ${company}`);
      return declared;
    };
    // A contract of no brand (or unknown): the page's brand.
    expect(brandOfContract(page('velo'), null, catalog)?.company).toBe('velo');
    expect(brandOfContract(page(''), undefined, catalog)?.company).toBeNull();
    // The contract's brand, from its page (or a former slug of it) or from the neutral page.
    expect(brandOfContract(page('velo'), 'velo', catalog)?.company).toBe('velo');
    expect(brandOfContract(page('oldvelo'), 'velo', catalog)?.company).toBe('velo');
    expect(brandOfContract(page(''), 'bikeco', catalog)).toEqual({
      brand: catalog.bySlug.get('bikeco'),
      company: 'bikeco',
    });
    // Another partner's page: refused.
    expect(brandOfContract(page('campings'), 'velo', catalog)).toBeUndefined();
    // A contract of a brand this site has no file for: only the neutral page may declare it.
    expect(brandOfContract(page('velo'), 'elsewhere', catalog)).toBeUndefined();
    expect(brandOfContract(page(''), 'elsewhere', catalog)?.company).toBeNull();
  });

  it('When a declaration sends ids or an acquisition method of another brand, then no rule reads them (the claim stores the brand file’s)', () => {
    expect(
      problemsOf({
        ...dated,
        company: 'velo',
        acquisition_methode: 'portail_campings_mail',
        sinistre_etiquette_id: '15',
        __force_client_id: '7549',
      }),
    ).toEqual([]);
    expect(problemsOf({ ...dated, __force_client_id: '4675' })).toEqual([]);
  });

  it('When the server builds the acquisition method, then it is portail_{company}_{from}, from the brand and the subscription’s channel', () => {
    expect(acquisitionMethodOfClaim('veligo', 'mail')).toBe('portail_veligo_mail');
    expect(acquisitionMethodOfClaim(null, 'mail')).toBe('portail__mail');
    expect(acquisitionMethodOfClaim('sandaya', 'web_partner!')).toBe('portail_sandaya_webpartner');
  });

  it('When problems are translated, then each field gets one message with its dates in the language format', () => {
    const error = invalidDeclaration(
      [
        { field: 'sejour_debut_date', key: 'start_after_end', dates: { start: '2026-12-01', end: '2026-11-30' } },
        { field: 'sejour_debut_date', key: 'field_required' },
        { field: 'sejour_fin_date', key: 'field_required' },
      ],
      'en',
    );
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({
      sejour_debut_date:
        'Warning! The booking start date (12/01/2026) must be before the booking end date (11/30/2026)',
      sejour_fin_date: 'Please fill in this field',
    });
  });

  it('When two declarations differ only by their socket, then they hash the same; by a field, differently', () => {
    expect(declarationHash(declarationOf({ socket_id: 'a' }))).toBe(declarationHash(declarationOf({ socket_id: 'b' })));
    expect(declarationHash(declarationOf())).not.toBe(declarationHash(declarationOf({ assure_ville: 'Lille' })));
  });

  it('When a dd/mm/yyyy date is read, then only real calendar dates pass', () => {
    expect(isoOfFrenchDate('29/02/2028')).toBe('2028-02-29');
    expect(isoOfFrenchDate('31/04/2026')).toBeUndefined();
    expect(isoOfFrenchDate('2026-04-01')).toBeUndefined();
  });

  it('When the subscription is missing, on another number or contract, or the group or reason does not fit, then the right fields are named', () => {
    const declaration = declarationOf();
    const fitting = {
      assureNumero: 'SO-0000010',
      contratCompagnieId: 1201,
      guaranteeShown: 1,
      reasonGuaranteeId: 12,
      acquisitionFrom: 'mail',
      destinationEmail: null,
    };
    const named = (prerequisites: Parameters<typeof prerequisiteProblems>[1]) =>
      prerequisiteProblems(declaration, prerequisites).map(({ field, key }) => `${field}:${key}`);
    expect(named(fitting)).toEqual([]);
    expect(named(undefined)).toEqual(['souscription_id:subscription_mismatch']);
    expect(named({ ...fitting, assureNumero: 'SO-0000011' })).toEqual(['souscription_id:subscription_mismatch']);
    expect(named({ ...fitting, contratCompagnieId: 1305 })).toEqual(['souscription_id:subscription_mismatch']);
    expect(named({ ...fitting, guaranteeShown: 0 })).toEqual(['garantie_type:guarantee_not_covered']);
    expect(named({ ...fitting, guaranteeShown: null, reasonGuaranteeId: null })).toEqual([
      'garantie_type:guarantee_not_covered',
      'motif_id:reason_not_of_guarantee',
    ]);
  });
});
