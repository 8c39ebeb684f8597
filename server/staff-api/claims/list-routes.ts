import { staffText } from '../../i18n/staff-texts.ts';
import { sendSuccess } from '../../answers.ts';
import { type Request, type Response, Router } from 'express';
import { ClaimsListQuerySchema } from '../../../contracts/backoffice.ts';
import type { AppDatabase } from '../../db/client.ts';
import { HttpError } from '../../errors.ts';
import { requireStaff } from '../sessions/require-staff.ts';
import { countListedClaims, listClaimsPage } from './repository.ts';

/**
 * GET /sinistres (spec 3 §2 'Liste des sinistres'): the claims list, filtered and paged by the
 * server. Text filters contain-match without regard to case; the id matches exactly; the creation
 * filter matches the day written YYYY/MM/DD from its beginning. Newest first; a page past the end
 * is the last page.
 */
export function createClaimsListRouter(db: AppDatabase): Router {
  const router = Router();
  router.get('/sinistres', requireStaff(db), async (request: Request, response: Response) => {
    const parsed = ClaimsListQuerySchema.safeParse(request.query);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? staffText('claims.badFilter'));
    const query = parsed.data;
    const total = await countListedClaims(db, query);
    const pages = Math.max(1, Math.ceil(total / query.size));
    const page = Math.min(query.page, pages);
    const rows = await listClaimsPage(db, query, { limit: query.size, offset: (page - 1) * query.size });
    sendSuccess(response, {
      datas: rows.map((row) => ({
        id: row.id,
        number: row.number,
        socketId: row.socketId ?? '',
        name: row.name,
        created_at: row.createdAt.toISOString(),
      })),
      total,
      page,
      size: query.size,
      pages,
    });
  });
  return router;
}
