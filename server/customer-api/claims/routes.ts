import { sendSuccess } from '../../answers.ts';
import { type Request, type Response, Router } from 'express';
import { z } from 'zod/mini';
import type { Language } from '../../../contracts/languages.ts';
import {
  type ClaimDeclaration,
  ClaimDeclarationSchema,
  IdempotencyKeySchema,
  LienSuiviFieldsSchema,
  PARTNER_API_BASE,
  SinistresQuerySchema,
} from '../../../contracts/partner-api.ts';
import { mailLinkOrigin } from '../../config.ts';
import { HttpError } from '../../errors.ts';
import { receiveFields } from '../../files/public.ts';
import { requestLanguage, translate } from '../../i18n/public.ts';
import {
  clientAddressOf,
  hitRateLimit,
  type RateLimitRule,
  refundRateLimit,
  tooManyRequests,
} from '../../security/public.ts';
import type { PartnerApiDependencies } from '../dependencies.ts';
import { parseInput, parseQuery, sentField } from '../../http/public.ts';
import { type ClaimantCredentials, findClaimForClaimant } from './claimant-access.ts';
import { claimMessages } from './messages.ts';
import { type DeclaredClaim, declareClaim, describeClaim, SubmitRateLimited, sendFollowUpLink } from './service.ts';

/**
 * `POST sinistres` (declare), `GET sinistres` (follow-up) and `POST lien_suivi` (mail a
 * follow-up link) of the partner API (spec 1 §7, spec 2 §7).
 */

/** Follow-up links asked for one claim number: 5 an hour. */
export const FOLLOW_UP_LINK_BY_NUMBER_RULE: RateLimitRule = {
  name: 'lien_suivi:number',
  limit: 5,
  windowMs: 60 * 60_000,
};
/**
 * Follow-up links asked from one address (IPv6: one /64): 200 an hour, sized for the guests of a
 * campsite behind one Wi-Fi or carrier NAT; the per-number rule keeps a claimant's mailbox quiet.
 */
const FOLLOW_UP_LINK_BY_ADDRESS_RULE: RateLimitRule = {
  name: 'lien_suivi:ip',
  limit: 200,
  windowMs: 60 * 60_000,
};

/**
 * Claims one address may declare in any hour (IPv6: one /64). Sized so that a couple of hundred
 * guests behind one campsite Wi-Fi or carrier NAT, one claim each, are not refused; each claim is
 * also bound to a subscription, which bounds floods everywhere but on a group contract's shared
 * number. A retried submit (same Idempotency-Key) creates nothing: it gives its hit back and is
 * answered even at the limit, so a visitor whose answer was lost always gets their claim number.
 */
export const DECLARATIONS_PER_ADDRESS: RateLimitRule = { name: 'sinistres:ip', limit: 300, windowMs: 60 * 60_000 };

/**
 * A form's fields as received, each an optional string, before the real schema reads them. The
 * shape is read through zod's core (`_zod.def`), which classic and `zod/mini` objects share.
 */
function rawFieldsOf(schema: z.core.$ZodObject) {
  return z.object(Object.fromEntries(Object.keys(schema._zod.def.shape).map((name) => [name, z.optional(z.string())])));
}

const RawDeclarationFields = rawFieldsOf(ClaimDeclarationSchema);
const RawLienSuiviFields = rawFieldsOf(LienSuiviFieldsSchema);
const [HashQuerySchema, NumberQuerySchema] = SinistresQuerySchema._zod.def.options;

/**
 * Reads a form's fields (multipart or urlencoded; unknown fields and files refused), then makes
 * them the request's body, so its `lang` field chooses the language of every answer.
 */
async function receiveForm(request: Request, raw: z.core.$ZodObject): Promise<{ fields: unknown; lang: Language }> {
  const fields = (await receiveFields(request, raw)) as Record<string, unknown>;
  request.body = fields;
  return { fields, lang: requestLanguage(request) };
}

/** The one refusal of a claim that cannot be opened, whatever the reason (unknown, wrong name, expired link). */
function claimNotFound(lang: Language): HttpError {
  return new HttpError(404, translate(claimMessages, 'claim_not_found', lang), undefined, 'claim_not_found');
}

/** The claims endpoints, mounted by createPartnerApiRouter. */
export function createClaimsRouter({ config, logger, database, brands }: PartnerApiDependencies): Router {
  const router = Router();
  const dependencies = { database, brands, logger };

  router.post(`${PARTNER_API_BASE}/sinistres`, async (request: Request, response: Response) => {
    const address = clientAddressOf(request);
    const submittedAt = Date.now();
    /** A refused submit's hit, counted alone: its transaction, which counts it otherwise, rolled back. */
    const countRefused = async (refusal: unknown): Promise<never> => {
      await hitRateLimit(database.db, DECLARATIONS_PER_ADDRESS, address, submittedAt);
      throw refusal;
    };
    let declaration: ClaimDeclaration;
    let idempotencyKey: string;
    try {
      const form = await receiveForm(request, RawDeclarationFields);
      declaration = parseInput(ClaimDeclarationSchema, form.fields, form.lang);
      const lang = declaration.lang;
      idempotencyKey = parseInput(IdempotencyKeySchema, request.get('idempotency-key'), () => {
        const problem = translate(claimMessages, 'idempotency_key_invalid', lang);
        return new HttpError(400, problem, { 'Idempotency-Key': problem });
      });
    } catch (error) {
      return countRefused(error);
    }
    let declared: DeclaredClaim;
    try {
      // The transaction's first statement counts the hit (DECLARATIONS_PER_ADDRESS).
      declared = await declareClaim(dependencies, {
        declaration,
        idempotencyKey,
        link: { origin: mailLinkOrigin(config) },
        rateLimit: { rule: DECLARATIONS_PER_ADDRESS, key: address, now: submittedAt },
      });
    } catch (error) {
      if (error instanceof SubmitRateLimited) throw tooManyRequests(request, response, error.state);
      if (error instanceof HttpError) return countRefused(error);
      throw error;
    }
    const { claim, created, followUpToken } = declared;
    if (!created) await refundRateLimit(database.db, DECLARATIONS_PER_ADDRESS, address, submittedAt);
    // The answer carries a follow-up token: no cache may keep it.
    response.setHeader('Cache-Control', 'no-store');
    sendSuccess(response, {
      data: {
        numero_sinistre: claim.numero,
        declaration_date: claim.declarationDate.toISOString(),
        hash: followUpToken,
      },
    });
  });

  router.get(`${PARTNER_API_BASE}/sinistres`, async (request: Request, response: Response) => {
    const lang = requestLanguage(request);
    const credentials: ClaimantCredentials & { lang: Language } =
      sentField(request, 'query', 'hash') !== undefined
        ? parseQuery(request, HashQuerySchema)
        : (({ dossier_numero, dossier_nom, lang: asked }) => ({
            numero: dossier_numero,
            nom: dossier_nom,
            lang: asked,
          }))(parseQuery(request, NumberQuerySchema));
    const access = await findClaimForClaimant(database.db, credentials, clientAddressOf(request));
    if (access.status === 'rate_limited') throw tooManyRequests(request, response, access.state);
    // Refusals in the request's language (`lang`, else Accept-Language), not the schema's default.
    if (access.status === 'not_found') throw claimNotFound(lang);
    sendSuccess(response, {
      data: { infos_sinistre: await describeClaim(database.db, access.claim, credentials.lang, access.access) },
    });
  });

  router.post(`${PARTNER_API_BASE}/lien_suivi`, async (request: Request, response: Response) => {
    const form = await receiveForm(request, RawLienSuiviFields);
    const asked = parseInput(LienSuiviFieldsSchema, form.fields, form.lang);
    const { lang } = asked;
    // The claim number, or the insured number it was declared on (then counted by that number).
    const numberKey = asked.numero_sinistre ?? asked.assure_numero ?? '';
    for (const [rule, key] of [
      [FOLLOW_UP_LINK_BY_ADDRESS_RULE, clientAddressOf(request)],
      [FOLLOW_UP_LINK_BY_NUMBER_RULE, numberKey],
    ] as const) {
      const state = await hitRateLimit(database.db, rule, key);
      if (!state.allowed) throw tooManyRequests(request, response, state);
    }
    // An unknown number answers as a known one: the answer never tells whether a claim exists.
    // The claim's older mailed links stop working: the new mail's is the one that opens it.
    const link = { origin: mailLinkOrigin(config) };
    await sendFollowUpLink(
      dependencies,
      asked.numero_sinistre !== undefined
        ? { numero: asked.numero_sinistre, link }
        : { insuredNumber: asked.assure_numero ?? '', souscriptionId: asked.souscription_id, link },
    );
    sendSuccess(response, { message: translate(claimMessages, 'follow_up_link_sent', lang) });
  });

  return router;
}
