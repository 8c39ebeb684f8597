import { z } from 'zod/mini';
import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from '../../contracts/languages.ts';
import { CONTRACT_NUMBER_CHARACTERS, CONTRACT_NUMBER_MAX_LENGTH, contractNumberRegExp } from './contract-numbers.ts';

/**
 * The schema of one partner brand file (`brands/<slug>.ts`). Every per-company behaviour of the
 * specification is a field here, so code never compares a company name.
 */

/** One line of a postal address. */
const addressLine = z.string().check(z.trim(), z.minLength(1), z.maxLength(120));

/** A brand value the same in every language, or written in each of them. */
function oneOrPerLanguage<Value extends z.core.$ZodType<string>>(value: Value) {
  return z.union([value, z.record(z.enum(LANGUAGES), value)]);
}

/** The value of a field `oneOrPerLanguage` reads, in `lang`. */
export function inLanguage(value: string | Readonly<Record<Language, string>>, lang: Language): string {
  return typeof value === 'string' ? value : value[lang];
}

const cssColor = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Use a six-digit hex colour such as "#0a7d5a".'));

/** Colours of the brand, emitted as CSS custom properties on the page body. */
const ThemeSchema = z.object({
  /** Main brand colour: header accents, primary buttons. Example: "#0a7d5a". */
  primary: cssColor,
  /** Text colour on top of `primary`; must be readable (white or near-black). Example: "#ffffff". */
  onPrimary: cssColor,
  /** Darker shade of the primary colour for hover states and headings. Example: "#075c42". */
  primaryDark: cssColor,
  /** Second colour for highlights (badges, icons). Example: "#f5b700". */
  accent: cssColor,
  /** Very light tint used as section background. Example: "#eef8f4". */
  tint: cssColor,
});

/** One phone line of the support block. */
const SupportLineSchema = z.object({
  /** Which audience the line serves: a country or the English line. Example: "FR". */
  line: z.enum(['FR', 'ES', 'PT', 'DE', 'NL', 'DK', 'EN']),
  /** The number as dialled from abroad. Example: "+33 1 84 88 40 10". */
  phone: z
    .string()
    .check(z.regex(/^\+[0-9 ]{8,20}$/, 'Write the number in international form, e.g. "+33 1 84 88 40 10".')),
});

/**
 * A document of the partner linked from the home page (conditions, certificates), served by the
 * site itself in each language (`brands/lib/documents.ts`): the partner's own PDF when `file`
 * names one in `brands/documents/<slug>/`, else a generated demonstration PDF. No link leaves the
 * site for a host that may not answer.
 */
const BrandDocumentSchema = z.object({
  /** What the document is; its label is translated (`home.documents.<kind>`). */
  kind: z.enum([
    'conditions',
    'certificateHoleInOne',
    'certificateInterruption',
    'certificateLevelUp',
    'certificateInterruptionExtension',
  ]),
  /** The partner's PDF in `brands/documents/<slug>/`, the same for every language. Example: "conditions.pdf". */
  file: z.optional(
    z.string().check(z.regex(/^[a-z0-9-]+\.pdf$/, 'Name a PDF of brands/documents/<slug>/, e.g. "conditions.pdf".')),
  ),
});

/**
 * The format of a partner's contract numbers. A typed number is trimmed and upper-cased, then
 * matched against the whole pattern; one that matches is looked up among the subscriptions'
 * contract numbers (server/customer-api/insured/).
 */
const ContractNumberFormatSchema = z
  .object({
    /** A regular expression (JavaScript syntax, upper case) a whole contract number matches. Example: "SDY-\\d{4}-\\d{6}". */
    pattern: z.string().check(z.minLength(1), z.maxLength(200)),
    /** A contract number of that format, shown to the visitor as an example. Example: "SDY-2027-004512". */
    example: z.string().check(z.minLength(1), z.maxLength(CONTRACT_NUMBER_MAX_LENGTH)),
  })
  .check(
    z.superRefine((format, context) => {
      const pattern = contractNumberRegExp(format.pattern);
      if (pattern === undefined) {
        context.addIssue({ code: 'custom', path: ['pattern'], message: 'Write a valid regular expression.' });
        return;
      }
      if (!pattern.test(format.example))
        context.addIssue({ code: 'custom', path: ['example'], message: 'Give an example the pattern matches.' });
      if (!CONTRACT_NUMBER_CHARACTERS.test(format.example) || /^S[OI]-/.test(format.example))
        context.addIssue({
          code: 'custom',
          path: ['example'],
          message:
            'A contract number is upper-case letters, digits, "-", "/" or "." (at most 40), and never starts with "SO-" (insured numbers) or "SI-" (claim numbers).',
        });
    }),
  );

/** What the declaration wizard does differently for this partner. */
const DeclarationSchema = z.object({
  /** Step 4's second section: `reservation` ('Votre réservation'), `subscription` ('Votre abonnement') or `hidden`. Equipment guarantees always say 'Votre matériel'. */
  bookingSection: z._default(z.enum(['reservation', 'subscription', 'hidden']), 'reservation'),
  /** Name the establishment field as a golf (`golf`) or as an establishment (`establishment`). */
  establishmentWording: z._default(z.enum(['establishment', 'golf']), 'establishment'),
  /** Whether step 4 asks for the amount paid. Example: false for bike sharing paid by subscription. */
  amountField: z._default(z.boolean(), true),
  /** Whether the contract start and end dates are required to submit. */
  contractDatesRequired: z._default(z.boolean(), true),
  /** Whether cancellation groups (1, 5, 35, 40, 46, 102, 110) ask for the second, cancellation checkbox. */
  cancellationCheckbox: z._default(z.boolean(), true),
  /** `sinistre_etiquette_id` sent with every claim, or null. Example: 14. */
  labelId: z._default(z.nullable(z.number().check(z.int(), z.positive())), null),
  /** `__force_client_id` sent with every claim, or null (sent empty). Example: 7549. */
  forcedClientId: z._default(z.nullable(z.number().check(z.int(), z.positive())), null),
  /** Prefix the insured number is normalised to (uppercased, prefix added when missing), or null. Example: "SO-FNS-". */
  insuredNumberPrefix: z._default(
    z.nullable(z.string().check(z.regex(/^SO-[A-Z]+-$/, 'Use a prefix such as "SO-FNS-".'))),
    null,
  ),
  /** Insured number set and submitted automatically on the open-claim page, or null. Example: "SO-GOLFY-2024". */
  automaticInsuredNumber: z._default(
    z.nullable(z.string().check(z.regex(/^SO-[A-Z0-9-]+$/, 'An insured number starts with "SO-".'))),
    null,
  ),
  /** Whether claims declared under this brand show establishment, amount and dates on the follow-up page. */
  followUpShowsBooking: z._default(z.boolean(), false),
  /**
   * The partner's own contract numbers, which the open-claim page accepts beside the insured number
   * (spec 1 §2 "insured number or contract number"), or null when the partner has none.
   */
  contractNumberFormat: z._default(z.nullable(ContractNumberFormatSchema), null),
});

/**
 * The booking establishment, to which a cancellation declared with step 5's copy box is copied
 * (spec 1 §5, spec 2): the subscription's own establishment address comes first; this one serves
 * when the subscription gives none. A brand whose guests stay at many establishments leaves
 * `copyEmail` null and relies on the subscriptions'; a single-establishment brand (one campsite)
 * gives its booking desk's.
 */
const EstablishmentSchema = z.object({
  /** The booking desk's address, or null. Example: "reservations@camping-les-pins.example". */
  copyEmail: z._default(
    z.nullable(z.email('Write one plain e-mail address, e.g. "reservations@camping-les-pins.example".')),
    null,
  ),
  /** The language the establishment reads its copy in. Example: "fr". */
  language: z._default(z.enum(LANGUAGES), DEFAULT_LANGUAGE),
});

const SECOND_LOGO_FILE = z.string().check(z.regex(/^[a-z0-9-]+\.svg$/));

/** The whole brand file. */
export const BrandSchema = z
  .strictObject({
    /** Display name, as the partner writes it. Example: "Véligo". */
    name: z.string().check(z.minLength(2)),
    /** Logo file in `brands/logos/`. Example: "veligo.svg". */
    logo: z
      .string()
      .check(z.regex(/^[a-z0-9-]+\.svg$/, 'Give the file name of an SVG in brands/logos/, e.g. "veligo.svg".')),
    /**
     * A second logo shown beside the first (co-branding), or null: one file, or one per language
     * when the logo holds words. Example: { fr: "zenride-partner.svg", en: "zenride-partner-en.svg", … }.
     */
    secondLogo: z._default(z.nullable(oneOrPerLanguage(SECOND_LOGO_FILE)), null),
    theme: ThemeSchema,
    /** Support phone lines, in display order. */
    support: z.array(SupportLineSchema).check(z.minLength(1, 'Give at least one support phone line.')),
    /** Documents linked from the home page (conditions, certificates). */
    documents: z._default(z.array(BrandDocumentSchema), []),
    declaration: z._default(DeclarationSchema, z.parse(DeclarationSchema, {})),
    /**
     * Where complaints are written to by post, one line per array item, shown on the complaint
     * page (spec 2 claim) and in the legal notice. A line is the same in every language (a street),
     * or written in each language (a department's name, a country). Null: the neutral brand's
     * address (`brands/_default.ts` gives the deployment's); with neither, the page shows none.
     * Example: [{ fr: "Service Réclamations", en: "Complaints Department", … }, "12 rue de la Paix", "75002 Paris", { fr: "France", de: "Frankreich", … }].
     */
    complaintAddress: z._default(
      z.nullable(
        z
          .array(oneOrPerLanguage(addressLine))
          .check(
            z.minLength(2, 'Give the address as at least two lines: recipient, street, postcode and city…'),
            z.maxLength(7, 'Keep the address to seven lines at most.'),
          ),
      ),
      null,
    ),
    establishment: z._default(EstablishmentSchema, z.parse(EstablishmentSchema, {})),
    /** Whether the back office's visited-pages chart draws a series for this brand (its table always names it). */
    pageVisitSeries: z._default(z.boolean(), true),
    /**
     * Former URL prefixes of this partner: `/<former>/…` redirects to `/<slug>/…` and an
     * acquisition method naming it counts as this brand. Example: ["fluow"].
     */
    formerSlugs: z._default(
      z.array(z.string().check(z.regex(/^[a-z][a-z0-9]*$/, 'Use lowercase letters and digits, as a file name would.'))),
      [],
    ),
  })
  .check(
    z.superRefine((brand, context) => {
      if (brand.declaration.bookingSection === 'hidden' && brand.declaration.contractDatesRequired) {
        context.addIssue({
          code: 'custom',
          path: ['declaration', 'contractDatesRequired'],
          message: 'A brand without booking section cannot require contract dates: set contractDatesRequired to false.',
        });
      }
    }),
  );

/** What a brand file author writes (defaults may be left out). */
export type BrandInput = z.input<typeof BrandSchema>;
/** A validated brand, with its slug (the file name). */
export type Brand = z.output<typeof BrandSchema> & { slug: string };

/** Typed helper for brand files: `export default defineBrand({...})`. Validation happens in the loader. */
export function defineBrand(brand: BrandInput): BrandInput {
  return brand;
}

/** The brand's second logo on a page in `lang` (its one file, or that language's), or null. */
export function secondLogoIn(brand: Pick<Brand, 'secondLogo'>, lang: Language): string | null {
  return brand.secondLogo === null ? null : inLanguage(brand.secondLogo, lang);
}

/** Every file of the brand's second logo, in every language. */
export function secondLogoFiles(brand: Pick<Brand, 'secondLogo'>): string[] {
  const { secondLogo } = brand;
  if (secondLogo === null) return [];
  return typeof secondLogo === 'string' ? [secondLogo] : [...new Set(Object.values(secondLogo))];
}
