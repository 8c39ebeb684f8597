import type { NextFunction, Request, Response } from 'express';
import { sendError } from '../answers.ts';
import { HttpError } from '../errors.ts';
import { requestLanguage, translate } from '../i18n/public.ts';
import type { SecurityEvents } from '../security/public.ts';
import { bodyPaceMessages } from './messages.ts';

/**
 * Every request body the server reads is bounded in time as well as in size: a
 * client that stops sending, or sends too slowly to ever finish, holds a connection (and, for an
 * upload, one of the few upload slots) for nothing. watchBodyPace cuts such a body with a
 * translated 408 (`slow_body`) and records a `slow_body` security event:
 * - a body from which nothing arrives for `idleMs` (default BODY_IDLE_MS, 10 s);
 * - after its first `rateWindowMs` (default BODY_RATE_WINDOW_MS, 15 s), a body that brings less
 *   than `minBytesPerSecond` (default BODY_MIN_BYTES_PER_SECOND, 1 KiB/s) over any window of
 *   that length: a trickle of one byte every second never ends, a poor mobile link sends more.
 * Time the server itself makes the client wait (its reader busy, the store slow, the body not read
 * yet) is never held against the client: while bytes wait unread, the clocks start again.
 *
 * The reader of a body (receive() in upload.ts) registers itself, so that a cut stops it the way
 * its own refusals do: its partial files are removed, and the refusal is answered through the
 * routes' error handling. A body read by another parser (JSON) is answered here directly. The
 * reader also reports the bytes it receives, which the upload guard charges to the byte budget.
 */

/** Nothing received for this long cuts a body. */
export const BODY_IDLE_MS = 10_000;
/** Slowest pace a body may keep, measured over each window of BODY_RATE_WINDOW_MS. */
export const BODY_MIN_BYTES_PER_SECOND = 1024;
/** Length of the windows the pace is measured over (the first one is the grace period). */
export const BODY_RATE_WINDOW_MS = 15_000;

export interface BodyPaceOptions {
  /** Default BODY_IDLE_MS. */
  idleMs?: number;
  /** Default BODY_MIN_BYTES_PER_SECOND. */
  minBytesPerSecond?: number;
  /** Default BODY_RATE_WINDOW_MS. */
  rateWindowMs?: number;
}

/** How a body's reader stops when the body is cut: it answers `error` itself. */
type BodyReader = (error: HttpError) => void;
/** Told the body bytes received so far, each time more arrive. */
type BodyBytesListener = (receivedBytes: number) => void;

interface BodyState {
  reader?: BodyReader;
  listeners: BodyBytesListener[];
  received: number;
}

const states = new WeakMap<Request, BodyState>();

function stateOf(request: Request): BodyState {
  let state = states.get(request);
  if (state === undefined) {
    state = { listeners: [], received: 0 };
    states.set(request, state);
  }
  return state;
}

/** Makes `stop` the way a cut stops the reader of `request`'s body; the answer returned forgets it. */
export function registerBodyReader(request: Request, stop: BodyReader): () => void {
  const state = stateOf(request);
  state.reader = stop;
  return () => {
    if (state.reader === stop) delete state.reader;
  };
}

/** Called by a body's reader for each chunk it receives. */
export function reportBodyBytes(request: Request, bytes: number): void {
  const state = states.get(request);
  if (state === undefined) return;
  state.received += bytes;
  for (const listener of state.listeners) listener(state.received);
}

/** `listener` is told the body bytes received so far each time its reader receives more. */
export function onBodyBytes(request: Request, listener: BodyBytesListener): void {
  stateOf(request).listeners.push(listener);
}

/** Body bytes the reader of `request` has received so far. */
export function bodyBytesReceived(request: Request): number {
  return states.get(request)?.received ?? 0;
}

/**
 * Stops reading `request`'s body with `error`: through its registered reader (which removes what it
 * stored and answers), else by answering here, closing the connection once the answer is sent.
 */
export function cutBody(request: Request, response: Response, error: HttpError): void {
  const reader = states.get(request)?.reader;
  if (reader !== undefined) {
    reader(error);
    return;
  }
  request.pause();
  if (response.headersSent) {
    request.socket.destroy();
    return;
  }
  response.setHeader('Connection', 'close');
  sendError(response, error.status, { message: error.message, code: error.code });
}

/** Whether a request announces a body (a length above zero, or chunks). */
function hasBody(request: Request): boolean {
  const length = request.headers['content-length'];
  if (request.headers['transfer-encoding'] !== undefined) return true;
  return length !== undefined && length !== '0';
}

/** The translated 408 of a body cut for its pace. */
function slowBodyError(request: Request): HttpError {
  return new HttpError(408, translate(bodyPaceMessages, 'slow_body', requestLanguage(request)), undefined, 'slow_body');
}

/** Middleware watching the pace of every request body (see the module's comment). */
export function watchBodyPace(securityEvents: SecurityEvents, options: BodyPaceOptions = {}) {
  const idleMs = options.idleMs ?? BODY_IDLE_MS;
  const windowMs = options.rateWindowMs ?? BODY_RATE_WINDOW_MS;
  const minBytesPerWindow = ((options.minBytesPerSecond ?? BODY_MIN_BYTES_PER_SECOND) * windowMs) / 1000;
  /** How often a body is looked at: often enough to cut it within a quarter of its idle time. */
  const tickMs = Math.max(20, Math.min(1_000, idleMs / 4, windowMs / 4));

  return (request: Request, response: Response, next: NextFunction): void => {
    if (!hasBody(request) || request.complete) {
      next();
      return;
    }
    const socket = request.socket;
    const startedAt = performance.now();
    const initialBytes = socket.bytesRead;
    let lastBytes = initialBytes;
    let lastProgressAt = startedAt;
    let windowStartedAt = startedAt;
    let windowStartBytes = lastBytes;

    const stop = (): void => clearInterval(timer);
    const cut = (reason: 'idle' | 'too_slow', now: number): void => {
      stop();
      securityEvents.record('slow_body', {
        reason,
        path: request.baseUrl + request.path,
        receivedBytes: socket.bytesRead - initialBytes,
        heldMs: Math.round(now - startedAt),
      });
      cutBody(request, response, slowBodyError(request));
    };

    const timer = setInterval(() => {
      // Watched until the body ends, even after an early answer: what a refused body still sends
      // while it is thrown away (upload.ts, discardRestThenClose) must keep the pace too.
      if (request.complete || socket.destroyed) {
        stop();
        return;
      }
      const now = performance.now();
      const bytes = socket.bytesRead;
      // Bytes received but not read yet: the server is the one that is slow, not the client.
      if (request.readableLength > 0 || socket.readableLength > 0) {
        lastBytes = bytes;
        lastProgressAt = now;
        windowStartedAt = now;
        windowStartBytes = bytes;
        return;
      }
      if (bytes > lastBytes) {
        lastBytes = bytes;
        lastProgressAt = now;
      }
      if (now - lastProgressAt >= idleMs) return cut('idle', now);
      if (now - windowStartedAt >= windowMs) {
        if (bytes - windowStartBytes < minBytesPerWindow) return cut('too_slow', now);
        windowStartedAt = now;
        windowStartBytes = bytes;
      }
    }, tickMs);
    timer.unref();
    request.once('end', stop);
    request.once('close', stop);
    next();
  };
}
