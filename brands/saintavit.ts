import { defineBrand } from './lib/schema.ts';

export default defineBrand({
  name: 'Camping Saint-Avit',
  logo: 'saintavit.svg',
  theme: { primary: '#7b2d26', onPrimary: '#ffffff', primaryDark: '#5b211c', accent: '#d4a72c', tint: '#f4eeee' },
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
  establishment: { copyEmail: 'reservations@camping-saint-avit.example' },
});
