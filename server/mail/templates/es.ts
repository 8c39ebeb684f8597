import type { MailTexts } from './texts.ts';

/** Spanish. */
export default {
  common: {
    greeting: 'Hola:',
    closing: 'Atentamente,',
    signature: 'El servicio de siniestros de {{brand}}',
    labelSeparator: ': ',
    linkFallback: 'Si el botón no funciona, copie esta dirección en su navegador:',
    supportTitle: '¿Necesita ayuda?',
    supportHours:
      'Nuestros asesores le atienden de lunes a viernes, de 9:00 a 13:00 y de 14:00 a 18:00 (los viernes hasta las 17:00).',
    supportLines: {
      FR: 'Francia',
      ES: 'España',
      PT: 'Portugal',
      DE: 'Alemania',
      NL: 'Países Bajos',
      DK: 'Dinamarca',
      EN: 'Internacional (inglés)',
    },
    automatic: 'Este mensaje se ha enviado automáticamente: le rogamos que no responda a él.',
    notRequested: 'Si usted no ha realizado esta solicitud, puede ignorar este mensaje.',
  },
  claimConfirmation: {
    subject: 'Su declaración de siniestro está registrada – expediente {{claimNumber}}',
    heading: '¡Su solicitud se ha enviado!',
    intro:
      'Hemos recibido su declaración de siniestro. Conserve su número de expediente: se lo pediremos para seguir su solicitud y en cualquier contacto con nuestros asesores.',
    claimNumberLabel: 'Número de expediente',
    declarationDateLabel: 'Fecha de declaración',
    documentsIntro: 'Para tramitar su expediente, le rogamos que nos envíe los siguientes documentos:',
    noDocuments: 'Por ahora no necesitamos ningún documento. Le avisaremos si su expediente lo requiere.',
    addProofs: 'Puede subir sus justificantes y seguir el avance de su expediente en línea en cualquier momento.',
    addProofsButton: 'Añadir mis justificantes',
    refund:
      'En cuanto su expediente esté completo y validado, emitiremos la transferencia en un plazo de 48 horas; el dinero llegará a su cuenta entre 2 y 5 días después, según los bancos.',
  },
  followUpLink: {
    subject: 'Su enlace de seguimiento – expediente {{claimNumber}}',
    heading: 'Siga su expediente en línea',
    intro:
      'Este es su enlace de seguimiento: le permite consultar el expediente {{claimNumber}} y añadir sus justificantes en cualquier momento.',
    button: 'Acceder a mi expediente',
    personal:
      'Este enlace es personal: abre su expediente sin ninguna otra identificación. No lo reenvíe ni lo comparta con nadie.',
  },
  insuredNumber: {
    subject: 'Su número de asegurado',
    heading: 'Este es su número de asegurado',
    intro: 'Nos ha pedido que busquemos su número de asegurado para la estancia del {{start}} al {{end}}.',
    numberLabelOne: 'Su número de asegurado',
    numberLabelMany: 'Sus números de asegurado',
    nextStep: 'Introduzca este número en nuestra web para declarar su siniestro.',
    button: 'Declarar un siniestro',
  },
  complaintAcknowledgement: {
    subject: 'Hemos recibido su reclamación – expediente {{claimNumber}}',
    heading: 'Su reclamación se ha recibido',
    intro:
      'Hemos recibido su reclamación relativa al expediente {{claimNumber}} y la hemos trasladado a nuestro servicio de reclamaciones.',
    deadlines:
      'Nos comprometemos a acusar recibo en un plazo de 10 días y a darle una respuesta definitiva en un plazo máximo de 2 meses.',
    referenceLabel: 'Referencia de su reclamación',
    referenceNote: 'Indique esta referencia en cualquier comunicación con nosotros.',
  },
  contactAcknowledgement: {
    subject: 'Hemos recibido su mensaje',
    heading: 'Gracias por su mensaje',
    intro: 'Su mensaje se ha transmitido a nuestro equipo. Un asesor le responderá lo antes posible.',
    referenceLabel: 'Expediente afectado',
    faq: 'Mientras tanto, quizá encuentre la respuesta a su pregunta en las preguntas frecuentes de nuestra web.',
  },
} satisfies MailTexts;
