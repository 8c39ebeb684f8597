import { sql } from 'drizzle-orm';
import { faqEntries } from './schema.ts';

/**
 * A FAQ entry without an answer yet: its answer has no word once tags and non-breaking spaces are
 * set aside, as the assistant writes a question it could not answer. Read by the work queue's
 * « Questions de la FAQ sans réponse » and by the FAQ list's `sans_reponse`, so both count the same.
 */
export const FAQ_ENTRY_UNANSWERED = sql`btrim(regexp_replace(${faqEntries.reponse}, '<[^>]*>|&nbsp;', '', 'g')) = ''`;
