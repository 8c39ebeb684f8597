import { sendError, sendSuccess } from '../answers.ts';
import express, { type Request, type Response, Router } from 'express';
import { z } from 'zod/mini';
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
import { requestLanguage, translate } from '../i18n/public.ts';
import { parseInput } from '../customer-api/public.ts';
import { clientAddressOf, limitByAddress, type RateLimitRule } from '../security/public.ts';
import { requireStaff, staffOf } from '../staff-api/public.ts';
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

function parse<Schema extends z.core.$ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = z.safeParse(schema, body ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw new HttpError(400, 'Demande invalide.', fields, 'invalid_request');
}

const isStaffRequest = (body: unknown, marker: string) => typeof body === 'object' && body !== null && marker in body;

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
      const query = parse(FaqListQuerySchema, request.query);
      sendSuccess(response, await listFaqEntries(db, query));
    },
  );

  router.post(FAQ_PATH, noStore, postJson, async (request: Request, response: Response) => {
    // Staff's "generate an answer": the session is required, nothing is stored.
    if (isStaffRequest(request.body, 'tmpResponse')) {
      await pass(staff, request, response);
      const generate = parse(FaqGenerateSchema, request.body);
      const answer = await assistant.respond(generate.question, generate.lang);
      sendSuccess(response, { datas: { text: answer.text, sources: answer.sources } });
      return;
    }
    await pass(limit, request, response);
    // A visitor's question: refused in the visitor's language (the fuzz suite found French only).
    const { question, lang } = parseInput(FaqQuestionSchema, request.body ?? {}, requestLanguage(request));
    sendSuccess(response, { datas: await assistant.ask(question, lang, clientAddressOf(request)) });
  });

  router.patch(FAQ_PATH, noStore, patchJson, async (request: Request, response: Response) => {
    if (
      isStaffRequest(request.body, 'add_reponse_utile_oui') ||
      isStaffRequest(request.body, 'add_reponse_utile_non')
    ) {
      await pass(limit, request, response);
      const vote = parseInput(FaqVoteSchema, request.body ?? {}, requestLanguage(request));
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
    const edit = parse(FaqEditSchema, request.body);
    const done = await assistant.edit(edit, staffOf(response).login);
    if (!done) {
      sendError(response, 404, { message: 'Cette question n’existe plus.' });
      return;
    }
    sendSuccess(response, { message: 'La réponse a été modifiée.' });
  });

  return router;
}
