import type { IncomingMessage } from 'node:http';
import type { Socket } from 'socket.io';
import type { ClientToServerEvents, FollowClaimAnswer, ServerToClientEvents } from '../../contracts/socket-events.ts';
import type { ClaimChangeSignal } from '../claim-change-signal.ts';
import type { AppDatabase } from '../db/public.ts';
import { addressGroupOf } from '../security/public.ts';
import type { LiveEventPayloads, LiveServer } from './live-server.ts';
import { hasClaimEventWithin } from './repository.ts';

/**
 * A follow-up page open on a claim hears when staff change it. client-file sends
 * `followClaim` with the claim number and last name it already holds; they are checked as
 * GET sinistres checks them (same rate limits, same failed-lookup counts: the event is no oracle
 * for guessing names), and the socket joins the claim's room. A change made by staff (HTTP, the
 * claims socket of `npm run claims`) emits `claimChanged` to that room with the kind of change
 * only; the page reads the claim again through the partner API. With several processes the room
 * is shared through the PostgreSQL adapter (cluster.ts), so the page may sit on any of them.
 */

/** How a claim opens for a claimant: GET sinistres's check, with the claim's id when it opens. */
type ClaimOpening = { status: 'found'; claimId: number } | { status: 'not_found' } | { status: 'rate_limited' };

/** Opens a claim by number and last name for the client at `clientAddress` (customer-api's findClaimForClaimant). */
type ClaimOpener = (credentials: { numero: string; nom: string }, clientAddress: string) => Promise<ClaimOpening>;

export interface ClaimFollowingOptions {
  /** The check of GET sinistres; without it no socket follows any claim (tests of the live activity alone). */
  openClaim?: ClaimOpener;
  /** Proxies in front of the server (TRUST_PROXY): the client's address is read as Express reads `request.ip`. */
  trustedProxies?: number;
}

const ROOM_PREFIX = 'claim:';

/**
 * A change that began this long before the page's read may have committed after it (the history's
 * time is its transaction's start): it counts as a change since the read.
 */
const READ_MARGIN_MS = 10_000;
/** A page that read its claim longer ago than this reads it again, without asking the history. */
const LONGEST_ASKED_MS = 24 * 60 * 60_000;

/**
 * Whether staff changed the claim within the last `ms` (its handling history, on the database's
 * clock: the page sends a duration, never a time, so its clock does not matter).
 */
async function changedWithin(db: AppDatabase, claimId: number, ms: number): Promise<boolean> {
  const since = ms + READ_MARGIN_MS;
  if (since >= LONGEST_ASKED_MS) return true;
  return hasClaimEventWithin(db, claimId, since);
}

/**
 * The room of a claim's followers. Keyed by the claim's database id: rooms never leave the
 * servers (and their PostgreSQL), and a socket enters one only through `followClaim`'s check.
 */
function claimRoomOf(claimId: number): string {
  return `${ROOM_PREFIX}${claimId}`;
}

/** Whether a socket.io room is a claim's (the generated hostile input checks none is ever joined). */
export function isClaimRoom(room: unknown): boolean {
  return typeof room === 'string' && room.startsWith(ROOM_PREFIX);
}

/**
 * The client's address group of a socket, as Express's `request.ip` reads it with `trust proxy`
 * set to a number of hops: the address that many hops from the socket's end of X-Forwarded-For
 * (the furthest one when the list is shorter), then grouped as the HTTP rate limits group it.
 */
export function clientAddressOfHandshake(request: IncomingMessage, trustedProxies: number): string {
  const forwarded = String(request.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '')
    .reverse();
  const chain = [request.socket.remoteAddress ?? 'unknown', ...forwarded];
  return addressGroupOf(chain[Math.min(Math.max(trustedProxies, 0), chain.length - 1)] ?? 'unknown');
}

/**
 * Handles `followClaim`: leaves the claim the socket followed, then joins the one asked for if
 * the number and name open it, and says whether staff changed it since the page read it (so a
 * page whose socket connects, or reconnects, after a change reads it again, and only then). A
 * refusal (unknown number, wrong name, too many tries) joins nothing and is answered the same way.
 */
export async function followClaim(
  socket: Socket<ClientToServerEvents, ServerToClientEvents>,
  { numero, nom, readMsAgo }: LiveEventPayloads['followClaim'],
  db: AppDatabase,
  options: ClaimFollowingOptions,
): Promise<FollowClaimAnswer> {
  for (const room of socket.rooms) if (isClaimRoom(room)) await socket.leave(room);
  if (!options.openClaim) return { following: false };
  const opening = await options.openClaim(
    { numero, nom },
    clientAddressOfHandshake(socket.request, options.trustedProxies ?? 0),
  );
  // The socket may have gone while the database answered: joining would keep nothing.
  if (opening.status !== 'found' || socket.disconnected) return { following: false };
  await socket.join(claimRoomOf(opening.claimId));
  return { following: true, changed: await changedWithin(db, opening.claimId, readMsAgo) };
}

/** The notifier of `io`: `claimChanged` to the claim's room, on every process through the adapter. */
export function claimChangeNotifier(io: LiveServer): ClaimChangeSignal {
  return (claimId, change) => {
    io.to(claimRoomOf(claimId)).emit('claimChanged', { change });
  };
}
