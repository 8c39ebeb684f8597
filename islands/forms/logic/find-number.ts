import { z } from 'zod/mini';
import { ISO_DAY } from '../../../contracts/dates.ts';
import { AttestationFieldsSchema } from '../../../contracts/partner-api.ts';

/**
 * Find my number (spec 2 §2, §5): a valid e-mail and both stay dates, all required, the end not
 * before the start. The e-mail rule is the contract's own (`AttestationFieldsSchema`), so what
 * the browser accepts the server accepts. Each issue's message is a code the page words.
 */

export interface FindNumberValues {
  email: string;
  startDate: string;
  endDate: string;
}

export type FindNumberIssue = 'required' | 'invalid' | 'end_before_start';

const day = z.string().check(
  z.minLength(1, 'required'),
  z.refine((value) => value === '' || ISO_DAY.test(value), 'invalid'),
);

export const findNumberSchema = z
  .object({
    email: AttestationFieldsSchema.shape.assure_email,
    startDate: day,
    endDate: day,
  })
  .check(
    z.refine((values) => values.endDate >= values.startDate, {
      message: 'end_before_start',
      path: ['endDate'],
      // Only once both dates are days: a missing or invalid date has its own message.
      when: (payload) => {
        const value = payload.value as Partial<FindNumberValues>;
        return ISO_DAY.test(value.startDate ?? '') && ISO_DAY.test(value.endDate ?? '');
      },
    }),
  );
