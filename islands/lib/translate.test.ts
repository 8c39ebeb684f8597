import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contracts/languages.ts';
import { getTranslator, MESSAGES, type MessageKey } from '../../site/i18n/index.ts';
import { createTranslator } from './translate.ts';

describe('createTranslator', () => {
  const t = createTranslator(
    {
      'wizard.common.next': 'Suivant',
      'wizard.step4.reservation.startAfterEnd': 'Début ({{start}}) après la fin ({{ end }})',
    },
    'fr',
  );

  it('When a key was passed, then its text is returned', () => {
    expect(t('wizard.common.next')).toBe('Suivant');
  });

  it('When placeholders are given, then each is filled, spaces inside the braces allowed', () => {
    expect(t('wizard.step4.reservation.startAfterEnd', { start: '02/05/2027', end: '01/05/2027' })).toBe(
      'Début (02/05/2027) après la fin (01/05/2027)',
    );
  });

  it('When a placeholder has no value, then it stays visible rather than vanishing', () => {
    expect(t('wizard.step4.reservation.startAfterEnd', { start: 'x' })).toBe('Début (x) après la fin ({{ end }})');
  });

  it('When a key was not passed to the island, then the key itself shows', () => {
    expect(t('wizard.open.label')).toBe('wizard.open.label');
  });

  it("When a count is given, then the language's plural form is chosen (Polish few and many)", () => {
    const messages = { x_one: '{{count}} plik', x_few: '{{count}} pliki', x_many: '{{count}} plików' };
    const polish = createTranslator(messages as never, 'pl');
    expect([1, 3, 5, 22].map((count) => polish('x' as MessageKey, { count }))).toEqual([
      '1 plik',
      '3 pliki',
      '5 plików',
      '22 pliki',
    ]);
  });
});

describe('the islands translate as the build does (one rule: locales/i18n.ts)', () => {
  it.each(LANGUAGES)('every text in %s, with and without values', (lang) => {
    const island = createTranslator(MESSAGES[lang], lang);
    const build = getTranslator(lang);
    const values = { brand: 'A & B', count: 3, start: '01/02/2027', end: '03/02/2027', claimDate: '<i>', max: 5 };
    for (const key of Object.keys(MESSAGES[lang]) as MessageKey[]) {
      expect(island(key, values), key).toBe(build(key, values));
      if (!/\{\{/.test(MESSAGES[lang][key])) expect(island(key), key).toBe(build(key));
    }
  });
});
