import type { MailTexts } from './texts.ts';

/** Portuguese (European). */
export default {
  common: {
    greeting: 'Olá,',
    closing: 'Com os melhores cumprimentos,',
    signature: 'A equipa de sinistros {{brand}}',
    labelSeparator: ': ',
    linkFallback: 'Se o botão não funcionar, copie este endereço para o seu navegador:',
    supportTitle: 'Precisa de ajuda?',
    supportHours:
      'Os nossos assistentes atendem de segunda a sexta-feira, das 9h às 13h e das 14h às 18h (às sextas-feiras até às 17h).',
    supportLines: {
      FR: 'França',
      ES: 'Espanha',
      PT: 'Portugal',
      DE: 'Alemanha',
      NL: 'Países Baixos',
      DK: 'Dinamarca',
      EN: 'Internacional (inglês)',
    },
    automatic: 'Esta mensagem foi enviada automaticamente: por favor, não responda.',
    notRequested: 'Se não foi você que fez este pedido, pode ignorar esta mensagem.',
  },
  claimConfirmation: {
    subject: 'A sua participação de sinistro foi registada – processo {{claimNumber}}',
    heading: 'O seu pedido foi enviado!',
    intro:
      'Recebemos a sua participação de sinistro. Guarde o número do processo: vai precisar dele para acompanhar o seu pedido e sempre que contactar os nossos assistentes.',
    claimNumberLabel: 'Número do processo',
    declarationDateLabel: 'Data da participação',
    documentsIntro: 'Para tratarmos o seu processo, envie-nos por favor os seguintes documentos:',
    noDocuments: 'De momento não precisamos de nenhum documento. Avisamos se o seu processo vier a precisar.',
    addProofs: 'Pode enviar os seus comprovativos e acompanhar o andamento do processo online, a qualquer momento.',
    addProofsButton: 'Adicionar os meus comprovativos',
    refund:
      'Assim que o seu processo estiver completo e validado, a transferência é feita no prazo de 48 horas; o dinheiro chega à sua conta 2 a 5 dias depois, consoante os bancos.',
  },
  followUpLink: {
    subject: 'A sua ligação de acompanhamento – processo {{claimNumber}}',
    heading: 'Acompanhe o seu processo online',
    intro:
      'Esta é a sua ligação de acompanhamento: permite-lhe consultar o processo {{claimNumber}} e adicionar os seus comprovativos a qualquer momento.',
    button: 'Aceder ao meu processo',
    personal:
      'Esta ligação é pessoal: abre o seu processo sem qualquer outra identificação. Não a reencaminhe nem a partilhe com ninguém.',
  },
  insuredNumber: {
    subject: 'O seu número de segurado',
    heading: 'Aqui está o seu número de segurado',
    intro: 'Pediu-nos para encontrar o seu número de segurado para a estadia de {{start}} a {{end}}.',
    numberLabelOne: 'O seu número de segurado',
    numberLabelMany: 'Os seus números de segurado',
    nextStep: 'Introduza este número no nosso site para participar o seu sinistro.',
    button: 'Participar um sinistro',
  },
  complaintAcknowledgement: {
    subject: 'Recebemos a sua reclamação – processo {{claimNumber}}',
    heading: 'A sua reclamação foi recebida',
    intro:
      'Recebemos a sua reclamação relativa ao processo {{claimNumber}} e encaminhámo-la para o nosso serviço de reclamações.',
    deadlines:
      'Comprometemo-nos a acusar a receção no prazo de 10 dias e a dar-lhe uma resposta definitiva no prazo máximo de 2 meses.',
    referenceLabel: 'Referência da sua reclamação',
    referenceNote: 'Indique esta referência sempre que nos contactar.',
  },
  contactAcknowledgement: {
    subject: 'Recebemos a sua mensagem',
    heading: 'Obrigado pela sua mensagem',
    intro:
      'A sua mensagem foi encaminhada para a nossa equipa. Um assistente responder-lhe-á o mais rapidamente possível.',
    referenceLabel: 'Processo em causa',
    faq: 'Entretanto, talvez encontre a resposta à sua pergunta nas perguntas frequentes do nosso site.',
  },
} satisfies MailTexts;
