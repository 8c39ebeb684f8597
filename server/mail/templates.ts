import type { Brand } from '../../brands/lib/schema.ts';
import { formatDate, type Language } from '../../contracts/languages.ts';
import da from './templates/da.ts';
import de from './templates/de.ts';
import en from './templates/en.ts';
import es from './templates/es.ts';
import fr from './templates/fr.ts';
import it from './templates/it.ts';
import nl from './templates/nl.ts';
import pl from './templates/pl.ts';
import pt from './templates/pt.ts';
import type { MailTexts } from './templates/texts.ts';

/**
 * The e-mails the product sends, rendered for one language and one brand into a subject, a plain
 * text body and a simple HTML body (table layout, inline styles: what mail readers support).
 * Every value is escaped in the HTML; the wording lives in `templates/<lang>.ts`.
 */

/** Wording of every mail, per language. */
export const MAIL_TEXTS: Record<Language, MailTexts> = {
  fr,
  en,
  de,
  es,
  it,
  nl,
  pl,
  da,
  pt,
};

export const MAIL_KINDS = [
  'claim-confirmation',
  'follow-up-link',
  'insured-number',
  'complaint-acknowledgement',
  'contact-acknowledgement',
] as const;

export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * A calendar date: a `YYYY-MM-DD` string (as PostgreSQL `date` columns read), or a Date, read as a
 * day in the insurer's time zone (MAIL_TIME_ZONE).
 */
export type MailDate = Date | string;

/** What each mail needs to be written. URLs are absolute (see `links.ts`). */
export interface MailData {
  'claim-confirmation': {
    /** Example: "SI-0000003". */
    claimNumber: string;
    declarationDate: MailDate;
    /** Short names of the documents to provide, already in the claimant's language; may be empty. */
    documents: readonly string[];
    /** The follow-up page, where proofs are added. */
    followUpUrl: string;
  };
  'follow-up-link': {
    claimNumber: string;
    /** `<origin>[/<company>][/<lang>]/client-file?dossier=<token>` */
    followUpUrl: string;
  };
  'insured-number': {
    /** At least one: the service sends nothing when no number matches. */
    insuredNumbers: readonly string[];
    stayStart: MailDate;
    stayEnd: MailDate;
    /** The page where a claim is opened with the number. */
    declareUrl: string;
  };
  'complaint-acknowledgement': {
    /** The claim the complaint is about; quoted as its reference. */
    claimNumber: string;
  };
  'contact-acknowledgement': {
    /** The claim the message is about, when the visitor gave one. */
    claimNumber?: string | undefined;
  };
}

/** The parts of a brand a mail shows: its name, colours and support lines. */
export type MailBrand = Pick<Brand, 'name' | 'theme' | 'support'>;

/** A mail ready for the outbox, less its recipient. */
export interface RenderedMail {
  kind: MailKind;
  lang: Language;
  subject: string;
  text: string;
  html: string;
}

/** Calendar dates in mails are the insurer's days. */
export const MAIL_TIME_ZONE = 'Europe/Paris';

const CALENDAR_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: MAIL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Formats a calendar date the way the language writes it (contracts/languages.ts). */
export function formatMailDate(value: MailDate, lang: Language): string {
  const day = typeof value === 'string' ? value.slice(0, 10) : CALENDAR_DAY.format(value);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`Not a calendar date: ${JSON.stringify(day)}`);
  return formatDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])), lang);
}

/**
 * Fills `{{name}}` placeholders in one pass (a value is never scanned again). A placeholder without
 * a value throws: a wording typo must fail in tests, never reach a customer.
 */
export function fill(template: string, values: Readonly<Record<string, string>> = {}): string {
  return template.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing value for {{${name}}} in mail text ${JSON.stringify(template)}`);
    return value;
  });
}

/** Escapes text for HTML content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The content of a mail, independent of its HTML or text form. */
type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'facts'; rows: readonly { label: string; value: string }[] }
  | { type: 'list'; items: readonly string[] }
  | { type: 'button'; label: string; url: string }
  | { type: 'notice'; text: string };

interface MailContent {
  subject: string;
  heading: string;
  blocks: Block[];
}

type Builder<K extends MailKind> = (texts: MailTexts, data: MailData[K], lang: Language) => MailContent;

const BUILDERS: { [K in MailKind]: Builder<K> } = {
  'claim-confirmation': (texts, data, lang) => {
    const t = texts.claimConfirmation;
    const { claimNumber } = data;
    return {
      subject: fill(t.subject, { claimNumber }),
      heading: t.heading,
      blocks: [
        { type: 'paragraph', text: t.intro },
        {
          type: 'facts',
          rows: [
            { label: t.claimNumberLabel, value: claimNumber },
            {
              label: t.declarationDateLabel,
              value: formatMailDate(data.declarationDate, lang),
            },
          ],
        },
        ...(data.documents.length > 0
          ? [{ type: 'paragraph', text: t.documentsIntro } as const, { type: 'list', items: data.documents } as const]
          : [{ type: 'paragraph', text: t.noDocuments } as const]),
        { type: 'paragraph', text: t.addProofs },
        { type: 'button', label: t.addProofsButton, url: data.followUpUrl },
        { type: 'paragraph', text: t.refund },
      ],
    };
  },
  'follow-up-link': (texts, data) => {
    const t = texts.followUpLink;
    const { claimNumber } = data;
    return {
      subject: fill(t.subject, { claimNumber }),
      heading: t.heading,
      blocks: [
        { type: 'paragraph', text: fill(t.intro, { claimNumber }) },
        { type: 'button', label: t.button, url: data.followUpUrl },
        { type: 'notice', text: t.personal },
        { type: 'paragraph', text: texts.common.notRequested },
      ],
    };
  },
  'insured-number': (texts, data, lang) => {
    const t = texts.insuredNumber;
    if (data.insuredNumbers.length === 0) throw new RangeError('An insured-number mail needs at least one number.');
    const label = data.insuredNumbers.length === 1 ? t.numberLabelOne : t.numberLabelMany;
    return {
      subject: t.subject,
      heading: t.heading,
      blocks: [
        {
          type: 'paragraph',
          text: fill(t.intro, {
            start: formatMailDate(data.stayStart, lang),
            end: formatMailDate(data.stayEnd, lang),
          }),
        },
        {
          type: 'facts',
          rows: data.insuredNumbers.map((value) => ({ label, value })),
        },
        { type: 'paragraph', text: t.nextStep },
        { type: 'button', label: t.button, url: data.declareUrl },
        { type: 'paragraph', text: texts.common.notRequested },
      ],
    };
  },
  'complaint-acknowledgement': (texts, data) => {
    const t = texts.complaintAcknowledgement;
    const { claimNumber } = data;
    return {
      subject: fill(t.subject, { claimNumber }),
      heading: t.heading,
      blocks: [
        { type: 'paragraph', text: fill(t.intro, { claimNumber }) },
        { type: 'notice', text: t.deadlines },
        {
          type: 'facts',
          rows: [{ label: t.referenceLabel, value: claimNumber }],
        },
        { type: 'paragraph', text: t.referenceNote },
      ],
    };
  },
  'contact-acknowledgement': (texts, data) => {
    const t = texts.contactAcknowledgement;
    return {
      subject: t.subject,
      heading: t.heading,
      blocks: [
        { type: 'paragraph', text: t.intro },
        ...(data.claimNumber
          ? [
              {
                type: 'facts',
                rows: [{ label: t.referenceLabel, value: data.claimNumber }],
              } as const,
            ]
          : []),
        { type: 'paragraph', text: t.faq },
      ],
    };
  },
};

/**
 * Renders one mail in the claimant's language for a brand. Throws on an invalid input (a link that
 * is not http(s), an empty list of insured numbers): callers build these values, not visitors.
 *
 * @example
 * enqueueMail(tx, { to: email, ...renderMail('follow-up-link', lang, brand, { claimNumber, followUpUrl }) })
 */
export function renderMail<K extends MailKind>(
  kind: K,
  lang: Language,
  brand: MailBrand,
  data: MailData[K],
): RenderedMail {
  const texts = MAIL_TEXTS[lang];
  const content = BUILDERS[kind](texts, data, lang);
  for (const block of content.blocks) if (block.type === 'button') assertWebUrl(block.url);
  const subject = content.subject.replace(/[\r\n]+/g, ' ').trim();
  return {
    kind,
    lang,
    subject,
    text: renderText(content, texts, brand),
    html: renderHtml({ ...content, subject }, texts, brand, lang),
  };
}

function assertWebUrl(url: string): void {
  const protocol = URL.canParse(url) ? new URL(url).protocol : '';
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new RangeError(`A mail link must be an absolute http(s) URL, got ${JSON.stringify(url.slice(0, 80))}`);
  }
}

// ---- Plain text ----

function renderText(content: MailContent, texts: MailTexts, brand: MailBrand): string {
  const { common } = texts;
  const parts: string[] = [content.heading, common.greeting];
  for (const block of content.blocks) {
    switch (block.type) {
      case 'paragraph':
      case 'notice':
        parts.push(block.text);
        break;
      case 'facts':
        parts.push(block.rows.map((row) => `${row.label}${common.labelSeparator}${row.value}`).join('\n'));
        break;
      case 'list':
        parts.push(block.items.map((item) => `- ${item}`).join('\n'));
        break;
      case 'button':
        parts.push(`${block.label}${common.labelSeparator.trimEnd()}\n${block.url}`);
        break;
    }
  }
  parts.push(
    [common.supportTitle, common.supportHours, ...supportLines(brand, texts)].join('\n'),
    `${common.closing}\n${fill(common.signature, { brand: brand.name })}`,
    `-- \n${common.automatic}`,
  );
  return `${parts.join('\n\n')}\n`;
}

function supportLines(brand: MailBrand, texts: MailTexts): string[] {
  return brand.support.map(
    (line) => `${texts.common.supportLines[line.line]}${texts.common.labelSeparator}${line.phone}`,
  );
}

// ---- HTML ----

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const TEXT_COLOUR = '#1f2933';
const MUTED_COLOUR = '#52606d';
const PAGE_BACKGROUND = '#f4f5f7';
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The brand file's schema already checks colours; a style attribute still takes nothing else. */
function colour(value: string, fallback: string): string {
  return HEX_COLOUR.test(value) ? value : fallback;
}

function renderHtml(content: MailContent, texts: MailTexts, brand: MailBrand, lang: Language): string {
  const { common } = texts;
  const primary = colour(brand.theme.primary, '#1f4e8c');
  const onPrimary = colour(brand.theme.onPrimary, '#ffffff');
  const primaryDark = colour(brand.theme.primaryDark, '#153a6b');
  const tint = colour(brand.theme.tint, '#eef3fa');
  const paragraph = (text: string, style = '') =>
    `<p style="margin:0 0 16px;${style}">${escapeHtml(text).replaceAll('\n', '<br>')}</p>`;

  const renderBlock = (block: Block): string => {
    switch (block.type) {
      case 'paragraph':
        return paragraph(block.text);
      case 'notice':
        return paragraph(block.text, `padding:12px 16px;background-color:${tint};border-left:4px solid ${primary};`);
      case 'facts':
        return [
          `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;">`,
          ...block.rows.map(
            (row) =>
              `<tr><td style="${FONT}font-size:15px;color:${MUTED_COLOUR};padding:4px 16px 4px 0;">${escapeHtml(row.label)}</td>` +
              `<td style="${FONT}font-size:16px;font-weight:bold;color:${TEXT_COLOUR};padding:4px 0;">${escapeHtml(row.value)}</td></tr>`,
          ),
          '</table>',
        ].join('');
      case 'list':
        return `<ul style="margin:0 0 16px;padding-left:24px;">${block.items
          .map((item) => `<li style="margin:0 0 4px;">${escapeHtml(item)}</li>`)
          .join('')}</ul>`;
      case 'button': {
        const href = escapeHtml(block.url);
        return [
          `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px;"><tr>`,
          `<td style="border-radius:6px;background-color:${primary};">`,
          `<a href="${href}" style="display:inline-block;padding:12px 24px;${FONT}font-size:16px;font-weight:bold;color:${onPrimary};text-decoration:none;border-radius:6px;">${escapeHtml(block.label)}</a>`,
          '</td></tr></table>',
          `<p style="margin:0 0 16px;font-size:13px;line-height:18px;color:${MUTED_COLOUR};">${escapeHtml(common.linkFallback)}<br>`,
          `<a href="${href}" style="color:${primaryDark};word-break:break-all;">${href}</a></p>`,
        ].join('');
      }
    }
  };

  const support = [
    `<td style="padding:20px 32px;background-color:${tint};${FONT}font-size:14px;line-height:20px;color:${TEXT_COLOUR};">`,
    `<p style="margin:0 0 8px;font-weight:bold;color:${primaryDark};">${escapeHtml(common.supportTitle)}</p>`,
    `<p style="margin:0 0 8px;">${escapeHtml(common.supportHours)}</p>`,
    `<p style="margin:0;">${supportLines(brand, texts).map(escapeHtml).join('<br>')}</p>`,
    '</td>',
  ].join('');

  return [
    '<!DOCTYPE html>',
    `<html lang="${lang}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background-color:${PAGE_BACKGROUND};">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${PAGE_BACKGROUND};">`,
    '<tr><td align="center" style="padding:24px 12px;">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;">',
    `<tr><td style="padding:20px 32px;background-color:${primary};${FONT}font-size:20px;font-weight:bold;color:${onPrimary};">${escapeHtml(brand.name)}</td></tr>`,
    `<tr><td style="padding:32px;${FONT}font-size:16px;line-height:24px;color:${TEXT_COLOUR};">`,
    `<h1 style="margin:0 0 16px;${FONT}font-size:22px;line-height:30px;color:${primaryDark};">${escapeHtml(content.heading)}</h1>`,
    paragraph(common.greeting),
    ...content.blocks.map(renderBlock),
    paragraph(`${common.closing}\n${fill(common.signature, { brand: brand.name })}`, 'margin:24px 0 0;'),
    '</td></tr>',
    `<tr>${support}</tr>`,
    `<tr><td style="padding:16px 32px;${FONT}font-size:12px;line-height:18px;color:${MUTED_COLOUR};">${escapeHtml(common.automatic)}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}
