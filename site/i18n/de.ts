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
  'cookies.more': 'Mehr erfahren',
} satisfies Messages;
