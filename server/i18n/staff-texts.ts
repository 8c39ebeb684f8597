import staffApi from '../../locales/fr/staff-api.json' with { type: 'json' };
import { createFrenchTexts } from '../../locales/french-texts.ts';

/**
 * The staff API's answers in French (`locales/fr/staff-api.json`: sign-in, the question box and
 * its SQL guard), read like every French-only file. Example: `staffText('guard.table',
 * { name: 'pg_user' })`.
 */
export const staffText = createFrenchTexts('staff-api', staffApi);
