import { Router } from 'express';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createAnalysisRouter } from './analysis/routes.ts';
import { createReportsRouter } from './reports/routes.ts';

export interface StatisticsDependencies {
  config: Config;
  database: Database;
}

/**
 * The statistics service (spec 2 §7, spec 3 §7), mounted by createApp at the root. Each module
 * lives in `server/statistics/<module>/{routes,service,repository}.ts`.
 */
export function createStatisticsRouter({ config, database }: StatisticsDependencies): Router {
  const router = Router();
  const allowedOrigins = [config.PUBLIC_SITE_URL].filter((origin): origin is string => Boolean(origin));
  router.use(createReportsRouter({ database, allowedOrigins }));
  router.use(createAnalysisRouter({ database }));
  return router;
}
