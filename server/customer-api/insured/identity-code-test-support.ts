import { and, desc, eq } from 'drizzle-orm';
import { PARTNER_API_BASE } from '../../../contracts/partner-api.ts';
import type { DatabaseOrTransaction } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

/** Test helpers of the one-time codes: ask, read the mailed code back from the outbox, verify. */

/** Posts urlencoded fields to a partner API path; answers the status and the parsed body. */
export async function postFields(
  baseUrl: string,
  path: string,
  fields: Record<string, string>,
  client = '203.0.113.200',
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(new URL(`${PARTNER_API_BASE}/${path}`, baseUrl), {
    method: 'POST',
    headers: { 'X-Forwarded-For': client, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** The code of the latest one-time-code mail queued for `recipient`, as the mail's text shows it. */
export async function mailedCode(db: DatabaseOrTransaction, recipient: string): Promise<string> {
  const [mail] = await db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, recipient), eq(mailOutbox.kind, 'one-time-code')))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`No one-time code was mailed to ${recipient}`);
  return code;
}

/**
 * A group contract's member confirms the address they typed: asks a code for it, reads it from
 * the outbox and verifies it; answers the `jeton_email` their claim sends.
 */
export async function confirmGroupEmail(
  baseUrl: string,
  db: DatabaseOrTransaction,
  member: { numero: string; email: string; client?: string },
): Promise<string> {
  const asked = await postFields(
    baseUrl,
    'code_identite',
    { numero: member.numero, email: member.email, lang: 'fr' },
    member.client,
  );
  if (asked.status !== 200) throw new Error(`code_identite answered ${asked.status}: ${JSON.stringify(asked.body)}`);
  const code = await mailedCode(db, member.email);
  const verified = await postFields(
    baseUrl,
    'code_identite/verification',
    { numero: member.numero, email: member.email, code, lang: 'fr' },
    member.client,
  );
  const jeton = (verified.body as { data?: { jeton_email?: string } }).data?.jeton_email;
  if (verified.status !== 200 || !jeton) throw new Error(`verification answered ${verified.status}`);
  return jeton;
}
