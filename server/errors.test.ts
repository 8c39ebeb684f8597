import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as mini } from 'zod/mini';
import { HttpError, handleErrors } from './errors.ts';
import { createCapturedLogger } from './test-support.ts';

const { logger, lines } = createCapturedLogger();
let baseUrl: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.get('/http-error', () => {
    throw new HttpError(409, 'Claim already sent', { numero: 'Already used' });
  });
  app.get('/zod-error', async () => {
    z.object({ email: z.email({ error: 'Invalid e-mail' }) }).parse({ email: 'nope' });
  });
  app.get('/zod-mini-error', async () => {
    mini.object({ email: mini.email({ error: 'Invalid e-mail' }) }).parse({ email: 'nope' });
  });
  app.post('/body', (request, response) => {
    response.json(request.body);
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
    ['a classic', 'zod-error'],
    ['a zod/mini', 'zod-mini-error'],
  ])('When input fails %s schema, then 400 names the fields', async (_kind, path) => {
    const response = await fetch(`${baseUrl}/${path}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: 'error',
      message: 'Invalid request',
      fields: { email: 'Invalid e-mail' },
    });
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

  it('When a route fails unexpectedly, then 500 hides the cause and the error is logged', async () => {
    const response = await fetch(`${baseUrl}/crash?numero=SO-123`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ status: 'error', message: 'Internal server error' });
    const logged = lines.find((line) => line.includes('database exploded')) ?? '';
    expect(JSON.parse(logged)).toMatchObject({ level: 50, msg: 'unhandled error' });
    expect(logged).not.toContain('SO-123');
  });
});
