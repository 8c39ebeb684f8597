import { INSURER_TIME_ZONE } from '../../contracts/time-zone.ts';
import type { Brand } from '../../brands/lib/schema.ts';
import { formatDayInFull } from '../../contracts/dates.ts';
import { escapeHtml } from '../../contracts/html.ts';
import { sanitizeRichText } from '../../contracts/sanitize-rich-text.ts';
import sanitizeHtml from 'sanitize-html';
import type { Language } from '../../contracts/languages.ts';
import type { TFunction } from 'i18next';
import { createTexts, type KeyOf, type PluralBase } from '../../locales/resources.ts';

/**
 * The e-mails the product sends, rendered for one language and one brand into a subject, a plain
 * text body and a simple HTML body (table layout, inline styles: what mail readers support).
 * Every value is escaped in the HTML; the wording lives in `locales/<lang>/mail.json`, and the
 * support block reads the site's own (`support.*` of `site.json`), so it is worded once.
 */

/** A key of `locales/fr/mail.json` (plural forms folded to their key). */
type MailKey = PluralBase<KeyOf<'mail'>>;

/** The wording of one language: a key, and the values of its `{{variables}}` (`count` picks the plural form). */
export type MailTranslator = (key: MailKey, values?: Readonly<Record<string, string | number>>) => string;

const texts = createTexts(['mail', 'site']);

/** Each language's translator, made once: the catalogues do not change while the process runs. */
const translators = new Map<Language, MailTranslator>();

/** The mail wording of a language, through the one i18next configuration (`locales/i18n.ts`). */
export function mailTranslator(lang: Language): MailTranslator {
  let translator = translators.get(lang);
  if (translator === undefined) {
    const t: TFunction = texts.getFixedT(lang, 'mail');
    translator = (key, values) => String(t(key, { ...values }));
    translators.set(lang, translator);
  }
  return translator;
}

/** The support block's hours and line names, as the site words them. */
function supportTexts(lang: Language): { hours: string; line: (code: string) => string } {
  const t: TFunction = texts.getFixedT(lang, 'site');
  return { hours: String(t('support.hours')), line: (code) => String(t(`support.line.${code}`)) };
}

export const MAIL_KINDS = [
  'claim-confirmation',
  'follow-up-link',
  'insured-number',
  'complaint-acknowledgement',
  'contact-acknowledgement',
  'claim-state-changed',
  'document-requested',
  'proof-validated',
  'proof-refused',
  'proofs-received',
  'one-time-code',
  'inbox-answer',
  'establishment-copy',
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
  /** Staff moved the claim to another state its claimant sees. */
  'claim-state-changed': {
    claimNumber: string;
    status: ClaimantStatus;
    changedAt: MailDate;
    /** Requested documents not yet transmitted, in the claimant's language (shown while in treatment). */
    missingDocuments: readonly string[];
    followUpUrl: string;
    /** The complaint page, offered when the claim is closed without a refund. */
    complaintUrl: string;
  };
  /** Staff asked the claimant for a document. */
  'document-requested': {
    claimNumber: string;
    /** Its short name in the claimant's language. */
    document: string;
    requestedAt: MailDate;
    followUpUrl: string;
  };
  /** Staff validated a transmitted proof. */
  'proof-validated': {
    claimNumber: string;
    document: string;
    validatedAt: MailDate;
    /** What is still to send after it; empty: nothing. */
    missingDocuments: readonly string[];
    followUpUrl: string;
  };
  /** Staff refused a transmitted proof: it is to send again. */
  'proof-refused': {
    claimNumber: string;
    document: string;
    /** Why, as staff wrote it; empty: no reason given. */
    reason: string;
    refusedAt: MailDate;
    followUpUrl: string;
  };
  /**
   * Files were transmitted to the claim's proofs (one validation): told to the claim's address, so
   * that a claimant who did not send them can say so.
   */
  'proofs-received': {
    claimNumber: string;
    /** Each file received: its document's short name in the claimant's language, and the file's name. */
    documents: readonly { document: string; file: string }[];
    receivedAt: MailDate;
    followUpUrl: string;
  };
  'one-time-code': OneTimeCodeMail;
  /** Staff answered a complaint or contact message in the back office (the staff inbox). */
  'inbox-answer': InboxAnswerMail;
  'establishment-copy': EstablishmentCopyMail;
}

/**
 * The copy of a cancellation to the booking establishment (step 5's copy box), in the
 * establishment's language: what it needs to release the booking, nothing of how to reach the
 * claimant (their address, phone and e-mail stay with the insurer).
 */
interface EstablishmentCopyMail {
  claimNumber: string;
  /** The insured's first and last names, as declared. */
  insuredName: string;
  /** The establishment as the claimant named it; may be empty. */
  establishment: string;
  /** The stay's dates, when the brand asks for them. */
  stayStart: MailDate | null;
  stayEnd: MailDate | null;
  /** The claim group and the reason, in the mail's language. */
  guarantee: string;
  reason: string;
  eventDate: MailDate;
  declarationDate: MailDate;
  /** What the claimant wrote; empty: nothing. */
  comment: string;
}

/** A staff answer to a complaint or contact message. */
interface InboxAnswerMail {
  kind: 'reclamation' | 'contact';
  /** When the claimant's message was received. */
  receivedAt: MailDate;
  /** The claim number the message gave; '' when none. */
  claimNumber: string;
  /** The answer, HTML already sanitised (contracts/sanitize-rich-text.ts); sanitised again here. */
  answerHtml: string;
  /** The claimant's message as typed, quoted (shortened) under the answer. */
  original: string;
}

/** Longest part of the claimant's message a staff answer quotes. */
const QUOTED_MESSAGE_LENGTH = 600;

/** The one-time code a visitor asked, to open their details or confirm their address. */
interface OneTimeCodeMail {
  /** Six digits. */
  code: string;
  /** `identity`: the holder's details are filled in with it; `email`: it confirms a typed address. */
  purpose: 'identity' | 'email';
  /** How long the code is valid. */
  minutes: number;
}

/**
 * A claim's state as its claimant knows it (what the follow-up page shows): `en_cours` and the
 * states an insurer's tools add read "in treatment", `attente_traitement` "complete, awaiting the
 * decision", `paiement_envoye` "closed, refunded", `sans_suite` "closed without refund".
 */
const CLAIMANT_STATUSES = ['inTreatment', 'awaitingDecision', 'closed', 'noFollowUp'] as const;
export type ClaimantStatus = (typeof CLAIMANT_STATUSES)[number];

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
export const MAIL_TIME_ZONE = INSURER_TIME_ZONE;

/**
 * A date written in full in the mail's language ("7 décembre 2026", "7 December 2026"): a
 * `YYYY-MM-DD` string is that day, a Date the insurer's day (typed dates keep the
 * patterns of contracts/languages.ts, but a date read back is never 07/12/2026).
 */
export function formatMailDate(value: MailDate, lang: Language): string {
  const written =
    typeof value === 'string'
      ? formatDayInFull(value.slice(0, 10), lang)
      : formatDayInFull(value, lang, { timeZone: MAIL_TIME_ZONE });
  if (!written) throw new RangeError(`Not a calendar date: ${JSON.stringify(value)}`);
  return written;
}

/** The content of a mail, independent of its HTML or text form. */
type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'facts'; rows: readonly { label: string; value: string }[] }
  | { type: 'list'; items: readonly string[] }
  | { type: 'button'; label: string; url: string }
  | { type: 'notice'; text: string }
  /** Sanitised rich text written by staff (an inbox answer). */
  | { type: 'richText'; html: string }
  /** Words of the claimant's, quoted. */
  | { type: 'quote'; text: string };

interface MailContent {
  subject: string;
  heading: string;
  blocks: Block[];
}

type Builder<K extends MailKind> = (t: MailTranslator, data: MailData[K], lang: Language) => MailContent;

/** The claim number and the change's date, which every claim-change mail states. */
function changeFacts(t: MailTranslator, lang: Language, claimNumber: string, date: MailDate, document?: string): Block {
  return {
    type: 'facts',
    rows: [
      { label: t('claimChange.claimNumberLabel'), value: claimNumber },
      ...(document === undefined ? [] : [{ label: t('claimChange.documentLabel'), value: document }]),
      { label: t('claimChange.dateLabel'), value: formatMailDate(date, lang) },
    ],
  };
}

/** The documents still to send and where, or nothing when `documents` is empty. */
function stillMissing(t: MailTranslator, documents: readonly string[]): Block[] {
  if (documents.length === 0) return [];
  return [
    { type: 'paragraph', text: t('claimChange.missingIntro') },
    { type: 'list', items: documents },
    { type: 'paragraph', text: t('claimChange.sendFromFollowUp') },
  ];
}

const CLAIM_CHANGE_BUILDERS: {
  [K in 'claim-state-changed' | 'document-requested' | 'proof-validated' | 'proof-refused']: Builder<K>;
} = {
  'claim-state-changed': (t, data, lang) => {
    const { claimNumber, status } = data;
    const missing = status === 'inTreatment' ? stillMissing(t, data.missingDocuments) : [];
    return {
      subject: t('stateChanged.subject', { claimNumber }),
      heading: t('stateChanged.heading'),
      blocks: [
        { type: 'paragraph', text: t('stateChanged.intro', { claimNumber }) },
        changeFacts(t, lang, claimNumber, data.changedAt),
        {
          type: 'notice',
          text: `${t('stateChanged.statusLabel')}${t('common.labelSeparator')}${t(`stateChanged.status.${status}`)}`,
        },
        ...(missing.length > 0 ? missing : [{ type: 'paragraph', text: t(`stateChanged.next.${status}`) } as const]),
        { type: 'button', label: t('claimChange.button'), url: data.followUpUrl },
        ...(status === 'noFollowUp'
          ? [{ type: 'button', label: t('stateChanged.complaintButton'), url: data.complaintUrl } as const]
          : []),
      ],
    };
  },
  'document-requested': (t, data, lang) => {
    const { claimNumber } = data;
    return {
      subject: t('documentRequested.subject', { claimNumber }),
      heading: t('documentRequested.heading'),
      blocks: [
        { type: 'paragraph', text: t('documentRequested.intro', { claimNumber }) },
        changeFacts(t, lang, claimNumber, data.requestedAt, data.document),
        { type: 'paragraph', text: t('documentRequested.next') },
        { type: 'button', label: t('documentRequested.button'), url: data.followUpUrl },
      ],
    };
  },
  'proof-validated': (t, data, lang) => {
    const { claimNumber } = data;
    const missing = stillMissing(t, data.missingDocuments);
    return {
      subject: t('proofValidated.subject', { claimNumber }),
      heading: t('proofValidated.heading'),
      blocks: [
        { type: 'paragraph', text: t('proofValidated.intro') },
        changeFacts(t, lang, claimNumber, data.validatedAt, data.document),
        ...(missing.length > 0 ? missing : [{ type: 'paragraph', text: t('proofValidated.nothingMissing') } as const]),
        { type: 'button', label: t('claimChange.button'), url: data.followUpUrl },
      ],
    };
  },
  'proof-refused': (t, data, lang) => {
    const { claimNumber } = data;
    const reason = data.reason.trim();
    return {
      subject: t('proofRefused.subject', { claimNumber }),
      heading: t('proofRefused.heading'),
      blocks: [
        { type: 'paragraph', text: t('proofRefused.intro') },
        changeFacts(t, lang, claimNumber, data.refusedAt, data.document),
        ...(reason
          ? [
              {
                type: 'notice',
                text: `${t('proofRefused.reasonLabel')}${t('common.labelSeparator')}${reason}`,
              } as const,
            ]
          : []),
        { type: 'paragraph', text: t('proofRefused.next') },
        { type: 'button', label: t('proofRefused.button'), url: data.followUpUrl },
      ],
    };
  },
};

/** The establishment's copy: the facts of the declaration, then the definitive cancellation and the comment. */
const establishmentCopy: Builder<'establishment-copy'> = (t, data, lang) => {
  const { claimNumber } = data;
  const comment = data.comment.trim();
  const optional = (label: string, value: string) => (value.trim() === '' ? [] : [{ label, value }]);
  const stay =
    data.stayStart === null || data.stayEnd === null
      ? ''
      : t('establishmentCopy.stayDates', {
          start: formatMailDate(data.stayStart, lang),
          end: formatMailDate(data.stayEnd, lang),
        });
  return {
    subject: t('establishmentCopy.subject', { claimNumber }),
    heading: t('establishmentCopy.heading'),
    blocks: [
      { type: 'paragraph', text: t('establishmentCopy.intro') },
      { type: 'notice', text: t('establishmentCopy.cancelled') },
      {
        type: 'facts',
        rows: [
          { label: t('establishmentCopy.claimNumberLabel'), value: claimNumber },
          { label: t('establishmentCopy.insuredLabel'), value: data.insuredName },
          ...optional(t('establishmentCopy.establishmentLabel'), data.establishment),
          ...optional(t('establishmentCopy.stayLabel'), stay),
          ...optional(t('establishmentCopy.guaranteeLabel'), data.guarantee),
          ...optional(t('establishmentCopy.reasonLabel'), data.reason),
          { label: t('establishmentCopy.eventDateLabel'), value: formatMailDate(data.eventDate, lang) },
          { label: t('establishmentCopy.declarationDateLabel'), value: formatMailDate(data.declarationDate, lang) },
        ],
      },
      ...(comment === ''
        ? []
        : [
            { type: 'paragraph', text: t('establishmentCopy.commentIntro') } as const,
            { type: 'notice', text: comment } as const,
          ]),
      { type: 'paragraph', text: t('establishmentCopy.next') },
    ],
  };
};

const BUILDERS: { [K in MailKind]: Builder<K> } = {
  ...CLAIM_CHANGE_BUILDERS,
  'establishment-copy': establishmentCopy,
  'proofs-received': (t, data, lang) => {
    const { claimNumber } = data;
    return {
      subject: t('proofsReceived.subject', { claimNumber }),
      heading: t('proofsReceived.heading'),
      blocks: [
        { type: 'paragraph', text: t('proofsReceived.intro', { count: data.documents.length }) },
        {
          type: 'facts',
          rows: [
            { label: t('claimChange.claimNumberLabel'), value: claimNumber },
            { label: t('proofsReceived.receivedLabel'), value: formatMailDate(data.receivedAt, lang) },
          ],
        },
        {
          type: 'list',
          items: data.documents.map(({ document, file }) => t('proofsReceived.documentFile', { document, file })),
        },
        { type: 'paragraph', text: t('proofsReceived.next') },
        { type: 'notice', text: t('proofsReceived.notYou') },
        { type: 'button', label: t('claimChange.button'), url: data.followUpUrl },
      ],
    };
  },
  'claim-confirmation': (t, data, lang) => {
    const { claimNumber } = data;
    return {
      subject: t('claimConfirmation.subject', { claimNumber }),
      heading: t('claimConfirmation.heading'),
      blocks: [
        { type: 'paragraph', text: t('claimConfirmation.intro') },
        {
          type: 'facts',
          rows: [
            { label: t('claimConfirmation.claimNumberLabel'), value: claimNumber },
            { label: t('claimConfirmation.declarationDateLabel'), value: formatMailDate(data.declarationDate, lang) },
          ],
        },
        ...(data.documents.length > 0
          ? [
              { type: 'paragraph', text: t('claimConfirmation.documentsIntro') } as const,
              { type: 'list', items: data.documents } as const,
            ]
          : [{ type: 'paragraph', text: t('claimConfirmation.noDocuments') } as const]),
        { type: 'paragraph', text: t('claimConfirmation.addProofs') },
        { type: 'button', label: t('claimConfirmation.addProofsButton'), url: data.followUpUrl },
        { type: 'paragraph', text: t('claimConfirmation.refund') },
      ],
    };
  },
  'follow-up-link': (t, data) => {
    const { claimNumber } = data;
    return {
      subject: t('followUpLink.subject', { claimNumber }),
      heading: t('followUpLink.heading'),
      blocks: [
        { type: 'paragraph', text: t('followUpLink.intro', { claimNumber }) },
        { type: 'button', label: t('followUpLink.button'), url: data.followUpUrl },
        { type: 'paragraph', text: t('followUpLink.replaces') },
        { type: 'notice', text: t('followUpLink.personal') },
        { type: 'paragraph', text: t('common.notRequested') },
      ],
    };
  },
  'insured-number': (t, data, lang) => {
    if (data.insuredNumbers.length === 0) throw new RangeError('An insured-number mail needs at least one number.');
    const label = t('insuredNumber.numberLabel', { count: data.insuredNumbers.length });
    return {
      subject: t('insuredNumber.subject'),
      heading: t('insuredNumber.heading'),
      blocks: [
        {
          type: 'paragraph',
          text: t('insuredNumber.intro', {
            start: formatMailDate(data.stayStart, lang),
            end: formatMailDate(data.stayEnd, lang),
          }),
        },
        { type: 'facts', rows: data.insuredNumbers.map((value) => ({ label, value })) },
        { type: 'paragraph', text: t('insuredNumber.nextStep') },
        { type: 'button', label: t('insuredNumber.button'), url: data.declareUrl },
        { type: 'paragraph', text: t('common.notRequested') },
      ],
    };
  },
  'complaint-acknowledgement': (t, data) => {
    const { claimNumber } = data;
    return {
      subject: t('complaintAcknowledgement.subject', { claimNumber }),
      heading: t('complaintAcknowledgement.heading'),
      blocks: [
        { type: 'paragraph', text: t('complaintAcknowledgement.intro', { claimNumber }) },
        { type: 'notice', text: t('complaintAcknowledgement.deadlines') },
        { type: 'facts', rows: [{ label: t('complaintAcknowledgement.referenceLabel'), value: claimNumber }] },
        { type: 'paragraph', text: t('complaintAcknowledgement.referenceNote') },
      ],
    };
  },
  'one-time-code': (t, data) => ({
    subject: t('oneTimeCodeMail.subject', { code: data.code }),
    heading: t('oneTimeCodeMail.heading'),
    blocks: [
      { type: 'paragraph', text: t(`oneTimeCodeMail.intro.${data.purpose}`) },
      { type: 'facts', rows: [{ label: t('oneTimeCodeMail.codeLabel'), value: data.code }] },
      { type: 'notice', text: t('oneTimeCodeMail.validity', { minutes: data.minutes }) },
      { type: 'paragraph', text: t('oneTimeCodeMail.personal') },
      { type: 'paragraph', text: t('common.notRequested') },
    ],
  }),
  'inbox-answer': (t, data, lang) => {
    const original = data.original.trim();
    const quoted =
      original.length > QUOTED_MESSAGE_LENGTH ? `${original.slice(0, QUOTED_MESSAGE_LENGTH).trimEnd()}…` : original;
    return {
      subject: t(`inboxAnswer.subject.${data.kind}`),
      heading: t('inboxAnswer.heading'),
      blocks: [
        {
          type: 'paragraph',
          text: t(`inboxAnswer.intro.${data.kind}`, { date: formatMailDate(data.receivedAt, lang) }),
        },
        ...(data.claimNumber
          ? [{ type: 'facts', rows: [{ label: t('inboxAnswer.referenceLabel'), value: data.claimNumber }] } as const]
          : []),
        { type: 'richText', html: sanitizeRichText(data.answerHtml) },
        { type: 'paragraph', text: t('inboxAnswer.yourMessage') },
        { type: 'quote', text: quoted },
        { type: 'paragraph', text: t('inboxAnswer.reply') },
      ],
    };
  },
  'contact-acknowledgement': (t, data) => ({
    subject: t('contactAcknowledgement.subject'),
    heading: t('contactAcknowledgement.heading'),
    blocks: [
      { type: 'paragraph', text: t('contactAcknowledgement.intro') },
      ...(data.claimNumber
        ? [
            {
              type: 'facts',
              rows: [{ label: t('contactAcknowledgement.referenceLabel'), value: data.claimNumber }],
            } as const,
          ]
        : []),
      { type: 'paragraph', text: t('contactAcknowledgement.faq') },
    ],
  }),
};

/** The parts every mail shares: greeting, signature, support block, footer. */
interface MailFrame {
  greeting: string;
  /** Closing line and signature. */
  closing: string;
  labelSeparator: string;
  linkFallback: string;
  supportTitle: string;
  supportHours: string;
  supportLines: string[];
  automatic: string;
}

/** Each brand's frame per language, built once (brands are read at start and never change). */
const frames = new WeakMap<MailBrand, Map<Language, MailFrame>>();

/** The frame of a brand in a language, built on its first mail. */
function frameOf(t: MailTranslator, brand: MailBrand, lang: Language): MailFrame {
  let ofBrand = frames.get(brand);
  if (ofBrand === undefined) {
    ofBrand = new Map();
    frames.set(brand, ofBrand);
  }
  let frame = ofBrand.get(lang);
  if (frame === undefined) {
    frame = buildFrame(t, brand, lang);
    ofBrand.set(lang, frame);
  }
  return frame;
}

function buildFrame(t: MailTranslator, brand: MailBrand, lang: Language): MailFrame {
  const support = supportTexts(lang);
  const labelSeparator = t('common.labelSeparator');
  return {
    greeting: t('common.greeting'),
    closing: `${t('common.closing')}\n${t('common.signature', { brand: brand.name })}`,
    labelSeparator,
    linkFallback: t('common.linkFallback'),
    supportTitle: t('common.supportTitle'),
    supportHours: support.hours,
    supportLines: brand.support.map((line) => `${support.line(line.line)}${labelSeparator}${line.phone}`),
    automatic: t('common.automatic'),
  };
}

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
  const t = mailTranslator(lang);
  const content = BUILDERS[kind](t, data, lang);
  const frame = frameOf(t, brand, lang);
  for (const block of content.blocks) if (block.type === 'button') assertWebUrl(block.url);
  const subject = content.subject.replace(/[\r\n]+/g, ' ').trim();
  return {
    kind,
    lang,
    subject,
    text: renderText(content, frame),
    html: renderHtml({ ...content, subject }, frame, brand, lang),
  };
}

function assertWebUrl(url: string): void {
  const protocol = URL.canParse(url) ? new URL(url).protocol : '';
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new RangeError(`A mail link must be an absolute http(s) URL, got ${JSON.stringify(url.slice(0, 80))}`);
  }
}

// ---- Plain text ----

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * Sanitised rich text as plain text: paragraphs and list items on their own lines, a link's
 * address after its words, no tag left.
 */
export function richTextToPlain(html: string): string {
  const marked = html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis, (_match, href: string, words: string) =>
      words.includes(href) ? words : `${words} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|li|h3|h4|blockquote|tr|caption)>/gi, '\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function renderText(content: MailContent, common: MailFrame): string {
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
      case 'richText':
        parts.push(richTextToPlain(block.html));
        break;
      case 'quote':
        parts.push(
          block.text
            .split('\n')
            .map((line) => `> ${line}`)
            .join('\n'),
        );
        break;
    }
  }
  parts.push(
    [common.supportTitle, common.supportHours, ...common.supportLines].join('\n'),
    common.closing,
    `-- \n${common.automatic}`,
  );
  return `${parts.join('\n\n')}\n`;
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

function renderHtml(content: MailContent, common: MailFrame, brand: MailBrand, lang: Language): string {
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
      case 'richText':
        return `<div style="margin:0 0 16px;">${block.html}</div>`;
      case 'quote':
        return paragraph(block.text, `padding:8px 16px;border-left:4px solid #cbd2d9;color:${MUTED_COLOUR};`);
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
    `<p style="margin:0;">${common.supportLines.map(escapeHtml).join('<br>')}</p>`,
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
    paragraph(common.closing, 'margin:24px 0 0;'),
    '</td></tr>',
    `<tr>${support}</tr>`,
    `<tr><td style="padding:16px 32px;${FONT}font-size:12px;line-height:18px;color:${MUTED_COLOUR};">${escapeHtml(common.automatic)}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}
