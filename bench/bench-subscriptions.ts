/**
 * Subscriptions the benches write beside the demo data, so that each of their declarations is the
 * first claim of its own subscription (a second one would be refused with 409). They copy the
 * generic demo subscriptions: a campsite contract and its "interruption" guarantee (group 12).
 */

/** Contract and guarantee of the generic demo subscriptions (campsites, "interruption" group 12). */
const BENCH_CONTRACT_ID = 1201;
const BENCH_GUARANTEE_ID = 12;

export interface BenchSubscriptions {
  /** `souscription_id` of the first one; the others follow. */
  firstId: number;
  count: number;
  /** Insured numbers are this prefix and the index, zero-padded to `digits`: `SO-BENCH-0000042`. */
  numberPrefix: string;
  digits: number;
  /** The insured's name on every one of them. */
  name: string;
  email: string;
}

/** The insured number of the subscription at `index` (from 0). */
export function benchInsuredNumber(subscriptions: BenchSubscriptions, index: number): string {
  return `${subscriptions.numberPrefix}${String(index).padStart(subscriptions.digits, '0')}`;
}

/**
 * The statements that write them, as SQL text any driver runs (pg, PGlite, Drizzle's `sql.raw`).
 * Only the numbers and the fixed words of the benches go into it, never outside input.
 */
export function benchSubscriptionStatements(subscriptions: BenchSubscriptions): string[] {
  const { firstId, count, numberPrefix, digits, name, email } = subscriptions;
  const last = firstId + count - 1;
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  return [
    `insert into subscriptions (souscription_id, contrat_compagnie_id, assure_numero, assure_nom, assure_email)
     select id, ${BENCH_CONTRACT_ID}, ${literal(numberPrefix)} || lpad((id - ${firstId})::text, ${digits}, '0'),
       ${literal(name)}, ${literal(email)}
     from generate_series(${firstId}, ${last}) as id`,
    `insert into subscription_guarantees (souscription_id, guarantee_id)
     select id, ${BENCH_GUARANTEE_ID} from generate_series(${firstId}, ${last}) as id`,
  ];
}
