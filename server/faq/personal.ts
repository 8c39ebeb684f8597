import type { Language } from '../../contracts/languages.ts';
import { withoutAccents } from './text.ts';

/**
 * Questions the assistant must not answer (spec 2: "the assistant gives no information on
 * personal files"): a question holding an insured number, a claim number, an e-mail address or
 * a phone number, or asking about the visitor's own file in any of our languages. Such a
 * question is never stored in clear: `redactPersonalData` replaces the values by their kind.
 */

const INSURED_NUMBER = /\bSO-?[A-Z]{0,4}-?\d{4,}\b/gi;
const CLAIM_NUMBER = /\bSI-?\d{4,}\b/gi;
const EMAIL = /[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/gi;
/** Nine digits or more, with spaces, dots, dashes or a leading + between them (phone numbers). */
const PHONE = /(?:\+|\b)\d(?:[\s.-]?\d){8,}\b/g;

/**
 * Asking about the visitor's own case, in each language, matched without accents on lower case:
 * where it stands, whether it was received, accepted, refused or paid. A general question ("how
 * long does a refund take?", "what does the status of my claim mean?") does not match.
 */
const OWN_FILE: Record<Language, RegExp> = {
  fr: /\bou en (est|sont)\b|\bavez[- ]vous (bien )?recu (mon|ma|mes)\b|\b(statut|avancement) de (mon|ma|mes)\b|\b(mon|ma|mes) (dossier|demande|remboursement|sinistre|declaration|justificatif)s? (est|a|sont|ont)(-t)?(-il|-elle|-ils|-elles)? (bien )?(ete )?(accepte|valide|refuse|paye|traite|recu|rembourse|arrive)|\bquand (vais-je|vais je|est-ce que je vais) (recevoir|etre rembourse)/,
  en: /\bwhere is my\b|\b(status|progress) of my\b|\bhave you (received|got) my\b|\b(is|has|was) my (claim|file|refund|case|request|payment|document)s? (been )?(accepted|approved|refused|rejected|paid|processed|received)|\bwhen will i (get|receive) my\b/,
  de: /\bwo (ist|bleibt) mein\w*\b|\b(stand|status) meine\w*\b|\bhaben sie mein\w* \w+ (erhalten|bekommen)|\b(ist|wurde) mein\w* \w+ (angenommen|genehmigt|abgelehnt|bezahlt|bearbeitet|erhalten)|\bwann (bekomme|erhalte) ich mein\w*\b/,
  es: /\bdonde esta mi\b|\b(estado|situacion) de mi\b|\bhan recibido mi\b|\b(mi|mis) (expediente|siniestro|reembolso|solicitud|pago|documento)s? (ha sido|fue|esta|han sido) (aceptad|aprobad|rechazad|pagad|tramitad|recibid)|\bcuando (recibire|voy a recibir) mi\b/,
  it: /\ba che punto (e|sono)\b|\b(stato|situazione) (del mio|della mia)\b|\bavete ricevuto (il mio|la mia|i miei|le mie)\b|\b(il mio|la mia) (pratica|sinistro|rimborso|richiesta|pagamento|documento) (e stat|e)\w* (accettat|approvat|rifiutat|pagat|elaborat|ricevut)|\bquando (ricevero|avro) (il mio|la mia)\b/,
  nl: /\bwaar (is|blijft) mijn\b|\b(status|stand) van mijn\b|\bhebben jullie mijn \w+ ontvangen|\bhebt u mijn \w+ ontvangen|\b(is|werd) mijn \w+ (geaccepteerd|goedgekeurd|afgewezen|betaald|verwerkt|ontvangen)|\bwanneer (krijg|ontvang) ik mijn\b/,
  pl: /\bgdzie jest (moj|moja|moje)\w*\b|\b(status|stan) (mojego|mojej|moich)\b|\bczy (otrzymaliscie|dostaliscie) (moj|moja|moje)\w*|\bczy (moj|moja|moje)\w* \w+ (zostal|zostala|zostalo|jest) (przyjet|zaakceptowan|odrzucon|oplacon|rozpatrzon)|\bkiedy (otrzymam|dostane) (moj|moja|moje|zwrot)\w*/,
  da: /\bhvor er (min|mit|mine)\b|\b(status|stand) (pa|for) (min|mit|mine)\b|\bhar i (modtaget|faet) (min|mit|mine)\b|\b(er|blev) (min|mit|mine) \w+ (blevet )?(godkendt|accepteret|afvist|betalt|behandlet|modtaget)|\bhvornar (far|modtager) jeg (min|mit|mine)\b/,
  pt: /\bonde esta o meu\b|\bonde esta a minha\b|\b(estado|situacao) do meu\b|\b(estado|situacao) da minha\b|\breceberam (o meu|a minha|os meus|as minhas)\b|\b(o meu|a minha) (processo|sinistro|reembolso|pedido|pagamento|documento) (foi|esta|ja foi) (aceit|aprovad|recusad|pag|tratad|recebid)|\bquando (vou receber|recebo) (o meu|a minha)\b/,
};

export type PersonalDataKind = 'insured_number' | 'claim_number' | 'email' | 'phone' | 'own_file';

/** What makes the question personal, or undefined when it is a general question. */
export function personalDataIn(question: string, language: Language): PersonalDataKind | undefined {
  if (new RegExp(CLAIM_NUMBER.source, 'i').test(question)) return 'claim_number';
  if (new RegExp(INSURED_NUMBER.source, 'i').test(question)) return 'insured_number';
  if (new RegExp(EMAIL.source, 'i').test(question)) return 'email';
  if (new RegExp(PHONE.source).test(question)) return 'phone';
  if (OWN_FILE[language].test(withoutAccents(question.toLowerCase()))) return 'own_file';
  return undefined;
}

/** The question with every number, address and phone replaced by its kind, for storage. */
export function redactPersonalData(question: string): string {
  return question
    .replace(EMAIL, '[e-mail]')
    .replace(CLAIM_NUMBER, '[SI-…]')
    .replace(INSURED_NUMBER, '[SO-…]')
    .replace(PHONE, '[téléphone]');
}
