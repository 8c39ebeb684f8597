import { Router } from 'express';
import type { BrandCatalog } from '../../brands/lib/parse.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { FileStore } from '../files/store.ts';
import { createClientErrorsRouter } from '../client-errors/routes.ts';
import type { Logger } from '../logger.ts';
import { createStaffSessionRouter } from '../staff/routes.ts';
import { createActivitiesRouter } from './activities/routes.ts';
import { createAnalysisRouter } from './analysis/routes.ts';
import { createClaimHandlingRouter } from './claims/handling.ts';
import { createClaimsListRouter } from './claims/routes.ts';
import { createFaqRouter } from '../faq/routes.ts';
import { FaqAssistant } from '../faq/service.ts';
import { createReportsRouter } from './reports/routes.ts';

export interface StatisticsDependencies {
  config: Config;
  /** Writes the browsers' error reports (server/client-errors/). */
  logger: Logger;
  database: Database;
  brands: BrandCatalog;
  /** Where proofs' files are (the claim page opens them). */
  fileStore: FileStore;
  /** Visitors connected now (the live module counts them). */
  onlineCount: () => Promise<number>;
}

/**
 * The statistics service (spec 2 §7, spec 3 §7), mounted by createApp at the root. Each module
 * lives in `server/statistics/<module>/{routes,service,repository}.ts`; every back-office call
 * sits behind `requireStaff`.
 */
export function createStatisticsRouter({
  config,
  logger,
  database,
  brands,
  fileStore,
  onlineCount,
}: StatisticsDependencies): Router {
  const router = Router();
  const allowedOrigins = [config.PUBLIC_SITE_URL].filter((origin): origin is string => Boolean(origin));
  router.use(createReportsRouter({ database, allowedOrigins }));
  router.use(createClientErrorsRouter({ db: database.db, logger, allowedOrigins }));
  router.use(createStaffSessionRouter(database.db));
  router.use(createClaimsListRouter(database.db));
  router.use(createClaimHandlingRouter(database.db, fileStore));
  const model =
    config.LLM_BASE_URL && config.LLM_MODEL
      ? {
          baseUrl: config.LLM_BASE_URL,
          model: config.LLM_MODEL,
          apiKey: config.LLM_API_KEY,
          timeoutMs: config.LLM_TIMEOUT_MS,
        }
      : undefined;
  router.use(createActivitiesRouter({ database, logger, brands, onlineCount, model }));
  router.use(createAnalysisRouter({ database }));
  router.use(createFaqRouter(database.db, new FaqAssistant(database.db, model)));
  return router;
}
