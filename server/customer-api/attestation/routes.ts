import { sendSuccess } from '../../answers.ts';
import { type Request, type Response, Router } from 'express';
import { z } from 'zod/mini';
import { AttestationFieldsSchema, PARTNER_API_BASE } from '../../../contracts/partner-api.ts';
import { mailLinkOrigin } from '../../config.ts';
import { loggableDatabaseError } from '../../db/public.ts';
import { HttpError } from '../../errors.ts';
import { receiveFields } from '../../files/public.ts';
import type { Logger } from '../../logger.ts';
import { commonMessages, requestLanguage, translate } from '../../i18n/public.ts';
import { clientAddressOf, hitRateLimit, type RateLimitRule, tooManyRequests } from '../../security/public.ts';
import type { PartnerApiDependencies } from '../dependencies.ts';
import { parseInput } from '../../http/public.ts';
import { attestationMessages } from './messages.ts';
import { findMyNumber, parisDayOf } from './service.ts';

/**
 * `POST attestation` (spec 2 §7 call 6, find my number): multipart or urlencoded fields
 * `acquisition_methode`, `assure_email`, `sejour_debut_date`, `sejour_fin_date` (unix seconds),
 * `lang`. Found or not, 200 answers the same `{status: 'success', message}` ("if these details
 * match a contract, its number was mailed"): the answer never tells whether an address is known,
 * only its mailbox learns it (the numbers are mailed there). Limited per address and per e-mail,
 * so nobody's mailbox is flooded through us.
 *
 * Nor does its time: the answer is sent once the request is checked and counted, the same work
 * whatever the address; the look-up, the record and the mail (writing a mail takes milliseconds
 * that only a known address would cost) run after it, one request at a time.
 */

/** Requests waiting for their look-up; beyond, a request is answered but not looked up (and logged). */
const FIND_MY_NUMBER_WAITING_LIMIT = 1_000;

/** Runs each piece of work after the one before, never two at once; a failure is logged, never thrown. */
function createWorkLine(logger: Logger, limit: number): (work: () => Promise<unknown>) => void {
  let line: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return (work) => {
    if (waiting >= limit) {
      logger.warn({ waiting }, 'insured number request not looked up: too many waiting');
      return;
    }
    waiting += 1;
    line = line
      .then(work)
      .catch((error: unknown) =>
        logger.warn({ err: loggableDatabaseError(error) }, 'insured number request not looked up'),
      )
      .finally(() => {
        waiting -= 1;
      });
  };
}

/**
 * Requests one address may make (IPv6: one /64). Sized for the guests of a campsite behind one Wi-Fi
 * or carrier NAT; the per-e-mail rule below is what keeps a mailbox from being flooded.
 */
export const ATTESTATION_PER_ADDRESS: RateLimitRule = { name: 'attestation:ip', limit: 100, windowMs: 60 * 60_000 };
/** Requests for one e-mail (its hash), from anywhere: also caps the mails one address receives. */
export const ATTESTATION_PER_EMAIL: RateLimitRule = { name: 'attestation:email', limit: 5, windowMs: 60 * 60_000 };

const RawAttestationFields = z.object(
  Object.fromEntries(Object.keys(AttestationFieldsSchema._zod.def.shape).map((name) => [name, z.optional(z.string())])),
);

export function createAttestationRouter({ config, logger, database, brands }: PartnerApiDependencies): Router {
  const { db } = database;
  const router = Router();
  const afterAnswer = createWorkLine(logger, FIND_MY_NUMBER_WAITING_LIMIT);

  router.post(`${PARTNER_API_BASE}/attestation`, async (request: Request, response: Response) => {
    response.setHeader('Cache-Control', 'no-store');
    // A few short fields: read first, so that even a 429 answers in the form's language.
    const raw = await receiveFields(request, RawAttestationFields);
    const perAddress = await hitRateLimit(db, ATTESTATION_PER_ADDRESS, clientAddressOf(request));
    if (!perAddress.allowed) throw tooManyRequests(request, response, perAddress);
    const fields = parseInput(AttestationFieldsSchema, raw, requestLanguage(request));
    // Answers follow the request's language: its `lang` field when sent, else Accept-Language (the
    // schema's French default would override the visitor's browser; found by the fuzz suite).
    const lang = requestLanguage(request);
    const stayStart = parisDayOf(fields.sejour_debut_date);
    const stayEnd = parisDayOf(fields.sejour_fin_date);
    if (stayStart > stayEnd)
      throw new HttpError(
        400,
        translate(commonMessages, 'invalid_request', lang),
        { sejour_debut_date: translate(attestationMessages, 'start_after_end', lang) },
        'start_after_end',
      );
    const perEmail = await hitRateLimit(db, ATTESTATION_PER_EMAIL, fields.assure_email.toLowerCase());
    if (!perEmail.allowed) throw tooManyRequests(request, response, perEmail);
    // Once the answer has gone (or the visitor left): nothing the address changes is on its way.
    response.once('close', () =>
      afterAnswer(() =>
        findMyNumber({ database, brands, logger }, { fields, stayStart, stayEnd, origin: mailLinkOrigin(config) }),
      ),
    );
    sendSuccess(response, { message: translate(attestationMessages, 'number_sent', lang) });
  });

  return router;
}
