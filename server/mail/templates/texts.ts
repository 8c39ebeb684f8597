/**
 * The wording of every e-mail, one object per language (`fr.ts` … `pt.ts`). Placeholders are
 * `{{name}}`; the renderer fills them and throws on a missing value, so a typo cannot reach a
 * customer. Texts are plain: the renderer escapes them for HTML and adds all the markup.
 */
export interface MailTexts {
  common: {
    /** Opening line. Example: "Bonjour,". */
    greeting: string;
    /** Closing line before the signature. Example: "Cordialement,". */
    closing: string;
    /** Signature; `{{brand}}` is the partner's display name. */
    signature: string;
    /** Between a label and its value, with the language's spacing. Example: " : " in French. */
    labelSeparator: string;
    /** Under a button, for mail readers that do not show it. */
    linkFallback: string;
    /** Title of the support block. */
    supportTitle: string;
    /** Opening hours of the support lines (spec 2 §9). */
    supportHours: string;
    /** Names of the brand's support lines, by line code. */
    supportLines: Record<'FR' | 'ES' | 'PT' | 'DE' | 'NL' | 'DK' | 'EN', string>;
    /** Footer: the address does not read replies. */
    automatic: string;
    /** For mail a visitor may have triggered for someone else. */
    notRequested: string;
  };
  claimConfirmation: {
    /** `{{claimNumber}}` */
    subject: string;
    heading: string;
    intro: string;
    claimNumberLabel: string;
    declarationDateLabel: string;
    documentsIntro: string;
    noDocuments: string;
    addProofs: string;
    addProofsButton: string;
    /** Refund timing (spec 2 §9: transfer within 48 h, funds 2 to 5 days later). */
    refund: string;
  };
  followUpLink: {
    /** `{{claimNumber}}` */
    subject: string;
    heading: string;
    /** `{{claimNumber}}` */
    intro: string;
    button: string;
    /** The link opens the claim without other identification: say it is personal. */
    personal: string;
  };
  insuredNumber: {
    subject: string;
    heading: string;
    /** `{{start}}`, `{{end}}`: the stay dates, formatted for the language. */
    intro: string;
    numberLabelOne: string;
    numberLabelMany: string;
    nextStep: string;
    button: string;
  };
  complaintAcknowledgement: {
    /** `{{claimNumber}}` */
    subject: string;
    heading: string;
    /** `{{claimNumber}}` */
    intro: string;
    /** Acknowledgement within 10 days, final answer within 2 months (spec 2 §9). */
    deadlines: string;
    referenceLabel: string;
    referenceNote: string;
  };
  contactAcknowledgement: {
    subject: string;
    heading: string;
    intro: string;
    referenceLabel: string;
    faq: string;
  };
}
