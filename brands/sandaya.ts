import { defineBrand } from './lib/schema.ts';

export default defineBrand({
  name: 'Sandaya',
  logo: 'sandaya.svg',
  theme: { primary: '#8b5a2b', onPrimary: '#ffffff', primaryDark: '#674320', accent: '#2a9d8f', tint: '#f6f2ee' },
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
  // Sandaya's booking contracts: "SDY-", the year, six digits.
  declaration: { contractNumberFormat: { pattern: 'SDY-\\d{4}-\\d{6}', example: 'SDY-2027-004512' } },
});
