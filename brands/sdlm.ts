import { defineBrand } from './lib/schema.ts';

export default defineBrand({
  name: 'Le Soleil de la Mer',
  logo: 'sdlm.svg',
  theme: { primary: '#8a6100', onPrimary: '#ffffff', primaryDark: '#664800', accent: '#2a9dd8', tint: '#f6f2eb' },
  support: [
    { line: 'FR', phone: '+33 1 84 88 40 10' },
    { line: 'ES', phone: '+34 910 60 72 48' },
    { line: 'PT', phone: '+351 308 80 45 12' },
    { line: 'DE', phone: '+49 30 3119 8752' },
    { line: 'NL', phone: '+31 20 808 41 67' },
    { line: 'DK', phone: '+45 78 77 52 31' },
    { line: 'EN', phone: '+44 20 3769 1184' },
  ],
  // One establishment: the copy of a cancellation goes to its booking desk.
  establishment: { copyEmail: 'reservations@le-soleil-de-la-mer.example' },
});
