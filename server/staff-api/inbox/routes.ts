import express, { type Request, type Response, Router } from 'express';
import { z } from 'zod/mini';
import type { BrandCatalog } from '../../../brands/lib/parse.ts';
import {
  INBOX_PATH,
  INBOX_STAFF_PATH,
  InboxAnswerRequestSchema,
  InboxAssignRequestSchema,
  InboxListQuerySchema,
  InboxNoteRequestSchema,
  InboxStateRequestSchema,
  MAX_INBOX_ANSWER_LENGTH,
} from '../../../contracts/inbox.ts';
import { sendSuccess } from '../../answers.ts';
import type { AppDatabase } from '../../db/public.ts';
import { HttpError } from '../../errors.ts';
import { sendStoredFile, type FileStore } from '../../files/public.ts';
import { parseBody, parseParams, parseQuery, refuseWith, refuseWithFirstProblem } from '../../http/public.ts';
import { staffText } from '../../i18n/public.ts';
import { refuseCrossSiteWrites } from '../../security/public.ts';
import { requireStaff, staffOf } from '../sessions/require-staff.ts';
import { listStaffMembers } from './repository.ts';
import {
  addInboxNote,
  answerInboxMessage,
  assignInboxMessage,
  findInboxAttachmentFile,
  getInboxDetail,
  InboxError,
  listInbox,
  setInboxState,
} from './service.ts';

/**
 * The staff inbox (contracts/inbox.ts): the complaints and contact messages claimants send, listed,
 * read, assigned, noted, moved between states and answered by mail. Staff only; every write also
 * passes the same-site check of the other staff writes, and is recorded in the message's history
 * with the staff login.
 */

/** A whole positive id of the path. */
const idParam = z.pipe(z.string().check(z.regex(/^[0-9]{1,9}$/)), z.transform(Number));
const IdParamsSchema = z.object({ id: idParam });
const AttachmentParamsSchema = z.object({ id: idParam, attachmentId: idParam });

const refuseBody = refuseWithFirstProblem(staffText('inbox.badRequest'));

function idOf(request: Request): number {
  return parseParams(request, IdParamsSchema, refuseWith(staffText('inbox.badId'))).id;
}

/** A refusal of the inbox service, worded for staff. */
function asHttp(id: number) {
  return (error: unknown): never => {
    if (!(error instanceof InboxError)) throw error;
    switch (error.code) {
      case 'not_found':
        throw new HttpError(404, staffText('inbox.noMessage', { id }));
      case 'unknown_staff':
        throw new HttpError(400, staffText('inbox.unknownStaff'), undefined, 'unknown_staff');
      case 'empty_answer':
        throw new HttpError(
          400,
          staffText('inbox.emptyAnswer'),
          { html: staffText('inbox.emptyAnswer') },
          'empty_answer',
        );
      case 'no_recipient':
        throw new HttpError(409, staffText('inbox.noRecipient'));
    }
  };
}

/** Who changes: the signed-in staff member. */
function by(response: Response) {
  return { login: staffOf(response).login };
}

export function createInboxRouter(db: AppDatabase, brands: BrandCatalog, fileStore: FileStore): Router {
  const router = Router();
  const staff = requireStaff(db);
  const sameSite = refuseCrossSiteWrites();
  const json = express.json({ limit: 4 * 1024 });
  // An answer's HTML may be long (CKEditor's markup around its words): the longest answer, as JSON.
  const answerJson = express.json({ limit: MAX_INBOX_ANSWER_LENGTH * 2 + 1024 });

  router.get(INBOX_PATH, staff, async (request: Request, response: Response) => {
    const query = parseQuery(request, InboxListQuerySchema, refuseWithFirstProblem(staffText('inbox.badFilter')));
    sendSuccess(response, await listInbox(db, brands, query, new Date()));
  });

  router.get(INBOX_STAFF_PATH, staff, async (_request: Request, response: Response) => {
    sendSuccess(response, { datas: await listStaffMembers(db) });
  });

  router.get(`${INBOX_PATH}/:id`, staff, async (request: Request, response: Response) => {
    const id = idOf(request);
    const detail = await getInboxDetail(db, brands, id, new Date()).catch(asHttp(id));
    sendSuccess(response, { datas: detail });
  });

  router.get(`${INBOX_PATH}/:id/pieces/:attachmentId/fichier`, staff, async (request, response) => {
    const { id, attachmentId } = parseParams(
      request,
      AttachmentParamsSchema,
      refuseWith(staffText('inbox.badAttachment')),
    );
    const file = await findInboxAttachmentFile(db, id, attachmentId);
    if (!file) throw new HttpError(404, staffText('inbox.noFile'));
    await sendStoredFile(response, fileStore, {
      key: file.storageKey,
      originalName: file.originalName,
      mime: file.mime,
      size: file.size,
    });
  });

  router.patch(`${INBOX_PATH}/:id/assignation`, staff, sameSite, json, async (request, response) => {
    const id = idOf(request);
    const { staffUserId } = parseBody(request, InboxAssignRequestSchema, refuseBody);
    await assignInboxMessage(db, id, staffUserId, by(response)).catch(asHttp(id));
    sendSuccess(response);
  });

  router.post(`${INBOX_PATH}/:id/notes`, staff, sameSite, json, async (request, response) => {
    const id = idOf(request);
    const { body } = parseBody(request, InboxNoteRequestSchema, refuseBody);
    await addInboxNote(db, id, body, by(response)).catch(asHttp(id));
    sendSuccess(response);
  });

  router.patch(`${INBOX_PATH}/:id/etat`, staff, sameSite, json, async (request, response) => {
    const id = idOf(request);
    const { state } = parseBody(request, InboxStateRequestSchema, refuseBody);
    await setInboxState(db, id, state, by(response)).catch(asHttp(id));
    sendSuccess(response);
  });

  router.post(`${INBOX_PATH}/:id/reponses`, staff, sameSite, answerJson, async (request, response) => {
    const id = idOf(request);
    const { html } = parseBody(request, InboxAnswerRequestSchema, refuseBody);
    const sent = await answerInboxMessage(db, brands, id, html, by(response)).catch(asHttp(id));
    sendSuccess(response, { datas: sent });
  });

  return router;
}
