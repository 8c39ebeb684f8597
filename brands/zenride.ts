import { defineBrand } from './lib/schema.ts';

export default defineBrand({
  name: 'Zenride',
  logo: 'zenride.svg',
  // The employer's badge holds words: one file per language.
  secondLogo: {
    fr: 'zenride-partner.svg',
    en: 'zenride-partner-en.svg',
    de: 'zenride-partner-de.svg',
    es: 'zenride-partner-es.svg',
    it: 'zenride-partner-it.svg',
    nl: 'zenride-partner-nl.svg',
    pl: 'zenride-partner-pl.svg',
    da: 'zenride-partner-da.svg',
    pt: 'zenride-partner-pt.svg',
  },
  theme: { primary: '#4f46b8', onPrimary: '#ffffff', primaryDark: '#3a3488', accent: '#34d399', tint: '#f1f0f9' },
  support: [
    { line: 'FR', phone: '+33 1 84 88 40 31' },
    { line: 'ES', phone: '+34 910 60 72 48' },
    { line: 'PT', phone: '+351 308 80 45 12' },
    { line: 'DE', phone: '+49 30 3119 8752' },
    { line: 'NL', phone: '+31 20 808 41 67' },
    { line: 'DK', phone: '+45 78 77 52 31' },
    { line: 'EN', phone: '+44 20 3769 1184' },
  ],
  declaration: {
    bookingSection: 'hidden',
    contractDatesRequired: false,
    cancellationCheckbox: false,
    followUpShowsBooking: true,
  },
  pageVisitSeries: false,
});
