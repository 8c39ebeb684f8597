import type { Namespace } from 'socket.io';
import type { ServerToClientEvents } from '../../contracts/socket-events.ts';
import type { AppDatabase } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { findStaffSession, sessionTokenOf } from '../staff/sessions.ts';
import { ActivityRecorder, liveActivityOf } from './activity-recorder.ts';
import { type LiveEventPayloads, type LiveServer, registerLiveEvents } from './socket.ts';

/**
 * The live activity of spec 1 §7 and spec 3 §7: the customer pages' events become activity records
 * (ActivityRecorder, written in batches) and live updates for the back office on the staff
 * namespace STAFF_NAMESPACE, which only a signed-in staff member may join. Customer sockets (`/`)
 * never receive any of it.
 */

export const STAFF_NAMESPACE = '/bo';

/** The online count is computed at most this often, however many sockets come and go. */
const ONLINE_COUNT_EVERY_MS = 1_000;

/** The browser's user agent from the socket's handshake (no other header is kept). */
function userAgentOf(socket: { handshake: { headers: Record<string, string | string[] | undefined> } }): string {
  return String(socket.handshake.headers['user-agent'] ?? '').slice(0, 512);
}

export interface LiveActivityService {
  recorder: ActivityRecorder;
  /** Visitors connected now, across every server process. */
  onlineCount(): Promise<number>;
  /** Writes what is pending (server stop). */
  close(): Promise<void>;
}

export function startLiveActivity(io: LiveServer, db: AppDatabase, logger: Logger): LiveActivityService {
  const recorder = new ActivityRecorder(db, logger);
  const staff: Namespace<Record<string, never>, ServerToClientEvents> = io.of(STAFF_NAMESPACE);

  staff.use((socket, next) => {
    findStaffSession(db, sessionTokenOf(socket.handshake.headers.cookie)).then(
      (session) => next(session ? undefined : new Error('unauthorized')),
      () => next(new Error('unavailable')),
    );
  });

  // Across processes: fetchSockets() asks every server through the adapter.
  const onlineCount = async () => (await io.of('/').fetchSockets()).length;
  let countTimer: NodeJS.Timeout | undefined;
  const announceOnlineCount = () => {
    countTimer ??= setTimeout(() => {
      countTimer = undefined;
      onlineCount().then(
        (count) => staff.emit('onlineUsersCount', count),
        (error: unknown) => logger.debug({ err: error }, 'online count unavailable'),
      );
    }, ONLINE_COUNT_EVERY_MS);
  };
  staff.on('connection', (socket) => {
    void onlineCount().then(
      (count) => socket.emit('onlineUsersCount', count),
      () => {},
    );
  });

  registerLiveEvents(io, logger, (socket, event, payload) => {
    const id = socket.id;
    const now = new Date();
    switch (event) {
      case 'newconnection': {
        const { page, navigator } = payload as LiveEventPayloads['newconnection'];
        if (recorder.get(id)) return;
        staff.emit('newActivity', liveActivityOf(recorder.start(id, page, navigator, now)));
        return;
      }
      case 'movePage': {
        const { id: previous, page } = payload as LiveEventPayloads['movePage'];
        void recorder.resume(id, previous, page, now).then((state) => {
          if (state) {
            staff.emit('updateUserLocation', { id: state.socketId, page });
            staff.emit('updateActivity', liveActivityOf(state));
          } else if (!recorder.get(id)) {
            // An unknown key (forgotten, or never written): the session goes on under the tab's key.
            staff.emit('newActivity', liveActivityOf(recorder.start(id, page, userAgentOf(socket), now, previous)));
          }
        });
        return;
      }
      case 'addHistoryPages': {
        const { page, store } = payload as LiveEventPayloads['addHistoryPages'];
        const state = recorder.get(id) ?? recorder.start(id, page, userAgentOf(socket), now);
        recorder.visit(state, page, store, now);
        staff.emit('updateUserLocation', { id: state.socketId, page });
        staff.emit('updateActivity', liveActivityOf(state));
        return;
      }
      case 'updateStore': {
        const { store } = payload as LiveEventPayloads['updateStore'];
        const state = recorder.get(id);
        if (!state) return;
        recorder.setStore(state, store, now);
        staff.emit('updateStore', { id: state.socketId, store });
        return;
      }
      case 'newSinistre': {
        const state = recorder.get(id);
        if (!state?.store) return;
        recorder.setStore(state, { ...state.store, declaSent: true }, now);
        staff.emit('updateStore', { id: state.socketId, store: state.store });
        return;
      }
    }
  });

  io.on('connection', (socket) => {
    announceOnlineCount();
    socket.on('disconnect', () => {
      const left = recorder.leave(socket.id);
      if (left) staff.emit('updateDisconnected_at', { id: left.socketId, disconnectedAt: new Date().toISOString() });
      announceOnlineCount();
    });
  });

  return {
    recorder,
    onlineCount,
    async close() {
      clearTimeout(countTimer);
      await recorder.close();
    },
  };
}
