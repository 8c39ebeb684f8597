import { describe, expect, it } from 'vitest';
import { createTranslator } from './translate.ts';

describe('createTranslator', () => {
  const t = createTranslator({
    'wizard.common.next': 'Suivant',
    'wizard.step4.reservation.startAfterEnd': 'Début ({{start}}) après la fin ({{ end }})',
  });

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
});
