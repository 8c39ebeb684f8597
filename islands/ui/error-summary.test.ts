import { describe, expect, it } from 'vitest';
import { summaryProblems, summaryTakesFocus } from './error-summary.ts';

describe('The error summary lists what a person can fix', () => {
  it('When some fields are in error, then the summary lists them alone, in the order of the page, with their messages', () => {
    expect(
      summaryProblems([
        ['contact-lastName', 'Veuillez renseigner votre nom'],
        ['contact-firstName', undefined],
        ['booking-contractStartDate', 'Veuillez renseigner le champ'],
      ]),
    ).toEqual([
      { fieldId: 'contact-lastName', message: 'Veuillez renseigner votre nom' },
      { fieldId: 'booking-contractStartDate', message: 'Veuillez renseigner le champ' },
    ]);
  });

  it('When every field is fine, then there is no problem to list (the summary disappears)', () => {
    expect(
      summaryProblems([
        ['find-email', undefined],
        ['find-startDate', ''],
      ]),
    ).toEqual([]);
  });

  it('When a field is named twice, then it has one link, with its first message', () => {
    expect(
      summaryProblems([
        ['confirmation-certified', 'Veuillez cocher les cases'],
        ['confirmation-certified', 'other'],
      ]),
    ).toEqual([{ fieldId: 'confirmation-certified', message: 'Veuillez cocher les cases' }]);
  });

  it('When a submit is refused, then the summary takes the focus once for it, and never before a submit or without a problem', () => {
    expect(summaryTakesFocus(0, 0, 3)).toBe(false);
    expect(summaryTakesFocus(1, 0, 3)).toBe(true);
    expect(summaryTakesFocus(1, 1, 2)).toBe(false);
    expect(summaryTakesFocus(2, 1, 2)).toBe(true);
    expect(summaryTakesFocus(2, 1, 0)).toBe(false);
  });
});
