import { z } from 'zod/mini';
import { declarationDateProblems } from '../../../contracts/declaration-rules.ts';
import { ISO_DAY } from '../../../contracts/dates.ts';

/**
 * Step 3's rules (spec 1 §5): the claim date is required, a real date, and not after today (the
 * server's rule, from `contracts/declaration-rules.ts`); the comment is optional.
 */
export function claimDetailsSchema(today: string) {
  return z.object({
    claimDate: z.string().check(
      z.superRefine((value, context) => {
        if (value === '') context.issues.push({ code: 'custom', message: 'required', input: value });
        else if (!ISO_DAY.test(value)) context.issues.push({ code: 'custom', message: 'invalid', input: value });
        else if (
          declarationDateProblems({ claimDate: value, start: '', end: '', contractDatesRequired: false, today }).some(
            (problem) => problem.key === 'claim_date_in_future',
          )
        )
          context.issues.push({ code: 'custom', message: 'future', input: value });
      }),
    ),
    comment: z.string().check(z.maxLength(5000, 'tooLong')),
  });
}
