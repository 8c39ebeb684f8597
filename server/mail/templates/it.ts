import type { MailTexts } from './texts.ts';

/** Italian. */
export default {
  common: {
    greeting: 'Buongiorno,',
    closing: 'Cordiali saluti,',
    signature: 'Il servizio sinistri di {{brand}}',
    labelSeparator: ': ',
    linkFallback: 'Se il pulsante non funziona, copi questo indirizzo nel suo browser:',
    supportTitle: 'Ha bisogno di aiuto?',
    supportHours:
      'I nostri consulenti rispondono dal lunedì al venerdì, dalle 9 alle 13 e dalle 14 alle 18 (il venerdì fino alle 17).',
    supportLines: {
      FR: 'Francia',
      ES: 'Spagna',
      PT: 'Portogallo',
      DE: 'Germania',
      NL: 'Paesi Bassi',
      DK: 'Danimarca',
      EN: 'Internazionale (inglese)',
    },
    automatic: 'Questo messaggio è stato inviato automaticamente: la preghiamo di non rispondere.',
    notRequested: 'Se non ha fatto lei questa richiesta, può ignorare questo messaggio.',
  },
  claimConfirmation: {
    subject: 'La sua denuncia di sinistro è stata registrata – pratica {{claimNumber}}',
    heading: 'La sua richiesta è stata inviata!',
    intro:
      'Abbiamo ricevuto la sua denuncia di sinistro. Conservi il numero di pratica: le servirà per seguire la sua richiesta e per ogni contatto con i nostri consulenti.',
    claimNumberLabel: 'Numero di pratica',
    declarationDateLabel: 'Data della denuncia',
    documentsIntro: 'Per gestire la sua pratica, la preghiamo di inviarci i seguenti documenti:',
    noDocuments: 'Per il momento non le chiediamo alcun documento. La avviseremo se la sua pratica ne avrà bisogno.',
    addProofs: 'Può caricare i suoi giustificativi e seguire l’avanzamento della pratica online in qualsiasi momento.',
    addProofsButton: 'Aggiungi i miei giustificativi',
    refund:
      'Non appena la pratica è completa e convalidata, il bonifico viene disposto entro 48 ore; l’importo arriva sul suo conto da 2 a 5 giorni dopo, a seconda delle banche.',
  },
  followUpLink: {
    subject: 'Il suo link per seguire la pratica {{claimNumber}}',
    heading: 'Segua la sua pratica online',
    intro:
      'Ecco il suo link personale: le permette di consultare la pratica {{claimNumber}} e di aggiungere i suoi giustificativi in qualsiasi momento.',
    button: 'Accedi alla mia pratica',
    personal:
      'Questo link è personale: apre la sua pratica senza ulteriori verifiche. Non lo inoltri e non lo condivida con nessuno.',
  },
  insuredNumber: {
    subject: 'Il suo numero di assicurato',
    heading: 'Ecco il suo numero di assicurato',
    intro: 'Ci ha chiesto di ritrovare il suo numero di assicurato per il soggiorno dal {{start}} al {{end}}.',
    numberLabelOne: 'Il suo numero di assicurato',
    numberLabelMany: 'I suoi numeri di assicurato',
    nextStep: 'Inserisca questo numero sul nostro sito per denunciare il sinistro.',
    button: 'Denuncia un sinistro',
  },
  complaintAcknowledgement: {
    subject: 'Abbiamo ricevuto il suo reclamo – pratica {{claimNumber}}',
    heading: 'Il suo reclamo è stato ricevuto',
    intro:
      'Abbiamo ricevuto il suo reclamo relativo alla pratica {{claimNumber}} e lo abbiamo trasmesso al nostro ufficio reclami.',
    deadlines:
      'Ci impegniamo a confermarne la ricezione entro 10 giorni e a darle una risposta definitiva entro un massimo di 2 mesi.',
    referenceLabel: 'Riferimento del suo reclamo',
    referenceNote: 'La preghiamo di indicare questo riferimento in ogni comunicazione con noi.',
  },
  contactAcknowledgement: {
    subject: 'Abbiamo ricevuto il suo messaggio',
    heading: 'Grazie per il suo messaggio',
    intro: 'Il suo messaggio è stato trasmesso al nostro team. Un consulente le risponderà il prima possibile.',
    referenceLabel: 'Pratica interessata',
    faq: 'Nel frattempo, potrebbe trovare la risposta alla sua domanda nelle FAQ del nostro sito.',
  },
} satisfies MailTexts;
