import { defineBrand } from './lib/schema.ts';

/** The neutral brand: pages without a company prefix. */
export default defineBrand({
  name: 'Sinistre Assistance',
  logo: 'default.svg',
  theme: { primary: '#1f4e8c', onPrimary: '#ffffff', primaryDark: '#153a6b', accent: '#f2a93b', tint: '#eef3fa' },
  support: [
    { line: 'FR', phone: '+33 1 84 88 40 10' },
    { line: 'ES', phone: '+34 910 60 72 48' },
    { line: 'PT', phone: '+351 308 80 45 12' },
    { line: 'DE', phone: '+49 30 3119 8752' },
    { line: 'NL', phone: '+31 20 808 41 67' },
    { line: 'DK', phone: '+45 78 77 52 31' },
    { line: 'EN', phone: '+44 20 3769 1184' },
  ],
  // Where complaints are written to by post, for every brand that gives none of its own: shown on
  // the complaint page and written into the legal notice (the publisher's complaints department).
  complaintAddress: ['Sinistre Assistance SAS – Service Réclamations', '18 rue de la Charité', '69002 Lyon', 'France'],
});
