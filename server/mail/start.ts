import type { Config } from '../config.ts';
import type { Database } from '../db/public.ts';
import type { Logger } from '../logger.ts';
import { startMailDelivery } from './delivery.ts';
import { createTransport } from './transport.ts';

export interface RunningMail {
  /** Stops delivering (the round in progress ends first) and closes the SMTP connections. */
  stop(): Promise<void>;
}

/**
 * Starts delivering the outbox of `database` through the transport the configuration names
 * (SMTP_URL, or `.eml` files under DATA_DIR/outbox). Call once the database is open; stop before
 * closing it.
 */
export function startMail(database: Database, config: Config, logger: Logger): RunningMail {
  const transport = createTransport(config);
  // Only this process delivers an embedded database: what it finds leased at start, a crash left.
  const delivery = startMailDelivery({ database, transport, logger, soleDeliverer: database.driver === 'pglite' });
  logger.info({ transport: transport.kind }, 'mail delivery started');
  return {
    async stop() {
      await delivery.stop();
      transport.close();
    },
  };
}
