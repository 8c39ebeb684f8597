import { describe, expect, it } from 'vitest';
import { outcomeOfInfos, readTypedNumber } from './open-claim.ts';
import { insuredInfo } from './test-fixtures.ts';

describe('readTypedNumber', () => {
  it('When the visitor types spaces around a number, then it is trimmed and upper-cased', () => {
    expect(readTypedNumber('  so-0000001 ', null)).toEqual({ kind: 'number', numero: 'SO-0000001' });
  });

  it('When nothing is typed, then it is empty', () => {
    expect(readTypedNumber('   ', null)).toEqual({ kind: 'empty' });
  });

  it('When a claim number SI- is typed, then it is read as a claim number, whatever the brand', () => {
    expect(readTypedNumber(' si-0000003', null)).toEqual({ kind: 'claim-number', claimNumber: 'SI-0000003' });
    expect(readTypedNumber('SI-0000003', 'SO-FNS-')).toEqual({ kind: 'claim-number', claimNumber: 'SI-0000003' });
  });

  it('When the brand normalises numbers (fns, maeva), then the prefix is added unless present', () => {
    expect(readTypedNumber('0000004', 'SO-FNS-')).toEqual({ kind: 'number', numero: 'SO-FNS-0000004' });
    expect(readTypedNumber('so-fns-0000004', 'SO-FNS-')).toEqual({ kind: 'number', numero: 'SO-FNS-0000004' });
  });

  it('When a number not shaped SO-… is typed (a contract number, or anything else of letters and digits), then it goes to the look-up, which decides', () => {
    expect(readTypedNumber(' sdy-2027-004512 ', null)).toEqual({ kind: 'number', numero: 'SDY-2027-004512' });
    expect(readTypedNumber('12345', null)).toEqual({ kind: 'number', numero: '12345' });
    expect(readTypedNumber('hello world 42', null)).toEqual({ kind: 'number', numero: 'HELLO WORLD 42' });
  });

  it('When the text holds a character no number has, or is too long, then it is invalid before any call', () => {
    expect(readTypedNumber('SO-<script>', null)).toEqual({ kind: 'invalid' });
    expect(readTypedNumber(`SO-${'1'.repeat(41)}`, null)).toEqual({ kind: 'invalid' });
  });
});

describe('outcomeOfInfos', () => {
  it('When the number has several subscriptions, then step 0 comes next', () => {
    expect(outcomeOfInfos([insuredInfo({ _nb_souscriptions: 3 })])).toEqual({ next: 'declare-step0' });
  });

  it('When its only subscription already has a claim named by an API of the specification, then the follow-up comes next with that claim', () => {
    const info = insuredInfo({ _numero_sinistre: 'SI-0000003' });
    expect(outcomeOfInfos([info])).toEqual({
      next: 'suivre-dossier',
      claimNumber: 'SI-0000003',
      insuredNumber: info.assure_numero,
      souscriptionId: info.souscription_id,
    });
  });

  it('When the anonymous look-up says the only subscription has a claim without naming it, then the follow-up comes next with the subscription to mail its link from', () => {
    const info = insuredInfo({ _numero_sinistre: '', _a_sinistre: 1 });
    expect(outcomeOfInfos([info])).toEqual({
      next: 'suivre-dossier',
      claimNumber: '',
      insuredNumber: info.assure_numero,
      souscriptionId: info.souscription_id,
    });
  });

  it('When it has one subscription without claim, then step 1 comes next', () => {
    expect(outcomeOfInfos([insuredInfo()])).toEqual({ next: 'declare-step1' });
  });

  it('When the answer has no contract company id, then it is error 651', () => {
    expect(outcomeOfInfos([insuredInfo({ contrat_compagnie_id: 0 })])).toEqual({ next: 'error', code: 651 });
    expect(outcomeOfInfos([])).toEqual({ next: 'error', code: 651 });
  });
});
