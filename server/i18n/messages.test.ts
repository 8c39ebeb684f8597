import { describe, expect, it } from 'vitest';
import { ALL_CATALOGS } from './catalogs.ts';
import { defineMessages, translate, untranslatedEntries } from './messages.ts';

describe('Server message catalogues', () => {
  it.each(Object.entries(ALL_CATALOGS))(
    'When the %s messages are read, then every language has its own text',
    (_name, catalog) => {
      expect(untranslatedEntries(catalog)).toEqual([]);
    },
  );

  it('When a message has a placeholder, then it is filled', () => {
    const catalog = defineMessages({
      hello: {
        fr: 'Bonjour {{name}}',
        en: 'Hello {{name}}',
        de: 'Hallo {{name}}',
        es: 'Hola {{name}}',
        it: 'Ciao {{name}}',
        nl: 'Hallo {{name}}!',
        pl: 'Cześć {{name}}',
        da: 'Hej {{name}}',
        pt: 'Olá {{name}}',
      },
    });
    expect(translate(catalog, 'hello', 'de', { name: 'Anna' })).toBe('Hallo Anna');
  });
});
