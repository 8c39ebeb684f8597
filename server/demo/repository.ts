import { and, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import {
  activities,
  claimEvents,
  claimProofs,
  claims,
  complaints,
  contactMessages,
  inboxAnswers,
  inboxEvents,
  inboxMessages,
  inboxNotes,
  messageAttachments,
  contracts,
  countries,
  countryTranslations,
  type DatabaseOrTransaction,
  type DatabaseTransaction,
  documentTypes,
  documentTypeTranslations,
  faqEntries,
  followUpTokens,
  guarantees,
  guaranteeTranslations,
  knowledgeDocuments,
  legalPages,
  legalParagraphs,
  mailOutbox,
  reasonDocuments,
  reasons,
  reasonTranslations,
  subscriptionGuarantees,
  subscriptions,
  uploadedFiles,
  visitorReports,
} from '../db/public.ts';

/**
 * The demo's named queries: the seed (seed.ts) writes the demo data through these, in its one
 * transaction; the generated visitor activity and the generated claims are written in multi-row
 * INSERTs of a few hundred rows, never one round trip per row.
 */

/** Advisory lock id that serialises demo seeding (any constant unused by other locks). */
const DEMO_SEED_LOCK_ID = 4_231_877_201;

/**
 * Takes the transaction-level lock of the demo seed (processes starting together on one
 * PostgreSQL seed one after the other), then answers whether the database already holds
 * guarantees: a previous seed, or the insurer's own import.
 */
export async function lockSeedAndFindData(tx: DatabaseTransaction): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_ID})`);
  const existing = await tx.select({ id: guarantees.id }).from(guarantees).limit(1);
  return existing.length > 0;
}

/** The tables the demo seed fills, by name. */
const DEMO_TABLES = {
  countries,
  countryTranslations,
  documentTypes,
  documentTypeTranslations,
  guarantees,
  guaranteeTranslations,
  reasons,
  reasonTranslations,
  reasonDocuments,
  contracts,
  subscriptions,
  subscriptionGuarantees,
  claims,
  claimProofs,
  uploadedFiles,
  claimEvents,
  mailOutbox,
  followUpTokens,
  complaints,
  contactMessages,
  messageAttachments,
  inboxMessages,
  inboxEvents,
  inboxNotes,
  inboxAnswers,
  legalPages,
  legalParagraphs,
  faqEntries,
  knowledgeDocuments,
} as const;

export type DemoTable = keyof typeof DEMO_TABLES;
export type DemoRow<Table extends DemoTable> = (typeof DEMO_TABLES)[Table]['$inferInsert'];

/** Rows a statement writes: a few hundred at once keep each statement small. */
const BATCH_ROWS = 800;

/** One value as PostgreSQL's array input reads an element: quoted, or NULL. */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * Writes rows into a demo table, a few hundred rows a statement: each column travels as one array
 * parameter, unnested by the server (`insert … select * from unnest($1::integer[], $2::text[], …)`),
 * which parses far faster than a VALUES list of thousands of parameters. Every row gives the same
 * columns; a column no row gives takes its default.
 */
export async function insertDemoRows<Table extends DemoTable>(
  tx: DatabaseOrTransaction,
  table: Table,
  rows: readonly DemoRow<Table>[],
): Promise<void> {
  if (rows.length === 0) return;
  const target = DEMO_TABLES[table];
  const columns = givenColumns(table, rows);
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    const names = sql.join(
      columns.map(([, column]) => sql.identifier(column.name)),
      sql`, `,
    );
    await tx.execute(
      sql`insert into ${sql.identifier(getTableName(target))} (${names}) select * from unnest(${columnArrays(columns, batch)})`,
    );
  }
}

type DemoColumn = [key: string, column: ReturnType<typeof getTableColumns>[string]];

/** The columns of `table` that the rows give, in the table's order. */
function givenColumns<Table extends DemoTable>(table: Table, rows: readonly object[]): DemoColumn[] {
  const given = new Set(rows.flatMap((row) => Object.keys(row)));
  return Object.entries(getTableColumns(DEMO_TABLES[table])).filter(([key]) => given.has(key));
}

/** Each column's values of `rows` as one typed array parameter, comma-separated for `unnest(…)`. */
function columnArrays(columns: readonly DemoColumn[], rows: readonly object[]) {
  return sql.join(
    columns.map(([key, column]) => {
      const elements = rows.map((row) => {
        const value = (row as Record<string, unknown>)[key];
        return arrayElement(value === null || value === undefined ? null : column.mapToDriverValue(value));
      });
      return sql`${`{${elements.join(',')}}`}::${sql.raw(column.getSQLType())}[]`;
    }),
    sql`, `,
  );
}

/**
 * Updates rows of a demo table found by the columns `keys`, with the other columns each row gives,
 * in one statement per few hundred rows (`update … from unnest(…) as v(…) where` the keys match):
 * the full volume's use of rows the content seed wrote. Every row gives the same columns.
 */
export async function updateDemoRows<Table extends DemoTable>(
  tx: DatabaseOrTransaction,
  table: Table,
  keys: readonly (keyof DemoRow<Table> & string)[],
  rows: readonly Partial<DemoRow<Table>>[],
): Promise<void> {
  if (rows.length === 0) return;
  const target = sql.identifier(getTableName(DEMO_TABLES[table]));
  const columns = givenColumns(table, rows);
  // A row without one of the columns would set it to null: the seed's rows are all alike.
  if (rows.some((row) => Object.keys(row).length !== columns.length))
    throw new Error(`updateDemoRows(${table}): every row must give the same columns`);
  const name = ([, column]: DemoColumn) => sql.identifier(column.name);
  const isKey = ([key]: DemoColumn) => (keys as readonly string[]).includes(key);
  const set = sql.join(
    columns.filter((column) => !isKey(column)).map((column) => sql`${name(column)} = v.${name(column)}`),
    sql`, `,
  );
  const match = sql.join(
    columns.filter(isKey).map((column) => sql`t.${name(column)} = v.${name(column)}`),
    sql` and `,
  );
  const names = sql.join(columns.map(name), sql`, `);
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    await tx.execute(
      sql`update ${target} as t set ${set} from unnest(${columnArrays(columns, batch)}) as v(${names}) where ${match}`,
    );
  }
}

/** Writes one claim and answers its row (the hand-written claims, a few). */
export async function insertClaimRow(
  tx: DatabaseOrTransaction,
  row: DemoRow<'claims'>,
): Promise<typeof claims.$inferSelect | undefined> {
  const [inserted] = await tx.insert(claims).values(row).returning();
  return inserted;
}

/** Writes the proofs of one claim and answers their ids, in the order given. */
export async function insertProofRows(tx: DatabaseOrTransaction, rows: DemoRow<'claimProofs'>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await tx.insert(claimProofs).values(rows).returning({ id: claimProofs.id });
  return inserted.map(({ id }) => id);
}

/** The tables whose rows the generated volume writes with their ids given. */
const IDENTIFIED_TABLES = {
  claims,
  claimProofs,
  complaints,
  contactMessages,
  inboxMessages,
  inboxNotes,
  inboxAnswers,
  mailOutbox,
} as const;
type IdentifiedTable = keyof typeof IDENTIFIED_TABLES;

/** The next free id of each table the generated volume writes with ids given. */
export async function nextIds(tx: DatabaseOrTransaction): Promise<Record<IdentifiedTable, number>> {
  const next = {} as Record<IdentifiedTable, number>;
  for (const [name, table] of Object.entries(IDENTIFIED_TABLES) as [
    IdentifiedTable,
    (typeof IDENTIFIED_TABLES)[IdentifiedTable],
  ][]) {
    const [row] = await tx.select({ max: sql<number>`coalesce(max(${table.id}), 0)::int` }).from(table);
    next[name] = (row?.max ?? 0) + 1;
  }
  return next;
}

/** After rows written with their ids given: each identity column goes on after the largest id. */
export async function advanceIdentities(tx: DatabaseOrTransaction): Promise<void> {
  for (const table of Object.values(IDENTIFIED_TABLES)) {
    const name = getTableName(table);
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${name}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.identifier(name)}), false)`,
    );
  }
}

/** Writes activity records in one multi-row INSERT; answers each one's id and creation time. */
export function insertActivityRows(db: DatabaseOrTransaction, rows: (typeof activities.$inferInsert)[]) {
  return db.insert(activities).values(rows).returning({ id: activities.id, createdAt: activities.createdAt });
}

/** Writes visitor reports in one multi-row INSERT. */
export async function insertVisitorReportRows(
  db: DatabaseOrTransaction,
  rows: (typeof visitorReports.$inferInsert)[],
): Promise<void> {
  await db.insert(visitorReports).values(rows);
}

/** Writes the demo claim's pending mails as written at `createdAt` and sent at `sentAt` (its history, not mail to send). */
export async function markDemoMailsSent(
  db: DatabaseOrTransaction,
  claimId: number,
  times: { createdAt: Date; sentAt: Date },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', createdAt: times.createdAt, sentAt: times.sentAt, nextAttemptAt: times.sentAt })
    .where(and(eq(mailOutbox.claimId, claimId), eq(mailOutbox.status, 'pending')));
}
