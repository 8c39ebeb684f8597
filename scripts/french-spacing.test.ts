import { describe, expect, it } from 'vitest';
import { filesToFix, fixFrenchSpacing, NBSP } from './french-spacing.ts';

describe('French typography, a no-break space before ? ! : ;', () => {
  it('puts U+00A0 in place of a plain space, a narrow one or none before the four marks', () => {
    expect(fixFrenchSpacing('Une question ? Appelez-nous ! Horaires : 9h ; le vendredi 17h')).toBe(
      `Une question${NBSP}? Appelez-nous${NBSP}! Horaires${NBSP}: 9h${NBSP}; le vendredi 17h`,
    );
    expect(fixFrenchSpacing('Merci! Format: jj/mm/aaaa; vraiment?')).toBe(
      `Merci${NBSP}! Format${NBSP}: jj/mm/aaaa${NBSP}; vraiment${NBSP}?`,
    );
    expect(fixFrenchSpacing('Oui\u202f? Quoi ?!')).toBe(`Oui${NBSP}? Quoi${NBSP}?!`);
    expect(fixFrenchSpacing(' : ')).toBe(`${NBSP}: `);
    expect(fixFrenchSpacing('{{brand}}: <b>oui</b>?')).toBe(`{{brand}}${NBSP}: <b>oui</b>${NBSP}?`);
  });

  it('leaves addresses, times, formats, placeholders, tags, entities and markdown targets alone', () => {
    for (const text of [
      'Voir https://www.orias.fr/?a=1&b=2 ou mailto:dpo@example.fr',
      'Rendez-vous à 14:05 ; format HH:mm',
      'Le {{count, number}} et $t(wizard:next)',
      '<a href="contact?x=1" style="color:red">contact</a>',
      'Écrivez à l’adresse&nbsp;',
      '[la page](https://example.fr/a?b=c)',
      'Exemple : « How many claims per brand? »',
    ]) {
      const fixed = fixFrenchSpacing(text);
      expect(fixed.replaceAll(NBSP, ' ')).toBe(text.replace(' ;', ' ;').replace(' :', ' :'));
    }
    expect(fixFrenchSpacing('à 14:05 ; ok')).toBe(`à 14:05${NBSP}; ok`);
  });

  it('finds no French text of the portal left with a plain space or none before ? ! : ; (rerun node scripts/french-spacing.ts)', () => {
    expect(filesToFix()).toEqual([]);
  });
});
