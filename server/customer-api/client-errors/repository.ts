import { sql } from 'drizzle-orm';
import { addDays, utcDayOf } from '../../../contracts/dates.ts';
import { CLIENT_ERROR_CODES, type ClientErrorCode } from '../../../contracts/client-error-codes.ts';
import { type DatabaseOrTransaction, queryRows, clientErrorCounts } from '../../db/public.ts';

/**
 * countClientError: one report of `code` on the UTC day of `now`, as one upsert, so that reports
 * arriving together on several processes each add exactly one.
 */
export async function countClientError(db: DatabaseOrTransaction, code: ClientErrorCode, now: Date): Promise<void> {
  await db.execute(sql`
    insert into ${clientErrorCounts} as t (day, code, count)
    values (${utcDayOf(now)}, ${code}, 1)
    on conflict (day, code) do update set count = t.count + 1`);
}

const KNOWN_CODES: ReadonlySet<string> = new Set(CLIENT_ERROR_CODES);

/** Whether `code` is still on the allow-list (a code removed from it keeps its old rows until the purge). */
function isClientErrorCode(code: string): code is ClientErrorCode {
  return KNOWN_CODES.has(code);
}

export interface ClientErrorCountRow {
  code: ClientErrorCode;
  today: number;
  lastSevenDays: number;
  lastThirtyDays: number;
  lastDay: string;
}

/**
 * readClientErrorCounts: per code reported within the last `days` UTC days (today included), its
 * count today, over 7 days and over the whole period; the most recent failures first.
 */
export async function readClientErrorCounts(
  db: DatabaseOrTransaction,
  today: string,
  days: number,
): Promise<ClientErrorCountRow[]> {
  const rows = await queryRows<{
    code: string;
    today: string;
    last_seven_days: string;
    last_thirty_days: string;
    last_day: string;
  }>(
    db,
    sql`
    select code, today::text as today, last_seven_days::text as last_seven_days,
      last_thirty_days::text as last_thirty_days, last_day::text as last_day
    from (
      select code,
        coalesce(sum(count) filter (where day = ${today}), 0) as today,
        coalesce(sum(count) filter (where day > ${addDays(today, -7)}), 0) as last_seven_days,
        sum(count) as last_thirty_days,
        max(day) as last_day
      from ${clientErrorCounts}
      where day > ${addDays(today, -days)} and day <= ${today}
      group by code
    ) as counted
    order by today desc, last_seven_days desc, last_thirty_days desc, code`,
  );
  return rows.flatMap((row) =>
    isClientErrorCode(row.code)
      ? [
          {
            code: row.code,
            today: Number(row.today),
            lastSevenDays: Number(row.last_seven_days),
            lastThirtyDays: Number(row.last_thirty_days),
            lastDay: row.last_day,
          },
        ]
      : [],
  );
}
