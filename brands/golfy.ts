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
    { kind: 'conditions' },
    { kind: 'certificateHoleInOne' },
    { kind: 'certificateInterruption' },
    { kind: 'certificateLevelUp' },
    { kind: 'certificateInterruptionExtension' },
  ],
  declaration: {
    bookingSection: 'subscription',
    establishmentWording: 'golf',
    automaticInsuredNumber: 'SO-GOLFY-0000001',
  },
});
