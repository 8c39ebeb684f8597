import { defineBrand } from './lib/schema.ts';

export default defineBrand({
  name: 'Domaine des Naïades',
  logo: 'domainedesnaiades.svg',
  theme: { primary: '#00747a', onPrimary: '#ffffff', primaryDark: '#00565a', accent: '#f4a259', tint: '#ebf4f4' },
  support: [
    { line: 'FR', phone: '+33 1 84 88 40 10' },
    { line: 'ES', phone: '+34 910 60 72 48' },
    { line: 'PT', phone: '+351 308 80 45 12' },
    { line: 'DE', phone: '+49 30 3119 8752' },
    { line: 'NL', phone: '+31 20 808 41 67' },
    { line: 'DK', phone: '+45 78 77 52 31' },
    { line: 'EN', phone: '+44 20 3769 1184' },
  ],
  declaration: { forcedClientId: 7549 },
  // One establishment: the copy of a cancellation goes to its booking desk.
  establishment: { copyEmail: 'reservations@domaine-des-naiades.example' },
});
