import type { MailTexts } from './texts.ts';

/** Danish. */
export default {
  common: {
    greeting: 'Hej,',
    closing: 'Med venlig hilsen',
    signature: 'Skadeafdelingen hos {{brand}}',
    labelSeparator: ': ',
    linkFallback: 'Hvis knappen ikke virker, så kopiér denne adresse ind i din browser:',
    supportTitle: 'Brug for hjælp?',
    supportHours: 'Vores rådgivere sidder klar mandag til fredag kl. 9-13 og 14-18 (om fredagen til kl. 17).',
    supportLines: {
      FR: 'Frankrig',
      ES: 'Spanien',
      PT: 'Portugal',
      DE: 'Tyskland',
      NL: 'Holland',
      DK: 'Danmark',
      EN: 'International (engelsk)',
    },
    automatic: 'Denne besked er sendt automatisk: du kan ikke svare på den.',
    notRequested: 'Hvis det ikke er dig, der har bedt om dette, kan du se bort fra beskeden.',
  },
  claimConfirmation: {
    subject: 'Din skadesanmeldelse er registreret – sag {{claimNumber}}',
    heading: 'Din anmodning er sendt!',
    intro:
      'Vi har modtaget din skadesanmeldelse. Gem dit sagsnummer: du skal bruge det for at følge din sag og hver gang du kontakter vores rådgivere.',
    claimNumberLabel: 'Sagsnummer',
    declarationDateLabel: 'Anmeldelsesdato',
    documentsIntro: 'For at vi kan behandle din sag, beder vi dig sende os følgende dokumenter:',
    noDocuments: 'Vi har ikke brug for nogen dokumenter lige nu. Vi giver dig besked, hvis din sag kræver det.',
    addProofs: 'Du kan til enhver tid uploade din dokumentation og følge din sag online.',
    addProofsButton: 'Tilføj min dokumentation',
    refund:
      'Så snart din sag er komplet og godkendt, overfører vi beløbet inden for 48 timer; pengene står på din konto 2 til 5 dage senere, afhængigt af bankerne.',
  },
  followUpLink: {
    subject: 'Dit link til at følge sag {{claimNumber}}',
    heading: 'Følg din sag online',
    intro: 'Med dette link kan du til enhver tid se sag {{claimNumber}} og tilføje din dokumentation.',
    button: 'Gå til min sag',
    personal:
      'Linket er personligt: det åbner din sag uden yderligere kontrol. Videresend det ikke, og del det ikke med nogen.',
  },
  insuredNumber: {
    subject: 'Dit forsikringsnummer',
    heading: 'Her er dit forsikringsnummer',
    intro: 'Du har bedt os om at finde dit forsikringsnummer for opholdet fra {{start}} til {{end}}.',
    numberLabelOne: 'Dit forsikringsnummer',
    numberLabelMany: 'Dine forsikringsnumre',
    nextStep: 'Indtast nummeret på vores hjemmeside for at anmelde din skade.',
    button: 'Anmeld en skade',
  },
  complaintAcknowledgement: {
    subject: 'Vi har modtaget din klage – sag {{claimNumber}}',
    heading: 'Din klage er modtaget',
    intro: 'Vi har modtaget din klage vedrørende sag {{claimNumber}} og sendt den videre til vores klageafdeling.',
    deadlines:
      'Vi forpligter os til at bekræfte modtagelsen inden for 10 dage og til at give dig et endeligt svar inden for højst 2 måneder.',
    referenceLabel: 'Reference for din klage',
    referenceNote: 'Oplys venligst denne reference, hver gang du kontakter os.',
  },
  contactAcknowledgement: {
    subject: 'Vi har modtaget din besked',
    heading: 'Tak for din besked',
    intro: 'Din besked er sendt videre til vores team. En rådgiver svarer dig så hurtigt som muligt.',
    referenceLabel: 'Sagen drejer sig om',
    faq: 'Indtil da finder du måske svaret på dit spørgsmål i de ofte stillede spørgsmål på vores hjemmeside.',
  },
} satisfies MailTexts;
