import { defineBrand } from './lib/schema.ts';

export default defineBrand({
  name: 'Camping de Berny-Rivière',
  logo: 'bernyriviere.svg',
  theme: { primary: '#3b6e8f', onPrimary: '#ffffff', primaryDark: '#2c516a', accent: '#8fbf4d', tint: '#eff3f6' },
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
  establishment: { copyEmail: 'reservations@camping-berny-riviere.example' },
});
