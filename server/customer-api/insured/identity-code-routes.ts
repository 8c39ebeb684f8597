import { type Request, type Response, Router } from 'express';
import { z } from 'zod/mini';
import {
  CodeIdentiteFieldsSchema,
  CodeIdentiteVerificationFieldsSchema,
  type InsuredInfo,
  ONE_TIME_CODE_LIFETIME_MS,
  PARTNER_API_BASE,
} from '../../../contracts/partner-api.ts';
import type { Language } from '../../../contracts/languages.ts';
import { sendSuccess } from '../../answers.ts';
import { HttpError } from '../../errors.ts';
import { receiveFields } from '../../files/public.ts';
import { apiMessages, requestLanguage, translate } from '../../i18n/public.ts';
import { enqueueMail, isSingleAddress, renderMail } from '../../mail/public.ts';
import { clientAddressOf, hitRateLimit, type RateLimitRule, tooManyRequests } from '../../security/public.ts';
import type { PartnerApiDependencies } from '../dependencies.ts';
import { parseInput } from '../../http/public.ts';
import { groupInsuredNumbers, isGroupInsuredNumber } from './group-contracts.ts';
import { type CodeSubject, confirmationOfCode, issueOneTimeCode, tryOneTimeCode } from './identity-codes.ts';
import { findSubscriptionsByNumber, type SubscriptionRow } from './repository.ts';
import { LOOKUPS_PER_ADDRESS } from './routes.ts';
import { getInsuredInfos, maskedEmail, withIdentityMasked } from './service.ts';

/**
 * POST code_identite and code_identite/verification: a one-time code mailed to
 * prove possession of an insured number (the code goes to the address on file, and opens that
 * subscription's identity), or, on a group contract's shared number, of the address a member
 * typed (the code goes to it, and leaves the confirmation their claim needs).
 *
 * Asking is limited per insured number (or typed address on a group number), per address group
 * and per recipient mailbox; trying is limited per address group, and each code takes 5 tries.
 * An unknown number is answered as a known one without an address: 200, nothing sent.
 */

const codeMessages = apiMessages('identityCodes');

/** Codes asked for one insured number (one typed address on a group number) in an hour. */
export const CODES_PER_NUMBER: RateLimitRule = { name: 'code_identite:numero', limit: 5, windowMs: 60 * 60_000 };
/** Codes one mailbox receives in an hour, whatever number they were asked for. */
const CODES_PER_RECIPIENT: RateLimitRule = {
  name: 'code_identite:destinataire',
  limit: 5,
  windowMs: 60 * 60_000,
};
/**
 * Codes asked from one address group in an hour: room for a campsite's guests behind one Wi-Fi
 * (one or two each), not for a script mailing every number in sequence.
 */
const CODES_PER_ADDRESS: RateLimitRule = { name: 'code_identite:ip', limit: 200, windowMs: 60 * 60_000 };
/** Codes tried from one address group in an hour (each code also takes only 5 tries). */
const CODE_TRIES_PER_ADDRESS: RateLimitRule = {
  name: 'code_identite:essais:ip',
  limit: 300,
  windowMs: 60 * 60_000,
};

function rawFieldsOf(schema: z.core.$ZodObject) {
  return z.object(Object.fromEntries(Object.keys(schema._zod.def.shape).map((name) => [name, z.optional(z.string())])));
}
const RawAskFields = rawFieldsOf(CodeIdentiteFieldsSchema);
const RawVerifyFields = rawFieldsOf(CodeIdentiteVerificationFieldsSchema);

/** The subscription a code is about: the one named (when it has this number), else the number's first. */
function chosenSubscription(rows: readonly SubscriptionRow[], souscriptionId: number | undefined) {
  return souscriptionId === undefined ? rows[0] : rows.find((row) => row.souscriptionId === souscriptionId);
}

function codeRefusal(key: 'code_wrong' | 'code_expired', lang: Language): HttpError {
  const message = translate(codeMessages, key, lang);
  return new HttpError(
    400,
    message,
    { code: message },
    key === 'code_wrong' ? 'one_time_code_wrong' : 'one_time_code_expired',
  );
}

export function createIdentityCodeRouter({
  database,
  brands,
  logger,
  securityEvents,
}: Pick<PartnerApiDependencies, 'database' | 'brands' | 'logger' | 'securityEvents'>): Router {
  const { db } = database;
  const groupNumbers = groupInsuredNumbers(brands);
  const router = Router();

  async function hitOrRefuse(request: Request, response: Response, rule: RateLimitRule, key: string) {
    const state = await hitRateLimit(db, rule, key);
    if (state.allowed) return;
    securityEvents.record('one_time_code_refused', { rule: rule.name });
    throw tooManyRequests(request, response, state);
  }

  router.post(`${PARTNER_API_BASE}/code_identite`, async (request: Request, response: Response) => {
    const fields = await receiveFields(request, RawAskFields);
    request.body = fields;
    const asked = parseInput(CodeIdentiteFieldsSchema, fields, requestLanguage(request));
    const group = isGroupInsuredNumber(groupNumbers, asked.numero);
    // A group number identifies no one: its member confirms the address they typed, nothing else.
    if (group !== (asked.email !== undefined)) {
      // Refusals in the request's language (`lang`, else Accept-Language), not the schema's default.
      const message = translate(codeMessages, 'code_not_sent', requestLanguage(request));
      throw new HttpError(400, message, { email: message }, 'one_time_code_not_sent');
    }
    await hitOrRefuse(request, response, CODES_PER_ADDRESS, clientAddressOf(request));
    await hitOrRefuse(request, response, CODES_PER_NUMBER, group ? `${asked.numero}:${asked.email}` : asked.numero);

    const rows = await findSubscriptionsByNumber(db, asked.numero, 'insured_number');
    const subscription = chosenSubscription(rows, asked.souscription_id);
    // An unknown number counts as a failed look-up: asking codes is no cheaper way to try numbers.
    if (!subscription) await hitOrRefuse(request, response, LOOKUPS_PER_ADDRESS, clientAddressOf(request));
    const recipient = group ? (asked.email ?? '') : (subscription?.assureEmail ?? '');
    const destination = subscription && isSingleAddress(recipient) ? maskedEmail(recipient) : '';
    if (subscription && destination !== '') {
      await hitOrRefuse(request, response, CODES_PER_RECIPIENT, recipient.trim().toLowerCase());
      const brand = (asked.marque === '' ? undefined : brands.bySlug.get(asked.marque)) ?? brands.neutral;
      const subject: CodeSubject = {
        purpose: group ? 'email' : 'identity',
        souscriptionId: subscription.souscriptionId,
        email: asked.email,
      };
      await db.transaction(async (tx) => {
        const code = await issueOneTimeCode(tx, subject);
        await enqueueMail(tx, {
          to: recipient,
          ...renderMail('one-time-code', asked.lang, brand, {
            code,
            purpose: subject.purpose,
            minutes: ONE_TIME_CODE_LIFETIME_MS / 60_000,
          }),
        });
      });
      logger.info({ purpose: subject.purpose }, 'one-time code queued');
    }
    sendSuccess(response, {
      message:
        destination === ''
          ? translate(codeMessages, 'code_not_sent', asked.lang)
          : translate(codeMessages, 'code_sent', asked.lang, { destination }),
      data: { destination_masquee: destination },
    });
  });

  router.post(`${PARTNER_API_BASE}/code_identite/verification`, async (request: Request, response: Response) => {
    const fields = await receiveFields(request, RawVerifyFields);
    request.body = fields;
    const asked = parseInput(CodeIdentiteVerificationFieldsSchema, fields, requestLanguage(request));
    await hitOrRefuse(request, response, CODE_TRIES_PER_ADDRESS, clientAddressOf(request));
    const group = isGroupInsuredNumber(groupNumbers, asked.numero);
    const rows = await findSubscriptionsByNumber(db, asked.numero, 'insured_number');
    const subscription = chosenSubscription(rows, asked.souscription_id);
    if (!subscription || group !== (asked.email !== undefined))
      throw codeRefusal('code_expired', requestLanguage(request));
    const check = await tryOneTimeCode(
      db,
      { purpose: group ? 'email' : 'identity', souscriptionId: subscription.souscriptionId, email: asked.email },
      asked.code,
    );
    if (check.status === 'wrong') throw codeRefusal('code_wrong', requestLanguage(request));
    if (check.status === 'no_live_code') {
      securityEvents.record('one_time_code_refused', { reason: 'no_live_code' });
      throw codeRefusal('code_expired', requestLanguage(request));
    }
    let infos: InsuredInfo[] = [];
    let jeton = '';
    if (group) jeton = await confirmationOfCode(db, check.codeId);
    else {
      const all = (await getInsuredInfos(db, asked.numero, asked.lang, { group: false, identity: 'full' })) ?? [];
      // Only the subscription whose address received the code is opened.
      infos = all.map((info) =>
        info.souscription_id === subscription.souscriptionId ? info : withIdentityMasked(info),
      );
    }
    sendSuccess(response, { data: { infos, jeton_email: jeton } });
  });

  return router;
}
