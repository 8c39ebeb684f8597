import { brandNameOf } from '../../../brands/lib/parse.ts';
import { staffText } from '../../i18n/public.ts';
import { CLAIM_NUMBER_PATTERN } from '../../../contracts/claim-number.ts';
import { CLAIM_STATES } from '../../../contracts/claim-states.ts';
import { sendSuccess } from '../../answers.ts';
import express, { type Request, type Response, Router } from 'express';
import { z } from 'zod/mini';
import { findClaimId, markProofRead } from './repository.ts';
import type { ClaimMailing } from './claimant-mails.ts';
import type { ClaimChangeSignal } from '../../claim-change-signal.ts';
import {
  type ClaimChangeBy,
  ClaimsAdminError,
  getClaimForHandling,
  refuseDocument,
  requestDocument,
  setClaimEtat,
  validateDocument,
} from './service.ts';
import type { AppDatabase } from '../../db/public.ts';
import { HttpError } from '../../errors.ts';
import { sendStoredFile, type FileStore } from '../../files/public.ts';
import { findTransmittedFile, findFileVersionOfProof } from '../../customer-api/public.ts';
import { parseBody, parseParams, refuseWith, refuseWithFirstProblem } from '../../http/public.ts';
import { ProofVersionIdSchema } from '../../../contracts/backoffice.ts';
import { refuseCrossSiteWrites } from '../../security/public.ts';
import { requireStaff, staffOf } from '../sessions/require-staff.ts';

/**
 * The claim page of the back office: read a claim, change its state, ask for a document, validate
 * or refuse a received proof, open its file. The changes are the claims service's use cases, which
 * write the claim's history with the staff login in the transaction of the change.
 */

/** PATCH …/etat body: a follow-up state. */
export const EtatSchema = z.object({ etat: z.enum(CLAIM_STATES, { error: staffText('claims.unknownState') }) });
/** POST …/justificatifs body: the document type to ask for. */
export const DocumentSchema = z.object({
  documentTypeId: z.coerce.number().check(z.int(), z.positive({ error: staffText('claims.chooseDocument') })),
});
/** POST …/refus body: why the proof is refused. */
export const RefusalSchema = z.object({
  motif: z.string().check(z.trim(), z.minLength(1, { error: staffText('claims.refusalReason') }), z.maxLength(500)),
});

/** The claim number of the path, in capitals (SI- and seven digits). */
const NumeroParamsSchema = z.object({
  numero: z
    .pipe(
      z.optional(z.string()),
      z.transform((numero) => (numero ?? '').toUpperCase()),
    )
    .check(z.regex(CLAIM_NUMBER_PATTERN)),
});

/** The claim number of the path; answers 400 when it is not one. */
function numeroOf(request: Request): string {
  return parseParams(request, NumeroParamsSchema, refuseWith(staffText('claims.badNumber'))).numero;
}

/** A body refused: the first problem's message. */
const refuseBody = refuseWithFirstProblem(staffText('claims.badRequest'));

/** The proof id of the path, as a number. */
const proofIdParam = z.pipe(z.string(), z.transform(Number));
/** For a change: the claims service refuses a number that is no proof id of the claim. */
const ProofNumberParamsSchema = z.object({ proofId: proofIdParam });
/** For a file: a whole number. */
const ProofIdParamsSchema = z.object({ proofId: proofIdParam.check(z.refine(Number.isSafeInteger)) });
const refuseProofId = refuseWith(staffText('claims.badProof'));

/** The proof id of the path, as a number, for the claims service to check. */
function proofNumberOf(request: Request): number {
  return parseParams(request, ProofNumberParamsSchema, refuseProofId).proofId;
}

/** The proof id of the path; answers 400 when it is not a whole number. */
function proofIdOf(request: Request): number {
  return parseParams(request, ProofIdParamsSchema, refuseProofId).proofId;
}

/** The version of the path's proof file. */
const VersionParamsSchema = z.object({ versionId: ProofVersionIdSchema });

/** The claim's id; answers 404 when there is none. */
async function existingClaimId(db: AppDatabase, numero: string): Promise<number> {
  const claimId = await findClaimId(db, numero);
  if (claimId === undefined) throw new HttpError(404, staffText('claims.noClaim', { number: numero }));
  return claimId;
}

/** A refusal of the claims service, worded for staff. */
function asHttp(error: unknown): never {
  if (error instanceof ClaimsAdminError) throw new HttpError(409, error.message);
  throw error;
}

/**
 * Who the claim's history names for a change made in this request (the signed-in staff member),
 * how the claimant is mailed, and how the pages following the claim hear of it.
 */
function changedBy(response: Response, mailing: ClaimMailing, signalClaimChange: ClaimChangeSignal): ClaimChangeBy {
  return { actor: staffOf(response).login, mailing, signalClaimChange };
}

/**
 * @param signalClaimChange tells the follow-up pages open on the claim, once a change is written
 */
export function createClaimHandlingRouter(
  db: AppDatabase,
  fileStore: FileStore,
  mailing: ClaimMailing,
  signalClaimChange: ClaimChangeSignal = () => {},
): Router {
  const by = (response: Response) => changedBy(response, mailing, signalClaimChange);
  const router = Router();
  const staff = requireStaff(db);
  const sameSite = refuseCrossSiteWrites();
  const json = express.json({ limit: 4 * 1024 });

  router.get('/sinistres/:numero', staff, async (request: Request, response: Response) => {
    const numero = numeroOf(request);
    const claim = await getClaimForHandling(db, numero).catch((error: unknown) => {
      if (error instanceof ClaimsAdminError) throw new HttpError(404, staffText('claims.noClaim', { number: numero }));
      throw error;
    });
    sendSuccess(response, { datas: { ...claim, brand: brandNameOf(mailing.brands, claim.company) } });
  });

  router.patch('/sinistres/:numero/etat', staff, sameSite, json, async (request: Request, response: Response) => {
    const numero = numeroOf(request);
    const { etat } = parseBody(request, EtatSchema, refuseBody);
    await existingClaimId(db, numero);
    await setClaimEtat(db, numero, etat, by(response)).catch(asHttp);
    sendSuccess(response);
  });

  router.post('/sinistres/:numero/justificatifs', staff, sameSite, json, async (request, response) => {
    const numero = numeroOf(request);
    const { documentTypeId } = parseBody(request, DocumentSchema, refuseBody);
    await existingClaimId(db, numero);
    await requestDocument(db, numero, String(documentTypeId), by(response)).catch(asHttp);
    sendSuccess(response);
  });

  router.post('/sinistres/:numero/justificatifs/:proofId/validation', staff, sameSite, async (request, response) => {
    const numero = numeroOf(request);
    const proofId = proofNumberOf(request);
    await existingClaimId(db, numero);
    await validateDocument(db, numero, proofId, by(response)).catch(asHttp);
    sendSuccess(response);
  });

  router.post('/sinistres/:numero/justificatifs/:proofId/refus', staff, sameSite, json, async (request, response) => {
    const numero = numeroOf(request);
    const proofId = proofNumberOf(request);
    const { motif } = parseBody(request, RefusalSchema, refuseBody);
    await existingClaimId(db, numero);
    await refuseDocument(db, numero, proofId, { ...by(response), motif }).catch(asHttp);
    sendSuccess(response);
  });

  router.get('/sinistres/:numero/justificatifs/:proofId/fichier', staff, async (request, response) => {
    const numero = numeroOf(request);
    const proofId = proofIdOf(request);
    const claimId = await existingClaimId(db, numero);
    const file = await findTransmittedFile(db, claimId, proofId);
    if (!file) throw new HttpError(404, staffText('claims.noFile'));
    await markProofRead(db, proofId);
    await sendStoredFile(response, fileStore, {
      key: file.storageKey,
      originalName: file.originalName,
      mime: file.mime,
      size: file.size,
    });
  });

  // One version of the proof's file, the latest or an earlier one (the claim page lists them all).
  router.get(
    '/sinistres/:numero/justificatifs/:proofId/versions/:versionId/fichier',
    staff,
    async (request, response) => {
      const numero = numeroOf(request);
      const proofId = proofIdOf(request);
      const { versionId } = parseParams(request, VersionParamsSchema, refuseWith(staffText('claims.badVersion')));
      const claimId = await existingClaimId(db, numero);
      const file = await findFileVersionOfProof(db, claimId, proofId, versionId);
      if (!file) throw new HttpError(404, staffText('claims.noFile'));
      await markProofRead(db, proofId);
      await sendStoredFile(response, fileStore, {
        key: file.storageKey,
        originalName: file.originalName,
        mime: file.mime,
        size: file.size,
      });
    },
  );

  return router;
}
