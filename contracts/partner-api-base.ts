/**
 * The partner API's plain values (its path under `{host}`, the upload limits, the complaint
 * reasons), in a module without zod: an island that only needs a limit or the reasons, and the
 * legal pages' content check, do not load zod and every schema of `partner-api.ts` before they
 * can hydrate. `partner-api.ts` re-exports them.
 */
export const PARTNER_API_BASE = '/partenaire/api/v2/declare';

/** Largest accepted upload: 37,500,000 bytes (the message says 30 Mo, spec 2 §5). */
export const MAX_UPLOAD_BYTES = 37_500_000;
export const ACCEPTED_UPLOAD_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/** Most files attached to one complaint (PDF, PNG or JPEG, each under MAX_UPLOAD_BYTES). */
export const MAX_COMPLAINT_FILES = 5;

/** The six reasons of a complaint (spec 2 §2 claim-step1), as posted in `motif`. */
export const COMPLAINT_REASONS = [
  'absence_reponse',
  'delai',
  'qualite_relation',
  'performance_contrat',
  'contestation_reponse',
  'autre',
] as const;
