import { sendSuccess } from '../../answers.ts';
import { asc, eq } from 'drizzle-orm';
import express, { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import {
  ClaimsAdminError,
  FOLLOW_UP_ETATS,
  getClaim,
  listDocumentTypes,
  refuseDocument,
  requestDocument,
  setClaimEtat,
  validateDocument,
} from './service.ts';
import type { AppDatabase } from '../../db/client.ts';
import { claimantComments, claimEvents, claimProofs, claims } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { sendStoredFile } from '../../files/download.ts';
import type { FileStore } from '../../files/store.ts';
import { findTransmittedFile } from '../../customer-api/proofs/service.ts';
import { refuseCrossSiteWrites } from '../../security/same-origin.ts';
import { requireStaff, staffOf } from '../sessions/require-staff.ts';

/**
 * The claim page of the back office: read a claim, change its state, ask for a document, validate
 * or refuse a received proof, open its file. Each change is written with a `claim_events` row
 * (the staff login, what changed) in the same transaction.
 */

/** PATCH …/etat body: a follow-up state. */
export const EtatSchema = z.object({ etat: z.enum(FOLLOW_UP_ETATS, { error: 'État inconnu' }) });
/** POST …/justificatifs body: the document type to ask for. */
export const DocumentSchema = z.object({
  documentTypeId: z.coerce.number().int().positive({ error: 'Choisissez un document' }),
});
/** POST …/refus body: why the proof is refused. */
export const RefusalSchema = z.object({
  motif: z.string().trim().min(1, { error: 'Indiquez la raison du refus' }).max(500),
});

async function claimIdOf(db: AppDatabase, numero: string): Promise<number> {
  const [row] = await db.select({ id: claims.id }).from(claims).where(eq(claims.numero, numero));
  if (!row) throw new HttpError(404, `Aucun sinistre ${numero}.`);
  return row.id;
}

function numeroOf(request: Request): string {
  const numero = String(request.params['numero'] ?? '').toUpperCase();
  if (!/^SI-\d{7}$/.test(numero)) throw new HttpError(400, 'Numéro de sinistre invalide (SI- et sept chiffres).');
  return numero;
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Demande invalide');
  return parsed.data;
}

/** A refusal of the claims service, worded for staff. */
function asHttp(error: unknown): never {
  if (error instanceof ClaimsAdminError) throw new HttpError(409, error.message);
  throw error;
}

export function createClaimHandlingRouter(db: AppDatabase, fileStore: FileStore): Router {
  const router = Router();
  const staff = requireStaff(db);
  const sameSite = refuseCrossSiteWrites();
  const json = express.json({ limit: 4 * 1024 });

  /** Runs `change` and records its event, in one transaction. */
  async function recorded(
    response: Response,
    numero: string,
    action: string,
    change: (tx: AppDatabase) => Promise<Record<string, unknown>>,
  ): Promise<void> {
    const claimId = await claimIdOf(db, numero);
    await db
      .transaction(async (tx) => {
        const detail = await change(tx as unknown as AppDatabase);
        await tx.insert(claimEvents).values({ claimId, staffLogin: staffOf(response).login, action, detail });
      })
      .catch(asHttp);
    sendSuccess(response);
  }

  router.get('/sinistres/:numero', staff, async (request: Request, response: Response) => {
    const numero = numeroOf(request);
    const claim = await getClaim(db, numero).catch(() => {
      throw new HttpError(404, `Aucun sinistre ${numero}.`);
    });
    const claimId = await claimIdOf(db, numero);
    const [contact] = await db
      .select({
        telephone: claims.assureTelephone,
        adresse: claims.assureAdresse,
        cp: claims.assureCp,
        ville: claims.assureVille,
        commentaire: claims.declarationCommentaire,
        destination: claims.destinationNom,
      })
      .from(claims)
      .where(eq(claims.id, claimId));
    const comments = await db
      .select({ comment: claimantComments.commentaire, at: claimantComments.createdAt })
      .from(claimantComments)
      .where(eq(claimantComments.claimId, claimId))
      .orderBy(asc(claimantComments.createdAt));
    const history = await db
      .select({
        id: claimEvents.id,
        staffLogin: claimEvents.staffLogin,
        action: claimEvents.action,
        detail: claimEvents.detail,
        at: claimEvents.createdAt,
      })
      .from(claimEvents)
      .where(eq(claimEvents.claimId, claimId))
      .orderBy(asc(claimEvents.createdAt), asc(claimEvents.id));
    sendSuccess(response, {
      datas: {
        ...claim,
        contact,
        comments,
        history,
        documentTypes: await listDocumentTypes(db),
        etats: FOLLOW_UP_ETATS,
      },
    });
  });

  router.patch('/sinistres/:numero/etat', staff, sameSite, json, async (request: Request, response: Response) => {
    const numero = numeroOf(request);
    const { etat } = parse(EtatSchema, request.body);
    await recorded(response, numero, 'etat', async (tx) => {
      const change = await setClaimEtat(tx, numero, etat);
      return { from: change.previous, to: change.etat };
    });
  });

  router.post('/sinistres/:numero/justificatifs', staff, sameSite, json, async (request, response) => {
    const numero = numeroOf(request);
    const { documentTypeId } = parse(DocumentSchema, request.body);
    await recorded(response, numero, 'document_requested', async (tx) => {
      const requested = await requestDocument(tx, numero, String(documentTypeId));
      return { proofId: requested.proofId, document: requested.documentType.nomCourt };
    });
  });

  router.post('/sinistres/:numero/justificatifs/:proofId/validation', staff, sameSite, async (request, response) => {
    const numero = numeroOf(request);
    const proofId = Number(request.params['proofId']);
    await recorded(response, numero, 'proof_validated', async (tx) => {
      const validation = await validateDocument(tx, numero, proofId);
      return { proofId, document: validation.nomCourt };
    });
  });

  router.post('/sinistres/:numero/justificatifs/:proofId/refus', staff, sameSite, json, async (request, response) => {
    const numero = numeroOf(request);
    const proofId = Number(request.params['proofId']);
    const { motif } = parse(RefusalSchema, request.body);
    await recorded(response, numero, 'proof_refused', async (tx) => {
      const refusal = await refuseDocument(tx, numero, proofId);
      return { proofId, document: refusal.nomCourt, file: refusal.nomFichier, motif };
    });
  });

  router.get('/sinistres/:numero/justificatifs/:proofId/fichier', staff, async (request, response) => {
    const numero = numeroOf(request);
    const proofId = Number(request.params['proofId']);
    if (!Number.isSafeInteger(proofId)) throw new HttpError(400, 'Justificatif invalide');
    const claimId = await claimIdOf(db, numero);
    const file = await findTransmittedFile(db, claimId, proofId);
    if (!file) throw new HttpError(404, 'Ce justificatif n’a pas de fichier.');
    // Opened by staff: no longer "received and unread" for the claimant's banner.
    await db.update(claimProofs).set({ readAt: new Date() }).where(eq(claimProofs.id, proofId));
    await sendStoredFile(response, fileStore, {
      key: file.storageKey,
      originalName: file.originalName,
      mime: file.mime,
      size: file.size,
    });
  });

  return router;
}
