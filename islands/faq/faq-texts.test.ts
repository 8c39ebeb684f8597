import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contracts/languages.ts';
import { messagesFor } from '../../site/i18n/index.ts';
import { faqTextsIn } from './faq-texts.ts';

describe('The FAQ assistant’s texts loaded with its code', () => {
  it('When the island loads the texts of a page’s language, then it has every FAQ text of that language, as the page would have sent them', async () => {
    for (const lang of LANGUAGES) {
      const loaded = await faqTextsIn(lang);
      expect(loaded).toEqual(messagesFor(lang, 'faq'));
      expect(loaded['faq.send']).not.toBe('');
    }
  });

  it('When a page names a language without a catalogue, then the island loads no text', async () => {
    expect(await faqTextsIn('xx')).toEqual({});
    expect(await faqTextsIn('../fr')).toEqual({});
  });
});
