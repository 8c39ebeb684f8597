import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../contracts/languages.ts';
import { flatten, NAMESPACES, type Namespace, PLURAL_SUFFIX, RESOURCES } from './resources.ts';
import { SAME_AS_FRENCH } from './same-as-french.ts';

type Translation = Exclude<Language, 'fr'>;

const TRANSLATIONS = LANGUAGES.filter((lang): lang is Translation => lang !== 'fr');

/** A file's keys with plural forms folded: `files_one`, `files_other` → `files` (and its forms apart). */
function pluralGroups(flat: Record<string, string>): { keys: string[]; forms: Map<string, string[]> } {
  const forms = new Map<string, string[]>();
  const keys: string[] = [];
  for (const key of Object.keys(flat)) {
    const match = PLURAL_SUFFIX.exec(key);
    const base = match ? key.slice(0, match.index) : key;
    if (match) forms.set(base, [...(forms.get(base) ?? []), match[1] ?? '']);
    if (!keys.includes(base)) keys.push(base);
  }
  return { keys, forms };
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((match) => match[1] ?? ''))].sort();
}

/** Every language × namespace: the checks a translator's tool cannot make. */
describe.each(NAMESPACES.flatMap((namespace) => LANGUAGES.map((lang) => [lang, namespace] as const)))(
  '%s/%s.json',
  (lang: Language, namespace: Namespace) => {
    const french = flatten(RESOURCES.fr[namespace]);
    const texts = flatten(RESOURCES[lang][namespace]);
    const frenchGroups = pluralGroups(french);
    const groups = pluralGroups(texts);

    it('has exactly the French keys, in the French order', () => {
      expect(groups.keys).toEqual(frenchGroups.keys);
    });

    it("has every plural form of the language's rules (Intl.PluralRules), and only those", () => {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const [base, forms] of groups.forms)
        expect(`${base}: ${[...forms].sort()}`).toBe(`${base}: ${[...categories].sort()}`);
      expect([...groups.forms.keys()]).toEqual([...frenchGroups.forms.keys()]);
    });

    it('has no empty value', () => {
      expect(
        Object.entries(texts)
          .filter(([, value]) => value.trim() === '')
          .map(([key]) => key),
      ).toEqual([]);
    });

    it('keeps the French {{variables}} (every plural form those of the French `_other`)', () => {
      const frenchOf = (key: string) => french[key] ?? french[key.replace(PLURAL_SUFFIX, '_other')] ?? '';
      const mismatched = Object.keys(texts)
        .filter((key) => placeholders(texts[key] ?? '').join() !== placeholders(frenchOf(key)).join())
        .filter((key) => !(PLURAL_SUFFIX.test(key) && placeholders(texts[key] ?? '').join() === ''))
        .map((key) => `${key}: ${JSON.stringify(texts[key])} vs ${JSON.stringify(frenchOf(key))}`);
      expect(mismatched).toEqual([]);
    });

    if (lang !== 'fr') {
      const allowed = SAME_AS_FRENCH[lang as Translation][namespace] ?? [];
      it('translates every value (outside the short list of words that are the same)', () => {
        const copied = Object.keys(texts).filter((key) => texts[key] === french[key] && !allowed.includes(key));
        expect(copied).toEqual([]);
      });

      it('has no stale entry in that list', () => {
        expect(allowed.filter((key) => texts[key] !== french[key])).toEqual([]);
      });
    }
  },
);

describe('language names', () => {
  it('are endonyms, the same in every language', () => {
    for (const lang of TRANSLATIONS) {
      expect(RESOURCES[lang].site['language']).toEqual(RESOURCES.fr.site['language']);
    }
  });
});

/**
 * One word for one thing across the pages: a German claimant who reads « Schadennummer » on the
 * complaint form must not meet « Schadensnummer » on the follow-up page (both spellings exist; the
 * site, the wizard and the forms chose the one without the linking s).
 */
describe('German terminology', () => {
  const variants: Array<[RegExp, string]> = [
    [/Schadens(nummer|fall|fälle|meldung)/, 'Schaden$1'],
    [/\bBelege\b/, 'Nachweise'],
  ];
  it.each(NAMESPACES)('de/%s.json uses the site-wide words', (namespace) => {
    const texts = flatten(RESOURCES.de[namespace]);
    const found = Object.entries(texts).flatMap(([key, text]) =>
      variants.filter(([variant]) => variant.test(text)).map(([variant, word]) => `${key}: ${variant} → ${word}`),
    );
    expect(found).toEqual([]);
  });
});

/**
 * The claim number has one name per language wherever the claimant meets it: the confirmation
 * page tells them to keep it, and the follow-up, complaint form, mails and messages ask for it
 * by that same name (a claimant told to keep their « numéro de dossier » must not be asked for a
 * « numéro de sinistre »).
 */
describe('The claim number', () => {
  const LABELS: Array<[Namespace, string]> = [
    ['follow-up', 'followup.find.claimNumber.label'],
    ['follow-up', 'followup.facts.claimNumber'],
    ['forms', 'forms.field.claimNumber'],
    ['mail', 'claimConfirmation.claimNumberLabel'],
    ['mail', 'claimChange.claimNumberLabel'],
    ['mail', 'establishmentCopy.claimNumberLabel'],
  ];
  /** Other names of it, each of which some page once used. */
  const OTHER_NAMES: Record<Language, RegExp> = {
    fr: /num[ée]ro de sinistre|N° de sinistre/i,
    en: /file number/i,
    de: /Vorgangsnummer/i,
    es: /n[úu]mero de siniestro|N\.º de siniestro/i,
    it: /numero di sinistro|N\. di sinistro/i,
    nl: /schadenummer/i,
    pl: /numer\w* (szkody|zgłoszenia)/i,
    da: /skades?nummer/i,
    pt: /n[úu]mero de sinistro|N\.º de sinistro/i,
  };
  it.each(LANGUAGES)('%s: the confirmation page, the follow-up, the forms and the mails name it alike', (lang) => {
    const name = flatten(RESOURCES[lang].wizard)['confirmation.claimNumber'];
    expect(LABELS.map(([namespace, key]) => [key, flatten(RESOURCES[lang][namespace])[key]])).toEqual(
      LABELS.map(([, key]) => [key, name]),
    );
    const customerNamespaces = NAMESPACES.filter((namespace) => !/backoffice|staff/.test(namespace));
    const others = customerNamespaces.flatMap((namespace) =>
      Object.entries(flatten(RESOURCES[lang][namespace]))
        .filter(([, text]) => OTHER_NAMES[lang].test(text))
        .map(([key]) => `${namespace}:${key}`),
    );
    expect(others).toEqual([]);
  });
});

/**
 * The Polish follow-up page addresses the claimant formally (« Pana/Pani », « proszę »): one
 * informal sentence beside them (« Twoją sprawę », « Otrzymaj ») reads as a slip on the same screen.
 */
describe('Polish follow-up register', () => {
  it('pl/follow-up.json never says « ty » nor « Państwo »', () => {
    const informal = /\b(Tw[oó]j\w*|Twoi\w*|Otrzymaj|Upuść|Podaj|Wpisz|Państw\w*)/u;
    const texts = flatten(RESOURCES.pl['follow-up']);
    expect(Object.entries(texts).filter(([, text]) => informal.test(text))).toEqual([]);
  });
});

/**
 * The complaint page reads « …beantwortet sie oft sofort: » then its link: a whole sentence after
 * a colon starts with a capital in German (Duden), so the link's text does.
 */
describe('German after a colon', () => {
  it("the complaint page's contact link starts a sentence", () => {
    const texts = flatten(RESOURCES.de.forms);
    expect(texts['forms.claim.before']).toMatch(/:$/);
    expect(texts['forms.claim.contactLink']).toMatch(/^\p{Lu}/u);
  });
});
