import type { AppDatabase } from '../../db/client.ts';
import { visitorReports } from '../../db/schema.ts';

export type NewVisitorReport = typeof visitorReports.$inferInsert;

/** One report; the table holds hashes, never the values (see the schema). */
export async function insertVisitorReport(db: AppDatabase, report: NewVisitorReport): Promise<void> {
  await db.insert(visitorReports).values(report);
}
