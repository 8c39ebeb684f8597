import { frenchOfIsoDate, isoOfFrenchDate } from './dates.ts';
import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_GROUP_IDS,
  type DeclarationDates,
  declarationDateProblems,
  isCancellationGroup,
  latestToday,
} from './declaration-rules.ts';

const dated: DeclarationDates = {
  claimDate: '2026-11-20',
  start: '2026-11-01',
  end: '2026-11-30',
  contractDatesRequired: true,
  today: '2026-11-22',
};

describe('declaration date rules', () => {
  it('When the dates keep every rule, then there is no problem', () => {
    expect(declarationDateProblems(dated)).toEqual([]);
    expect(declarationDateProblems({ ...dated, claimDate: '2026-11-22', end: '2026-11-22' })).toEqual([]);
  });

  it('When the claim date is after today, then it is named; today itself passes', () => {
    expect(declarationDateProblems({ ...dated, claimDate: '2026-11-23', end: '2026-12-31' })).toEqual([
      { field: 'sinistre_date', key: 'claim_date_in_future' },
    ]);
  });

  it('When contract dates are missing, then each is required only if the brand requires them', () => {
    const missing = { ...dated, start: '', end: '' };
    expect(declarationDateProblems(missing)).toEqual([
      { field: 'sejour_debut_date', key: 'field_required' },
      { field: 'sejour_fin_date', key: 'field_required' },
    ]);
    expect(declarationDateProblems({ ...missing, contractDatesRequired: false })).toEqual([]);
    expect(declarationDateProblems({ ...dated, end: '' })).toEqual([
      { field: 'sejour_fin_date', key: 'field_required' },
    ]);
  });

  it('When the start is after the end, then the start is named with both dates, and the claim date is not compared', () => {
    expect(declarationDateProblems({ ...dated, start: '2026-12-01', end: '2026-11-10' })).toEqual([
      { field: 'sejour_debut_date', key: 'start_after_end', dates: { start: '2026-12-01', end: '2026-11-10' } },
    ]);
  });

  it('When the end is before the claim date, then the end is named with both dates', () => {
    expect(declarationDateProblems({ ...dated, end: '2026-11-19' })).toEqual([
      { field: 'sejour_fin_date', key: 'end_before_claim', dates: { end: '2026-11-19', claimDate: '2026-11-20' } },
    ]);
    expect(declarationDateProblems({ ...dated, start: '', end: '2026-11-19', contractDatesRequired: false })).toEqual([
      { field: 'sejour_fin_date', key: 'end_before_claim', dates: { end: '2026-11-19', claimDate: '2026-11-20' } },
    ]);
  });

  it('When the claim date is unknown (absent or unreal), then only the contract dates are checked', () => {
    expect(declarationDateProblems({ ...dated, claimDate: undefined, end: '2000-01-01', start: '' })).toEqual([
      { field: 'sejour_debut_date', key: 'field_required' },
    ]);
  });

  it('When several rules break, then the problems come claim date first, then start, then end', () => {
    expect(declarationDateProblems({ ...dated, claimDate: '2026-12-05', start: '', end: '2026-12-01' })).toEqual([
      { field: 'sinistre_date', key: 'claim_date_in_future' },
      { field: 'sejour_debut_date', key: 'field_required' },
      { field: 'sejour_fin_date', key: 'end_before_claim', dates: { end: '2026-12-01', claimDate: '2026-12-05' } },
    ]);
  });
});

describe('declaration date formats', () => {
  it('When a dd/mm/yyyy date is read, then only real calendar dates pass', () => {
    expect(isoOfFrenchDate('29/02/2028')).toBe('2028-02-29');
    expect(isoOfFrenchDate('29/02/2026')).toBeUndefined();
    expect(isoOfFrenchDate('31/04/2026')).toBeUndefined();
    expect(isoOfFrenchDate('2026-04-01')).toBeUndefined();
    expect(isoOfFrenchDate(' 01/04/2026')).toBeUndefined();
  });

  it('When an ISO date is written for the wire, then it is dd/mm/yyyy and reads back the same', () => {
    expect(frenchOfIsoDate('2026-04-01')).toBe('01/04/2026');
    expect(isoOfFrenchDate(frenchOfIsoDate('2028-02-29'))).toBe('2028-02-29');
  });

  it('When today is asked, then it is the latest calendar day on Earth (UTC+14)', () => {
    expect(latestToday(new Date('2026-11-22T10:00:00Z'))).toBe('2026-11-23');
    expect(latestToday(new Date('2026-11-22T09:59:59Z'))).toBe('2026-11-22');
    expect(latestToday(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });

  it('When a claim group is checked, then only the cancellation groups are cancellations', () => {
    for (const id of CANCELLATION_GROUP_IDS) expect(isCancellationGroup(id)).toBe(true);
    expect(isCancellationGroup(2)).toBe(false);
    expect(isCancellationGroup(0)).toBe(false);
  });
});
