import { z } from 'zod/mini';
import { declarationDateProblems } from '../../../contracts/declaration-rules.ts';
import { ClaimDeclarationSchema } from '../../../contracts/partner-api.ts';
import { ISO_DAY } from '../../../contracts/dates.ts';
import type { BookingSection } from './declaration.ts';

/**
 * Step 4's form (spec 1 §5): the contact fields use the very schemas the server applies to the
 * declaration (`ClaimDeclarationSchema`), so what the browser accepts the server accepts; the
 * booking section adds the spec's required establishment and dates, and the date rules the server
 * applies (`contracts/declaration-rules.ts`). Each issue's message is a code the step words.
 */
export interface ContactValues {
  lastName: string;
  firstName: string;
  email: string;
  phone: string;
  address: string;
  cp: string;
  city: string;
  country: string;
  companyName: string;
  equipement: string;
  invoiceAmount: string;
  contractStartDate: string;
  contractEndDate: string;
}

/**
 * Message codes of the booking fields' issues. A contact field has one message whatever its issue
 * (spec 1 §5), so its issues' own messages are not read.
 */
export type BookingIssue = 'required' | 'invalid' | 'start_after_end' | 'end_before_claim';

const wire = ClaimDeclarationSchema.shape;

export function contactSchema(options: {
  section: BookingSection;
  amountField: boolean;
  contractDatesRequired: boolean;
  /** The claim date of step 3 (ISO). */
  claimDate: string;
  today: string;
}) {
  const withBooking = options.section !== 'hidden';
  const requiredText = z.string().check(z.trim(), z.minLength(1, 'required'));
  return z
    .object({
      lastName: wire.assure_nom,
      firstName: wire.assure_prenom,
      email: wire.assure_email,
      phone: wire.assure_telephone,
      address: wire.assure_adresse,
      cp: wire.assure_cp,
      city: wire.assure_ville,
      country: wire.assure_pays,
      companyName: withBooking ? requiredText : z.string(),
      equipement: z.string(),
      invoiceAmount: options.amountField && withBooking ? wire.sejour_montant : z.string(),
      contractStartDate: z.string(),
      contractEndDate: z.string(),
    })
    .check(
      z.superRefine((values, context) => {
        if (!withBooking) return;
        const dates = { contractStartDate: values.contractStartDate, contractEndDate: values.contractEndDate };
        for (const [field, value] of Object.entries(dates)) {
          if (value !== '' && !ISO_DAY.test(value))
            context.issues.push({ code: 'custom', message: 'invalid', path: [field], input: value });
          else if (value === '' && options.contractDatesRequired)
            context.issues.push({ code: 'custom', message: 'required', path: [field], input: value });
        }
        const start = ISO_DAY.test(values.contractStartDate) ? values.contractStartDate : '';
        const end = ISO_DAY.test(values.contractEndDate) ? values.contractEndDate : '';
        for (const problem of declarationDateProblems({
          claimDate: options.claimDate || undefined,
          start,
          end,
          contractDatesRequired: false,
          today: options.today,
        })) {
          if (problem.key === 'start_after_end')
            context.issues.push({
              code: 'custom',
              message: 'start_after_end',
              path: ['contractStartDate'],
              input: start,
            });
          if (problem.key === 'end_before_claim')
            context.issues.push({ code: 'custom', message: 'end_before_claim', path: ['contractEndDate'], input: end });
        }
      }),
    );
}

/** The form's values as typed (`ContactValues`) and as validated. */
export type ContactSchema = ReturnType<typeof contactSchema>;
