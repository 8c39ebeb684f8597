import { z } from 'zod/mini';
import { CLAIM_NUMBER_PATTERN } from './claim-number.ts';

/**
 * A claim number as the API reads it: trimmed, `SI-` and seven digits (the shape of
 * `claim-number.ts`). Example: " SI-0000003" → "SI-0000003".
 */
export const ClaimNumberSchema = z.string().check(z.trim(), z.regex(CLAIM_NUMBER_PATTERN));
