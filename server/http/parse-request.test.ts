import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { HttpError } from '../errors.ts';
import {
  checkBody,
  parseBody,
  parseInput,
  parseParams,
  parseQuery,
  refuseAsInvalidValue,
  refuseNamingProblems,
  refuseWith,
  refuseWithFirstProblem,
  sentField,
} from './parse-request.ts';

/** The parts of a request the parser reads, and the headers the language is read from. */
function requestWith(parts: { body?: unknown; query?: unknown; params?: unknown; language?: string }): Request {
  return {
    body: parts.body,
    query: parts.query ?? {},
    params: parts.params ?? {},
    get: (name: string) => (name.toLowerCase() === 'accept-language' ? parts.language : undefined),
  } as unknown as Request;
}

const Question = z.object({
  question: z.string().check(z.minLength(1, { error: 'Posez une question' }), z.maxLength(10)),
  email: z.optional(z.email()),
});

/** The error a parse throws. */
function refusalOf(parse: () => unknown): HttpError {
  try {
    parse();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('the request was accepted');
}

describe('parse-request', () => {
  it('When the body fits the schema, then its parsed value is returned', () => {
    expect(parseBody(requestWith({ body: { question: 'Quand ?' } }), Question)).toEqual({ question: 'Quand ?' });
  });

  it('When a partner API request is invalid, then each field is named with its problem in the request’s language', () => {
    const refusal = refusalOf(() =>
      parseBody(
        requestWith({ body: { question: 'x'.repeat(11), email: 'no', extra: 1 }, language: 'en' }),
        z.strictObject(Question.shape),
      ),
    );
    expect(refusal.status).toBe(400);
    expect(refusal.code).toBeUndefined();
    expect(Object.keys(refusal.fields ?? {}).toSorted()).toEqual(['email', 'extra', 'question']);
    expect(refusal.message).not.toBe(
      refusalOf(() => parseBody(requestWith({ body: {}, language: 'fr' }), Question)).message,
    );
  });

  it('When there is no body, then it reads as an empty object (each required field named)', () => {
    expect(Object.keys(refusalOf(() => parseBody(requestWith({}), Question)).fields ?? {})).toEqual(['question']);
  });

  it('When the staff API refuses with the first problem, then its message is the schema’s, without fields', () => {
    const refusal = refusalOf(() =>
      parseBody(requestWith({ body: { question: '' } }), Question, refuseWithFirstProblem('Demande')),
    );
    expect([refusal.status, refusal.message, refusal.fields, refusal.code]).toEqual([
      400,
      'Posez une question',
      undefined,
      undefined,
    ]);
  });

  it('When the staff API names the problems, then each field has the schema’s message and the code is invalid_request', () => {
    const refusal = refusalOf(() =>
      parseQuery(requestWith({ query: { question: '' } }), Question, refuseNamingProblems('Demande invalide.')),
    );
    expect([refusal.message, refusal.fields, refusal.code]).toEqual([
      'Demande invalide.',
      { question: 'Posez une question' },
      'invalid_request',
    ]);
  });

  it('When a path parameter names nothing, then the route’s one message answers', () => {
    const Params = z.object({ id: z.coerce.number() });
    expect(parseParams(requestWith({ params: { id: '12' } }), Params, refuseWith('Numéro invalide'))).toEqual({
      id: 12,
    });
    expect(
      refusalOf(() => parseParams(requestWith({ params: { id: 'x' } }), Params, refuseWith('Numéro invalide'))).message,
    ).toBe('Numéro invalide');
  });

  it('When a report is invalid, then the answer says only that a value is not valid', () => {
    const refusal = refusalOf(() => parseInput(Question, {}, refuseAsInvalidValue('fr')));
    expect([refusal.status, refusal.fields]).toEqual([400, undefined]);
  });

  it('When a route answers the refusal itself, then checkBody gives the problems instead of throwing', () => {
    const checked = checkBody(requestWith({ body: { question: '' } }), Question);
    expect(checked.success ? [] : checked.issues.map((issue) => issue.message)).toEqual(['Posez une question']);
  });

  it('When a route tells two requests apart, then sentField gives a field as sent, only an own one', () => {
    const request = requestWith({ body: { tmpResponse: 'x' }, query: { hash: 'abc' } });
    expect(sentField(request, 'body', 'tmpResponse')).toBe('x');
    expect(sentField(request, 'query', 'hash')).toBe('abc');
    expect(sentField(request, 'body', 'constructor')).toBeUndefined();
    expect(sentField(requestWith({}), 'body', 'question')).toBeUndefined();
  });
});
