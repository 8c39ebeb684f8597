import { commonMessages } from '../partner-api/messages.ts';
import type { MessageCatalog } from './messages.ts';

/**
 * Every module's server messages, checked for missing translations by `messages.test.ts`.
 * Register a module's catalogue here when you create it.
 */
export const ALL_CATALOGS: Record<string, MessageCatalog<string>> = {
  'partner-api/common': commonMessages,
};
