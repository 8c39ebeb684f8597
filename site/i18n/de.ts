import type { Messages } from './types.ts';

export default {
  'meta.homeTitle': 'Schaden online melden und verwalten – {{brand}}',
  'meta.homeDescription':
    'Melden Sie Ihren Schaden in wenigen Minuten, verfolgen Sie den Stand Ihres Schadenfalls und reichen Sie Ihre Nachweise online ein.',
  'meta.pageTitle': '{{page}} – {{brand}}',

  'a11y.skipToContent': 'Zum Inhalt springen',
  'a11y.mainNav': 'Hauptnavigation',
  'a11y.openMenu': 'Menü öffnen',
  'a11y.closeMenu': 'Menü schließen',
  'a11y.language': 'Sprache: {{language}}',
  'a11y.chooseLanguage': 'Sprache wählen',
  'a11y.previous': 'Zurück',
  'a11y.next': 'Weiter',
  'a11y.footer': 'Fußzeile',
  'a11y.partnerLogo': 'Logo von {{brand}}',

  'language.fr': 'Français',
  'language.en': 'English',
  'language.de': 'Deutsch',
  'language.es': 'Español',
  'language.it': 'Italiano',
  'language.nl': 'Nederlands',
  'language.pl': 'Polski',
  'language.da': 'Dansk',
  'language.pt': 'Português',

  'nav.declare': 'Schaden melden',
  'nav.follow': 'Schadenfall verfolgen',
  'nav.help': 'Hilfe & FAQ',
  'nav.contact': 'Kontakt',

  'home.hero.eyebrow': 'Schadenportal von {{brand}}',
  'home.hero.title': 'Etwas ist schiefgegangen? Melden Sie Ihren Schaden in wenigen Minuten.',
  'home.hero.text':
    'Halten Sie Ihre Versicherungsnummer bereit: Wir führen Sie Schritt für Schritt durch die Meldung, Sie verfolgen Ihren Schadenfall online und erhalten Ihre Erstattung, sobald Ihre Unterlagen vollständig sind.',
  'home.hero.primary': 'Schaden melden',
  'home.hero.secondary': 'Schadenfall verfolgen',
  'home.hero.reassurance': 'Kostenloser Service, rund um die Uhr erreichbar',

  'home.actions.title': 'Was möchten Sie tun?',
  'home.actions.declare.title': 'Schaden melden',
  'home.actions.declare.text':
    'Stornierung, Reiseabbruch, Diebstahl oder Beschädigung: Starten Sie Ihre Meldung mit Ihrer Versicherungsnummer.',
  'home.actions.declare.cta': 'Schadenmeldung starten',
  'home.actions.follow.title': 'Schadenfall verfolgen',
  'home.actions.follow.text':
    'Sehen Sie den Bearbeitungsstand Ihres Schadenfalls ein und reichen Sie fehlende Nachweise nach.',
  'home.actions.follow.cta': 'Zu meinem Schadenfall',
  'home.actions.help.title': 'Hilfe erhalten',
  'home.actions.help.text':
    'Stellen Sie Ihre Frage unserem Assistenten, stöbern Sie in den FAQ oder kontaktieren Sie unser Team.',
  'home.actions.help.cta': 'Antwort finden',

  'home.benefits.title': 'Warum online melden?',
  'home.benefits.fast.title': 'Schnell',
  'home.benefits.fast.text': 'Ihre Meldung dauert weniger als 5 Minuten – ganz ohne Papierkram und Post.',
  'home.benefits.tracking.title': 'Status in Echtzeit',
  'home.benefits.tracking.text': 'Sie wissen jederzeit, wie weit Ihr Schadenfall ist und was noch fehlt.',
  'home.benefits.refund.title': 'Schnelle Erstattung',
  'home.benefits.refund.text':
    'Überweisung innerhalb von 48 Stunden, sobald Ihr Schadenfall vollständig und geprüft ist.',
  'home.benefits.secure.title': 'Geschützte Daten',
  'home.benefits.secure.text':
    'Ihre Dokumente werden verschlüsselt übertragen und ausschließlich zur Bearbeitung Ihres Schadenfalls verwendet.',

  'home.reviews.title': 'Das sagen unsere Kunden',
  'home.reviews.rating': 'Bewertung: {{rating}} von 5',
  'home.reviews.policy': 'Wie werden die Bewertungen gesammelt?',
  'home.reviews.1.text':
    'Urlaub wegen eines Knochenbruchs storniert: Die Meldung war in zehn Minuten per Handy erledigt, und die Erstattung kam schon in der Woche darauf.',
  'home.reviews.2.text':
    'Ich konnte meine Nachweise direkt online einreichen und jeden Schritt verfolgen. Sehr übersichtlich.',
  'home.reviews.3.text':
    'Mein Fahrrad wurde im Urlaub gestohlen. Der Berater hat mich noch am selben Tag zurückgerufen, und alles wurde unkompliziert geregelt.',
  'home.reviews.4.text': 'Einfache Bedienung und ein Team, das schnell reagiert. Kann ich allen Campern nur empfehlen!',

  'home.partners.title': 'Unsere Partner',
  'home.documents.title': 'Ihre Dokumente',
  'home.documents.conditions': 'Versicherungsbedingungen',
  'home.documents.certificateHoleInOne': 'Hole-in-One-Bescheinigung',
  'home.documents.certificateInterruption': 'Unterbrechungsbescheinigung',
  'home.documents.certificateLevelUp': 'Bescheinigung über den Niveauaufstieg',
  'home.documents.certificateInterruptionExtension': 'Bescheinigung über die Verlängerung der Unterbrechung',

  'support.title': 'Kundenservice',
  'support.text': 'Haben Sie eine Frage zu Ihrem Schadenfall? Unser Beratungsteam hilft Ihnen gern weiter.',
  'support.hours': 'Montag bis Freitag, 9–13 Uhr und 14–18 Uhr (freitags bis 17 Uhr)',
  'support.line.FR': 'Frankreich',
  'support.line.ES': 'Spanien',
  'support.line.PT': 'Portugal',
  'support.line.DE': 'Deutschland',
  'support.line.NL': 'Niederlande',
  'support.line.DK': 'Dänemark',
  'support.line.EN': 'International (Englisch)',

  'footer.tagline': 'Melden, verfolgen und vervollständigen Sie Ihren Schadenfall online.',
  'footer.legal': 'Impressum',
  'footer.privacy': 'Datenschutzerklärung',
  'footer.complaint': 'Beschwerde',
  'footer.contact': 'Kontaktieren Sie uns',
  'footer.faq': 'FAQ',
  'footer.cookies': 'Cookies verwalten',
  'footer.copyright': '© {{year}} {{brand}}. Alle Rechte vorbehalten.',
  'footer.languages': 'Sprachen',

  'page.declare-sinistre': 'Schaden melden',
  'page.declare-step0': 'Auswahl der Versicherung',
  'page.declare-step1': 'Gegenstand der Meldung',
  'page.declare-step2': 'Grund der Meldung',
  'page.declare-step3': 'Weitere Angaben',
  'page.declare-step4': 'Ihre Kontaktdaten',
  'page.declare-step5': 'Meine Nachweise',
  'page.confirmation-sinistre': 'Bestätigung der Schadenmeldung',
  'page.suivre-dossier': 'Schadenfall verfolgen',
  'page.client-file': 'Mein Schadenfall',
  'page.claim': 'Beschwerde',
  'page.claim-step1': 'Beschwerdeformular',
  'page.claim-step2': 'Beschwerde gesendet',
  'page.find-my-number': 'Versicherungsnummer vergessen',
  'page.contact': 'Kontaktieren Sie uns',
  'page.faq': 'Hilfe & FAQ',
  'page.mentions-legales': 'Impressum',
  'page.politique-confidentialite': 'Datenschutzerklärung',
  'page.404': 'Seite nicht gefunden',
  'page.home': 'Startseite',

  'notFound.title': 'Uuups, diese Seite gibt es nicht!',
  'notFound.text': 'Der Link, dem Sie gefolgt sind, ist möglicherweise fehlerhaft, oder die Seite wurde verschoben.',
  'notFound.home': 'Zurück zur Startseite',

  'install.title': 'App installieren',
  'install.text':
    'Legen Sie das Schadenportal auf Ihrem Startbildschirm ab, um Ihren Schadenfall mit einem Fingertipp zu verfolgen.',
  'install.accept': 'Installieren',
  'install.dismiss': 'Später',

  'cookies.title': 'Wir respektieren Ihre Privatsphäre',
  'cookies.text':
    'Wir verwenden Cookies, die für den Betrieb der Website erforderlich sind, und – mit Ihrer Einwilligung – Cookies für Reichweitenmessung und Chat. Sie können Ihre Entscheidung jederzeit ändern.',
  'cookies.acceptAll': 'Alle akzeptieren',
  'cookies.rejectAll': 'Alle ablehnen',
  'cookies.manage': 'Anpassen',
  'cookies.save': 'Auswahl speichern',
  'cookies.close': 'Schließen',
  'cookies.prefs.title': 'Cookie-Einstellungen',
  'cookies.necessary.title': 'Notwendige Cookies',
  'cookies.necessary.text':
    'Unverzichtbar für den Betrieb der Website (Sprache, Entwurf Ihrer Schadenmeldung). Sie können nicht deaktiviert werden.',
  'cookies.analytics.title': 'Reichweitenmessung',
  'cookies.analytics.text': 'Helfen uns zu verstehen, wie die Website genutzt wird, damit wir sie verbessern können.',
  'cookies.support.title': 'Live-Chat',
  'cookies.support.text':
    'Ermöglicht es Ihnen, direkt auf der Website mit einer Beraterin oder einem Berater zu chatten.',
  'cookies.more': 'Mehr über Cookies erfahren',

  'wizard.chrome.back': 'Zurück',
  'wizard.chrome.quit': 'Beenden',
  'wizard.chrome.quitQuestion': 'Möchten Sie diese Seite wirklich verlassen und zur Startseite zurückkehren?',
  'wizard.chrome.quitYes': 'Ja',
  'wizard.chrome.quitNo': 'Nein',
  'wizard.chrome.quitNote':
    'Ihre Schadenmeldung bleibt auf diesem Gerät gespeichert: Sie können sie später fortsetzen.',
  'wizard.chrome.progress': 'Fortschritt Ihrer Schadenmeldung',
  'wizard.chrome.progressTotal': 'Fortschritt: {{percent}}',
  'wizard.chrome.request': 'Meine Meldung',
  'wizard.chrome.information': 'Meine Angaben',
  'wizard.chrome.proofs': 'Meine Nachweise',
  'wizard.chrome.stepOf': 'Schritt {{step}} von {{total}}',
  'wizard.chrome.noScript':
    'Für diesen Schritt wird JavaScript benötigt. Bitte aktivieren Sie es in Ihrem Browser oder rufen Sie unseren Kundenservice an.',

  'wizard.common.back': 'Zurück',
  'wizard.common.next': 'Weiter',
  'wizard.common.loading': 'Wird geladen…',
  'wizard.common.edit': 'Ändern',
  'wizard.common.retry': 'Erneut versuchen',
  'wizard.common.selected': 'Ausgewählt',
  'wizard.common.errorTitle': 'Fehler',
  'wizard.common.errorCode': 'Fehlercode: {{code}}',
  'wizard.common.summary.object': 'Gegenstand der Meldung',
  'wizard.common.summary.reason': 'Grund',
  'wizard.common.date.format': 'TT.MM.JJJJ',
  'wizard.common.date.hint': 'Format: {{format}}',
  'wizard.common.date.invalid': 'Ungültiges Datum: Bitte verwenden Sie das Format {{format}}.',
  'wizard.common.date.previousMonth': 'Vorheriger Monat',
  'wizard.common.date.nextMonth': 'Nächster Monat',

  'wizard.open.lead':
    'Geben Sie die Nummer ein, die auf Ihrer Versicherungsbestätigung oder in der Bestätigungs-E-Mail Ihrer Buchung steht.',
  'wizard.open.label': 'Versicherungsnummer oder Vertragsnummer',
  'wizard.open.hint': 'Sie beginnt mit SO-, zum Beispiel SO-0000000.',
  'wizard.open.forgotten': 'Versicherungsnummer vergessen?',
  'wizard.open.required': 'Bitte geben Sie Ihre Versicherungsnummer ein.',
  'wizard.open.incorrect': 'Fehler: Die Versicherungs- oder Vertragsnummer ist nicht korrekt.',
  'wizard.open.claimNumber':
    'Eine Versicherungsnummer beginnt nie mit SI-, sondern immer mit SO-. Die eingegebene Nummer ist eine Schadennummer: Um den Bearbeitungsstand einzusehen,',
  'wizard.open.claimNumberLink': 'verfolgen Sie Ihren Schadenfall',
  'wizard.open.unavailable':
    'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es in wenigen Augenblicken erneut.',
  'wizard.open.searching': 'Ihr Vertrag wird gesucht…',
  'wizard.open.incomplete': 'In Ihrer Schadenmeldung fehlten Angaben: Bitte beginnen Sie sie noch einmal von vorn.',
  'wizard.open.resume.title': 'Nicht abgeschlossene Schadenmeldung',
  'wizard.open.resume.text':
    'Sie haben eine Schadenmeldung mit der Nummer {{number}} begonnen. Machen Sie dort weiter, wo Sie aufgehört haben.',
  'wizard.open.resume.continue': 'Schadenmeldung fortsetzen',
  'wizard.open.resume.discard': 'Neu beginnen',
  'wizard.open.aside.title': 'Bevor Sie beginnen',
  'wizard.open.aside.number': 'Ihre Versicherungsnummer (SO-…)',
  'wizard.open.aside.event': 'Datum und Umstände des Ereignisses',
  'wizard.open.aside.booking': 'Die Angaben zu Ihrer Buchung oder Ihrem Abonnement',
  'wizard.open.aside.time':
    'Rechnen Sie mit etwa 5 Minuten. Ihre Antworten werden bei jedem Schritt auf diesem Gerät gespeichert.',

  'wizard.step0.question': 'Für welche Versicherung möchten Sie einen Schaden melden?',
  'wizard.step0.hasClaim': 'Bereits offener Schadenfall: {{number}}',

  'wizard.step1.question': 'Worum geht es bei Ihrer Meldung?',
  'wizard.step1.choose': 'Auswählen',
  'wizard.step1.more': 'Weitere',
  'wizard.step1.showMore': 'Mehr anzeigen',
  'wizard.step1.guaranteeError': 'Ihre Auswahl konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  'wizard.step1.none':
    'Für diesen Vertrag kann keine Meldung online erfasst werden. Unser Kundenservice hilft Ihnen gern telefonisch weiter.',

  'wizard.step2.question': 'Was ist der Grund Ihrer Meldung?',

  'wizard.step3.claimDate': 'Schadendatum',
  'wizard.step3.claimDate.required': 'Bitte geben Sie das Schadendatum an.',
  'wizard.step3.claimDate.future': 'Das Schadendatum darf nicht in der Zukunft liegen.',
  'wizard.step3.comment': 'Kommentar',
  'wizard.step3.comment.hint': 'Beschreiben Sie kurz, was passiert ist.',
  'wizard.step3.comment.empty': 'Bitte fügen Sie einen Kommentar hinzu.',

  'wizard.step4.allRequired': 'Alle Felder sind Pflichtfelder.',
  'wizard.step4.contact.title': 'Ihre Kontaktdaten',
  'wizard.step4.lastName.label': 'Nachname',
  'wizard.step4.lastName.error': 'Bitte geben Sie Ihren Nachnamen an.',
  'wizard.step4.firstName.label': 'Vorname',
  'wizard.step4.firstName.error': 'Bitte geben Sie Ihren Vornamen an.',
  'wizard.step4.email.label': 'E-Mail',
  'wizard.step4.email.error': 'Ungültige E-Mail-Adresse: Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  'wizard.step4.phone.label': 'Telefon',
  'wizard.step4.phone.error': 'Bitte geben Sie Ihre Telefonnummer an.',
  'wizard.step4.address.label': 'Anschrift',
  'wizard.step4.address.error': 'Bitte geben Sie Ihre Anschrift an.',
  'wizard.step4.address.suggestions': 'Adressvorschläge',
  'wizard.step4.address.results': 'Adressvorschläge: {{count}}',
  'wizard.step4.address.noResults': 'Keine Adresse gefunden: Bitte geben Sie sie vollständig ein.',
  'wizard.step4.cp.label': 'Postleitzahl',
  'wizard.step4.cp.error': 'Bitte geben Sie Ihre Postleitzahl an.',
  'wizard.step4.city.label': 'Ort',
  'wizard.step4.city.error': 'Bitte geben Sie Ihren Ort an.',
  'wizard.step4.country.label': 'Land',
  'wizard.step4.country.choose': 'Wählen Sie Ihr Land',
  'wizard.step4.country.error': 'Bitte wählen Sie Ihr Land aus.',
  'wizard.step4.country.failed': 'Die Länderliste konnte nicht geladen werden.',
  'wizard.step4.fieldRequired': 'Bitte füllen Sie dieses Feld aus.',
  'wizard.step4.establishment.establishment': 'Name der Einrichtung',
  'wizard.step4.establishment.golf': 'Name des Golfplatzes',
  'wizard.step4.equipment.label': 'Bezeichnung der Ausrüstung',
  'wizard.step4.amount.label': 'Gezahlter Betrag',
  'wizard.step4.amount.hint': 'In Euro, z. B. 450,00',
  'wizard.step4.reservation.title': 'Ihre Buchung',
  'wizard.step4.reservation.start': 'Buchungsbeginn',
  'wizard.step4.reservation.end': 'Buchungsende',
  'wizard.step4.reservation.startAfterEnd':
    'Achtung: Der Buchungsbeginn ({{start}}) muss vor dem Buchungsende ({{end}}) liegen.',
  'wizard.step4.reservation.endBeforeClaim':
    'Achtung: Das Buchungsende ({{end}}) muss nach dem Schadendatum ({{claimDate}}) liegen.',
  'wizard.step4.subscription.title': 'Ihr Abonnement',
  'wizard.step4.subscription.start': 'Beginn des Abonnements',
  'wizard.step4.subscription.end': 'Ende des Abonnements',
  'wizard.step4.subscription.startAfterEnd':
    'Achtung: Der Beginn des Abonnements ({{start}}) muss vor dem Ende des Abonnements ({{end}}) liegen.',
  'wizard.step4.subscription.endBeforeClaim':
    'Achtung: Das Ende des Abonnements ({{end}}) muss nach dem Schadendatum ({{claimDate}}) liegen.',
  'wizard.step4.equipment.title': 'Ihre Ausrüstung',
  'wizard.step4.equipment.start': 'Mietbeginn',
  'wizard.step4.equipment.end': 'Mietende',
  'wizard.step4.equipment.startAfterEnd': 'Achtung: Der Mietbeginn ({{start}}) muss vor dem Mietende ({{end}}) liegen.',
  'wizard.step4.equipment.endBeforeClaim':
    'Achtung: Das Mietende ({{end}}) muss nach dem Schadendatum ({{claimDate}}) liegen.',

  'wizard.step5.request': 'Ihre Meldung',
  'wizard.step5.information': 'Ihre Angaben',
  'wizard.step5.amountPaid': 'Gezahlter Betrag',
  'wizard.step5.confirmations': 'Ihre Bestätigungen',
  'wizard.step5.certify': 'Ich versichere, dass meine Angaben in dieser Schadenmeldung wahrheitsgemäß sind.',
  'wizard.step5.cancellation':
    'Ich bestätige die endgültige Stornierung meiner Buchung und bin damit einverstanden, dass eine Kopie dieser Schadenmeldung automatisch an die Einrichtung übermittelt wird, bei der ich gebucht habe.',
  'wizard.step5.yes': 'Ja',
  'wizard.step5.no': 'Nein',
  'wizard.step5.unticked': 'Bitte kreuzen Sie die Kästchen an.',
  'wizard.step5.submit': 'Schadenmeldung absenden',
  'wizard.step5.submitting': 'Ihre Schadenmeldung wird gesendet…',
  'wizard.step5.serverError':
    'Serverfehler. Bitte entschuldigen Sie die Unannehmlichkeiten und beginnen Sie Ihre Schadenmeldung noch einmal von vorn.',
  'wizard.step5.networkError':
    'Ihre Schadenmeldung konnte nicht gesendet werden, weil die Verbindung zum Server fehlgeschlagen ist. Sie bleibt auf diesem Gerät gespeichert: Prüfen Sie Ihre Verbindung und versuchen Sie es dann erneut.',
  'wizard.step5.refused': 'Ihre Schadenmeldung wurde nicht angenommen:',
  'wizard.step5.followClaim': 'Schadenfall verfolgen',

  'confirmation.title': 'Ihre Schadenmeldung ist eingegangen!',
  'confirmation.mailSent': 'Wir haben Ihnen soeben eine Bestätigung per E-Mail gesendet.',
  'confirmation.keepNumber':
    'Bewahren Sie Ihre Schadennummer gut auf: Sie benötigen sie, um Ihren Schadenfall zu verfolgen.',
  'confirmation.claimNumber': 'Schadennummer',
  'confirmation.createdAt': 'Erstellt am',
  'confirmation.sendLink': 'Link zum Verfolgen erhalten',
  'confirmation.linkSent': 'Link per E-Mail gesendet',
  'confirmation.linkFailed':
    'Der Link zum Verfolgen Ihres Schadenfalls konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
  'confirmation.documents.title': 'Einzureichende Unterlagen',
  'confirmation.documents.text':
    'Damit wir Ihren Schadenfall bearbeiten können, senden Sie uns bitte die folgenden Nachweise:',
  'confirmation.documents.none': 'Hier können Sie alle Dokumente hinzufügen, die für Ihren Schadenfall hilfreich sind.',
  'confirmation.documents.failed':
    'Die Liste der Nachweise für den Schadenfall {{claimNumber}} ({{lastName}}) konnte nicht geladen werden.',
  'confirmation.addProofs': 'Meine Nachweise hinzufügen',
  'confirmation.links': 'Wie geht es weiter?',
  'confirmation.contact': 'Kontaktieren Sie uns',
  'confirmation.home': 'Zurück zur Startseite',

  // ANCHOR-followup

  // ANCHOR-forms

  // ANCHOR-legal
  'legal.toc.title': 'Auf dieser Seite',
} satisfies Messages;
