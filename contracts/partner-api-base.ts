/**
 * The path of the partner API under `{host}`, in a module of its own so that browser code calling
 * one endpoint by hand (the legal pages' content check) does not bundle the zod schemas of
 * `partner-api.ts`, which re-exports it.
 */
export const PARTNER_API_BASE = '/partenaire/api/v2/declare';
