import { complaintAddressOf } from '../../../brands/lib/complaint-address.ts';
import { sendSuccess } from '../../answers.ts';
import { type NextFunction, type Request, type Response, Router } from 'express';
import {
  GarantieQuerySchema,
  InfosDossierQuerySchema,
  LienPartenaireFieldsSchema,
  PARTNER_API_BASE,
  PagesQuerySchema,
  PaysQuerySchema,
} from '../../../contracts/partner-api.ts';
import { z } from 'zod/mini';
import type { Language } from '../../../contracts/languages.ts';
import { HttpError } from '../../errors.ts';
import { receiveFields } from '../../files/public.ts';
import { requestLanguage, translate } from '../../i18n/public.ts';
import {
  clientAddressOf,
  hitRateLimit,
  limitByAddress,
  type RateLimitRule,
  refundRateLimit,
  tooManyRequests,
} from '../../security/public.ts';
import type { PartnerApiDependencies } from '../dependencies.ts';
import { checkInput, invalidRequest, type Issues, parseQuery } from '../../http/public.ts';
import { groupInsuredNumbers, isGroupInsuredNumber } from './group-contracts.ts';
import { insuredMessages } from './messages.ts';
import { partnerLinkKeysOf, verifyPartnerLink } from './partner-link.ts';
import {
  getGuarantee,
  getInsuredInfos,
  getLegalPage,
  type IdentityDisclosure,
  listCountries,
  lookupNumberKindOf,
} from './service.ts';

/**
 * GET infos_dossier, garantie, pays and pages (spec 1 §7, spec 2 §7), and POST lien_partenaire, a
 * brand's signed link (partner-link.ts).
 *
 * infos_dossier takes the insured number or a partner's contract number (spec 1 §2): an `SO-`
 * number is looked up among the insured numbers, a number of a brand file's contract number
 * format among the contract numbers; any other is unknown, with the same answer.
 *
 * An insured number is no secret (it is printed on booking mails): infos_dossier answers no identity, only its masked
 * forms (service.ts withIdentityMasked); a signed link, which proves possession, answers it in
 * full. The look-up is never cached and it is rate limited: per client address (failed look-ups,
 * found look-ups, all look-ups) and per number (many addresses trying one person's number). A group contract's shared number (group-contracts.ts)
 * is looked up by every member of the group: it reveals no one's data, so only the per-address
 * limit applies to it. The reference data is public and the same for everyone, so browsers and
 * CDNs may keep it a few minutes.
 */

/**
 * FAILED lookups one address may make in any hour (IPv6: one /64): each lookup is counted first and
 * a found number takes its hit back. Someone trying numbers gets mostly "unknown" and is stopped
 * here; guests behind one campsite Wi-Fi or carrier NAT each find their own number and are not.
 */
export const LOOKUPS_PER_ADDRESS: RateLimitRule = { name: 'infos_dossier:ip', limit: 50, windowMs: 60 * 60_000 };
/**
 * Every lookup one address may make in any hour, found or not: a loose cap on reading many known
 * numbers, with room for a few hundred guests behind one address (a lookup and a retry each).
 */
export const ALL_LOOKUPS_PER_ADDRESS: RateLimitRule = {
  name: 'infos_dossier:ip:all',
  limit: 1000,
  windowMs: 60 * 60_000,
};
/**
 * FOUND look-ups one address may make in any hour: they reveal no identity (only masked forms), yet
 * an address reading hundreds of subscriptions is stopped well below the overall cap. Sized for a
 * campsite's 200 guests behind one Wi-Fi, each looking their number up and retrying once.
 */
export const FOUND_LOOKUPS_PER_ADDRESS: RateLimitRule = {
  name: 'infos_dossier:ip:trouves',
  limit: 500,
  windowMs: 60 * 60_000,
};
/** Lookups of one insured number, from anywhere; not counted for a group contract's shared number. */
export const LOOKUPS_PER_NUMBER: RateLimitRule = { name: 'infos_dossier:numero', limit: 10, windowMs: 10 * 60_000 };

/** Reference data changes with an import, rarely: five minutes of staleness is harmless. */
const REFERENCE_CACHE_CONTROL = 'public, max-age=300';

/** Set first, so refusals (400, 404, 429) are never cached either; a success may replace it. */
function noStore(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('Cache-Control', 'no-store');
  next();
}

/** The success envelope of public reference data, cacheable. */
function sendReferenceData(response: Response, data: unknown): void {
  response.setHeader('Cache-Control', REFERENCE_CACHE_CONTROL);
  sendSuccess(response, { data });
}

/**
 * Parses the infos_dossier query. A number of no possible shape (a character no insured or
 * contract number has, or too long) gets the same wording as an unknown one (spec 1 §8), with the
 * field named; every other number is looked up.
 */
function parseInsuredQuery(request: Request) {
  const lang = requestLanguage(request);
  return parseQuery(request, InfosDossierQuerySchema, (issues: Issues) => {
    const refusal = invalidRequest(issues, lang);
    if (!issues.every((issue) => issue.path[0] === 'numero')) return refusal;
    return new HttpError(
      400,
      translate(insuredMessages, 'unknown_insured_number', lang),
      refusal.fields,
      'invalid_insured_number',
    );
  });
}

/** A signed link refused: invalid (altered, foreign, malformed) or expired, in the visitor's language. */
function refusedLink(
  code: 'invalid_partner_link' | 'expired_partner_link',
  lang: Language,
  fields?: Record<string, string>,
): HttpError {
  return new HttpError(400, translate(insuredMessages, code, lang), fields, code);
}

const RawLienPartenaireFields = z.object(
  Object.fromEntries(Object.keys(LienPartenaireFieldsSchema.shape).map((name) => [name, z.optional(z.string())])),
);

export function createInsuredRouter({
  config,
  database,
  brands,
}: Pick<PartnerApiDependencies, 'config' | 'database' | 'brands'>): Router {
  const { db } = database;
  const linkKeys = partnerLinkKeysOf(config, brands);
  const groupNumbers = groupInsuredNumbers(brands);
  const router = Router();

  /**
   * Answers the look-up of `numero` (the failed look-up of this address already counted at
   * `lookedUpAt`): the per-number limit, then the subscriptions, else 404; a found number takes the
   * address's hit back. Shared by infos_dossier and a signed link's number.
   */
  async function answerLookup(
    request: Request,
    response: Response,
    numero: string,
    lang: Language,
    counted: { address: string; lookedUpAt: number },
    identity: IdentityDisclosure,
  ): Promise<void> {
    // The look-up decides what the number is: an insured number, a brand's contract number, or none.
    const kind = lookupNumberKindOf(numero, brands);
    const group = kind === 'insured_number' && isGroupInsuredNumber(groupNumbers, numero);
    if (!group) {
      const perNumber = await hitRateLimit(db, LOOKUPS_PER_NUMBER, numero);
      if (!perNumber.allowed) throw tooManyRequests(request, response, perNumber);
    }
    const infos = kind === undefined ? undefined : await getInsuredInfos(db, numero, lang, { group, kind, identity });
    if (infos === undefined) {
      throw new HttpError(
        404,
        translate(insuredMessages, 'unknown_insured_number', requestLanguage(request)),
        undefined,
        'unknown_insured_number',
      );
    }
    await refundRateLimit(db, LOOKUPS_PER_ADDRESS, counted.address, counted.lookedUpAt);
    // A found number counts too: one address cannot read subscriptions without bound.
    const found = await hitRateLimit(db, FOUND_LOOKUPS_PER_ADDRESS, counted.address);
    if (!found.allowed) throw tooManyRequests(request, response, found);
    sendSuccess(response, { data: infos });
  }

  /** Counts a failed look-up of this address before the look-up (taken back once found), or refuses. */
  async function countLookup(request: Request, response: Response) {
    // Counted before the lookup and taken back once found: concurrent guesses cannot slip through.
    const address = clientAddressOf(request);
    const lookedUpAt = Date.now();
    const failures = await hitRateLimit(db, LOOKUPS_PER_ADDRESS, address, lookedUpAt);
    if (!failures.allowed) throw tooManyRequests(request, response, failures);
    return { address, lookedUpAt };
  }

  router.get(
    `${PARTNER_API_BASE}/infos_dossier`,
    noStore,
    limitByAddress(db, ALL_LOOKUPS_PER_ADDRESS),
    async (request: Request, response: Response) => {
      const query = parseInsuredQuery(request);
      const counted = await countLookup(request, response);
      // Anyone may know a number: the answer holds no identity, only its masked forms.
      await answerLookup(request, response, query.numero, query.lang, counted, 'masked');
    },
  );

  /**
   * POST lien_partenaire: a brand's signed link, checked with the brand's key,
   * answered as infos_dossier answers its number; an expired, altered, foreign or malformed link
   * is refused (400) and counts as a failed look-up of the address.
   */
  router.post(
    `${PARTNER_API_BASE}/lien_partenaire`,
    noStore,
    limitByAddress(db, ALL_LOOKUPS_PER_ADDRESS),
    async (request: Request, response: Response) => {
      const fields = await receiveFields(request, RawLienPartenaireFields);
      request.body = fields;
      const lang = requestLanguage(request);
      const parsed = checkInput(LienPartenaireFieldsSchema, fields);
      const counted = await countLookup(request, response);
      if (!parsed.success) {
        const refusal = invalidRequest(parsed.issues, lang);
        if (!parsed.issues.every((issue) => issue.path[0] === 'jeton')) throw refusal;
        throw refusedLink('invalid_partner_link', lang, refusal.fields);
      }
      const { jeton, marque } = parsed.data;
      const check = verifyPartnerLink(jeton, marque, linkKeys.keyOf(marque));
      if (!check.valid)
        throw refusedLink(check.reason === 'expired' ? 'expired_partner_link' : 'invalid_partner_link', lang);
      // The brand signed this link for its holder: it proves possession, the identity is answered.
      await answerLookup(request, response, check.payload.number, parsed.data.lang, counted, 'full');
    },
  );

  router.get(`${PARTNER_API_BASE}/garantie`, noStore, async (request: Request, response: Response) => {
    const query = parseQuery(request, GarantieQuerySchema);
    const guarantee = await getGuarantee(db, query.garantie_id, query.lang);
    if (guarantee === undefined) {
      throw new HttpError(
        404,
        translate(insuredMessages, 'unknown_guarantee', requestLanguage(request)),
        undefined,
        'unknown_guarantee',
      );
    }
    sendReferenceData(response, guarantee);
  });

  router.get(`${PARTNER_API_BASE}/pays`, noStore, async (request: Request, response: Response) => {
    const query = parseQuery(request, PaysQuerySchema);
    sendReferenceData(response, await listCountries(db, query.lang));
  });

  router.get(`${PARTNER_API_BASE}/pages`, noStore, async (request: Request, response: Response) => {
    const query = parseQuery(request, PagesQuerySchema);
    const brand = (query.marque === undefined ? undefined : brands.bySlug.get(query.marque)) ?? brands.neutral;
    const page = await getLegalPage(db, query.page, query.lang, complaintAddressOf(brand, brands, query.lang));
    if (page === undefined) {
      throw new HttpError(
        404,
        translate(insuredMessages, 'unknown_page', requestLanguage(request)),
        undefined,
        'unknown_page',
      );
    }
    sendReferenceData(response, page);
  });

  return router;
}
