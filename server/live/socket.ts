import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import {
  AddHistoryPagesSchema,
  type ClientToServerEvents,
  MovePageSchema,
  NewConnectionSchema,
  NewSinistreSchema,
  type ServerToClientEvents,
  UpdateStoreSchema,
} from '../../contracts/socket-events.ts';
import type { Logger } from '../logger.ts';

export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** The parsed payload of each event the customer pages send. */
export type LiveEventPayloads = {
  [Event in keyof typeof EVENT_SCHEMAS]: z.output<(typeof EVENT_SCHEMAS)[Event]>;
};

const EVENT_SCHEMAS = {
  newconnection: NewConnectionSchema,
  addHistoryPages: AddHistoryPagesSchema,
  movePage: MovePageSchema,
  updateStore: UpdateStoreSchema,
  newSinistre: NewSinistreSchema,
} as const satisfies Record<keyof ClientToServerEvents, z.ZodType>;

/** What the server does with a valid event; the live statistics plug in here. */
export type LiveEventHandler = <Event extends keyof LiveEventPayloads>(
  socket: LiveSocket,
  event: Event,
  payload: LiveEventPayloads[Event],
) => void;

/**
 * Listens to the customer pages' events. Each payload is parsed with its contract schema, which
 * also strips any field outside the allow-list; an invalid payload is dropped (logged at debug
 * level without its content, which may be personal).
 */
export function registerLiveEvents(io: LiveServer, logger: Logger, handle: LiveEventHandler = () => {}): void {
  io.on('connection', (socket) => {
    for (const event of Object.keys(EVENT_SCHEMAS) as (keyof typeof EVENT_SCHEMAS)[]) {
      socket.on(event, (payload: unknown) => {
        const result = EVENT_SCHEMAS[event].safeParse(payload);
        if (!result.success) {
          logger.debug({ event, issues: result.error.issues.length }, 'socket event dropped');
          return;
        }
        logger.debug({ event }, 'socket event');
        handle(socket, event, result.data);
      });
    }
  });
}
