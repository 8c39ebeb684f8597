import { type AppDatabase, visitorReports } from '../../db/public.ts';

export type NewVisitorReport = typeof visitorReports.$inferInsert;

/** One report; the table holds hashes, never the values (see the schema). */
export async function insertVisitorReport(db: AppDatabase, report: NewVisitorReport): Promise<void> {
  await db.insert(visitorReports).values(report);
}
