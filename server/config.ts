import { z } from 'zod/mini';

/**
 * The server's configuration, read from environment variables and validated once at
 * start. An empty variable counts as unset. Unknown variables (NODE_ENV included) are ignored.
 */

/** A configuration problem; the message is one line naming the variable, the problem and the value. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Unset and blank variables both mean "use the default". */
function unsetWhenBlank(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

function isUrl(value: string, protocols: readonly string[]): boolean {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return protocols.includes(url.protocol) && url.hostname !== '';
}

function url(protocols: readonly string[], message: string) {
  return z.string().check(z.refine((value) => isUrl(value, protocols), { error: message }));
}

/** Public base URLs are joined with paths, so they are kept without trailing slash. */
function baseUrl(protocols: readonly string[], message: string) {
  return z.pipe(
    url(protocols, message),
    z.transform((value: string) => value.replace(/\/+$/, '')),
  );
}

function integer(min: number, max: number, message: string) {
  return z
    .pipe(z.string().check(z.regex(/^\d+$/, { error: message })), z.transform(Number))
    .check(z.refine((value) => value >= min && value <= max, { error: message }));
}

/** The shortest key of a brand's signed links: 256 bits, the HMAC-SHA256 block's worth of secret. */
const PARTNER_LINK_KEY_MIN_BYTES = 32;

/** `brand:key,brand2:key` as a map of brand slug to key bytes, or undefined when malformed. */
function parsePartnerLinkKeys(value: string): Map<string, Buffer> | undefined {
  const keys = new Map<string, Buffer>();
  for (const pair of value.split(',')) {
    const match = /^\s*([a-z][a-z0-9]{0,63}):([A-Za-z0-9+/_-]+={0,2})\s*$/.exec(pair);
    if (!match?.[1] || !match[2] || keys.has(match[1])) return undefined;
    const key = Buffer.from(match[2].replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length < PARTNER_LINK_KEY_MIN_BYTES) return undefined;
    keys.set(match[1], key);
  }
  return keys;
}

const optionalText = z.optional(z.string());
const EMAIL = /^[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+$/;

const ConfigSchema = z
  .object({
    /** HTTP port; 0 picks a free one. Example: "8080". */
    PORT: z._default(integer(0, 65535, 'must be an integer between 0 and 65535'), 4321),
    /** Directory of the embedded database, the file store and the mail outbox. Example: "/var/lib/claim-portal". */
    DATA_DIR: z._default(z.string(), './data'),
    /** Directory of the built static site (Astro's output). Example: "dist". */
    STATIC_DIR: z._default(z.string(), 'dist'),
    /** PostgreSQL server to use instead of the embedded database. Example: "postgres://app:secret@db:5432/claims". */
    DATABASE_URL: z.optional(url(['postgres:', 'postgresql:'], 'must be a postgres:// or postgresql:// URL')),
    /**
     * Public origin of the site, for absolute hreflang and canonical links. Its scheme sets the staff
     * cookies: https gives `__Host-bo_session` and `__Host-bo_device`, Secure (a TLS proxy in front is
     * enough; TRUST_PROXY is not needed for it). Example: "https://sinistre.example.com".
     */
    PUBLIC_SITE_URL: z.optional(baseUrl(['http:', 'https:'], 'must be an absolute http(s):// URL')),
    /** Origin of the partner API the pages call; by default the same origin. Example: "https://api.example.com". */
    PUBLIC_PARTNER_API_URL: z.optional(baseUrl(['http:', 'https:'], 'must be an absolute http(s):// URL')),
    /** Origin of the statistics service the pages call; by default the same origin. Example: "https://stats.example.com". */
    PUBLIC_STATS_URL: z.optional(baseUrl(['http:', 'https:'], 'must be an absolute http(s):// URL')),
    /**
     * Base URL of a Photon geocoder suggesting addresses in the declaration form, which sends it what
     * the visitor types there; unset, the address fields are plain inputs. Example: "https://photon.komoot.io".
     */
    PUBLIC_ADDRESS_SEARCH_URL: z.optional(baseUrl(['http:', 'https:'], 'must be an absolute http(s):// URL')),
    /** SMTP server for outgoing mail; without it mail is written to DATA_DIR/outbox. Example: "smtps://user:pass@smtp.example.com:465". */
    SMTP_URL: z.optional(url(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL')),
    /** Sender of outgoing mail. Example: "Sinistre Assistance <noreply@example.com>". */
    MAIL_FROM: z.optional(
      z.string().check(
        z.refine((value) => EMAIL.test(value) || /^[^<>]+ <[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>$/.test(value), {
          error: 'must be an e-mail address or "Name <address>"',
        }),
      ),
    ),
    /** Login of the first back-office user; set together with BO_ADMIN_PASSWORD. Example: "admin". */
    BO_ADMIN_LOGIN: optionalText,
    /** Password of the first back-office user, at least 12 characters. */
    BO_ADMIN_PASSWORD: z.optional(z.string().check(z.minLength(12, { error: 'must be at least 12 characters long' }))),
    /** Base URL of an OpenAI-compatible chat API. Example: "https://api.openai.com/v1". */
    LLM_BASE_URL: z.optional(baseUrl(['http:', 'https:'], 'must be an absolute http(s):// URL')),
    /** Model name sent to the chat API. Example: "gpt-4o-mini". */
    LLM_MODEL: optionalText,
    /** API key of the chat API. */
    LLM_API_KEY: optionalText,
    /** A model answer slower than this (ms) is dropped for the retrieval answer. Example: "8000". */
    LLM_TIMEOUT_MS: z._default(integer(100, 120_000, 'must be an integer between 100 and 120000'), 8_000),
    /** S3-compatible object store for uploaded files; without it files go to DATA_DIR. Example: "https://s3.eu-west-3.amazonaws.com". */
    S3_URL: z.optional(url(['http:', 'https:'], 'must be an absolute http(s):// URL')),
    /** Bucket of the object store; required with S3_URL. Example: "claim-files". */
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** Region of the object store. Example: "eu-west-3". */
    S3_REGION: optionalText,
    /**
     * Mebibytes of uploaded files (proofs, complaint attachments) accepted per hour from all
     * visitors together; beyond, uploads answer 503 until the hour slides on. Example: "4096".
     */
    UPLOAD_MB_PER_HOUR: z._default(integer(1, 100_000_000, 'must be a whole number of MiB (1 to 100000000)'), 4096),
    /**
     * Uploads are refused (507) when the file store's disk would have less free space than this
     * many MiB or UPLOAD_MIN_FREE_PERCENT of its size, whichever is more; the database's disk is
     * usually the same one. Not checked for an S3 store. Example: "1024".
     */
    UPLOAD_MIN_FREE_MB: z._default(integer(0, 100_000_000, 'must be a whole number of MiB (0 to 100000000)'), 1024),
    /** The share of the file store's disk kept free, in percent (see UPLOAD_MIN_FREE_MB). Example: "5". */
    UPLOAD_MIN_FREE_PERCENT: z._default(integer(0, 100, 'must be a whole percentage (0 to 100)'), 5),
    /**
     * The share of UPLOAD_MB_PER_HOUR that one client address group (an IPv4 address, an IPv6 /64)
     * may upload in an hour, in percent; beyond, its uploads answer 429 while others go on. The
     * default 5 lets a campsite's Wi-Fi send about 200 MiB an hour (40 proofs of 5 MB) and takes
     * 20 address groups to spend everyone's budget. Example: "5".
     */
    UPLOAD_PERCENT_PER_ADDRESS: z._default(integer(1, 100, 'must be a whole percentage (1 to 100)'), 5),
    /** Uploads read at the same time by one server process; one more answers 503. Example: "16". */
    UPLOADS_AT_ONCE: z._default(integer(1, 10_000, 'must be a whole number (1 to 10000)'), 16),
    /** Uploads read at the same time from one client address (IPv6: one /64); one more answers 429. Example: "4". */
    UPLOADS_AT_ONCE_PER_ADDRESS: z._default(integer(1, 10_000, 'must be a whole number (1 to 10000)'), 4),
    /**
     * Name of this process among several behind a load balancer, sent in an `X-Served-By` header
     * on every HTTP answer so that an operator (or `npm run cluster`'s tests) sees which one
     * answered. Unset: no header. Example: "web-2".
     */
    INSTANCE_NAME: z.optional(
      z
        .string()
        .check(
          z.regex(/^[A-Za-z0-9._-]{1,64}$/, { error: 'must be 1 to 64 letters, digits, dots, dashes or underscores' }),
        ),
    ),
    /** Number of reverse proxies in front of the server, whose X-Forwarded-* headers are trusted. Example: "1". */
    TRUST_PROXY: z._default(integer(0, 100, 'must be a whole number of trusted proxies (0 to 100)'), 0),
    /**
     * Demo data, written once into an empty database: `auto` seeds the embedded
     * database only (never a PostgreSQL server of DATABASE_URL), `on` seeds either, `off` never.
     * Only `on` also accepts the demo brands' published signed-link keys (when PARTNER_LINK_KEYS is unset).
     */
    DEMO_DATA: z._default(z.enum(['auto', 'on', 'off'], { error: 'must be auto, on or off' }), 'auto'),
    /**
     * Keys of the brands' signed links: `brand:key` pairs separated by commas,
     * each key base64 or base64url of at least 32 random bytes (`openssl rand -base64 32`); the
     * brand is its URL slug. A brand without a key has no signed links. Unset while the server
     * holds the demo data: each partner brand has its development key (partner-link.ts), NOT for
     * production. Example: "veligo:3q2+7w...=,sandaya:Zm9v...".
     */
    PARTNER_LINK_KEYS: z.optional(
      z.pipe(
        z.string().check(
          z.refine((value) => parsePartnerLinkKeys(value) !== undefined, {
            error: 'must be brand:key pairs separated by commas, each brand once, each key base64 of at least 32 bytes',
          }),
        ),
        z.transform((value: string): ReadonlyMap<string, Buffer> => parsePartnerLinkKeys(value) ?? new Map()),
      ),
    ),
    /** Minimum level of the JSON logs. */
    LOG_LEVEL: z._default(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }), 'info'),
    /** Third-party chat widget script, loaded after consent. Example: "https://chat.example.com/widget.js". */
    PUBLIC_CHAT_WIDGET_URL: z.optional(url(['https:'], 'must be an absolute https:// URL')),
    /** Third-party behaviour analytics script, loaded after consent. Example: "https://analytics.example.com/tag.js". */
    PUBLIC_ANALYTICS_URL: z.optional(url(['https:'], 'must be an absolute https:// URL')),
  })
  .check(
    z.superRefine((config, context) => {
      if (config.BO_ADMIN_LOGIN !== undefined && config.BO_ADMIN_PASSWORD === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['BO_ADMIN_PASSWORD'],
          message: 'must be set when BO_ADMIN_LOGIN is set',
        });
      }
      if (config.BO_ADMIN_PASSWORD !== undefined && config.BO_ADMIN_LOGIN === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['BO_ADMIN_LOGIN'],
          message: 'must be set when BO_ADMIN_PASSWORD is set',
        });
      }
      if (config.S3_URL !== undefined && config.S3_BUCKET === undefined) {
        context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'must be set when S3_URL is set' });
      }
      if (config.LLM_BASE_URL !== undefined && config.LLM_MODEL === undefined) {
        context.addIssue({ code: 'custom', path: ['LLM_MODEL'], message: 'must be set when LLM_BASE_URL is set' });
      }
    }),
  );

export type Config = z.output<typeof ConfigSchema>;

const VARIABLES = Object.keys(ConfigSchema.shape) as (keyof typeof ConfigSchema.shape)[];

/** Secrets are never echoed in error messages: by name, or when a URL may carry credentials. */
function describeValue(name: string, value: string | undefined): string {
  if (value === undefined) return 'not set';
  if (/PASSWORD|SECRET|_KEY/.test(name) || (value.includes('://') && value.includes('@'))) return 'value hidden';
  const shown = value.length > 80 ? `${value.slice(0, 77)}...` : value;
  return `got ${JSON.stringify(shown)}`;
}

/**
 * Reads and validates the configuration. Throws a ConfigError with one line per deployment
 * problem joined on one line, e.g.
 * `Invalid configuration: PORT must be an integer between 0 and 65535 (got "abc").`
 */
/**
 * The origin links in mails point to: PUBLIC_SITE_URL, else this machine on PORT (the embedded
 * default). Never a request's Host header: a client chooses it, and could have a claimant's
 * follow-up token mailed as a link to its own host.
 */
export function mailLinkOrigin(config: Pick<Config, 'PUBLIC_SITE_URL' | 'PORT'>): string {
  return config.PUBLIC_SITE_URL ?? `http://localhost:${config.PORT}`;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input = Object.fromEntries(VARIABLES.map((name) => [name, unsetWhenBlank(env[name])]));
  const result = z.safeParse(ConfigSchema, input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'configuration');
    const value = unsetWhenBlank(env[name]);
    return `${name} ${issue.message} (${describeValue(name, typeof value === 'string' ? value : undefined)})`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}.`);
}
