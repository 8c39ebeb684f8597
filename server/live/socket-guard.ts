import type { IncomingMessage } from 'node:http';
import type { Logger } from '../logger.ts';
import type { SecurityEvents } from '../security/public.ts';
import { clientAddressOfHandshake } from './claim-following.ts';
import type { LiveServer } from './live-server.ts';

/**
 * What every socket.io connection meets before and beside its events (no single client can
 * spend what all share):
 *
 * - Origin: a browser page may open a socket only from the public site (PUBLIC_SITE_URL) or the
 *   server's own origin (the Host it is reached at). A browser always sends Origin on a WebSocket
 *   and on a cross-origin request, so a page of another site (a sibling host with the staff
 *   cookie included) is refused at the handshake, before any namespace; a request without Origin
 *   (a same-origin long-polling GET, a non-browser client) holds no other site's cookie authority.
 * - Connections: an address group (IPv4 address, IPv6 /64, as the HTTP limits count) holds at most
 *   `connectionsPerAddressGroup` sockets at once, sized for a campsite Wi-Fi (a few hundred
 *   guests behind one address, a tab or two each).
 * - Events: besides each socket's own budget (socket.ts), the sockets of one address group share a
 *   budget, so many sockets each within its own cannot add up to a flood.
 * - Packets: every Engine.IO packet of a connection is counted, whatever it carries (events of any
 *   name, acknowledgements, namespace requests); a connection far over its packet budget is closed.
 */

export interface SocketLimits {
  /** Sockets (Engine.IO connections) one address group may hold at once. */
  connectionsPerAddressGroup: number;
  /** Events the sockets of one address group may send in a burst… */
  groupEventBurst: number;
  /** …then per second, together. */
  groupEventsPerSecond: number;
  /** Packets one connection may send in a burst, then per second, whatever they are. */
  connectionPacketBurst: number;
  connectionPacketsPerSecond: number;
}

const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  connectionsPerAddressGroup: 250,
  groupEventBurst: 300,
  groupEventsPerSecond: 30,
  connectionPacketBurst: 100,
  connectionPacketsPerSecond: 20,
};

/** A connection whose packets have gone this far over its packet budget is closed. */
const PACKETS_OVER_BEFORE_CLOSE = 200;
/** A handshake allowed but never completed gives its place back after this. */
const HANDSHAKE_RESERVATION_MS = 30_000;
/** Address groups with no connection and a full budget are forgotten this often. */
const SWEEP_EVERY_MS = 60_000;

/** A token bucket: `take()` answers whether one more fits (a burst, then `perSecond`). */
export function tokenBucket(burst: number, perSecond: number, now: () => number = Date.now) {
  let tokens = burst;
  let last = now();
  const refill = () => {
    const time = now();
    tokens = Math.min(burst, tokens + ((time - last) / 1000) * perSecond);
    last = time;
  };
  return {
    take(): boolean {
      refill();
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
    /** Whether the bucket is full again (its owner may be forgotten). */
    full(): boolean {
      refill();
      return tokens >= burst;
    },
  };
}

interface AddressGroupState {
  /** Connections open or allowed and still handshaking. */
  connections: number;
  events: ReturnType<typeof tokenBucket>;
}

export interface SocketGuardOptions {
  /** Proxies in front of the server (TRUST_PROXY): the client's address is read as Express reads it. */
  trustedProxies: number;
  /** Origins of the public site besides the server's own (PUBLIC_SITE_URL). */
  siteOrigins: readonly string[];
  securityEvents: SecurityEvents;
  logger: Logger;
  limits?: Partial<SocketLimits>;
}

export interface SocketGuard {
  /** socket.io's `allowRequest`: refuses a foreign Origin and an address group at its cap. */
  allowRequest(request: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void): void;
  /** Counts the connections of `io` per address group and the packets of each. */
  watch(io: LiveServer): void;
  /** Takes one event from the shared budget of the socket's address group; false when it is spent. */
  takeGroupEvent(request: IncomingMessage): boolean;
  /** Sockets the address group of `request` holds now. */
  connectionsOf(request: IncomingMessage): number;
  stop(): void;
}

/** The origin of an absolute http(s) URL, or undefined. */
function httpOriginOf(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a page of `origin` may open a socket: the public site's origin, or the host the server
 * is reached at (the Host header, or the nearest proxy's X-Forwarded-Host when proxies are
 * trusted) under either scheme (a proxy in front may end TLS).
 */
function originAllowed(
  origin: string,
  request: IncomingMessage,
  siteOrigins: ReadonlySet<string>,
  trustedProxies: number,
): boolean {
  const url = httpOriginOf(origin);
  if (!url) return false;
  if (siteOrigins.has(url.origin)) return true;
  const hosts = [request.headers.host];
  const forwardedHost = request.headers['x-forwarded-host'];
  if (trustedProxies > 0 && typeof forwardedHost === 'string') hosts.push(forwardedHost.split(',').at(-1)?.trim());
  return hosts.some((host) => {
    if (!host) return false;
    const served = httpOriginOf(`${url.protocol}//${host}`);
    return served !== undefined && served.host === url.host;
  });
}

export function createSocketGuard(options: SocketGuardOptions): SocketGuard {
  const limits = { ...DEFAULT_SOCKET_LIMITS, ...options.limits };
  const { securityEvents, logger, trustedProxies } = options;
  const siteOrigins = new Set(
    options.siteOrigins.map((origin) => httpOriginOf(origin)?.origin).filter((origin) => origin !== undefined),
  );
  const groups = new Map<string, AddressGroupState>();
  /** Handshakes allowed, not yet connections: their group, and the timer giving the place back. */
  const reserved = new Map<IncomingMessage, { group: AddressGroupState; timer: NodeJS.Timeout }>();

  const groupOf = (request: IncomingMessage): AddressGroupState => {
    const key = clientAddressOfHandshake(request, trustedProxies);
    let group = groups.get(key);
    if (!group) {
      group = { connections: 0, events: tokenBucket(limits.groupEventBurst, limits.groupEventsPerSecond) };
      groups.set(key, group);
    }
    return group;
  };

  const sweep = setInterval(() => {
    for (const [key, group] of groups) if (group.connections <= 0 && group.events.full()) groups.delete(key);
  }, SWEEP_EVERY_MS);
  sweep.unref();

  return {
    allowRequest(request, callback) {
      const origin = request.headers.origin;
      if (origin !== undefined && !originAllowed(origin, request, siteOrigins, trustedProxies)) {
        securityEvents.record('socket_origin_refused');
        callback('origin not allowed', false);
        return;
      }
      const group = groupOf(request);
      if (group.connections >= limits.connectionsPerAddressGroup) {
        securityEvents.record('socket_connections_capped', { limit: limits.connectionsPerAddressGroup });
        callback('too many connections', false);
        return;
      }
      // The place is taken now: handshakes in flight count, so a burst of them cannot pass the cap.
      group.connections += 1;
      const timer = setTimeout(() => {
        if (reserved.delete(request)) group.connections -= 1;
      }, HANDSHAKE_RESERVATION_MS);
      timer.unref();
      reserved.set(request, { group, timer });
      callback(null, true);
    },
    watch(io) {
      io.engine.on('connection', (connection: EngineConnection) => {
        const reservation = reserved.get(connection.request);
        let group: AddressGroupState;
        if (reservation) {
          reserved.delete(connection.request);
          clearTimeout(reservation.timer);
          group = reservation.group;
        } else {
          group = groupOf(connection.request);
          group.connections += 1;
        }
        connection.once('close', () => {
          group.connections -= 1;
        });
        const packets = tokenBucket(limits.connectionPacketBurst, limits.connectionPacketsPerSecond);
        let over = 0;
        connection.on('packet', () => {
          if (packets.take() || over > PACKETS_OVER_BEFORE_CLOSE) return;
          over += 1;
          if (over <= PACKETS_OVER_BEFORE_CLOSE) return;
          securityEvents.record('socket_flood', { scope: 'packets' });
          logger.debug('socket connection flooding packets: closed');
          connection.close();
        });
      });
    },
    takeGroupEvent(request) {
      return groupOf(request).events.take();
    },
    connectionsOf(request) {
      return groupOf(request).connections;
    },
    stop() {
      clearInterval(sweep);
      for (const { timer } of reserved.values()) clearTimeout(timer);
      reserved.clear();
    },
  };
}

/** What the guard uses of an Engine.IO connection. */
interface EngineConnection {
  request: IncomingMessage;
  once(event: 'close', listener: () => void): unknown;
  on(event: 'packet', listener: () => void): unknown;
  close(): unknown;
}
