import type { MailTexts } from './texts.ts';

/** Dutch. */
export default {
  common: {
    greeting: 'Beste klant,',
    closing: 'Met vriendelijke groet,',
    signature: 'De schadeafdeling van {{brand}}',
    labelSeparator: ': ',
    linkFallback: 'Werkt de knop niet? Kopieer dan dit adres in uw browser:',
    supportTitle: 'Hulp nodig?',
    supportHours:
      'Onze adviseurs staan voor u klaar van maandag tot en met vrijdag, van 9.00 tot 13.00 uur en van 14.00 tot 18.00 uur (op vrijdag tot 17.00 uur).',
    supportLines: {
      FR: 'Frankrijk',
      ES: 'Spanje',
      PT: 'Portugal',
      DE: 'Duitsland',
      NL: 'Nederland',
      DK: 'Denemarken',
      EN: 'Internationaal (Engels)',
    },
    automatic: 'Dit bericht is automatisch verzonden: u kunt er niet op antwoorden.',
    notRequested: 'Heeft u dit niet aangevraagd? Dan kunt u dit bericht negeren.',
  },
  claimConfirmation: {
    subject: 'Uw schademelding is geregistreerd – dossier {{claimNumber}}',
    heading: 'Uw aanvraag is verzonden!',
    intro:
      'Wij hebben uw schademelding ontvangen. Bewaar uw dossiernummer goed: u heeft het nodig om uw aanvraag te volgen en bij elk contact met onze adviseurs.',
    claimNumberLabel: 'Dossiernummer',
    declarationDateLabel: 'Datum van melding',
    documentsIntro: 'Om uw dossier te behandelen, vragen wij u de volgende documenten te sturen:',
    noDocuments: 'Op dit moment hebben wij geen documenten van u nodig. Wij laten het u weten als dat verandert.',
    addProofs: 'U kunt uw bewijsstukken op elk moment online uploaden en de voortgang van uw dossier volgen.',
    addProofsButton: 'Mijn bewijsstukken toevoegen',
    refund:
      'Zodra uw dossier compleet en goedgekeurd is, maken wij het bedrag binnen 48 uur over; afhankelijk van de banken staat het 2 tot 5 dagen later op uw rekening.',
  },
  followUpLink: {
    subject: 'Uw link om dossier {{claimNumber}} te volgen',
    heading: 'Volg uw dossier online',
    intro: 'Met deze link kunt u dossier {{claimNumber}} op elk moment bekijken en uw bewijsstukken toevoegen.',
    button: 'Naar mijn dossier',
    personal:
      'Deze link is persoonlijk: hij opent uw dossier zonder verdere controle. Stuur hem niet door en deel hem met niemand.',
  },
  insuredNumber: {
    subject: 'Uw verzekerdennummer',
    heading: 'Hier is uw verzekerdennummer',
    intro: 'U heeft ons gevraagd uw verzekerdennummer op te zoeken voor het verblijf van {{start}} tot en met {{end}}.',
    numberLabelOne: 'Uw verzekerdennummer',
    numberLabelMany: 'Uw verzekerdennummers',
    nextStep: 'Vul dit nummer in op onze website om uw schade te melden.',
    button: 'Schade melden',
  },
  complaintAcknowledgement: {
    subject: 'Wij hebben uw klacht ontvangen – dossier {{claimNumber}}',
    heading: 'Uw klacht is ontvangen',
    intro: 'Wij hebben uw klacht over dossier {{claimNumber}} ontvangen en doorgestuurd naar onze klachtenafdeling.',
    deadlines:
      'Wij bevestigen de ontvangst binnen 10 dagen en geven u uiterlijk binnen 2 maanden een definitief antwoord.',
    referenceLabel: 'Referentie van uw klacht',
    referenceNote: 'Vermeld deze referentie bij elk contact met ons.',
  },
  contactAcknowledgement: {
    subject: 'Wij hebben uw bericht ontvangen',
    heading: 'Bedankt voor uw bericht',
    intro: 'Uw bericht is doorgestuurd naar ons team. Een adviseur neemt zo snel mogelijk contact met u op.',
    referenceLabel: 'Betreffend dossier',
    faq: 'Intussen vindt u het antwoord op uw vraag misschien al in de veelgestelde vragen op onze website.',
  },
} satisfies MailTexts;
