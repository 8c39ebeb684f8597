import type { MailTexts } from './texts.ts';

/** English. */
export default {
  common: {
    greeting: 'Hello,',
    closing: 'Kind regards,',
    signature: 'The {{brand}} claims team',
    labelSeparator: ': ',
    linkFallback: 'If the button does not work, copy this address into your browser:',
    supportTitle: 'Need help?',
    supportHours: 'Our advisors are available Monday to Friday, 9am to 1pm and 2pm to 6pm (5pm on Fridays).',
    supportLines: {
      FR: 'France',
      ES: 'Spain',
      PT: 'Portugal',
      DE: 'Germany',
      NL: 'Netherlands',
      DK: 'Denmark',
      EN: 'International (English)',
    },
    automatic: 'This is an automated message: please do not reply to it.',
    notRequested: 'If you did not make this request, you can safely ignore this message.',
  },
  claimConfirmation: {
    subject: 'Your claim has been registered – file {{claimNumber}}',
    heading: 'Your request has been submitted!',
    intro:
      'We have received your claim. Please keep your file number: you will need it to track your claim and whenever you contact our advisors.',
    claimNumberLabel: 'File number',
    declarationDateLabel: 'Date of claim',
    documentsIntro: 'To process your claim, please send us the following documents:',
    noDocuments: 'No documents are needed for now. We will let you know if your claim requires any.',
    addProofs: 'You can upload your supporting documents and follow the progress of your claim online at any time.',
    addProofsButton: 'Add my supporting documents',
    refund:
      'As soon as your file is complete and approved, the bank transfer is made within 48 hours; the money reaches your account 2 to 5 days later, depending on the banks.',
  },
  followUpLink: {
    subject: 'Your tracking link – file {{claimNumber}}',
    heading: 'Track your claim online',
    intro:
      'Here is your tracking link: use it to view file {{claimNumber}} and add your supporting documents at any time.',
    button: 'Go to my file',
    personal:
      'This link is personal: it opens your file without any further check. Please do not forward it or share it with anyone.',
  },
  insuredNumber: {
    subject: 'Your insured number',
    heading: 'Here is your insured number',
    intro: 'You asked us to find your insured number for the stay from {{start}} to {{end}}.',
    numberLabelOne: 'Your insured number',
    numberLabelMany: 'Your insured numbers',
    nextStep: 'Enter this number on our website to file your claim.',
    button: 'File a claim',
  },
  complaintAcknowledgement: {
    subject: 'We have received your complaint – file {{claimNumber}}',
    heading: 'Your complaint has been received',
    intro: 'We have received your complaint about file {{claimNumber}} and passed it on to our complaints department.',
    deadlines:
      'We undertake to acknowledge it within 10 days and to send you a final answer within 2 months at the latest.',
    referenceLabel: 'Your complaint reference',
    referenceNote: 'Please quote this reference whenever you contact us.',
  },
  contactAcknowledgement: {
    subject: 'We have received your message',
    heading: 'Thank you for your message',
    intro: 'Your message has been passed on to our team. An advisor will get back to you as soon as possible.',
    referenceLabel: 'File concerned',
    faq: 'In the meantime, you may find the answer to your question in the FAQ on our website.',
  },
} satisfies MailTexts;
