import { z } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { type ContactValues, contactSchema } from './contact-form.ts';
import { sanitiseAmount, sanitisePhone } from '../../lib/typing.ts';

const valid: ContactValues = {
  lastName: 'DUPONT',
  firstName: 'Marie',
  email: 'marie@example.com',
  phone: '0612345678',
  address: '12 rue des Lilas',
  cp: '69003',
  city: 'Lyon',
  country: '250',
  companyName: 'Camping Les Pins',
  equipement: '',
  invoiceAmount: '',
  contractStartDate: '2027-07-01',
  contractEndDate: '2027-07-15',
};

function problems(values: Partial<ContactValues>, options: Partial<Parameters<typeof contactSchema>[0]> = {}) {
  const schema = contactSchema({
    section: 'reservation',
    amountField: true,
    contractDatesRequired: true,
    claimDate: '2027-07-05',
    today: '2027-07-06',
    ...options,
  });
  const result = z.safeParse(schema, { ...valid, ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('step 4 rules', () => {
  it('When every field is filled, then the form passes', () => {
    expect(problems({})).toEqual({});
  });

  it('When contact fields are empty or malformed, then each is refused with the server contract', () => {
    expect(Object.keys(problems({ lastName: ' ', email: 'marie@', phone: '12', country: '' })).sort()).toEqual([
      'country',
      'email',
      'lastName',
      'phone',
    ]);
  });

  it('When the establishment or a date is empty, then it is required', () => {
    expect(problems({ companyName: '', contractEndDate: '' })).toEqual({
      companyName: 'required',
      contractEndDate: 'required',
    });
  });

  it('When the start is after the end, then the start is refused with the ordering message', () => {
    expect(problems({ contractStartDate: '2027-07-20' })).toEqual({ contractStartDate: 'start_after_end' });
  });

  it('When the end is before the claim date, then the end is refused', () => {
    expect(problems({ contractEndDate: '2027-07-04', contractStartDate: '2027-07-01' })).toEqual({
      contractEndDate: 'end_before_claim',
    });
  });

  it('When a date field holds text that is not a date, then it is invalid', () => {
    expect(problems({ contractStartDate: 'not-a-date' })).toEqual({ contractStartDate: 'invalid' });
  });

  it('When the brand has no booking section, then establishment and dates are not asked', () => {
    expect(problems({ companyName: '', contractStartDate: '', contractEndDate: '' }, { section: 'hidden' })).toEqual(
      {},
    );
  });

  it('When the amount is malformed, then it is refused; it is optional', () => {
    expect(Object.keys(problems({ invoiceAmount: '12,345' }))).toEqual(['invoiceAmount']);
    expect(problems({ invoiceAmount: '' })).toEqual({});
  });
});

describe('typing filters', () => {
  it('When a phone is typed with spaces and signs, then only digits stay', () => {
    expect(sanitisePhone('+33 (0)6 12-34')).toBe('33061234');
  });

  it('When an amount is typed, then it keeps digits, one separator and two decimals', () => {
    expect(sanitiseAmount('1 234,567 €')).toBe('1234,56');
    expect(sanitiseAmount('abc')).toBe('');
    expect(sanitiseAmount('12.')).toBe('12.');
  });
});
