import { CLAIM_NUMBER_PATTERN, claimNumberOf, isClaimNumber } from '../../contracts/claim-number.ts';
import fc from 'fast-check';
import { partnerSlugs } from '../../brands/index.ts';
import { z } from 'zod/mini';
import {
  DateRangeSchema,
  DECLARATION_FUNNEL_PATH,
  FIND_NUMBER_RATE_PATH,
  FOLLOW_UP_RATE_PATH,
  PAGES_AROUND_PATH,
  PagesAroundRequestSchema,
  UNIQUE_USERS_PATH,
} from '../../contracts/analysis.ts';
import {
  ActivitiesQuerySchema,
  BetweenDatesRequestSchema,
  ClaimsListQuerySchema,
  LOGIN_PATH,
  LoginRequestSchema,
  LOGOUT_PATH,
  ONLINE_DAYS,
  ONLINE_MINUTES,
  ProofVersionIdSchema,
  QuestionBoxRequestSchema,
  SESSION_PATH,
  WORK_QUEUE_COUNTS_PATH,
  WORK_QUEUE_PATH,
} from '../../contracts/backoffice.ts';
import {
  CLIENT_ERROR_COUNTS_PATH,
  CLIENT_ERRORS_PATH,
  ClientErrorReportSchema,
} from '../../contracts/client-errors.ts';
import { SECURITY_EVENT_COUNTS_PATH } from '../../contracts/security-events.ts';
import {
  INBOX_PATH,
  INBOX_STAFF_PATH,
  InboxAnswerRequestSchema,
  InboxAssignRequestSchema,
  InboxListQuerySchema,
  InboxNoteRequestSchema,
  InboxStateRequestSchema,
  MAX_INBOX_ANSWER_LENGTH,
} from '../../contracts/inbox.ts';
import {
  FAQ_PATH,
  FaqEditSchema,
  FaqGenerateSchema,
  FaqListQuerySchema,
  FaqQuestionSchema,
  FaqVoteSchema,
} from '../../contracts/faq.ts';
import { isLanguage, type Language, LANGUAGES } from '../../contracts/languages.ts';
import {
  AttestationFieldsSchema,
  ClaimDeclarationSchema,
  ComplaintFormSchema,
  ContactFormSchema,
  FORM_FILES_FIELD,
  FORM_KEY_FIELD,
  FORM_POSTER_PATH,
  formFieldName,
  GarantieQuerySchema,
  IdempotencyKeySchema,
  InfosDossierQuerySchema,
  LanguageSchema,
  LienPartenaireFieldsSchema,
  CodeIdentiteFieldsSchema,
  CodeIdentiteVerificationFieldsSchema,
  LienSuiviFieldsSchema,
  PARTNER_API_BASE,
  PagesQuerySchema,
  PaysQuerySchema,
  PROOF_UPLOAD_FILE_FIELD,
  ProofFileQuerySchema,
  ProofUploadFieldsSchema,
  ProofValidationFieldsSchema,
  SinistresQuerySchema,
  UploadedProofSchema,
} from '../../contracts/partner-api.ts';
import {
  FIND_NUMBER_REPORT_PATH,
  FindNumberReportSchema,
  FOLLOW_UP_REPORT_PATH,
  FollowUpReportSchema,
} from '../../contracts/statistics.ts';
import { DocumentSchema, EtatSchema, RefusalSchema } from '../staff-api/claims/handling-routes.ts';
import { hostileString, hostileValue } from './hostile-values.ts';
import {
  BREAKS_QUOTED_PARAMETER,
  encodeMultipart,
  encodeQuery,
  encodeUrlencoded,
  type FilePart,
  type FuzzRequest,
  fieldPairs,
  filePartArbitrary,
  hostileCookie,
  jsonBodyArbitrary,
  type MultipartDamage,
  pathSegmentArbitrary,
  queryJunk,
  serverFormView,
  serverJsonView,
  serverQueryView,
} from './requests.ts';
import { hostileArbitrary } from './zod-arbitrary.ts';

/**
 * The fuzz table: every HTTP endpoint of the app with the contract schema of its input and how
 * that input travels (query, JSON, form, multipart with files, path segments). Each entry makes
 * fast-check cases whose expectation comes from the schema itself: a request the schema refuses
 * must get a 4xx with a message and write nothing. `route-coverage.test.ts` fails when the app
 * has a route no entry names, so a new endpoint cannot stay out of the table.
 */

type Schema = z.core.$ZodType;

/** Who an endpoint answers: visitors (messages in their language), staff (French), or anyone (health). */
type Audience = 'customer' | 'staff' | 'public';

/** One generated request and what must hold for its answer. */
export interface FuzzCase {
  request: FuzzRequest;
  /**
   * `invalid`: the schema refuses it: a 4xx (one of `statuses` when given) and nothing written.
   * `valid` or `unknown` (the server's view cannot be told exactly): anything but a 5xx.
   */
  expectation: 'invalid' | 'valid' | 'unknown';
  /** Statuses an invalid case may get; default any 4xx. */
  statuses?: readonly number[];
  /** Languages a customer's refusal may be worded in; empty: any non-empty message (staff). */
  languages: readonly Language[];
  /** Whether a refusal is a JSON envelope (the site's pages are HTML). */
  envelope: boolean;
}

/** What the table needs from the running app. */
export interface FuzzContext {
  /** `Cookie` header of a live staff session (server/staff-api/sessions/test-support.ts). */
  staffCookie: string;
}

export interface FuzzEndpoint {
  /** Name in reports, unique. Example: "POST /partenaire/api/v2/declare/justificatifs (upload)". */
  name: string;
  /** The Express route it covers, `METHOD path`, as route-coverage.test.ts lists the app's routes. */
  route: string;
  audience: Audience;
  cases(context: FuzzContext): fc.Arbitrary<FuzzCase>;
}

/** Accept-Language headers, and the language each one asks for (French when none is supported). */
const acceptLanguage: fc.Arbitrary<{ header: string; lang: Language }> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...LANGUAGES).map((lang) => ({ header: lang, lang })) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(...LANGUAGES).map((lang) => ({ header: `${lang}-XX, fr;q=0.5, *;q=0.1`, lang })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('', '*', 'xx', 'zz-ZZ', ';;;', 'q=1', 'x'.repeat(2000))
      .map((header) => ({ header, lang: 'fr' as Language })),
  },
);

/** Headers every request may carry: language, origin checks, accept. */
const commonHeaders = fc.record({
  language: acceptLanguage,
  crossSite: fc.oneof(
    { weight: 12, arbitrary: fc.constant<Record<string, string>>({}) },
    { weight: 1, arbitrary: fc.constant<Record<string, string>>({ origin: 'https://evil.example' }) },
    { weight: 1, arbitrary: fc.constant<Record<string, string>>({ 'sec-fetch-site': 'cross-site' }) },
  ),
});

/** The languages a customer refusal may be in: the request's `lang` field when valid, else Accept-Language. */
function customerLanguages(view: unknown, accepted: Language): Language[] {
  const field = typeof view === 'object' && view !== null ? (view as Record<string, unknown>)['lang'] : undefined;
  return isLanguage(field) && field !== accepted ? [accepted, field] : [accepted];
}

function validity(schema: Schema, view: unknown): 'valid' | 'invalid' {
  return z.safeParse(schema, view).success ? 'valid' : 'invalid';
}

/** A staff request's cookie: the live session, or a missing or malformed one (then 401 is due). */
function staffCookie(context: FuzzContext): fc.Arbitrary<{ cookie: string; signedIn: boolean }> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ cookie: context.staffCookie, signedIn: true }) },
    {
      weight: 1,
      arbitrary: hostileCookie.map((junk) => ({ cookie: `${junk}; ${context.staffCookie}`, signedIn: true })),
    },
    { weight: 2, arbitrary: hostileCookie.map((cookie) => ({ cookie, signedIn: false })) },
  );
}

/** Whether a path segment cannot be decoded (`%ZZ`, `%C0%AE`): Express answers 400 before any route code. */
function isUndecodable(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return false;
  } catch {
    return true;
  }
}

interface QueryEntry {
  path: string;
  schema: Schema;
  audience: Audience;
  name?: string;
  /** Extra headers (GET /faq asks for JSON). */
  headers?: Record<string, string>;
}

/** GET with a query string derived from `schema`. */
function queryEndpoint({ path, schema, audience, name, headers = {} }: QueryEntry): FuzzEndpoint {
  return {
    name: name ?? `GET ${path}`,
    route: `GET ${path}`,
    audience,
    cases: (context) =>
      fc
        .record({
          value: hostileArbitrary(schema),
          junk: queryJunk,
          common: commonHeaders,
          staff: audience === 'staff' ? staffCookie(context) : fc.constant(undefined),
        })
        .map(({ value, junk, common, staff }): FuzzCase => {
          const query = encodeQuery(value, junk);
          const view = serverQueryView(query);
          const signedOut = staff !== undefined && !staff.signedIn;
          return {
            request: {
              method: 'GET',
              path: query === '' ? path : `${path}?${query}`,
              headers: {
                'accept-language': common.language.header,
                ...headers,
                ...(staff ? { cookie: staff.cookie } : {}),
              },
            },
            expectation: audience === 'public' ? 'unknown' : signedOut ? 'invalid' : validity(schema, view),
            ...(signedOut ? { statuses: [401] } : {}),
            languages: audience === 'customer' ? customerLanguages(view, common.language.lang) : [],
            envelope: true,
          };
        }),
  };
}

interface JsonEntry {
  method: 'POST' | 'PATCH';
  path: string;
  schema: Schema;
  audience: Audience;
  /** The route's JSON body limit in bytes. */
  limitBytes: number;
  name?: string;
  /** Content types the route's JSON parser reads besides application/json. */
  textPlain?: boolean;
  /** Keys the route dispatches on (`tmpResponse`): always in the body so the case reaches its variant. */
  marker?: Record<string, unknown>;
  /**
   * When the staff session is checked: `first` (401 whatever the body), `after-body` (the route
   * reads the body to choose its variant, then asks for the session), `never` (sign-in).
   */
  session?: 'first' | 'after-body' | 'never';
}

/** A JSON body derived from `schema`, sometimes malformed or with a wrong content type. */
function jsonEndpoint(entry: JsonEntry): FuzzEndpoint {
  const { method, path, schema, audience, limitBytes, marker } = entry;
  const value = marker
    ? hostileArbitrary(schema).map((body) =>
        typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, ...marker } : body,
      )
    : hostileArbitrary(schema);
  return {
    name: entry.name ?? `${method} ${path}`,
    route: `${method} ${path}`,
    audience,
    cases: (context) =>
      fc
        .record({
          body: jsonBodyArbitrary(value),
          common: commonHeaders,
          staff: audience === 'staff' ? staffCookie(context) : fc.constant(undefined),
        })
        .map(({ body, common, staff }): FuzzCase => {
          const contentType =
            entry.textPlain && /^text\/plain$/i.test(body.contentType) ? 'application/json' : body.contentType;
          const view = serverJsonView(body.text, contentType);
          const session = entry.session ?? 'first';
          const signedOut = staff !== undefined && !staff.signedIn && session !== 'never';
          const crossSite = Object.keys(common.crossSite).length > 0;
          return {
            request: {
              method,
              path,
              headers: {
                'accept-language': common.language.header,
                'content-type': body.contentType,
                ...(staff ? { cookie: staff.cookie } : {}),
                ...common.crossSite,
              },
              body: Buffer.from(body.text, 'utf8'),
            },
            // A valid body over the route's limit is refused or read, as the route's limit decides.
            expectation:
              signedOut || crossSite
                ? 'invalid'
                : validity(schema, view) === 'valid' && body.text.length > limitBytes
                  ? 'unknown'
                  : validity(schema, view),
            ...(signedOut && session === 'first' ? { statuses: [401] } : {}),
            languages: audience === 'customer' ? customerLanguages(view, common.language.lang) : [],
            envelope: true,
          };
        }),
  };
}

interface FormEntry {
  path: string;
  name?: string;
  /** The fields the cases are derived from. */
  schema: Schema;
  /** The fields as the route parses them (form values are strings); default `schema`. */
  validationSchema?: Schema;
  audience: Audience;
  /** Multipart file fields this form may carry; none: files are refused. */
  fileFields?: readonly string[];
  /** Whether urlencoded bodies are read too (forms without files). */
  urlencoded: boolean;
  /** A file must come with a valid form for it to be valid. */
  fileRequired?: boolean;
  /** Most files a valid form carries. */
  maxFiles?: number;
  /** Headers the route also reads (Idempotency-Key). */
  headers?: fc.Arbitrary<Record<string, string>>;
  /** Whether those headers are valid. */
  headersValid?: (headers: Record<string, string>) => boolean;
}

const MULTIPART_DAMAGES: MultipartDamage[] = [
  'no-closing-boundary',
  'truncated',
  'no-disposition',
  'other-boundary',
  'no-boundary-parameter',
  'lf-only',
  'quoted-name-broken',
];

/** A form (multipart, or urlencoded when the route reads it) derived from `schema`, with file parts. */
function formEndpoint(entry: FormEntry): FuzzEndpoint {
  const { path, schema, audience } = entry;
  const fileFields = entry.fileFields ?? [];
  const files: fc.Arbitrary<FilePart[]> = fc.oneof(
    { weight: 3, arbitrary: fc.constant<FilePart[]>([]) },
    {
      weight: 2,
      arbitrary: fc.array(filePartArbitrary(fileFields.length > 0 ? fileFields : ['file']), {
        minLength: 1,
        maxLength: 3,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 4, max: 12 }).chain((count) =>
        fc.array(filePartArbitrary(fileFields.length > 0 ? fileFields : ['file']), {
          minLength: count,
          maxLength: count,
        }),
      ),
    },
  );
  return {
    name: entry.name ?? `POST ${path}`,
    route: `POST ${path}`,
    audience,
    cases: () =>
      fc
        .record({
          value: hostileArbitrary(schema),
          files,
          encoding: fc.constantFrom(
            ...(entry.urlencoded ? (['multipart', 'urlencoded', 'multipart'] as const) : (['multipart'] as const)),
          ),
          damage: fc.oneof(
            { weight: 6, arbitrary: fc.constant<MultipartDamage>('none') },
            { weight: 1, arbitrary: fc.constantFrom(...MULTIPART_DAMAGES) },
          ),
          wrongType: fc.oneof(
            { weight: 8, arbitrary: fc.constant(undefined) },
            {
              weight: 1,
              arbitrary: fc.constantFrom(
                'application/json',
                'text/plain',
                '',
                'multipart/mixed; boundary=x',
                'multipart/form-data; boundary=',
              ),
            },
          ),
          extraHeaders: entry.headers ?? fc.constant<Record<string, string>>({}),
          common: commonHeaders,
        })
        .map(({ value, files: parts, encoding, damage, wrongType, extraHeaders, common }): FuzzCase => {
          const pairs = fieldPairs(value);
          const attached = encoding === 'multipart' ? parts : [];
          const written =
            encoding === 'multipart'
              ? encodeMultipart(pairs, attached, damage)
              : { contentType: 'application/x-www-form-urlencoded', body: encodeUrlencoded(pairs) };
          const view = serverFormView(pairs);
          const intact = wrongType === undefined && (encoding === 'urlencoded' || damage === 'none');
          const filesValid =
            attached.every((file) => fileFields.includes(file.field)) &&
            attached.length <= (entry.maxFiles ?? (fileFields.length > 0 ? 1 : 0)) &&
            (!entry.fileRequired || attached.length > 0);
          const headersValid = entry.headersValid ? entry.headersValid(extraHeaders) : true;
          const fieldsValid = validity(entry.validationSchema ?? schema, view) === 'valid';
          // A name written raw that breaks its part's header: the server's view of the fields is not ours.
          const namesIntact =
            damage !== 'quoted-name-broken' ||
            ![...pairs.map(([name]) => name), ...attached.flatMap((file) => [file.field, file.filename])].some((name) =>
              BREAKS_QUOTED_PARAMETER.test(name),
            );
          const crossSite = Object.keys(common.crossSite).length > 0;
          // A valid form with files whose content we do not judge (type, size) stays undecided.
          const expectation =
            crossSite || !fieldsValid || !filesValid || !headersValid
              ? 'invalid'
              : intact && attached.length === 0
                ? 'valid'
                : 'unknown';
          return {
            request: {
              method: 'POST',
              path,
              headers: {
                'accept-language': common.language.header,
                'content-type': wrongType ?? written.contentType,
                ...extraHeaders,
                ...common.crossSite,
              },
              body: written.body,
            },
            // Damaged bodies are undecided unless the fields are already invalid, or the request is refused
            // before its body is read: a damaged part's headers (a broken quote in a file name) may make
            // busboy skip the part, so an unexpected file in it may never be seen.
            expectation:
              expectation === 'invalid' && !intact && (fieldsValid || !namesIntact) && !crossSite && headersValid
                ? 'unknown'
                : expectation,
            // Fields read before a damage choose the language too.
            languages: customerLanguages(view, common.language.lang),
            envelope: true,
          };
        }),
  };
}

/** A staff route with path parameters (and maybe a JSON body), the segments derived from their meaning. */
function staffPathEndpoint(
  method: 'GET' | 'POST' | 'PATCH',
  route: string,
  segments: Record<string, { valid: fc.Arbitrary<string>; isValid: (segment: string) => boolean }>,
  body?: { schema: Schema; limitBytes: number },
): FuzzEndpoint {
  const names = Object.keys(segments);
  return {
    name: `${method} ${route}`,
    route: `${method} ${route}`,
    audience: 'staff',
    cases: (context) =>
      fc
        .record({
          segments: fc.tuple(
            ...names.map((name) => pathSegmentArbitrary((segments[name] as { valid: fc.Arbitrary<string> }).valid)),
          ),
          body: body ? jsonBodyArbitrary(hostileArbitrary(body.schema)) : fc.constant(undefined),
          staff: staffCookie(context),
          common: commonHeaders,
          query: fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryJunk }),
        })
        .map(({ segments: values, body: sent, staff, common, query }): FuzzCase => {
          let path = route;
          names.forEach((name, index) => {
            path = path.replace(`:${name}`, values[index] as string);
          });
          const decoded = names.map((name, index) => {
            try {
              return (segments[name] as { isValid: (segment: string) => boolean }).isValid(
                decodeURIComponent(values[index] as string),
              );
            } catch {
              return false;
            }
          });
          const bodyValid =
            !body ||
            (sent !== undefined && validity(body.schema, serverJsonView(sent.text, sent.contentType)) === 'valid');
          const crossSite = method !== 'GET' && Object.keys(common.crossSite).length > 0;
          const malformed = values.some((value) => isUndecodable(value as string));
          return {
            request: {
              method,
              path: query ? `${path}?${query.slice(1)}` : path,
              headers: {
                'accept-language': common.language.header,
                cookie: staff.cookie,
                ...(sent ? { 'content-type': sent.contentType } : {}),
                ...(method === 'GET' ? {} : common.crossSite),
              },
              ...(sent ? { body: Buffer.from(sent.text, 'utf8') } : {}),
            },
            // An empty segment makes another route's path (`/sinistres/` is the list): undecided.
            expectation: values.includes('')
              ? 'unknown'
              : !staff.signedIn || malformed || crossSite || !decoded.every(Boolean) || !bodyValid
                ? 'invalid'
                : 'valid',
            ...(!staff.signedIn ? { statuses: malformed ? [400, 401] : [401] } : {}),
            languages: [],
            // An empty segment leaves the API for the site, whose 404 is a page.
            envelope: !values.includes(''),
          };
        }),
  };
}

/** A staff route with neither body nor parameters: cookies and query junk only. */
function staffCookieEndpoint(
  method: 'GET' | 'POST',
  route: string,
  options: { signedInAllowed: boolean },
): FuzzEndpoint {
  return {
    name: `${method} ${route}`,
    route: `${method} ${route}`,
    audience: 'staff',
    cases: (context) =>
      fc
        .record({
          staff: options.signedInAllowed
            ? staffCookie(context)
            : hostileCookie.map((cookie) => ({ cookie, signedIn: false })),
          common: commonHeaders,
          query: queryJunk,
          body: fc.option(hostileValue, { freq: 3 }),
        })
        .map(
          ({ staff, common, query, body }): FuzzCase => ({
            request: {
              method,
              path: query ? `${route}?${query.slice(1)}` : route,
              headers: {
                'accept-language': common.language.header,
                cookie: staff.cookie,
                ...(body === null ? {} : { 'content-type': 'application/json' }),
                ...(method === 'GET' ? {} : common.crossSite),
              },
              ...(body === null ? {} : { body: Buffer.from(JSON.stringify(body) ?? 'null') }),
            },
            // Signing out without a session is not refused (it ends nothing); reading one needs it.
            expectation: method === 'GET' && !staff.signedIn ? 'invalid' : 'unknown',
            ...(method === 'GET' && !staff.signedIn ? { statuses: [401] } : {}),
            languages: [],
            envelope: true,
          }),
        ),
  };
}

/** Demo claim numbers: valid ones that exist, so the handlers behind the parsers run too. */
const claimNumber = fc.oneof(
  fc.integer({ min: 1, max: 12 }).map(claimNumberOf),
  fc.stringMatching(CLAIM_NUMBER_PATTERN),
  fc.constantFrom('si-0000003', 'SI-0000003 '),
);
const proofId = fc.oneof(fc.integer({ min: 1, max: 60 }).map(String), fc.constantFrom('0', '-1', '2147483648', '1.5'));
const isProofId = (segment: string) => /^\d+$/.test(segment) && Number.isSafeInteger(Number(segment));
const proofVersionId = fc.oneof(fc.uuid({ version: 4 }), fc.constantFrom('0', 'not-a-uuid'));

/** Inbox message and attachment ids: small ones that may exist, and ids the path refuses. */
const inboxId = fc.oneof(fc.integer({ min: 1, max: 40 }).map(String), fc.constantFrom('0', '-1', '1234567890', '1.5'));
const isInboxId = (segment: string) => /^[0-9]{1,9}$/.test(segment);
const inboxSegment = { valid: inboxId, isValid: isInboxId };

const P = PARTNER_API_BASE;
/** Every partner's slug, from brands/: a brand added is fuzzed too. */
const PARTNER_SLUGS = partnerSlugs();

/** Strings as form fields: every field of a contract schema, as the form sends it. */
function prefixedShape(shape: Record<string, Schema>, prefix: (name: string) => string): Record<string, Schema> {
  return Object.fromEntries(Object.entries(shape).map(([name, field]) => [prefix(name), field]));
}

/** The forms poster's fields: the key, `lang`, `company` and the chosen form's fields, prefixed. */
const FormPosterSchema = z.union([
  z.strictObject({
    [FORM_KEY_FIELD]: z.literal('reclamation'),
    lang: z.optional(LanguageSchema),
    company: z.optional(z.enum(PARTNER_SLUGS)),
    ...prefixedShape(ComplaintFormSchema._zod.def.shape, formFieldName),
  }),
  z.strictObject({
    [FORM_KEY_FIELD]: z.literal('contact'),
    lang: z.optional(LanguageSchema),
    company: z.optional(z.enum(PARTNER_SLUGS)),
    ...prefixedShape(ContactFormSchema._zod.def.shape, formFieldName),
  }),
]);

/** A proof validation's `justificatifs` is the JSON of a list of uploaded proofs: derived too. */
const ProofValidationWithListSchema = z.object({
  ...ProofValidationFieldsSchema._zod.def.shape,
  justificatifs: z.pipe(
    z.array(UploadedProofSchema),
    z.transform((list) => JSON.stringify(list)),
  ),
});

const idempotencyKey = fc
  .oneof(
    { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{16,128}$/) },
    { weight: 1, arbitrary: hostileString.map((text) => text.slice(0, 300)) },
    { weight: 1, arbitrary: fc.constant('') },
  )
  .map((key): Record<string, string> => (key === '' ? {} : { 'idempotency-key': key }));

/** Every endpoint of the app, as the fuzz suite covers it. */
export const FUZZ_ENDPOINTS: readonly FuzzEndpoint[] = [
  queryEndpoint({ path: '/healthz', schema: z.strictObject({}), audience: 'public' }),
  // Partner API (customer): messages in the visitor's language.
  formEndpoint({
    path: `${P}/sinistres`,
    schema: ClaimDeclarationSchema,
    audience: 'customer',
    urlencoded: true,
    headers: idempotencyKey,
    headersValid: (headers) => z.safeParse(IdempotencyKeySchema, headers['idempotency-key']).success,
  }),
  queryEndpoint({ path: `${P}/sinistres`, schema: SinistresQuerySchema, audience: 'customer' }),
  formEndpoint({ path: `${P}/lien_suivi`, schema: LienSuiviFieldsSchema, audience: 'customer', urlencoded: true }),
  queryEndpoint({ path: `${P}/infos_dossier`, schema: InfosDossierQuerySchema, audience: 'customer' }),
  formEndpoint({
    path: `${P}/lien_partenaire`,
    schema: LienPartenaireFieldsSchema,
    audience: 'customer',
    urlencoded: true,
  }),
  formEndpoint({
    path: `${P}/code_identite`,
    schema: CodeIdentiteFieldsSchema,
    audience: 'customer',
    urlencoded: true,
  }),
  formEndpoint({
    path: `${P}/code_identite/verification`,
    schema: CodeIdentiteVerificationFieldsSchema,
    audience: 'customer',
    urlencoded: true,
  }),
  queryEndpoint({ path: `${P}/garantie`, schema: GarantieQuerySchema, audience: 'customer' }),
  queryEndpoint({ path: `${P}/pays`, schema: PaysQuerySchema, audience: 'customer' }),
  queryEndpoint({ path: `${P}/pages`, schema: PagesQuerySchema, audience: 'customer' }),
  formEndpoint({
    path: `${P}/justificatifs`,
    name: `POST ${P}/justificatifs (upload)`,
    schema: ProofUploadFieldsSchema,
    audience: 'customer',
    urlencoded: false,
    fileFields: [PROOF_UPLOAD_FILE_FIELD],
    fileRequired: true,
  }),
  formEndpoint({
    path: `${P}/justificatifs`,
    name: `POST ${P}/justificatifs (validation)`,
    schema: ProofValidationWithListSchema,
    validationSchema: ProofValidationFieldsSchema,
    audience: 'customer',
    urlencoded: false,
  }),
  queryEndpoint({ path: `${P}/justificatifs/fichier`, schema: ProofFileQuerySchema, audience: 'customer' }),
  formEndpoint({ path: `${P}/attestation`, schema: AttestationFieldsSchema, audience: 'customer', urlencoded: true }),
  formEndpoint({
    path: FORM_POSTER_PATH,
    schema: FormPosterSchema,
    audience: 'customer',
    urlencoded: false,
    fileFields: [FORM_FILES_FIELD],
    maxFiles: 5,
  }),
  // Statistics service, customer side.
  jsonEndpoint({
    method: 'POST',
    path: FIND_NUMBER_REPORT_PATH,
    schema: FindNumberReportSchema,
    audience: 'customer',
    limitBytes: 4096,
    textPlain: true,
  }),
  jsonEndpoint({
    method: 'POST',
    path: FOLLOW_UP_REPORT_PATH,
    schema: FollowUpReportSchema,
    audience: 'customer',
    limitBytes: 4096,
    textPlain: true,
  }),
  jsonEndpoint({
    method: 'POST',
    path: FAQ_PATH,
    name: `POST ${FAQ_PATH} (question)`,
    schema: FaqQuestionSchema,
    audience: 'customer',
    limitBytes: 64 * 1024,
  }),
  jsonEndpoint({
    method: 'PATCH',
    path: FAQ_PATH,
    name: `PATCH ${FAQ_PATH} (vote)`,
    schema: FaqVoteSchema,
    audience: 'customer',
    limitBytes: 64 * 1024,
    marker: { add_reponse_utile_oui: 1 },
  }),
  jsonEndpoint({
    method: 'POST',
    path: CLIENT_ERRORS_PATH,
    schema: ClientErrorReportSchema,
    audience: 'customer',
    limitBytes: 1024,
    textPlain: true,
  }),
  // Back office (staff, French only): signed out 401, signed in the schema decides.
  jsonEndpoint({
    method: 'POST',
    path: LOGIN_PATH,
    schema: LoginRequestSchema,
    audience: 'staff',
    limitBytes: 4096,
    session: 'never',
  }),
  staffCookieEndpoint('POST', LOGOUT_PATH, { signedInAllowed: false }),
  staffCookieEndpoint('GET', SESSION_PATH, { signedInAllowed: true }),
  queryEndpoint({ path: '/sinistres', schema: ClaimsListQuerySchema, audience: 'staff' }),
  // The work queue reads nothing of the request but the session.
  staffCookieEndpoint('GET', WORK_QUEUE_PATH, { signedInAllowed: true }),
  staffCookieEndpoint('GET', WORK_QUEUE_COUNTS_PATH, { signedInAllowed: true }),
  staffPathEndpoint('GET', '/sinistres/:numero', { numero: { valid: claimNumber, isValid: isClaimNumber } }),
  staffPathEndpoint(
    'PATCH',
    '/sinistres/:numero/etat',
    { numero: { valid: claimNumber, isValid: isClaimNumber } },
    { schema: EtatSchema, limitBytes: 4096 },
  ),
  staffPathEndpoint(
    'POST',
    '/sinistres/:numero/justificatifs',
    { numero: { valid: claimNumber, isValid: isClaimNumber } },
    { schema: DocumentSchema, limitBytes: 4096 },
  ),
  staffPathEndpoint('POST', '/sinistres/:numero/justificatifs/:proofId/validation', {
    numero: { valid: claimNumber, isValid: isClaimNumber },
    proofId: { valid: proofId, isValid: isProofId },
  }),
  staffPathEndpoint(
    'POST',
    '/sinistres/:numero/justificatifs/:proofId/refus',
    { numero: { valid: claimNumber, isValid: isClaimNumber }, proofId: { valid: proofId, isValid: isProofId } },
    { schema: RefusalSchema, limitBytes: 4096 },
  ),
  staffPathEndpoint('GET', '/sinistres/:numero/justificatifs/:proofId/fichier', {
    numero: { valid: claimNumber, isValid: isClaimNumber },
    proofId: { valid: proofId, isValid: isProofId },
  }),
  staffPathEndpoint('GET', '/sinistres/:numero/justificatifs/:proofId/versions/:versionId/fichier', {
    numero: { valid: claimNumber, isValid: isClaimNumber },
    proofId: { valid: proofId, isValid: isProofId },
    versionId: { valid: proofVersionId, isValid: (segment) => ProofVersionIdSchema.safeParse(segment).success },
  }),
  staffPathEndpoint('GET', '/activities/:days/:minutes', {
    days: {
      valid: fc.constantFrom(...ONLINE_DAYS).map(String),
      isValid: (segment) => (ONLINE_DAYS as readonly number[]).includes(Number(segment)),
    },
    minutes: {
      valid: fc.constantFrom(...ONLINE_MINUTES).map(String),
      isValid: (segment) => (ONLINE_MINUTES as readonly number[]).includes(Number(segment)),
    },
  }),
  jsonEndpoint({
    method: 'POST',
    path: '/activities/between_dates',
    name: 'POST /activities/between_dates (dates)',
    schema: BetweenDatesRequestSchema,
    audience: 'staff',
    limitBytes: 16 * 1024,
  }),
  jsonEndpoint({
    method: 'POST',
    path: '/activities/between_dates',
    name: 'POST /activities/between_dates (question box)',
    schema: QuestionBoxRequestSchema,
    audience: 'staff',
    limitBytes: 16 * 1024,
  }),
  queryEndpoint({ path: '/activities', schema: ActivitiesQuerySchema, audience: 'staff' }),
  queryEndpoint({ path: FIND_NUMBER_RATE_PATH, schema: DateRangeSchema, audience: 'staff' }),
  queryEndpoint({ path: FOLLOW_UP_RATE_PATH, schema: DateRangeSchema, audience: 'staff' }),
  jsonEndpoint({
    method: 'POST',
    path: UNIQUE_USERS_PATH,
    schema: DateRangeSchema,
    audience: 'staff',
    limitBytes: 2048,
  }),
  jsonEndpoint({
    method: 'POST',
    path: DECLARATION_FUNNEL_PATH,
    schema: DateRangeSchema,
    audience: 'staff',
    limitBytes: 2048,
  }),
  jsonEndpoint({
    method: 'POST',
    path: PAGES_AROUND_PATH,
    schema: PagesAroundRequestSchema,
    audience: 'staff',
    limitBytes: 2048,
  }),
  queryEndpoint({
    path: FAQ_PATH,
    name: `GET ${FAQ_PATH} (staff list)`,
    schema: FaqListQuerySchema,
    audience: 'staff',
    headers: { accept: 'application/json' },
  }),
  jsonEndpoint({
    method: 'POST',
    path: FAQ_PATH,
    name: `POST ${FAQ_PATH} (generate)`,
    schema: FaqGenerateSchema,
    audience: 'staff',
    limitBytes: 64 * 1024,
    marker: { tmpResponse: true },
    session: 'after-body',
  }),
  jsonEndpoint({
    method: 'PATCH',
    path: FAQ_PATH,
    name: `PATCH ${FAQ_PATH} (edit)`,
    schema: FaqEditSchema,
    audience: 'staff',
    limitBytes: 64 * 1024,
    session: 'after-body',
  }),
  queryEndpoint({ path: INBOX_PATH, schema: InboxListQuerySchema, audience: 'staff' }),
  staffCookieEndpoint('GET', INBOX_STAFF_PATH, { signedInAllowed: true }),
  staffPathEndpoint('GET', `${INBOX_PATH}/:id`, { id: inboxSegment }),
  staffPathEndpoint('GET', `${INBOX_PATH}/:id/pieces/:attachmentId/fichier`, {
    id: inboxSegment,
    attachmentId: inboxSegment,
  }),
  staffPathEndpoint(
    'PATCH',
    `${INBOX_PATH}/:id/assignation`,
    { id: inboxSegment },
    { schema: InboxAssignRequestSchema, limitBytes: 4096 },
  ),
  staffPathEndpoint(
    'POST',
    `${INBOX_PATH}/:id/notes`,
    { id: inboxSegment },
    { schema: InboxNoteRequestSchema, limitBytes: 4096 },
  ),
  staffPathEndpoint(
    'PATCH',
    `${INBOX_PATH}/:id/etat`,
    { id: inboxSegment },
    { schema: InboxStateRequestSchema, limitBytes: 4096 },
  ),
  staffPathEndpoint(
    'POST',
    `${INBOX_PATH}/:id/reponses`,
    { id: inboxSegment },
    { schema: InboxAnswerRequestSchema, limitBytes: MAX_INBOX_ANSWER_LENGTH * 2 + 1024 },
  ),
  queryEndpoint({ path: CLIENT_ERROR_COUNTS_PATH, schema: z.object({}), audience: 'staff' }),
  queryEndpoint({ path: SECURITY_EVENT_COUNTS_PATH, schema: z.object({}), audience: 'staff' }),
  // The built site answers every other GET: hostile paths must not reach a file outside it.
  {
    name: 'GET site pages and assets',
    route: 'GET (site)',
    audience: 'public',
    cases: () =>
      fc
        .record({
          segments: fc.array(
            pathSegmentArbitrary(
              fc.constantFrom(...PARTNER_SLUGS, 'en', 'faq', 'fluow', '_astro', 'index.html', '.build-stamp', 'sw.js'),
            ),
            { minLength: 1, maxLength: 5 },
          ),
          junk: queryJunk,
          common: commonHeaders,
        })
        .map(
          ({ segments, junk, common }): FuzzCase => ({
            request: {
              method: 'GET',
              path: `/${segments.join('/')}${junk ? `?${junk.slice(1)}` : ''}`,
              headers: { 'accept-language': common.language.header },
            },
            expectation: 'unknown',
            languages: [],
            envelope: false,
          }),
        ),
  },
];

/** Routes of the app the table covers, `METHOD path`. */
export function coveredRoutes(): Set<string> {
  return new Set(FUZZ_ENDPOINTS.map((endpoint) => endpoint.route));
}
