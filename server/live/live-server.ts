import type { Server } from 'socket.io';
import type { z } from 'zod/mini';
import type {
  CLIENT_EVENT_SCHEMAS as EVENT_SCHEMAS,
  ClientToServerEvents,
  ServerToClientEvents,
} from '../../contracts/socket-events.ts';

/**
 * The socket.io server's types, apart from socket.ts so the guard and the claim following, which
 * socket.ts uses, can name them without importing it back.
 */
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents>;

/** The parsed payload of each event the customer pages send. */
export type LiveEventPayloads = {
  [Event in keyof typeof EVENT_SCHEMAS]: z.output<(typeof EVENT_SCHEMAS)[Event]>;
};
