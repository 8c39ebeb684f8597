import type { MailTexts } from './texts.ts';

/** German. */
export default {
  common: {
    greeting: 'Guten Tag,',
    closing: 'Mit freundlichen Grüßen',
    signature: 'Ihr Schadenservice von {{brand}}',
    labelSeparator: ': ',
    linkFallback: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
    supportTitle: 'Brauchen Sie Hilfe?',
    supportHours:
      'Unsere Berater sind montags bis freitags von 9 bis 13 Uhr und von 14 bis 18 Uhr für Sie da (freitags bis 17 Uhr).',
    supportLines: {
      FR: 'Frankreich',
      ES: 'Spanien',
      PT: 'Portugal',
      DE: 'Deutschland',
      NL: 'Niederlande',
      DK: 'Dänemark',
      EN: 'International (Englisch)',
    },
    automatic: 'Diese Nachricht wurde automatisch versendet: Bitte antworten Sie nicht darauf.',
    notRequested: 'Falls Sie diese Anfrage nicht gestellt haben, können Sie diese Nachricht ignorieren.',
  },
  claimConfirmation: {
    subject: 'Ihre Schadenmeldung ist eingegangen – Vorgang {{claimNumber}}',
    heading: 'Ihre Anfrage wurde übermittelt!',
    intro:
      'Wir haben Ihre Schadenmeldung erhalten. Bitte bewahren Sie Ihre Vorgangsnummer auf: Sie benötigen sie, um Ihren Vorgang zu verfolgen und bei jedem Kontakt mit unseren Beratern.',
    claimNumberLabel: 'Vorgangsnummer',
    declarationDateLabel: 'Datum der Meldung',
    documentsIntro: 'Damit wir Ihren Vorgang bearbeiten können, senden Sie uns bitte folgende Unterlagen:',
    noDocuments: 'Derzeit benötigen wir keine Unterlagen von Ihnen. Wir melden uns, falls sich das ändert.',
    addProofs: 'Sie können Ihre Nachweise jederzeit online hochladen und den Stand Ihres Vorgangs verfolgen.',
    addProofsButton: 'Nachweise hinzufügen',
    refund:
      'Sobald Ihr Vorgang vollständig und geprüft ist, wird die Überweisung innerhalb von 48 Stunden veranlasst; je nach Bank ist das Geld 2 bis 5 Tage später auf Ihrem Konto.',
  },
  followUpLink: {
    subject: 'Ihr Link zur Vorgangsverfolgung – Vorgang {{claimNumber}}',
    heading: 'Verfolgen Sie Ihren Vorgang online',
    intro: 'Mit diesem Link können Sie den Vorgang {{claimNumber}} jederzeit einsehen und Ihre Nachweise hinzufügen.',
    button: 'Zu meinem Vorgang',
    personal:
      'Dieser Link ist persönlich: Er öffnet Ihren Vorgang ohne weitere Prüfung. Bitte leiten Sie ihn nicht weiter und geben Sie ihn an niemanden weiter.',
  },
  insuredNumber: {
    subject: 'Ihre Versicherungsnummer',
    heading: 'Hier ist Ihre Versicherungsnummer',
    intro:
      'Sie haben uns gebeten, Ihre Versicherungsnummer für den Aufenthalt vom {{start}} bis {{end}} herauszusuchen.',
    numberLabelOne: 'Ihre Versicherungsnummer',
    numberLabelMany: 'Ihre Versicherungsnummern',
    nextStep: 'Geben Sie diese Nummer auf unserer Website ein, um Ihren Schaden zu melden.',
    button: 'Schaden melden',
  },
  complaintAcknowledgement: {
    subject: 'Ihre Beschwerde ist bei uns eingegangen – Vorgang {{claimNumber}}',
    heading: 'Ihre Beschwerde ist eingegangen',
    intro:
      'Ihre Beschwerde zum Vorgang {{claimNumber}} ist bei uns eingegangen und wurde an unsere Beschwerdestelle weitergeleitet.',
    deadlines:
      'Wir verpflichten uns, den Eingang innerhalb von 10 Tagen zu bestätigen und Ihnen spätestens innerhalb von 2 Monaten eine abschließende Antwort zu geben.',
    referenceLabel: 'Referenz Ihrer Beschwerde',
    referenceNote: 'Bitte geben Sie diese Referenz bei jedem Kontakt mit uns an.',
  },
  contactAcknowledgement: {
    subject: 'Ihre Nachricht ist bei uns eingegangen',
    heading: 'Vielen Dank für Ihre Nachricht',
    intro:
      'Ihre Nachricht wurde an unser Team weitergeleitet. Ein Berater meldet sich so schnell wie möglich bei Ihnen.',
    referenceLabel: 'Betroffener Vorgang',
    faq: 'In der Zwischenzeit finden Sie die Antwort auf Ihre Frage vielleicht in den FAQ auf unserer Website.',
  },
} satisfies MailTexts;
