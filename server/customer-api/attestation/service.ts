import { dayInTimeZone } from '../../../contracts/dates.ts';
import type { BrandCatalog } from '../../../brands/lib/parse.ts';
import type { AttestationFieldsSchema } from '../../../contracts/partner-api.ts';
import type { z } from 'zod/mini';
import type { Database } from '../../db/public.ts';
import type { Logger } from '../../logger.ts';
import { customerPageUrl, enqueueMail, MAIL_TIME_ZONE, renderMail } from '../../mail/public.ts';
import { brandOfAcquisition } from '../claims/service.ts';
import { findInsuredNumbersByEmailAndStay, insertInsuredNumberRequest } from './repository.ts';

/**
 * Find my number (spec 2 §2 find-my-number, §7 call 6): the insured numbers of the subscriptions
 * matching an e-mail and the stay dates are mailed to that address.
 */

export type AttestationFields = z.output<typeof AttestationFieldsSchema>;

/** The calendar day (`yyyy-mm-dd`) an instant in unix seconds falls on in Europe/Paris. */
export function parisDayOf(unixSeconds: number): string {
  return dayInTimeZone(new Date(unixSeconds * 1000), MAIL_TIME_ZONE);
}

export interface FindMyNumberDependencies {
  database: Database;
  brands: BrandCatalog;
  logger: Logger;
}

/**
 * Looks the subscriptions up and, in ONE transaction, records the request with its outcome and,
 * when numbers were found, queues the insured-number mail (in the visitor's language, under the
 * brand of `acquisition_methode`, linking to the declaration page). Returns whether numbers were
 * found. The stay dates are compared as calendar days in Europe/Paris.
 */
export async function findMyNumber(
  dependencies: FindMyNumberDependencies,
  input: { fields: AttestationFields; stayStart: string; stayEnd: string; origin: string; now?: Date },
): Promise<{ found: boolean }> {
  const { fields, stayStart, stayEnd } = input;
  const { brand, company } = brandOfAcquisition(fields.acquisition_methode, dependencies.brands);
  const numbers = await dependencies.database.db.transaction(async (tx) => {
    const found = await findInsuredNumbersByEmailAndStay(tx, { email: fields.assure_email, stayStart, stayEnd });
    await insertInsuredNumberRequest(tx, {
      email: fields.assure_email,
      stayStart,
      stayEnd,
      acquisitionMethode: fields.acquisition_methode,
      lang: fields.lang,
      company,
      found: found.length > 0,
      processedAt: input.now ?? new Date(),
    });
    if (found.length > 0)
      await enqueueMail(tx, {
        to: fields.assure_email,
        ...renderMail('insured-number', fields.lang, brand, {
          insuredNumbers: found,
          stayStart,
          stayEnd,
          declareUrl: customerPageUrl(
            { origin: input.origin, company: brand.slug, lang: fields.lang },
            'declare-sinistre',
          ),
        }),
      });
    return found;
  });
  dependencies.logger.info({ found: numbers.length, company }, 'insured number request');
  return { found: numbers.length > 0 };
}
