import type { MailTexts } from './texts.ts';

/** Polish (formal plural address, "Państwo", which needs no gender). */
export default {
  common: {
    greeting: 'Dzień dobry,',
    closing: 'Z poważaniem',
    signature: 'Dział szkód {{brand}}',
    labelSeparator: ': ',
    linkFallback: 'Jeśli przycisk nie działa, prosimy skopiować ten adres do przeglądarki:',
    supportTitle: 'Potrzebują Państwo pomocy?',
    supportHours:
      'Nasi konsultanci są dostępni od poniedziałku do piątku w godz. 9:00–13:00 i 14:00–18:00 (w piątki do 17:00).',
    supportLines: {
      FR: 'Francja',
      ES: 'Hiszpania',
      PT: 'Portugalia',
      DE: 'Niemcy',
      NL: 'Holandia',
      DK: 'Dania',
      EN: 'Międzynarodowa (po angielsku)',
    },
    automatic: 'Ta wiadomość została wysłana automatycznie: prosimy na nią nie odpowiadać.',
    notRequested: 'Jeśli to nie Państwo złożyli tę prośbę, prosimy zignorować tę wiadomość.',
  },
  claimConfirmation: {
    subject: 'Zgłoszenie szkody zostało zarejestrowane – sprawa {{claimNumber}}',
    heading: 'Państwa wniosek został wysłany!',
    intro:
      'Otrzymaliśmy Państwa zgłoszenie szkody. Prosimy zachować numer sprawy: będzie potrzebny do śledzenia wniosku i przy każdym kontakcie z naszymi konsultantami.',
    claimNumberLabel: 'Numer sprawy',
    declarationDateLabel: 'Data zgłoszenia',
    documentsIntro: 'Aby rozpatrzyć sprawę, prosimy o przesłanie następujących dokumentów:',
    noDocuments: 'Na razie nie potrzebujemy żadnych dokumentów. Poinformujemy Państwa, jeśli będą potrzebne.',
    addProofs: 'W każdej chwili mogą Państwo przesłać dokumenty i sprawdzić postęp sprawy online.',
    addProofsButton: 'Dodaj dokumenty',
    refund:
      'Gdy sprawa będzie kompletna i zatwierdzona, przelew zostanie zlecony w ciągu 48 godzin; środki wpłyną na konto po 2–5 dniach, w zależności od banków.',
  },
  followUpLink: {
    subject: 'Link do śledzenia sprawy {{claimNumber}}',
    heading: 'Śledzenie sprawy online',
    intro:
      'Oto link, dzięki któremu w każdej chwili mogą Państwo sprawdzić sprawę {{claimNumber}} i dodać do niej dokumenty.',
    button: 'Przejdź do mojej sprawy',
    personal:
      'Ten link jest osobisty: otwiera Państwa sprawę bez dodatkowej weryfikacji. Prosimy go nie przekazywać i nikomu nie udostępniać.',
  },
  insuredNumber: {
    subject: 'Państwa numer ubezpieczonego',
    heading: 'Oto Państwa numer ubezpieczonego',
    intro: 'Poprosili Państwo o odszukanie numeru ubezpieczonego dla pobytu od {{start}} do {{end}}.',
    numberLabelOne: 'Numer ubezpieczonego',
    numberLabelMany: 'Numery ubezpieczonego',
    nextStep: 'Prosimy wpisać ten numer na naszej stronie, aby zgłosić szkodę.',
    button: 'Zgłoś szkodę',
  },
  complaintAcknowledgement: {
    subject: 'Otrzymaliśmy Państwa reklamację – sprawa {{claimNumber}}',
    heading: 'Reklamacja została przyjęta',
    intro:
      'Otrzymaliśmy Państwa reklamację dotyczącą sprawy {{claimNumber}} i przekazaliśmy ją do naszego działu reklamacji.',
    deadlines:
      'Zobowiązujemy się potwierdzić jej otrzymanie w ciągu 10 dni i udzielić ostatecznej odpowiedzi w terminie nie dłuższym niż 2 miesiące.',
    referenceLabel: 'Numer referencyjny reklamacji',
    referenceNote: 'Prosimy podawać ten numer w każdej korespondencji z nami.',
  },
  contactAcknowledgement: {
    subject: 'Otrzymaliśmy Państwa wiadomość',
    heading: 'Dziękujemy za wiadomość',
    intro: 'Państwa wiadomość została przekazana naszemu zespołowi. Konsultant odpowie najszybciej, jak to możliwe.',
    referenceLabel: 'Dotyczy sprawy',
    faq: 'Tymczasem odpowiedź na Państwa pytanie można znaleźć w sekcji FAQ na naszej stronie.',
  },
} satisfies MailTexts;
