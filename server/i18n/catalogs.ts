import { commonMessages } from '../partner-api/messages.ts';
import { insuredMessages } from '../partner-api/insured/messages.ts';
import { claimMessages } from '../partner-api/claims/messages.ts';
import { proofMessages } from '../partner-api/proofs/messages.ts';
import { attestationMessages } from '../partner-api/attestation/messages.ts';
import { formMessages } from '../partner-api/forms/messages.ts';
import { faqMessages } from '../faq/messages.ts';
import type { MessageCatalog } from './messages.ts';

/**
 * Every module's server messages, checked for missing translations by `messages.test.ts`.
 * Register a module's catalogue here when you create it.
 */
export const ALL_CATALOGS: Record<string, MessageCatalog<string>> = {
  'partner-api/common': commonMessages,
  'partner-api/insured': insuredMessages,
  'partner-api/claims': claimMessages,
  'partner-api/proofs': proofMessages,
  'partner-api/attestation': attestationMessages,
  'partner-api/forms': formMessages,
  faq: faqMessages,
};
