import { Router } from 'express';
import { refuseCrossSiteWrites } from '../security/public.ts';
import { createClaimsRouter } from './claims/routes.ts';
import type { PartnerApiDependencies } from './dependencies.ts';
import { translateRefusals } from './http.ts';
import { createIdentityCodeRouter } from './insured/identity-code-routes.ts';
import { createInsuredRouter } from './insured/routes.ts';
import { createProofsRouter } from './proofs/routes.ts';
import { createAttestationRouter } from './attestation/routes.ts';
import { createFormsRouter } from './forms/routes.ts';
import { createClientErrorsRouter } from './client-errors/routes.ts';
import { createReportsRouter } from './reports/routes.ts';

/**
 * The partner API (spec 1 §7, spec 2 §7), mounted by createApp at the root: its modules register
 * their own paths (`/partenaire/api/v2/declare/...` and the form poster). Each module lives in
 * `server/customer-api/<module>/{routes,service,repository,messages}.ts`.
 */
function createPartnerApiRouter(dependencies: PartnerApiDependencies): Router {
  const router = Router();
  const allowedOrigins = [dependencies.config.PUBLIC_SITE_URL].filter((origin): origin is string => Boolean(origin));
  router.use(refuseCrossSiteWrites(allowedOrigins));
  // Modules are mounted below, one line each.
  router.use(createClaimsRouter(dependencies));
  router.use(createInsuredRouter(dependencies));
  router.use(createIdentityCodeRouter(dependencies));
  router.use(createProofsRouter(dependencies));
  router.use(createAttestationRouter(dependencies));
  router.use(createFormsRouter(dependencies));
  router.use(translateRefusals());
  return router;
}

/**
 * Everything the customer pages call, mounted by createApp: the partner API above, then the
 * statistics the browser reports (`analyse01`/`analyse02`, spec 2 §7) and its error reports.
 * The FAQ assistant (`server/faq/`) is mounted apart: its one path serves customers and staff.
 */
export function createCustomerApiRouter(dependencies: PartnerApiDependencies): Router {
  const { config, logger, database, requireStaff } = dependencies;
  const router = Router();
  const allowedOrigins = [config.PUBLIC_SITE_URL].filter((origin): origin is string => Boolean(origin));
  router.use(createPartnerApiRouter(dependencies));
  router.use(createReportsRouter({ database, allowedOrigins }));
  router.use(createClientErrorsRouter({ db: database.db, logger, allowedOrigins, requireStaff }));
  return router;
}
