import type { RequestHandler } from 'express';
import type { BrandCatalog } from '../../brands/lib/parse.ts';
import type { ClaimChangeSignal } from '../claim-change-signal.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/public.ts';
import type { FileStore } from '../files/public.ts';
import type { Logger } from '../logger.ts';
import type { SecurityEvents } from '../security/public.ts';

/** What the partner API modules need from the composition root. */
export interface PartnerApiDependencies {
  config: Config;
  logger: Logger;
  database: Database;
  /** Brand rules applied by the server (contract dates, forced client id…), by brand slug. */
  brands: BrandCatalog;
  /** Uploaded proofs and attachments. */
  fileStore: FileStore;
  /** Tells the follow-up pages open on a claim that the claimant sent proofs. */
  signalClaimChange?: ClaimChangeSignal;
  /** Where what an attack meets is logged and counted for staff. */
  securityEvents: SecurityEvents;
  /** The staff API's session check (its requireStaff), for the staff-only reads mounted here. */
  requireStaff: RequestHandler;
}
