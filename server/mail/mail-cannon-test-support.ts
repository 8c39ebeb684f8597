import { randomBytes } from 'node:crypto';
import { FORM_KEY_FIELD, FORM_POSTER_PATH, formFieldName, PARTNER_API_BASE } from '../../contracts/partner-api.ts';
import { validDeclaration } from '../customer-api/claims/test-support.ts';
import { getDemoGuarantee } from '../demo/records/guarantees.ts';
import { GOLFY_INSURED_NUMBER } from '../demo/records/people.ts';

/**
 * What the mail-limit tests send at one address: declarations naming it (on golfy's group
 * contract, which anyone may try, or on the generic demo subscriptions), follow-up links and
 * contact forms. Needs the demo data and the real brands (golfy).
 */

const golfGroup = getDemoGuarantee(22);

/** A golfy member's declaration on the group subscription, giving `email` as theirs. */
export function groupDeclaration(email: string, n = 0): Record<string, string> {
  return validDeclaration(10, {
    souscription_id: '1009',
    assure_numero: GOLFY_INSURED_NUMBER,
    contrat_compagnie_id: '3102',
    assure_nom: `Membre${n}`,
    assure_prenom: 'Alex',
    assure_email: email,
    destination_nom: 'Golf des Trois Chênes',
    garantie_type: String(golfGroup.id),
    motif_id: String(golfGroup.motifs[0]?.id ?? 0),
    company: 'golfy',
    acquisition_methode: 'portail_golfy_mail',
  });
}

/**
 * A declaration on the generic demo subscription SO-00000(10 + `n`) (`n` from 0 to 19; each takes
 * one claim), giving `email` as the claimant's.
 */
export function subscriptionDeclaration(email: string, n: number): Record<string, string> {
  return validDeclaration(10 + n, { assure_email: email, assure_nom: `Client${n}` });
}

/** POSTs a declaration from `client` (X-Forwarded-For); answers its status and claim number. */
export async function declareTo(
  baseUrl: string,
  fields: Record<string, string>,
  client: string,
): Promise<{ status: number; numero: string | undefined }> {
  const response = await fetch(`${baseUrl}${PARTNER_API_BASE}/sinistres`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': client, 'Idempotency-Key': randomBytes(18).toString('base64url') },
    body: new URLSearchParams(fields),
  });
  const body = (await response.json().catch(() => undefined)) as { data?: { numero_sinistre?: string } } | undefined;
  return { status: response.status, numero: body?.data?.numero_sinistre };
}

/** POSTs `lien_suivi` for `numero` from `client`; answers the status. */
export async function askFollowUpLink(baseUrl: string, numero: string, client: string): Promise<number> {
  const response = await fetch(`${baseUrl}${PARTNER_API_BASE}/lien_suivi`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': client },
    body: new URLSearchParams({ numero_sinistre: numero, lang: 'fr' }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** POSTs a contact form giving `email` from `client`; answers the status. */
export async function postContactForm(baseUrl: string, email: string, client: string): Promise<number> {
  const form = new FormData();
  form.append(FORM_KEY_FIELD, 'contact');
  form.append('lang', 'fr');
  const fields = {
    nom: 'Inconnu',
    email,
    telephone: '0611223344',
    message: 'Bonjour, pouvez-vous me rappeler ?',
    num_sinistre: '',
    source_referrer: '',
  };
  for (const [field, value] of Object.entries(fields)) form.append(formFieldName(field), value);
  const response = await fetch(`${baseUrl}${FORM_POSTER_PATH}`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': client },
    body: form,
  });
  await response.arrayBuffer();
  return response.status;
}
