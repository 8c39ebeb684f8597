import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { HttpError, handleErrors } from './errors.ts';
import { createCapturedLogger } from './test-support.ts';

const { logger, lines } = createCapturedLogger();
let baseUrl: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(express.json({ limit: 1024 }));
  app.get('/http-error', () => {
    throw new HttpError(409, 'Claim already sent', { numero: 'Already used' });
  });
  app.get('/zod-error', async () => {
    z.parse(z.object({ email: z.email({ error: 'Invalid e-mail' }) }), { email: 'nope' });
  });
  app.get('/zod-method-error', async () => {
    z.object({ email: z.email({ error: 'Invalid e-mail' }) }).parse({ email: 'nope' });
  });
  app.post('/body', (request, response) => {
    response.json(request.body);
  });
  app.get('/param/:value', (request, response) => {
    response.json({ value: request.params['value'] });
  });
  app.get('/refused-value', async () => {
    // What both drivers throw for a NUL byte in a text parameter, wrapped as Drizzle wraps it.
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
      severity: 'ERROR',
    });
    throw new Error('Failed query: insert into … params: \u0000x', { cause });
  });
  app.get('/crash', async () => {
    throw new Error('database exploded');
  });
  app.use(handleErrors(logger));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

describe('error middleware', () => {
  it('When a route throws an HttpError, then its status, message and fields answer', async () => {
    const response = await fetch(`${baseUrl}/http-error`);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      status: 'error',
      message: 'Claim already sent',
      fields: { numero: 'Already used' },
    });
  });

  it.each([
    ['z.parse', 'zod-error'],
    ["the schema's parse method", 'zod-method-error'],
  ])('When input fails a schema through %s, then 400 names the fields', async (_kind, path) => {
    const response = await fetch(`${baseUrl}/${path}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: 'error',
      message: 'Certaines informations sont manquantes ou incorrectes.',
      fields: { email: 'Invalid e-mail' },
    });
  });

  it('When input fails a schema and the visitor reads German, then the message is German', async () => {
    const response = await fetch(`${baseUrl}/zod-error`, { headers: { 'accept-language': 'de-CH, fr;q=0.5' } });
    expect(await response.json()).toMatchObject({ message: 'Einige Angaben fehlen oder sind fehlerhaft.' });
  });

  it('When the body is not JSON, then the parser error answers 400 in the envelope', async () => {
    const response = await fetch(`${baseUrl}/body`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 'error' });
  });

  // Found by the fuzz suite (server/fuzz): body-parser's own English texts reached visitors.
  it.each([
    [
      'broken JSON',
      'application/json',
      '{nope',
      400,
      'The form received is incomplete or unreadable. Please try again.',
    ],
    [
      'an unknown charset',
      'application/json; charset=bogus',
      '{}',
      415,
      'The form received is incomplete or unreadable. Please try again.',
    ],
    ['a body over the limit', 'application/json', `{"a":"${'x'.repeat(2048)}"}`, 413, 'The request sent is too large.'],
  ])(
    'When a visitor reading English sends %s, then the refusal is in English',
    async (_case, type, body, status, message) => {
      const response = await fetch(`${baseUrl}/body`, {
        method: 'POST',
        headers: { 'content-type': type, 'accept-language': 'en' },
        body,
      });
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ status: 'error', message });
    },
  );

  it('When a path parameter cannot be decoded, then 400 answers in the request language', async () => {
    const response = await fetch(`${baseUrl}/param/%ZZ?lang=pl`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: 'Otrzymany formularz jest niekompletny lub nieczytelny. Proszę spróbować ponownie.',
    });
  });

  it('When the database refuses a value from the request, then 400 answers in the request language and the code is logged', async () => {
    const response = await fetch(`${baseUrl}/refused-value?lang=it`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'Alcune informazioni mancano o non sono corrette.' });
    const logged = lines.find((line) => line.includes('value refused by the database')) ?? '';
    expect(JSON.parse(logged)).toMatchObject({ level: 40, err: { code: '22021' } });
    expect(logged).not.toContain('0x00');
  });

  it('When a route fails unexpectedly, then 500 hides the cause and the error is logged', async () => {
    const response = await fetch(`${baseUrl}/crash?numero=SO-123`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ status: 'error', message: 'Internal server error' });
    const logged = lines.find((line) => line.includes('database exploded')) ?? '';
    expect(JSON.parse(logged)).toMatchObject({ level: 50, msg: 'unhandled error' });
    expect(logged).not.toContain('SO-123');
  });
});
