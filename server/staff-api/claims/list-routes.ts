import { staffText } from '../../i18n/public.ts';
import { sendSuccess } from '../../answers.ts';
import { type Request, type Response, Router } from 'express';
import { type BrandCatalog, brandNameOf } from '../../../brands/lib/parse.ts';
import {
  ClaimsListQuerySchema,
  WORK_QUEUE_COUNTS_PATH,
  WORK_QUEUE_PATH,
  type WorkQueueClaim,
} from '../../../contracts/backoffice.ts';
import type { AppDatabase } from '../../db/public.ts';
import { parseQuery, refuseWithFirstProblem } from '../../http/public.ts';
import { requireStaff } from '../sessions/require-staff.ts';
import {
  countListedClaims,
  countWorkQueue,
  type ListedClaim,
  listClaimsPage,
  type QueueClaimRow,
  readWorkQueue,
} from './repository.ts';

/** A line of the list (spec 3 §3's claim record, with the state, brand and missing documents the work queue shows). */
function listLine(brands: BrandCatalog, row: ListedClaim) {
  return {
    id: row.id,
    number: row.number,
    socketId: row.socketId ?? '',
    name: row.name,
    created_at: row.createdAt.toISOString(),
    etat: row.etat,
    brand: brandNameOf(brands, row.company),
    missing: row.missing,
  };
}

function queueLine(brands: BrandCatalog, row: QueueClaimRow): WorkQueueClaim {
  return {
    ...listLine(brands, row),
    toReview: row.toReview,
    since: row.since.toISOString(),
    bankDetailsChanged: row.bankDetailsChanged,
  };
}

/**
 * GET /sinistres (spec 3 §2 'Liste des sinistres'): the claims list, filtered and paged by the
 * server. Text filters contain-match without regard to case; the id matches exactly; the creation
 * filter matches the day written YYYY/MM/DD from its beginning. Newest first; a page past the end
 * is the last page. GET /a_traiter and /a_traiter/compteurs: the work queue and its counts
 * (its groups are described with the work queue's queries in repository.ts); read-only, staff only.
 */
export function createClaimsListRouter(db: AppDatabase, brands: BrandCatalog): Router {
  const router = Router();
  const staff = requireStaff(db);
  router.get('/sinistres', staff, async (request: Request, response: Response) => {
    const query = parseQuery(request, ClaimsListQuerySchema, refuseWithFirstProblem(staffText('claims.badFilter')));
    const total = await countListedClaims(db, query);
    const pages = Math.max(1, Math.ceil(total / query.size));
    const page = Math.min(query.page, pages);
    const rows = await listClaimsPage(db, query, { limit: query.size, offset: (page - 1) * query.size });
    sendSuccess(response, {
      datas: rows.map((row) => listLine(brands, row)),
      total,
      page,
      size: query.size,
      pages,
    });
  });

  router.get(WORK_QUEUE_PATH, staff, async (_request: Request, response: Response) => {
    const queue = await readWorkQueue(db);
    sendSuccess(response, {
      datas: {
        counts: queue.counts,
        proofs: queue.proofs.map((row) => queueLine(brands, row)),
        waiting: queue.waiting.map((row) => queueLine(brands, row)),
        questions: queue.questions.map((question) => ({
          ...question,
          lastAskedAt: question.lastAskedAt?.toISOString() ?? null,
        })),
      },
    });
  });

  router.get(WORK_QUEUE_COUNTS_PATH, staff, async (_request: Request, response: Response) => {
    const counts = await countWorkQueue(db);
    sendSuccess(response, { datas: counts });
  });
  return router;
}
