import type { Socket } from 'socket.io-client';
import type { ServerToClientEvents } from '../../contracts/socket-events.ts';

/**
 * The staff's live connection: the server's `/bo` namespace, which admits only a signed-in staff
 * member (the session cookie goes with the handshake). One connection per page, shared by its
 * parts; socket.io-client is loaded with the first part that asks.
 */
export type StaffSocket = Socket<ServerToClientEvents, Record<string, never>>;

let connection: Promise<StaffSocket> | undefined;

export function staffSocket(): Promise<StaffSocket> {
  connection ??= import('socket.io-client').then(({ io }) =>
    io('/bo', { transports: ['websocket'], withCredentials: true }),
  );
  return connection;
}
