import type { Server, Socket } from 'socket.io';
import { z } from 'zod/mini';
import {
  CLIENT_EVENT_SCHEMAS as EVENT_SCHEMAS,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../contracts/socket-events.ts';
import { loggableDatabaseError } from '../db/errors.ts';
import type { Logger } from '../logger.ts';

export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** The parsed payload of each event the customer pages send. */
export type LiveEventPayloads = {
  [Event in keyof typeof EVENT_SCHEMAS]: z.output<(typeof EVENT_SCHEMAS)[Event]>;
};

/** The acknowledgement a client asked for with its event (socket.io's callback), if it asked for one. */
export type LiveAcknowledgement = (answer: unknown) => void;

/**
 * What the server does with a valid event; the live statistics plug in here. A handler that reads
 * the database answers its promise, so that registerLiveEvents catches what it throws or rejects.
 */
export type LiveEventHandler = <Event extends keyof LiveEventPayloads>(
  socket: LiveSocket,
  event: Event,
  payload: LiveEventPayloads[Event],
  acknowledge?: LiveAcknowledgement,
) => void | Promise<void>;

/** Events a socket may send in a burst, then EVENTS_PER_SECOND; more are dropped. */
const EVENT_BURST = 30;
const EVENTS_PER_SECOND = 5;
/** A socket that has had this many events dropped is a script: it is disconnected. */
const DROPPED_BEFORE_DISCONNECT = 100;

/** A token bucket per socket: 'ok', 'drop' (over the rate) or 'disconnect' (flooding). */
function eventBudget(now: () => number = Date.now): () => 'ok' | 'drop' | 'disconnect' {
  let tokens = EVENT_BURST;
  let last = now();
  let dropped = 0;
  return () => {
    const time = now();
    tokens = Math.min(EVENT_BURST, tokens + ((time - last) / 1000) * EVENTS_PER_SECOND);
    last = time;
    if (tokens >= 1) {
      tokens -= 1;
      return 'ok';
    }
    dropped += 1;
    return dropped >= DROPPED_BEFORE_DISCONNECT ? 'disconnect' : 'drop';
  };
}

/**
 * What may be logged of an error met while handling a visitor's event: the database error's
 * SQLSTATE and frames (loggableDatabaseError), or an error's name and frames. Never its message,
 * which can quote the event's values.
 */
function loggableEventError(error: unknown): unknown {
  const summary = loggableDatabaseError(error);
  if (summary !== error) return summary;
  if (!(error instanceof Error)) return { name: typeof error };
  const frames = (error.stack ?? '').split('\n').filter((line) => /^ {4}at \S/.test(line));
  return { name: error.name, stack: [error.name, ...frames].join('\n') };
}

/**
 * Listens to the customer pages' events. Each socket has an event budget (a burst, then a few a
 * second): events over it are dropped and a flooding socket is disconnected. Each payload is parsed with its contract schema, which
 * also strips any field outside the allow-list; an invalid payload is dropped (logged at debug
 * level without its content, which may be personal). A socket's events are handled in the order
 * they came: when one waits for the database (the next page of a session reading it back on
 * another process), the following ones wait for it. A handler that throws or rejects (a database
 * refusing a value, a lost connection) costs that one event: the error is logged without the
 * payload, and the socket and the process go on.
 */
export function registerLiveEvents(io: LiveServer, logger: Logger, handle: LiveEventHandler = () => {}): void {
  io.on('connection', (socket) => {
    const allow = eventBudget();
    /** The socket's events still being handled, last one last (never rejects). */
    let queue: Promise<void> | undefined;
    for (const event of Object.keys(EVENT_SCHEMAS) as (keyof typeof EVENT_SCHEMAS)[]) {
      socket.on(event, (payload: unknown, ...rest: unknown[]) => {
        // socket.io hands the acknowledgement as the last argument: a function no payload can be.
        const last = rest.at(-1);
        const acknowledge = typeof last === 'function' ? (last as LiveAcknowledgement) : undefined;
        const verdict = allow();
        if (verdict === 'disconnect') {
          logger.debug({ event }, 'socket flooding: disconnected');
          socket.disconnect(true);
          return;
        }
        if (verdict === 'drop') return;
        const result = z.safeParse(EVENT_SCHEMAS[event], payload);
        if (!result.success) {
          logger.debug({ event, issues: result.error.issues.length }, 'socket event dropped');
          return;
        }
        logger.debug({ event }, 'socket event');
        const failed = (error: unknown) =>
          logger.error({ event, err: loggableEventError(error) }, 'socket event failed; the socket goes on');
        const call = (): Promise<void> | undefined => {
          try {
            return handle(socket, event, result.data, acknowledge)?.catch(failed);
          } catch (error) {
            failed(error);
            return undefined;
          }
        };
        // In order: behind an event still reading the database, the next ones wait.
        const running = queue ? queue.then(call) : call();
        if (!running) return;
        queue = running;
        void running.then(() => {
          if (queue === running) queue = undefined;
        });
      });
    }
  });
}
