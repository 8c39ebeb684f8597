import { sendError, sendSuccess } from '../answers.ts';
import express, { type Request, type Response, Router } from 'express';
import {
  FAQ_PATH,
  FaqEditSchema,
  FaqGenerateSchema,
  FaqListQuerySchema,
  FaqQuestionSchema,
  FaqVoteSchema,
} from '../../contracts/faq.ts';
import { jsonBodyBytesOf } from '../files/public.ts';
import type { AppDatabase } from '../db/public.ts';
import { HttpError } from '../errors.ts';
import { requestLanguage, staffText, translate } from '../i18n/public.ts';
import { clientAddressOf, limitByAddress, type RateLimitRule } from '../security/public.ts';
import { requireStaff, staffOf } from '../staff-api/public.ts';
import { parseBody, parseQuery, refuseNamingProblems, sentField } from '../http/public.ts';
import { faqMessages } from './messages.ts';
import type { FaqAssistant } from './service.ts';
import { listFaqEntries } from './staff-list.ts';

/**
 * `/faq` (spec 2 §7, spec 3 §7): the customer page asks (`POST {question, lang}`) and rates
 * (`PATCH {question, lang, add_reponse_utile_oui, add_reponse_utile_non}`); staff list a page (`GET`
 * with FaqListQuerySchema's query), edit (`PATCH` with the entry's
 * fields) and generate (`POST` with `tmpResponse`) behind the staff session.
 */

/**
 * Questions and ratings per address in any 10 minutes: a person asks a few, and many guests behind
 * one campsite or carrier address still fit; a script is stopped (and a model's cost with it).
 */
const FAQ_REQUESTS_PER_ADDRESS: RateLimitRule = { name: 'faq:ip', limit: 100, windowMs: 10 * 60_000 };

/** A POST is a question (customer) or a "generate" (staff): a few kB, read before anything else. */
const MAX_POST_BYTES = jsonBodyBytesOf(FaqQuestionSchema, FaqGenerateSchema);
/** A PATCH is a vote (customer) or an entry's edit (staff, with an answer of up to 50,000 characters). */
const MAX_PATCH_BYTES = jsonBodyBytesOf(FaqVoteSchema, FaqEditSchema);

/** A staff request refused: the fields named with their schema's messages. */
const refuseStaffRequest = refuseNamingProblems(staffText('faq.badRequest'));

/** Staff and visitors share the path: a staff request carries a field no visitor's does. */
const isStaffRequest = (request: Request, marker: string) => sentField(request, 'body', marker) !== undefined;

type Middleware = (request: Request, response: Response, next: (error?: unknown) => void) => unknown;

/** Runs a middleware inside a route: resolves when it lets the request through, rejects with its refusal. */
function pass(middleware: Middleware, request: Request, response: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    Promise.resolve(middleware(request, response, (error?: unknown) => (error ? reject(error) : resolve()))).catch(
      reject,
    );
  });
}

export function createFaqRouter(db: AppDatabase, assistant: FaqAssistant): Router {
  const router = Router();
  const staff = requireStaff(db);
  const postJson = express.json({ limit: MAX_POST_BYTES });
  const patchJson = express.json({ limit: MAX_PATCH_BYTES });
  const limit = limitByAddress(db, FAQ_REQUESTS_PER_ADDRESS);
  const noStore = (_request: Request, response: Response, next: () => void) => {
    response.setHeader('Cache-Control', 'no-store');
    next();
  };

  // The same path is the customer FAQ page: only a request for JSON is the staff's list.
  router.get(
    FAQ_PATH,
    (request: Request, _response: Response, next: (route?: 'route') => void) =>
      request.accepts(['html', 'json']) === 'json' ? next() : next('route'),
    staff,
    noStore,
    async (request: Request, response: Response) => {
      // One page, filtered and sorted by the server (spec 3 'FAQ management').
      const query = parseQuery(request, FaqListQuerySchema, refuseStaffRequest);
      sendSuccess(response, await listFaqEntries(db, query));
    },
  );

  router.post(FAQ_PATH, noStore, postJson, async (request: Request, response: Response) => {
    // Staff's "generate an answer": the session is required, nothing is stored.
    if (isStaffRequest(request, 'tmpResponse')) {
      await pass(staff, request, response);
      const generate = parseBody(request, FaqGenerateSchema, refuseStaffRequest);
      const answer = await assistant.respond(generate.question, generate.lang);
      sendSuccess(response, { datas: { text: answer.text, sources: answer.sources } });
      return;
    }
    await pass(limit, request, response);
    // A visitor's question: refused in the visitor's language (the fuzz suite found French only).
    const { question, lang } = parseBody(request, FaqQuestionSchema);
    sendSuccess(response, { datas: await assistant.ask(question, lang, clientAddressOf(request)) });
  });

  router.patch(FAQ_PATH, noStore, patchJson, async (request: Request, response: Response) => {
    if (isStaffRequest(request, 'add_reponse_utile_oui') || isStaffRequest(request, 'add_reponse_utile_non')) {
      await pass(limit, request, response);
      const vote = parseBody(request, FaqVoteSchema);
      const found = await assistant.vote(vote.question, vote.lang, vote.add_reponse_utile_oui === 1);
      if (!found)
        throw new HttpError(
          404,
          translate(faqMessages, 'unknown_question', requestLanguage(request)),
          undefined,
          'not_found',
        );
      sendSuccess(response);
      return;
    }
    await pass(staff, request, response);
    const edit = parseBody(request, FaqEditSchema, refuseStaffRequest);
    const done = await assistant.edit(edit, staffOf(response).login);
    if (done === 'missing') {
      sendError(response, 404, { message: 'Cette question n’existe plus.' });
      return;
    }
    if (done === 'unchanged') {
      // Nothing new: nothing written, and the entry is not dated as modified by staff.
      sendSuccess(response, { message: 'Aucune modification à enregistrer.', changed: false });
      return;
    }
    sendSuccess(response, { message: 'La réponse a été modifiée.' });
  });

  return router;
}
