import { defineBrand } from './lib/schema.ts';

export default defineBrand({
  name: 'Golfy',
  logo: 'golfy.svg',
  theme: { primary: '#246b2e', onPrimary: '#ffffff', primaryDark: '#1b4f22', accent: '#c9a227', tint: '#edf3ee' },
  support: [
    { line: 'FR', phone: '+33 1 84 88 40 22' },
    { line: 'ES', phone: '+34 910 60 72 48' },
    { line: 'PT', phone: '+351 308 80 45 12' },
    { line: 'DE', phone: '+49 30 3119 8752' },
    { line: 'NL', phone: '+31 20 808 41 67' },
    { line: 'DK', phone: '+45 78 77 52 31' },
    { line: 'EN', phone: '+44 20 3769 1184' },
  ],
  documents: [
    { kind: 'conditions', url: 'https://documents.golfy-assurance.example/conditions?action=conditions' },
    {
      kind: 'certificateHoleInOne',
      url: 'https://documents.golfy-assurance.example/certificats?action=certificat-trou-en-un',
    },
    {
      kind: 'certificateInterruption',
      url: 'https://documents.golfy-assurance.example/certificats?action=certificat-interruption',
    },
    {
      kind: 'certificateLevelUp',
      url: 'https://documents.golfy-assurance.example/certificats?action=certificat-progression',
    },
    {
      kind: 'certificateInterruptionExtension',
      url: 'https://documents.golfy-assurance.example/certificats?action=certificat-extension-interruption',
    },
  ],
  declaration: {
    bookingSection: 'subscription',
    establishmentWording: 'golf',
    automaticInsuredNumber: 'SO-GOLFY-0000001',
  },
});
