import { logOnlySecurityEvents, type SecurityEvents } from '../security/public.ts';
import type { Namespace, Socket } from 'socket.io';
import type { ServerToClientEvents } from '../../contracts/socket-events.ts';
import { type AppDatabase, loggableDatabaseError } from '../db/public.ts';
import type { Logger } from '../logger.ts';
import { findStaffSession, liveSessionHashes, sessionTokenOf } from '../staff-api/public.ts';
import { ActivityRecorder, type ActivityRecorderLimits, liveActivityOf } from './activity-recorder.ts';
import type { ClaimChangeSignal } from '../claim-change-signal.ts';
import { type ClaimFollowingOptions, claimChangeNotifier, followClaim } from './claim-following.ts';
import { PRESENCE_HEARTBEAT_MS, type PresenceOptions, startPresence } from './presence.ts';
import type { SocketGuard, SocketLimits } from './socket-guard.ts';
import type { LiveEventPayloads, LiveServer } from './live-server.ts';
import { type LiveEventGuards, registerLiveEvents } from './socket.ts';

/**
 * The live activity of spec 1 §7 and spec 3 §7: the customer pages' events become activity records
 * (ActivityRecorder, written in batches) and live updates for the back office on the staff
 * namespace STAFF_NAMESPACE, which only a signed-in staff member may join. Customer sockets (`/`)
 * never receive any of it.
 */

export const STAFF_NAMESPACE = '/bo';

/** The online count is computed at most this often, however many sockets come and go. */
const ONLINE_COUNT_EVERY_MS = 1_000;

/**
 * How often the staff sockets' sessions are checked again (one query for all the process's staff
 * sockets): a session ended elsewhere (idle timeout, `npm run staff -- passwd` or `remove` in
 * another process) stops streaming within this period. Sign-out stops it at once.
 */
const STAFF_SESSION_CHECK_EVERY_MS = 20_000;

export interface LiveActivityOptions {
  /** Period of the staff sessions' re-check. Default STAFF_SESSION_CHECK_EVERY_MS (tests: shorter). */
  staffSessionCheckEveryMs?: number;
  /** Heartbeat and expiry of the visitors' presence (presence.ts; tests: shorter). */
  presence?: PresenceOptions;
  /** How a follow-up page's `followClaim` is checked (claim-following.ts); without it, none is followed. */
  claims?: ClaimFollowingOptions;
  /** Where floods and refused sockets are logged and counted for staff; default: logged only. */
  securityEvents?: SecurityEvents;
  /** The connection and shared event budgets of address groups (socket-guard.ts); default: none. */
  guard?: SocketGuard;
  /** The recorder's bounds (tests: smaller). */
  recorder?: Partial<ActivityRecorderLimits>;
  /** The sockets' limits per address group (socket-guard.ts; tests: smaller), read by createApp. */
  socketLimits?: Partial<SocketLimits>;
  /** Name of the staff session cookie (staff-cookies.ts: `__Host-bo_session` over HTTPS); default `bo_session`. */
  staffSessionCookie?: string;
}

/** What a staff socket keeps from its handshake: the hash of its session token (never the token). */
interface StaffSocketData {
  tokenHash: string;
}
type StaffNamespace = Namespace<Record<string, never>, ServerToClientEvents, Record<string, never>, StaffSocketData>;
type StaffSocket = Socket<Record<string, never>, ServerToClientEvents, Record<string, never>, StaffSocketData>;

/** The room of a staff session's sockets (all its tabs, on every process). */
function staffSessionRoom(tokenHash: string): string {
  return `staff-session:${tokenHash}`;
}

/** The browser's user agent from the socket's handshake (no other header is kept), without control characters. */
function userAgentOf(socket: { handshake: { headers: Record<string, string | string[] | undefined> } }): string {
  return String(socket.handshake.headers['user-agent'] ?? '')
    .replace(/[\p{Cc}\p{Cs}]/gu, '')
    .slice(0, 512);
}

export interface LiveActivityService {
  recorder: ActivityRecorder;
  /** Visitors connected now, across every server process. */
  onlineCount(): Promise<number>;
  /**
   * Disconnects the staff sockets of the session whose token hashes to `tokenHash`, on every
   * process (the room is shared through the adapter): sign-out ends the live feed at once.
   */
  closeStaffSession(tokenHash: string): void;
  /** Tells the follow-up pages open on a claim, on every process, that staff changed it. */
  claimChanged: ClaimChangeSignal;
  /** Writes what is pending (server stop). */
  close(): Promise<void>;
}

/** Admits to the staff namespace only a signed-in staff member, each socket in its session's room. */
function admitSignedInStaff(staff: StaffNamespace, db: AppDatabase, logger: Logger, cookieName?: string): void {
  staff.use((socket, next) => {
    Promise.resolve()
      .then(() => findStaffSession(db, sessionTokenOf(socket.handshake.headers.cookie, cookieName)))
      .then(
        (session) => {
          if (!session) return next(new Error('unauthorized'));
          socket.data.tokenHash = session.tokenHash;
          // In memory with either adapter; should one answer a promise, its failure is logged, not left unhandled.
          Promise.resolve(socket.join(staffSessionRoom(session.tokenHash))).catch((error: unknown) =>
            logger.warn({ err: loggableDatabaseError(error) }, 'staff socket not added to its session room'),
          );
          next();
        },
        (error: unknown) => {
          logger.warn({ err: loggableDatabaseError(error) }, 'staff socket refused: session not readable');
          next(new Error('unavailable'));
        },
      );
  });
}

/**
 * Every `everyMs`, one query for every staff socket of this process: the sessions that ended lose
 * their sockets. Returns the timer, for the caller to clear.
 */
function startStaffSessionChecks(
  staff: StaffNamespace,
  db: AppDatabase,
  logger: Logger,
  everyMs: number,
): NodeJS.Timeout {
  let checking = false;
  const checkStaffSessions = async () => {
    if (checking) return;
    checking = true;
    try {
      const sockets = [...staff.sockets.values()] as StaffSocket[];
      if (sockets.length === 0) return;
      const live = await liveSessionHashes(
        db,
        sockets.map((socket) => socket.data.tokenHash),
      );
      const ended = sockets.filter((socket) => !live.has(socket.data.tokenHash));
      for (const socket of ended) socket.disconnect(true);
      if (ended.length > 0) logger.info({ sockets: ended.length }, 'staff sockets closed: their session has ended');
    } catch (error) {
      // Kept until the next check: a database that does not answer ends nobody's session.
      logger.warn({ err: loggableDatabaseError(error) }, 'staff sessions not checked; checked again later');
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void checkStaffSessions(), everyMs);
  timer.unref();
  return timer;
}

/** The online count told to staff: at most once a ONLINE_COUNT_EVERY_MS when visitors come and go. */
interface OnlineCounter {
  /** Visitors connected now, across every server process. */
  count(): Promise<number>;
  /** Tells staff the count soon (once for a burst of arrivals and departures). */
  announce(): void;
  stop(): void;
}

function startOnlineCounter(io: LiveServer, staff: StaffNamespace, logger: Logger, heartbeatMs: number): OnlineCounter {
  // Across processes: fetchSockets() asks every server through the adapter.
  const count = async () => (await io.of('/').fetchSockets()).length;
  // The count failed, or telling it did: staff get it at the next change or heartbeat.
  const unavailable = (error: unknown) => logger.debug({ err: error }, 'online count unavailable');
  let countTimer: NodeJS.Timeout | undefined;
  const announce = () => {
    countTimer ??= setTimeout(() => {
      countTimer = undefined;
      count()
        .then((online) => staff.emit('onlineUsersCount', online))
        .catch(unavailable);
    }, ONLINE_COUNT_EVERY_MS);
  };
  // Visitors of a process that died leave without a disconnection event: the count is refreshed
  // for this process's staff sockets at every heartbeat too (fetchSockets drops a process that
  // stopped answering the adapter's heartbeat).
  const refreshTimer = setInterval(() => {
    if (staff.sockets.size === 0) return;
    count()
      .then((online) => staff.local.emit('onlineUsersCount', online))
      .catch(unavailable);
  }, heartbeatMs);
  refreshTimer.unref();
  staff.on('connection', (socket) => {
    void count()
      .then((online) => socket.emit('onlineUsersCount', online))
      .catch(unavailable);
  });
  return {
    count,
    announce,
    stop() {
      clearTimeout(countTimer);
      clearInterval(refreshTimer);
    },
  };
}

/** A visitor's event: recorded, and relayed to staff as live updates. */
function relayVisitorEvents(
  io: LiveServer,
  db: AppDatabase,
  logger: Logger,
  recorder: ActivityRecorder,
  staff: StaffNamespace,
  claims: ClaimFollowingOptions,
  guards: LiveEventGuards,
): void {
  registerLiveEvents(
    io,
    logger,
    (socket, event, payload, acknowledge) => {
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
          // Reads the database: a failure is caught and logged by registerLiveEvents.
          return recorder.resume(id, previous, page, now).then((state) => {
            if (state) {
              staff.emit('updateUserLocation', { id: state.socketId, page });
              staff.emit('updateActivity', liveActivityOf(state));
            } else if (!recorder.get(id)) {
              // An unknown key (forgotten, or never written): the session goes on under the tab's key.
              staff.emit('newActivity', liveActivityOf(recorder.start(id, page, userAgentOf(socket), now, previous)));
            }
          });
        }
        case 'addHistoryPages': {
          const { page, store, seenMsAgo } = payload as LiveEventPayloads['addHistoryPages'];
          const state = recorder.get(id) ?? recorder.start(id, page, userAgentOf(socket), now);
          // A page the tab left before it could report it: recorded when it was seen.
          const seenAt = seenMsAgo === undefined ? now : new Date(now.getTime() - seenMsAgo);
          const recorded = recorder.visit(state, page, store, now, seenAt);
          // Taken: the tab need not send it again (a page at the session's cap is not either).
          acknowledge?.(null);
          if (!recorded) return;
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
        case 'followClaim': {
          // Reads the database (and counts the attempt): a failure is caught and logged by registerLiveEvents.
          return followClaim(socket, payload as LiveEventPayloads['followClaim'], db, claims).then((answer) =>
            acknowledge?.(answer),
          );
        }
      }
    },
    guards,
  );
}

export function startLiveActivity(
  io: LiveServer,
  db: AppDatabase,
  logger: Logger,
  options: LiveActivityOptions = {},
): LiveActivityService {
  const heartbeatMs = options.presence?.heartbeatMs ?? PRESENCE_HEARTBEAT_MS;
  const presence = startPresence(db, logger, options.presence);
  const securityEvents = options.securityEvents ?? logOnlySecurityEvents(logger);
  const recorder = new ActivityRecorder(db, logger, presence.processId, {
    securityEvents,
    ...(options.recorder ? { limits: options.recorder } : {}),
  });
  const staff = io.of(STAFF_NAMESPACE) as unknown as StaffNamespace;
  // Pages or a snapshot another process saw, merged in at a write: the back office shows the whole session.
  // Staff pages read an activity update as the session online again: a session no process holds
  // any more (written disconnected by this merge) says so after it, or it would show « En ligne ».
  recorder.onMerged = (state) => {
    staff.emit('updateActivity', liveActivityOf(state));
    if (state.disconnectedAt)
      staff.emit('updateDisconnected_at', { id: state.socketId, disconnectedAt: state.disconnectedAt.toISOString() });
  };
  const heartbeat = () =>
    void presence.beat().then(
      ({ swept, expired }) => {
        if (swept) recorder.markHeldDirty();
        // Visitors of a process that stopped: staff pages open now stop showing them online.
        for (const session of expired)
          staff.emit('updateDisconnected_at', {
            id: session.socketId,
            disconnectedAt: session.disconnectedAt.toISOString(),
          });
      },
      // beat() logs its own failures and never rejects; this keeps it so if it changes.
      (error: unknown) => logger.warn({ err: loggableDatabaseError(error) }, 'presence heartbeat failed'),
    );
  heartbeat();
  const heartbeatTimer = setInterval(heartbeat, heartbeatMs);
  heartbeatTimer.unref();

  // Checked at the handshake; each socket joins its session's room, so sign-out can close it.
  admitSignedInStaff(staff, db, logger, options.staffSessionCookie);
  // The back office sends no event on its namespace: any event there is a script's, and ends its socket.
  staff.on('connection', (socket) => {
    socket.use(() => {
      securityEvents.record('socket_unknown_event', { namespace: STAFF_NAMESPACE });
      socket.disconnect(true);
    });
  });
  const checkTimer = startStaffSessionChecks(
    staff,
    db,
    logger,
    options.staffSessionCheckEveryMs ?? STAFF_SESSION_CHECK_EVERY_MS,
  );
  const online = startOnlineCounter(io, staff, logger, heartbeatMs);
  const guard = options.guard;
  relayVisitorEvents(io, db, logger, recorder, staff, options.claims ?? {}, {
    securityEvents,
    ...(guard ? { takeGroupEvent: (socket) => guard.takeGroupEvent(socket.request) } : {}),
  });

  io.on('connection', (socket) => {
    online.announce();
    socket.on('disconnect', () => {
      const left = recorder.leave(socket.id);
      if (left) staff.emit('updateDisconnected_at', { id: left.socketId, disconnectedAt: new Date().toISOString() });
      online.announce();
    });
  });

  return {
    recorder,
    onlineCount: online.count,
    claimChanged: claimChangeNotifier(io),
    closeStaffSession(tokenHash) {
      staff.in(staffSessionRoom(tokenHash)).disconnectSockets(true);
    },
    async close() {
      online.stop();
      clearInterval(checkTimer);
      clearInterval(heartbeatTimer);
      await recorder.close();
      await presence.close();
    },
  };
}
