import type { Socket } from 'socket.io';
import { z } from 'zod/mini';
import {
  CLIENT_EVENT_SCHEMAS as EVENT_SCHEMAS,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../contracts/socket-events.ts';
import { loggableDatabaseError } from '../db/public.ts';
import type { Logger } from '../logger.ts';
import { logOnlySecurityEvents, type SecurityEvents } from '../security/public.ts';
import type { LiveEventPayloads, LiveServer } from './live-server.ts';
import { tokenBucket } from './socket-guard.ts';

type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** The acknowledgement a client asked for with its event (socket.io's callback), if it asked for one. */
type LiveAcknowledgement = (answer: unknown) => void;

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
/** A socket that has had this many events dropped over its own budget is a script: it is disconnected. */
const DROPPED_BEFORE_DISCONNECT = 100;
/**
 * A socket that has had this many events dropped over its address group's shared budget is
 * disconnected: the group is flooding, and a page's few events a load never come near it.
 */
const GROUP_DROPPED_BEFORE_DISCONNECT = 20;

type EventVerdict = 'ok' | 'drop' | 'disconnect';

/**
 * A socket's event budget: its own token bucket, then its address group's shared one (when
 * given). Answers 'ok', 'drop' (over a budget) or 'disconnect' (flooding).
 */
function eventBudget(takeGroupEvent: () => boolean): () => EventVerdict {
  const own = tokenBucket(EVENT_BURST, EVENTS_PER_SECOND);
  let dropped = 0;
  let droppedForGroup = 0;
  return () => {
    if (!own.take()) {
      dropped += 1;
      return dropped >= DROPPED_BEFORE_DISCONNECT ? 'disconnect' : 'drop';
    }
    if (!takeGroupEvent()) {
      droppedForGroup += 1;
      return droppedForGroup >= GROUP_DROPPED_BEFORE_DISCONNECT ? 'disconnect' : 'drop';
    }
    return 'ok';
  };
}

/** Whether `event` is a name the contract lists (an own key of its table, never `__proto__` and the like). */
function isContractEvent(event: unknown): event is keyof typeof EVENT_SCHEMAS {
  return typeof event === 'string' && Object.hasOwn(EVENT_SCHEMAS, event);
}

export interface LiveEventGuards {
  /** Where floods and unknown events are counted for staff; default: logged only. */
  securityEvents?: SecurityEvents;
  /** Takes one event from the shared budget of the socket's address group (socket-guard.ts); default: none. */
  takeGroupEvent?: (socket: LiveSocket) => boolean;
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
 * Listens to the customer pages' events. Every event packet is counted before anything else,
 * whatever its name: an event the contract does not list disconnects its socket at once (a page
 * never sends one), and each socket has an event budget (a burst, then a few a second) and shares
 * its address group's: events over either are dropped and a flooding socket is disconnected.
 * Each payload is parsed with its contract schema, which also strips any field outside the
 * allow-list; an invalid payload is dropped (logged at debug level without its content, which
 * may be personal). A socket's events are handled in the order they came: when one waits for the database (the next page of a session reading it back on
 * another process), the following ones wait for it. A handler that throws or rejects (a database
 * refusing a value, a lost connection) costs that one event: the error is logged without the
 * payload, and the socket and the process go on.
 */
export function registerLiveEvents(
  io: LiveServer,
  logger: Logger,
  handle: LiveEventHandler = () => {},
  guards: LiveEventGuards = {},
): void {
  const securityEvents = guards.securityEvents ?? logOnlySecurityEvents(logger);
  io.on('connection', (socket) => {
    const allow = eventBudget(() => guards.takeGroupEvent?.(socket) ?? true);
    // Runs before any listener for every event packet; a refused one never reaches them (next is not called).
    socket.use(([event], next) => {
      if (socket.disconnected) return;
      if (!isContractEvent(event)) {
        securityEvents.record('socket_unknown_event');
        socket.disconnect(true);
        return;
      }
      const verdict = allow();
      if (verdict === 'disconnect') {
        securityEvents.record('socket_flood', { scope: 'events' });
        socket.disconnect(true);
        return;
      }
      if (verdict === 'ok') next();
    });
    /** The socket's events still being handled, last one last (never rejects). */
    let queue: Promise<void> | undefined;
    for (const event of Object.keys(EVENT_SCHEMAS) as (keyof typeof EVENT_SCHEMAS)[]) {
      socket.on(event, (payload: unknown, ...rest: unknown[]) => {
        // socket.io hands the acknowledgement as the last argument: a function no payload can be.
        const last = rest.at(-1);
        const acknowledge = typeof last === 'function' ? (last as LiveAcknowledgement) : undefined;
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
