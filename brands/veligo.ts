import { defineBrand } from './lib/schema.ts';

export default defineBrand({
  name: 'Véligo Location',
  logo: 'veligo.svg',
  theme: { primary: '#00795f', onPrimary: '#ffffff', primaryDark: '#005a46', accent: '#b5d334', tint: '#ebf4f2' },
  support: [
    { line: 'FR', phone: '+33 1 84 88 40 14' },
    { line: 'ES', phone: '+34 910 60 72 48' },
    { line: 'PT', phone: '+351 308 80 45 12' },
    { line: 'DE', phone: '+49 30 3119 8752' },
    { line: 'NL', phone: '+31 20 808 41 67' },
    { line: 'DK', phone: '+45 78 77 52 31' },
    { line: 'EN', phone: '+44 20 3769 1184' },
  ],
  declaration: { amountField: false, labelId: 14 },
  formerSlugs: ['fluow'],
  // One establishment: the copy of a cancellation goes to its booking desk.
  establishment: { copyEmail: 'location@veligo-location.example' },
});
