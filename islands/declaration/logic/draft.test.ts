import { describe, expect, it } from 'vitest';
import {
  chooseClaimGroup,
  chooseReason,
  chooseSubscription,
  decodeClaimDraft,
  guaranteesOf,
  newClaimDraft,
  relabelDraft,
} from './draft.ts';
import { guarantee, insuredInfo } from './test-fixtures.ts';

const start = (infos = [insuredInfo()]) =>
  newClaimDraft({ insuranceNumber: 'SO-0000001', infos, lang: 'fr', idempotencyKey: 'k-0123456789abcdef' });

describe('the claim draft', () => {
  it('When the number has one subscription, then it is chosen and its person fills the draft, phone digits only', () => {
    const draft = start();
    expect(draft).toMatchObject({
      infosStatus: 'ok',
      souscription_id: 500,
      contractCompanyId: 12,
      lastName: 'DUPONT',
      phone: '0612345678',
      country: '250',
      companyName: 'Camping Les Pins',
      contractStartDate: '2027-07-01',
      from: 'web',
      acquisitionMethode: 'portail',
    });
  });

  it('When the number has several subscriptions, then none is chosen until step 0', () => {
    const draft = start([
      insuredInfo({ _nb_souscriptions: 2 }),
      insuredInfo({ souscription_id: 501, _nb_souscriptions: 2 }),
    ]);
    expect(draft.souscription_id).toBeNull();
    expect(chooseSubscription(draft, 501).souscription_id).toBe(501);
  });

  it('When the same subscription is chosen again, then what was typed is kept', () => {
    const draft = { ...start(), lastName: 'DUPONT-MARTIN' };
    expect(chooseSubscription(draft, 500).lastName).toBe('DUPONT-MARTIN');
  });

  it('When another object is chosen, then the reason chosen for the former one is forgotten', () => {
    const draft = chooseReason(chooseClaimGroup(start(), { id: 1, nom: 'Annulation', type: 'annulation' }), {
      id: 101,
      nom: 'Maladie',
    });
    expect(chooseClaimGroup(draft, { id: 1, nom: 'Annulation', type: 'annulation' }).claimDetail).toBe(101);
    expect(chooseClaimGroup(draft, { id: 60, nom: 'Vol', type: 'materiel' })).toMatchObject({
      claimGroup: 60,
      guaranteeType: 'materiel',
      claimDetail: null,
      claimDetailLang: '',
    });
  });

  it('When the subscriptions are fetched in another language, then the chosen names follow', () => {
    const draft = chooseReason(chooseClaimGroup(start(), { id: 1, nom: 'Annulation de séjour', type: 'a' }), {
      id: 101,
      nom: 'Maladie',
    });
    const english = [
      insuredInfo({
        garanties_langues: [
          guarantee({ nom: 'Stay cancellation', motifs: [{ id: 101, nom: 'Illness', priorisation_declare: 5 }] }),
        ],
      }),
    ];
    expect(relabelDraft(draft, english, 'en')).toMatchObject({
      infosLang: 'en',
      claimGroupLang: 'Stay cancellation',
      claimDetailLang: 'Illness',
    });
    expect(guaranteesOf(relabelDraft(draft, english, 'en'))[0]?.nom).toBe('Stay cancellation');
  });

  it('When a stored draft is read, then only a draft of this version comes back', () => {
    const draft = start();
    expect(decodeClaimDraft(JSON.stringify(draft))).toEqual(draft);
    expect(decodeClaimDraft(JSON.stringify({ ...draft, version: 0 }))).toBeNull();
    expect(decodeClaimDraft('{not json')).toBeNull();
    expect(decodeClaimDraft('null')).toBeNull();
  });
});
