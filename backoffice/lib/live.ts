import type { Socket } from 'socket.io-client';
import type { ServerToClientEvents } from '../../contracts/socket-events.ts';
import { refreshStaffSession } from '../session.ts';

/**
 * The staff's live connection: the server's `/bo` namespace, which admits only a signed-in staff
 * member (the session cookie goes with the handshake). One connection per page, shared by its
 * parts; socket.io-client is loaded with the first part that asks.
 */
export type StaffSocket = Socket<ServerToClientEvents, Record<string, never>>;

let connection: Promise<StaffSocket> | undefined;

export function staffSocket(): Promise<StaffSocket> {
  connection ??= import('socket.io-client').then(({ io }) => {
    const socket: StaffSocket = io('/bo', { transports: ['websocket'], withCredentials: true });
    // The server closes the feed of a session that has ended (sign-out in another tab, idle,
    // password changed, account removed): asking who is signed in then leaves for /bo_login.
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') void refreshStaffSession();
    });
    return socket;
  });
  return connection;
}
