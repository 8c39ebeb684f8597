import { parseArgs } from 'node:util';
import { loadBrands } from '../brands/index.ts';
import { isLanguage, type Language } from '../contracts/languages.ts';
import { InsuredNumberSchema, PARTNER_LINK_MAX_DAYS } from '../contracts/partner-api.ts';
import { ConfigError, loadConfig, mailLinkOrigin } from '../server/config.ts';
import { partnerLinkKeysOf, partnerLinkPath, signPartnerLink } from '../server/customer-api/insured/partner-link.ts';

/**
 * `npm run partner-link -- <brand> <insuredNumber> [--days N] [--lang fr]`: prints a brand's signed
 * link opening the declaration with this insured number already checked, for
 * trying the feature and for a partner's developers to compare with the links their code builds.
 * The key is the brand's of PARTNER_LINK_KEYS, or its development key when the server would use
 * the development keys (DEMO_DATA=on, PARTNER_LINK_KEYS unset; said on stderr). The origin is
 * PUBLIC_SITE_URL, else http://localhost:PORT. Errors print one line on stderr and exit with 1.
 */

const USAGE = 'usage: npm run partner-link -- <brand> <insuredNumber> [--days N] [--lang fr]';

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

const { positionals, values } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { days: { type: 'string', default: '7' }, lang: { type: 'string', default: 'fr' } },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
})();
const [brand, typedNumber, ...rest] = positionals;
if (brand === undefined || typedNumber === undefined || rest.length > 0) fail(USAGE);
const days = Number(values.days);
if (!Number.isInteger(days) || days < 1 || days > PARTNER_LINK_MAX_DAYS)
  fail(`--days must be a whole number of days from 1 to ${PARTNER_LINK_MAX_DAYS}`);
const lang = values.lang;
if (!isLanguage(lang)) fail(`--lang must be one of fr, en, de, es, it, nl, pl, da, pt`);
const number = InsuredNumberSchema.safeParse(typedNumber);
if (!number.success) fail(`${typedNumber} is not an insured number (SO-…)`);

const config = (() => {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
})();
const brands = await loadBrands();
if (!brands.partners.some((partner) => partner.slug === brand)) fail(`${brand} is no brand file's slug`);
const keys = partnerLinkKeysOf(config, brands);
const key = keys.keyOf(brand);
if (key === undefined)
  fail(
    keys.development
      ? `${brand} has no signed links (its brand file sets an automatic number)`
      : config.PARTNER_LINK_KEYS === undefined
        ? 'PARTNER_LINK_KEYS is unset: set it, or run the demo with DEMO_DATA=on to use its development keys'
        : `${brand} has no key in PARTNER_LINK_KEYS`,
  );
if (keys.development)
  process.stderr.write('Signed with the development key of the demo (PARTNER_LINK_KEYS unset): NOT for production.\n');

const exp = Math.floor(Date.now() / 1000) + days * 86_400;
const token = signPartnerLink({ brand, number: number.data, exp, lang: lang as Language }, key);
process.stdout.write(`${mailLinkOrigin(config)}${partnerLinkPath(brand, lang as Language, token)}\n`);
