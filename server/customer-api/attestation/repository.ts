import { and, asc, eq, sql } from 'drizzle-orm';
import type { Language } from '../../../contracts/languages.ts';
import { type DatabaseOrTransaction, insuredNumberRequests, subscriptions } from '../../db/public.ts';

/** The attestation module's queries, one named function each. */

/**
 * The insured numbers of the subscriptions with this e-mail (compared case-insensitively, through
 * the `lower(assure_email)` index) and exactly these stay dates, each once, in order.
 */
export async function findInsuredNumbersByEmailAndStay(
  db: DatabaseOrTransaction,
  search: { email: string; stayStart: string; stayEnd: string },
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ numero: subscriptions.assureNumero })
    .from(subscriptions)
    .where(
      and(
        sql`lower(${subscriptions.assureEmail}) = lower(${search.email})`,
        eq(subscriptions.sejourDebutDate, search.stayStart),
        eq(subscriptions.sejourFinDate, search.stayEnd),
      ),
    )
    .orderBy(asc(subscriptions.assureNumero));
  return rows.map((row) => row.numero);
}

/** Records a find-my-number request and its outcome. */
export async function insertInsuredNumberRequest(
  db: DatabaseOrTransaction,
  request: {
    email: string;
    stayStart: string;
    stayEnd: string;
    acquisitionMethode: string;
    lang: Language;
    company: string | null;
    found: boolean;
    processedAt: Date;
  },
): Promise<void> {
  await db.insert(insuredNumberRequests).values({
    email: request.email,
    sejourDebutDate: request.stayStart,
    sejourFinDate: request.stayEnd,
    acquisitionMethode: request.acquisitionMethode,
    lang: request.lang,
    company: request.company,
    status: request.found ? 'found' : 'not_found',
    processedAt: request.processedAt,
  });
}
