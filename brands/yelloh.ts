import { defineBrand } from './lib/schema.ts';

export default defineBrand({
  name: 'Yelloh! Village',
  logo: 'yelloh.svg',
  theme: { primary: '#3a3a3a', onPrimary: '#ffffff', primaryDark: '#2b2b2b', accent: '#ffcc00', tint: '#efefef' },
  support: [
    { line: 'FR', phone: '+33 1 84 88 40 10' },
    { line: 'ES', phone: '+34 910 60 72 48' },
    { line: 'PT', phone: '+351 308 80 45 12' },
    { line: 'DE', phone: '+49 30 3119 8752' },
    { line: 'NL', phone: '+31 20 808 41 67' },
    { line: 'DK', phone: '+45 78 77 52 31' },
    { line: 'EN', phone: '+44 20 3769 1184' },
  ],
  documents: [{ kind: 'conditions' }],
  // Yelloh! Village's booking contracts: "YV" and eight digits.
  declaration: { contractNumberFormat: { pattern: 'YV\\d{8}', example: 'YV27008841' } },
});
