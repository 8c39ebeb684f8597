import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../contracts/languages.ts';
import { createTestCatalog } from '../test-support.ts';
import { customerPageUrl, followUpUrl } from './links.ts';
import { flatten, RESOURCES } from '../../locales/resources.ts';
import { escapeHtml } from '../../contracts/html.ts';
import { formatMailDate, MAIL_KINDS, type MailData, type MailKind, mailTranslator, renderMail } from './templates.ts';

const brand = createTestCatalog().bySlug.get('veligo') ?? createTestCatalog().neutral;

const SAMPLE: { [K in MailKind]: MailData[K] } = {
  'claim-confirmation': {
    claimNumber: 'SI-0000042',
    declarationDate: new Date('2025-03-14T10:00:00Z'),
    documents: ['Facture de séjour', 'Certificat médical'],
    followUpUrl: 'https://claims.example.com/veligo/client-file?dossier=abc',
  },
  'follow-up-link': {
    claimNumber: 'SI-0000042',
    followUpUrl: 'https://claims.example.com/client-file?dossier=abc',
  },
  'one-time-code': { code: '042917', purpose: 'identity', minutes: 10 },
  'insured-number': {
    insuredNumbers: ['SO-0000001'],
    stayStart: '2025-07-01',
    stayEnd: '2025-07-15',
    declareUrl: 'https://claims.example.com/declare-sinistre',
  },
  'complaint-acknowledgement': { claimNumber: 'SI-0000042' },
  'contact-acknowledgement': { claimNumber: 'SI-0000042' },
  'claim-state-changed': {
    claimNumber: 'SI-0000042',
    status: 'inTreatment',
    changedAt: new Date('2025-03-14T10:00:00Z'),
    missingDocuments: ['Certificat médical'],
    followUpUrl: 'https://claims.example.com/veligo/client-file?dossier=abc',
    complaintUrl: 'https://claims.example.com/veligo/claim',
  },
  'document-requested': {
    claimNumber: 'SI-0000042',
    document: 'Certificat médical',
    requestedAt: new Date('2025-03-14T10:00:00Z'),
    followUpUrl: 'https://claims.example.com/veligo/client-file?dossier=abc',
  },
  'proof-validated': {
    claimNumber: 'SI-0000042',
    document: 'Certificat médical',
    validatedAt: new Date('2025-03-14T10:00:00Z'),
    missingDocuments: [],
    followUpUrl: 'https://claims.example.com/veligo/client-file?dossier=abc',
  },
  'proof-refused': {
    claimNumber: 'SI-0000042',
    document: 'Certificat médical',
    reason: 'Illisible',
    refusedAt: new Date('2025-03-14T10:00:00Z'),
    followUpUrl: 'https://claims.example.com/veligo/client-file?dossier=abc',
  },
  'proofs-received': {
    claimNumber: 'SI-0000042',
    documents: [
      { document: 'RIB', file: 'rib.pdf' },
      { document: 'Certificat médical', file: 'certificat.jpg' },
    ],
    receivedAt: new Date('2025-03-14T10:00:00Z'),
    followUpUrl: 'https://claims.example.com/veligo/client-file?dossier=abc',
  },
  'establishment-copy': {
    claimNumber: 'SI-0000042',
    insuredName: 'Julien Moreau',
    establishment: 'Camping Les Pins',
    stayStart: '2025-07-01',
    stayEnd: '2025-07-15',
    guarantee: 'Annulation de séjour',
    reason: 'Maladie grave',
    eventDate: '2025-03-10',
    declarationDate: new Date('2025-03-14T10:00:00Z'),
    comment: 'Hospitalisé le 10 mars.',
  },
  'inbox-answer': {
    kind: 'reclamation',
    receivedAt: new Date('2025-03-14T10:00:00Z'),
    claimNumber: 'SI-0000042',
    answerHtml: '<p>Your refund was sent on <strong>March 20</strong>.</p>',
    original: 'I am still waiting for my refund.',
  },
};

function render(kind: MailKind, lang: Language) {
  return renderMail(kind, lang, brand, SAMPLE[kind] as never);
}

/** The French wording (its consistency with the other languages is `locales/locales.test.ts`'s). */
const FRENCH_TEXTS = Object.values(flatten(RESOURCES.fr.mail));
const TRANSLATIONS = LANGUAGES.filter((lang) => lang !== 'fr');

describe.each(MAIL_KINDS)('The %s mail', (kind) => {
  const french = render(kind, 'fr');

  it.each(LANGUAGES)('When rendered in %s, then every part is complete', (lang) => {
    const mail = render(kind, lang);
    expect(mail.kind).toBe(kind);
    expect(mail.lang).toBe(lang);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/\{\{|\}\}|undefined|NaN|\[object /);
    }
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).toContain(`<html lang="${lang}">`);
    expect(mail.html).toContain(brand.theme.primary);
    expect(mail.html).toContain(escapeHtml(brand.name));
    expect(mail.text).toContain(brand.name);
    for (const line of brand.support) expect(mail.text).toContain(line.phone);
  });

  it.each(TRANSLATIONS)('When rendered in %s, then no French text leaks into it', (lang) => {
    const mail = render(kind, lang);
    expect(mail.subject).not.toBe(french.subject);
    // Long French fragments (between placeholders) must not appear in the translated mail.
    const fragments = FRENCH_TEXTS.flatMap((text) => text.split(/\{\{[^}]+\}\}/))
      .map((fragment) => fragment.trim())
      .filter((fragment) => fragment.length >= 12);
    const leaked = fragments.filter((fragment) => mail.text.includes(fragment) || mail.subject.includes(fragment));
    expect(leaked).toEqual([]);
  });
});

describe('mail content', () => {
  it('When a claim is confirmed, then the mail gives the number, date, documents and link', () => {
    const mail = render('claim-confirmation', 'fr');
    expect(mail.subject).toContain('SI-0000042');
    expect(mail.text).toContain('Numéro de dossier\u00a0: SI-0000042');
    expect(mail.text).toContain('Date de déclaration\u00a0: 14 mars 2025');
    expect(mail.text).toContain('- Facture de séjour\n- Certificat médical');
    expect(mail.text).toContain('https://claims.example.com/veligo/client-file?dossier=abc');
    expect(mail.text).toContain('Du lundi au vendredi');
    expect(mail.html).toContain('<li style="margin:0 0 4px;">Certificat médical</li>');
  });

  it('When a cancellation is copied to the establishment, then the mail gives the claim, the insured, the stay, the guarantee, the reason, the event, the definitive cancellation and the comment, and nothing of how to reach the claimant', () => {
    const mail = render('establishment-copy', 'fr');
    expect(mail.subject).toBe('Annulation de réservation – copie de la déclaration SI-0000042');
    for (const line of [
      'Numéro de dossier\u00a0: SI-0000042',
      'Assuré\u00a0: Julien Moreau',
      'Établissement\u00a0: Camping Les Pins',
      'Séjour\u00a0: du 1er juillet 2025 au 15 juillet 2025',
      'Garantie\u00a0: Annulation de séjour',
      'Motif\u00a0: Maladie grave',
      'Date de l’événement\u00a0: 10 mars 2025',
      'Le client confirme l’annulation définitive de sa réservation.',
      'Hospitalisé le 10 mars.',
    ])
      expect(mail.text).toContain(line);
    expect(mail.html).toContain('Hospitalisé le 10 mars.');
    expect(mail.text).not.toMatch(/https?:\/\/claims/);
  });

  it('When a copy has no stay dates nor comment, then neither line is written', () => {
    const mail = renderMail('establishment-copy', 'en', brand, {
      ...SAMPLE['establishment-copy'],
      stayStart: null,
      stayEnd: null,
      comment: '  ',
    });
    expect(mail.text).not.toContain('Stay');
    expect(mail.text).not.toContain('The guest’s comment');
    expect(mail.text).toContain('The guest confirms that their booking is cancelled for good.');
  });

  it('When no document is needed, then the confirmation says so instead of an empty list', () => {
    const mail = renderMail('claim-confirmation', 'en', brand, {
      ...SAMPLE['claim-confirmation'],
      documents: [],
    });
    expect(mail.text).toContain(mailTranslator('en')('claimConfirmation.noDocuments'));
    expect(mail.html).not.toContain('<ul');
  });

  it('When a follow-up link is sent, then the mail says it is personal and that the earlier links stop working', () => {
    const mail = render('follow-up-link', 'en');
    expect(mail.text).toContain('https://claims.example.com/client-file?dossier=abc');
    expect(mail.text).toContain('do not forward it');
    expect(mail.text).toContain('This link replaces the ones we sent you before for this file: they no longer work.');
  });

  it('When several insured numbers match, then each is listed under the plural label', () => {
    const mail = renderMail('insured-number', 'de', brand, {
      ...SAMPLE['insured-number'],
      insuredNumbers: ['SO-0000001', 'SO-0000002'],
    });
    expect(mail.text).toContain('Ihre Versicherungsnummern: SO-0000001\nIhre Versicherungsnummern: SO-0000002');
    expect(mail.text).toContain('vom 1. Juli 2025 bis 15. Juli 2025');
    expect(() =>
      renderMail('insured-number', 'de', brand, {
        ...SAMPLE['insured-number'],
        insuredNumbers: [],
      }),
    ).toThrow(RangeError);
  });

  it('When a complaint is received, then the mail says it is the acknowledgement, gives the 2-month deadline and the reference', () => {
    const mail = render('complaint-acknowledgement', 'fr');
    expect(mail.text).toContain('Ce message vaut accusé de réception.');
    expect(mail.text).toContain('2 mois');
    expect(mail.text).toContain('Référence de votre réclamation\u00a0: SI-0000042');
  });

  it('When a contact message has no claim number, then no reference line is shown', () => {
    const mail = renderMail('contact-acknowledgement', 'it', brand, {});
    expect(mail.text).not.toContain(mailTranslator('it')('contactAcknowledgement.referenceLabel'));
  });

  it('When values hold markup, then the HTML escapes them and the text keeps them', () => {
    const hostile = '<script>alert("x")</script> & \'co\'';
    const mail = renderMail('claim-confirmation', 'fr', brand, {
      ...SAMPLE['claim-confirmation'],
      claimNumber: hostile,
      documents: [hostile],
      followUpUrl: 'https://claims.example.com/client-file?dossier=a&b="c"',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;');
    expect(mail.html).toContain('href="https://claims.example.com/client-file?dossier=a&amp;b=&quot;c&quot;"');
    expect(mail.text).toContain(hostile);
    const brandWithMarkup = { ...brand, name: '<b>Brand</b>' };
    expect(renderMail('contact-acknowledgement', 'fr', brandWithMarkup, {}).html).not.toContain('<b>Brand</b>');
  });

  it('When staff answer a message, then the mail carries the sanitised answer, the claim and the quoted message, and its text form has no tag', () => {
    const mail = renderMail('inbox-answer', 'en', brand, {
      kind: 'contact',
      receivedAt: new Date('2026-11-27T15:00:00Z'),
      claimNumber: 'SI-0000042',
      answerHtml:
        '<p>Dear guest,</p><script>alert(1)</script><ul><li>first &amp; <a href="https://example.com/faq">our FAQ</a></li></ul><p onclick="x()">Bye</p>',
      original: `Where is my refund? ${'x'.repeat(700)}`,
    });
    expect(mail.subject).toBe('Our answer to your message');
    expect(mail.html).toContain('<p>Dear guest,</p>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('onclick');
    expect(mail.html).toContain('27 November 2026');
    expect(mail.text).toContain('Here is our answer to the message you sent us on 27 November 2026.');
    expect(mail.text).toContain('File concerned: SI-0000042');
    expect(mail.text).toContain('- first & our FAQ (https://example.com/faq)');
    expect(mail.text).toContain('> Where is my refund?');
    expect(mail.text).toContain('…');
    expect(mail.text).not.toMatch(/<[a-z/]/);
  });

  it('When a link is not http(s), then rendering refuses it', () => {
    expect(() =>
      renderMail('follow-up-link', 'fr', brand, {
        claimNumber: 'SI-1',
        followUpUrl: 'javascript:alert(1)',
      }),
    ).toThrow(RangeError);
  });

  it('When a value breaks a subject line, then the line break is removed', () => {
    const mail = renderMail('complaint-acknowledgement', 'fr', brand, {
      claimNumber: 'SI-1\r\nBcc: x@example.com',
    });
    expect(mail.subject).toBe('Nous avons bien reçu votre réclamation – dossier SI-1 Bcc: x@example.com');
  });
});

describe('mail helpers', () => {
  it('When a value holds braces, then it is not read again as a placeholder', () => {
    expect(mailTranslator('fr')('followUpLink.subject', { claimNumber: '{{brand}}' })).toBe(
      'Votre lien de suivi – dossier {{brand}}',
    );
  });

  it("When one insured number or several are sent, then the label follows the language's plural rules", () => {
    const label = mailTranslator('pl');
    expect([1, 3, 5].map((count) => label('insuredNumber.numberLabel', { count }))).toEqual([
      'Numer ubezpieczonego',
      'Numery ubezpieczonego',
      'Numery ubezpieczonego',
    ]);
  });

  it('When a date is formatted, then it is the insurer’s calendar day written in full', () => {
    expect(formatMailDate('2025-07-01', 'en')).toBe('1 July 2025');
    expect(formatMailDate('2025-07-01', 'da')).toBe('1. juli 2025');
    // 22:30 UTC on 30 June is already 1 July in Paris.
    expect(formatMailDate(new Date('2025-06-30T22:30:00Z'), 'fr')).toBe('1er juillet 2025');
    expect(() => formatMailDate('soon', 'fr')).toThrow(RangeError);
  });

  it('When links are built, then company and language prefixes follow the site’s URLs', () => {
    expect(
      followUpUrl(
        {
          origin: 'https://claims.example.com/',
          company: 'veligo',
          lang: 'en',
        },
        'tok_en',
      ),
    ).toBe('https://claims.example.com/veligo/en/client-file?dossier=tok_en');
    expect(followUpUrl({ origin: 'https://claims.example.com', company: '', lang: 'fr' }, 'a+b/c')).toBe(
      'https://claims.example.com/client-file?dossier=a%2Bb%2Fc',
    );
    expect(customerPageUrl({ origin: 'https://example.com/portal', company: '', lang: 'de' }, 'declare-sinistre')).toBe(
      'https://example.com/portal/de/declare-sinistre',
    );
  });
});

describe('Dates in mails written in full in the mail’s language', () => {
  /** SAMPLE's declaration day (14 March 2025) and stay (1 to 15 July 2025), as each language writes them. */
  const WRITTEN: Record<Language, { declared: string; start: string; end: string }> = {
    fr: { declared: '14 mars 2025', start: '1er juillet 2025', end: '15 juillet 2025' },
    en: { declared: '14 March 2025', start: '1 July 2025', end: '15 July 2025' },
    de: { declared: '14. März 2025', start: '1. Juli 2025', end: '15. Juli 2025' },
    es: { declared: '14 de marzo de 2025', start: '1 de julio de 2025', end: '15 de julio de 2025' },
    it: { declared: '14 marzo 2025', start: '1 luglio 2025', end: '15 luglio 2025' },
    nl: { declared: '14 maart 2025', start: '1 juli 2025', end: '15 juli 2025' },
    pl: { declared: '14 marca 2025', start: '1 lipca 2025', end: '15 lipca 2025' },
    da: { declared: '14. marts 2025', start: '1. juli 2025', end: '15. juli 2025' },
    pt: { declared: '14 de março de 2025', start: '1 de julho de 2025', end: '15 de julho de 2025' },
  };

  it.each(LANGUAGES)('When the mails are rendered in %s, then their dates read in full, never as numbers', (lang) => {
    const written = WRITTEN[lang];
    const confirmation = render('claim-confirmation', lang);
    const insured = render('insured-number', lang);
    for (const part of [confirmation.text, confirmation.html]) expect(part).toContain(escapeHtml(written.declared));
    for (const part of [insured.text, insured.html]) {
      expect(part).toContain(escapeHtml(written.start));
      expect(part).toContain(escapeHtml(written.end));
    }
    for (const mail of [confirmation, insured]) expect(mail.text).not.toMatch(/\b\d{1,2}[/.-]\d{1,2}[/.-]\d{4}\b/);
  });
});
