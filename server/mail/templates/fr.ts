import type { MailTexts } from './texts.ts';

/** French: the reference wording. */
export default {
  common: {
    greeting: 'Bonjour,',
    closing: 'Cordialement,',
    signature: 'Le service sinistres {{brand}}',
    labelSeparator: ' : ',
    linkFallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
    supportTitle: 'Besoin d’aide ?',
    supportHours:
      'Nos conseillers vous répondent du lundi au vendredi, de 9 h à 13 h et de 14 h à 18 h (17 h le vendredi).',
    supportLines: {
      FR: 'France',
      ES: 'Espagne',
      PT: 'Portugal',
      DE: 'Allemagne',
      NL: 'Pays-Bas',
      DK: 'Danemark',
      EN: 'International (anglais)',
    },
    automatic: 'Ce message vous est envoyé automatiquement : merci de ne pas y répondre.',
    notRequested: 'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer ce message.',
  },
  claimConfirmation: {
    subject: 'Votre déclaration de sinistre est enregistrée – dossier {{claimNumber}}',
    heading: 'Votre demande est effectuée !',
    intro:
      'Nous avons bien reçu votre déclaration de sinistre. Conservez votre numéro de dossier : il vous sera demandé pour suivre votre demande et pour tout échange avec nos conseillers.',
    claimNumberLabel: 'Numéro de dossier',
    declarationDateLabel: 'Date de déclaration',
    documentsIntro: 'Pour traiter votre dossier, merci de nous transmettre les documents suivants :',
    noDocuments:
      'Aucun document ne vous est demandé pour le moment. Nous vous préviendrons si votre dossier en nécessite.',
    addProofs: 'Vous pouvez déposer vos justificatifs et suivre l’avancement de votre dossier en ligne, à tout moment.',
    addProofsButton: 'Ajouter mes justificatifs',
    refund:
      'Dès que votre dossier est complet et validé, le virement est émis sous 48 h ; les fonds arrivent sur votre compte 2 à 5 jours plus tard selon les banques.',
  },
  followUpLink: {
    subject: 'Votre lien de suivi – dossier {{claimNumber}}',
    heading: 'Suivez votre dossier en ligne',
    intro:
      'Voici votre lien de suivi : il vous permet de consulter le dossier {{claimNumber}} et d’y ajouter vos justificatifs à tout moment.',
    button: 'Accéder à mon dossier',
    personal:
      'Ce lien est personnel : il ouvre votre dossier sans autre identification. Ne le transférez pas et ne le partagez avec personne.',
  },
  insuredNumber: {
    subject: 'Votre numéro d’assuré',
    heading: 'Voici votre numéro d’assuré',
    intro: 'Vous avez demandé à retrouver votre numéro d’assuré pour le séjour du {{start}} au {{end}}.',
    numberLabelOne: 'Votre numéro d’assuré',
    numberLabelMany: 'Vos numéros d’assuré',
    nextStep: 'Saisissez ce numéro sur notre site pour déclarer votre sinistre.',
    button: 'Déclarer un sinistre',
  },
  complaintAcknowledgement: {
    subject: 'Nous avons bien reçu votre réclamation – dossier {{claimNumber}}',
    heading: 'Votre réclamation est bien reçue',
    intro:
      'Votre réclamation concernant le dossier {{claimNumber}} nous est bien parvenue et a été transmise à notre service réclamations.',
    deadlines:
      'Nous nous engageons à en accuser réception dans un délai de 10 jours et à vous apporter une réponse définitive dans un délai de 2 mois au maximum.',
    referenceLabel: 'Référence de votre réclamation',
    referenceNote: 'Merci de rappeler cette référence dans tout échange avec nous.',
  },
  contactAcknowledgement: {
    subject: 'Nous avons bien reçu votre message',
    heading: 'Merci pour votre message',
    intro: 'Votre message a bien été transmis à notre équipe. Un conseiller vous répondra dans les meilleurs délais.',
    referenceLabel: 'Dossier concerné',
    faq: 'En attendant, vous trouverez peut-être la réponse à votre question dans la FAQ de notre site.',
  },
} satisfies MailTexts;
