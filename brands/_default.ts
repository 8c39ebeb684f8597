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
  // The department and the country in each language, as the legal notice writes the head office.
  complaintAddress: [
    {
      fr: 'Sinistre Assistance SAS – Service Réclamations',
      en: 'Sinistre Assistance SAS – Complaints Department',
      de: 'Sinistre Assistance SAS – Beschwerdeabteilung',
      es: 'Sinistre Assistance SAS – Servicio de Reclamaciones',
      it: 'Sinistre Assistance SAS – Ufficio Reclami',
      nl: 'Sinistre Assistance SAS – Klachtenafdeling',
      pl: 'Sinistre Assistance SAS – Dział Reklamacji',
      da: 'Sinistre Assistance SAS – Klageafdelingen',
      pt: 'Sinistre Assistance SAS – Serviço de Reclamações',
    },
    '18 rue de la Charité',
    {
      fr: '69002 Lyon',
      en: '69002 Lyon',
      de: '69002 Lyon',
      es: '69002 Lyon',
      it: '69002 Lione',
      nl: '69002 Lyon',
      pl: '69002 Lyon',
      da: '69002 Lyon',
      pt: '69002 Lyon',
    },
    {
      fr: 'France',
      en: 'France',
      de: 'Frankreich',
      es: 'Francia',
      it: 'Francia',
      nl: 'Frankrijk',
      pl: 'Francja',
      da: 'Frankrig',
      pt: 'França',
    },
  ],
});
