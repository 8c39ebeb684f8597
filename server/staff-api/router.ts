import type { SecurityEvents } from '../security/public.ts';
import { Router } from 'express';
import type { BrandCatalog } from '../../brands/lib/parse.ts';
import type { Database } from '../db/public.ts';
import type { FileStore } from '../files/public.ts';
import type { Logger } from '../logger.ts';
import { createSecurityEventsRouter } from './security-events/routes.ts';
import { createStaffSessionRouter } from './sessions/routes.ts';
import { createActivitiesRouter } from './activities/routes.ts';
import { createAnalysisRouter } from './analysis/routes.ts';
import type { ModelSettings } from '../language-model.ts';
import type { ClaimChangeSignal } from '../claim-change-signal.ts';
import { createClaimHandlingRouter } from './claims/handling-routes.ts';
import { createClaimsListRouter } from './claims/list-routes.ts';
import { createInboxRouter } from './inbox/routes.ts';

export interface StaffApiDependencies {
  /** Where what an attack meets is logged and counted for staff (the dashboard reads the counts). */
  securityEvents: SecurityEvents;
  database: Database;
  brands: BrandCatalog;
  /** Where proofs' files are (the claim page opens them). */
  fileStore: FileStore;
  logger: Logger;
  /** Visitors connected now (the live module counts them). */
  onlineCount: () => Promise<number>;
  /** The language model of the question box, when one is configured. */
  model: ModelSettings | undefined;
  /** Public origin of the site, for the follow-up links of the mails staff changes send. */
  mailOrigin: string;
  /** Tells the follow-up pages open on a claim that staff changed it (the live connections'). */
  signalClaimChange?: ClaimChangeSignal;
}

/**
 * The back office's API (spec 3), mounted by createApp after the customers' one: staff sessions,
 * claims (list and handling), the inbox of complaints and contact messages, live activities, the analysis statistics and the security events'
 * counts. Each module lives in `server/staff-api/<module>/`; every call but the sign-in sits behind `requireStaff`.
 */
export function createStaffApiRouter({
  database,
  brands,
  fileStore,
  logger,
  onlineCount,
  model,
  mailOrigin,
  signalClaimChange,
  securityEvents,
}: StaffApiDependencies): Router {
  const router = Router();
  router.use(createStaffSessionRouter(database.db, { securityEvents }));
  router.use(createSecurityEventsRouter(database.db));
  router.use(createClaimsListRouter(database.db, brands));
  router.use(createClaimHandlingRouter(database.db, fileStore, { brands, origin: mailOrigin }, signalClaimChange));
  router.use(createActivitiesRouter({ database, logger, brands, onlineCount, model, securityEvents }));
  router.use(createAnalysisRouter({ database }));
  router.use(createInboxRouter(database.db, brands, fileStore));
  return router;
}
