import { z } from 'zod/mini';
import { CLAIM_NUMBER_PATTERN } from './claim-number.ts';

/**
 * A claim number as the API reads it: trimmed, `SI-` and seven digits (the shape of
 * `claim-number.ts`). Example: " SI-0000003" → "SI-0000003".
 */
export const ClaimNumberSchema = z.string().check(z.trim(), z.regex(CLAIM_NUMBER_PATTERN));

/**
 * A claim number as a visitor types it in a form: trimmed and read in capitals, so " si-0000003"
 * is SI-0000003 on every page that asks for one (the follow-up, the complaint, the contact form).
 */
export const TypedClaimNumberSchema = z.string().check(z.trim(), z.toUpperCase(), z.regex(CLAIM_NUMBER_PATTERN));
