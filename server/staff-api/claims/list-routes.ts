import { INSURER_TIME_ZONE } from '../../../contracts/time-zone.ts';
import { sendSuccess } from '../../answers.ts';
import { and, count, desc, ilike, type SQL, sql } from 'drizzle-orm';
import { type Request, type Response, Router } from 'express';
import { ClaimsListQuerySchema } from '../../../contracts/backoffice.ts';
import type { AppDatabase } from '../../db/client.ts';
import { claims } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { requireStaff } from '../sessions/require-staff.ts';

/**
 * GET /sinistres (spec 3 §2 'Liste des sinistres'): the claims list, filtered and paged by the
 * server. Text filters contain-match without regard to case; the id matches exactly; the creation
 * filter matches the day written YYYY/MM/DD from its beginning. Newest first.
 */

/** `value` as a LIKE pattern matching it anywhere, its own wildcards taken literally. */
function containing(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function createClaimsListRouter(db: AppDatabase): Router {
  const router = Router();
  router.get('/sinistres', requireStaff(db), async (request: Request, response: Response) => {
    const parsed = ClaimsListQuerySchema.safeParse(request.query);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Filtre invalide');
    const query = parsed.data;
    const filters: SQL[] = [];
    if (query.id !== '') filters.push(sql`${claims.id}::text = ${query.id}`);
    if (query.numero !== '') filters.push(ilike(claims.numero, containing(query.numero)));
    if (query.socketId !== '') filters.push(ilike(claims.creationSocketId, containing(query.socketId)));
    if (query.nom !== '') filters.push(ilike(claims.assureNom, containing(query.nom)));
    if (query.created !== '')
      filters.push(
        sql`to_char(${claims.createdAt} at time zone ${INSURER_TIME_ZONE}, 'YYYY/MM/DD') like ${`${query.created.replaceAll('-', '/').replace(/[\\%_]/g, '')}%`}`,
      );
    const where = filters.length > 0 ? and(...filters) : undefined;
    const [totalRow] = await db.select({ total: count() }).from(claims).where(where);
    const total = Number(totalRow?.total ?? 0);
    const pages = Math.max(1, Math.ceil(total / query.size));
    const page = Math.min(query.page, pages);
    const rows = await db
      .select({
        id: claims.id,
        number: claims.numero,
        socketId: claims.creationSocketId,
        name: claims.assureNom,
        createdAt: claims.createdAt,
      })
      .from(claims)
      .where(where)
      .orderBy(desc(claims.createdAt), desc(claims.id))
      .limit(query.size)
      .offset((page - 1) * query.size);
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
