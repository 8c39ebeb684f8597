import { sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from './client.ts';

/**
 * Claims get their number `SI-` + 7 digits from `claim_number_seq` (the default of
 * `claims.numero`). Rows written with an explicit number (demo data, imports) do not move the
 * sequence; call this after writing them so that the next number follows the highest one in use.
 * The sequence never goes back.
 */
export async function syncClaimNumberSequence(db: DatabaseOrTransaction): Promise<void> {
  await db.execute(sql`
    select setval('claim_number_seq', highest, true)
    from (
      select greatest(
        (select coalesce(max(substr(numero, 4)::integer), 0) from claims),
        (select case when is_called then last_value else 0 end from claim_number_seq)
      ) as highest
    ) as current
    where highest > 0
  `);
}
