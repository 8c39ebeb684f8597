import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { loggableDatabaseError } from '../db/public.ts';
import type { Logger } from '../logger.ts';
import type { LiveServer } from './live-server.ts';

/**
 * Several server processes on one PostgreSQL (DATABASE_URL) share socket.io's broadcasts and
 * socket lists through `@socket.io/postgres-adapter` (LISTEN/NOTIFY, large packets in the
 * `socket_io_attachments` table): a visitor on one process shows in a staff socket on another,
 * and the online count covers every process. The embedded database is one process: no adapter.
 */
export function shareLiveStateThrough(io: LiveServer, databaseUrl: string, logger: Logger): { close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: 'claim-portal-live' });
  pool.on('error', (error) =>
    logger.warn({ err: loggableDatabaseError(error) }, 'live adapter: database connection lost'),
  );
  // Its table, socket_io_attachments, comes with the migrations (server/db/schema.ts).
  io.adapter(
    createAdapter(pool, {
      errorHandler: (error) => logger.warn({ err: loggableDatabaseError(error) }, 'live adapter error'),
    }),
  );
  return { close: () => pool.end() };
}
