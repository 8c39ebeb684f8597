import fc from 'fast-check';
import { partnerSlugs } from '../../brands/index.ts';
import { io as connect, type Socket } from 'socket.io-client';
import { CLIENT_EVENT_SCHEMAS } from '../../contracts/socket-events.ts';
import { isClaimRoom } from '../live/claim-following.ts';
import { STAFF_NAMESPACE } from '../live/live-activity.ts';
import {
  emptyCounts,
  type FuzzCounts,
  fuzzRunsOn,
  FUZZ_SEED,
  type FuzzTarget,
  inParallel,
  isServing,
  replayCommand,
} from './harness.ts';
import { hostileString, hostileValue } from './hostile-values.ts';
import { headerSafe, hostileCookie } from './requests.ts';
import { hostileArbitrary } from './zod-arbitrary.ts';

/**
 * Generated hostile socket.io traffic: every event of the customer namespace `/` with payloads
 * derived from its contract schema (and non-objects, binary, extra arguments, acknowledgements),
 * unknown events, raw socket.io packets written by hand on a WebSocket (broken JSON, forged
 * binary placeholders, foreign namespaces), and the staff namespace STAFF_NAMESPACE with hostile
 * cookies and events. Pass: the process keeps serving and invalid traffic writes nothing.
 */

/** The customer events and their schemas: the contract's table, which the server listens with. */
export const SOCKET_EVENTS = CLIENT_EVENT_SCHEMAS;

type EventName = keyof typeof SOCKET_EVENTS;

/** One emit: an event, its arguments (the first is the payload), and whether an acknowledgement is asked. */
interface SocketCase {
  event: string;
  args: unknown[];
  ack: boolean;
  /** Whether the server should act on it (a valid payload of a known event). */
  valid: boolean;
}

/** Binary payloads, alone or inside objects (socket.io sends them as attachments). */
const binaryPayload: fc.Arbitrary<unknown> = fc.oneof(
  fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ id: Buffer.from(bytes), page: '/faq' })),
  fc.constantFrom(...partnerSlugs()).map((slug) => ({ store: { company: Buffer.from(slug), lang: 'en' } })),
);

/** Emits of `event` with payloads derived from its schema. */
function socketCases(event: EventName): fc.Arbitrary<SocketCase> {
  const schema = SOCKET_EVENTS[event];
  return fc
    .record({
      payload: fc.oneof({ weight: 6, arbitrary: hostileArbitrary(schema) }, { weight: 1, arbitrary: binaryPayload }),
      extra: fc.oneof(
        { weight: 5, arbitrary: fc.constant([]) },
        { weight: 1, arbitrary: fc.array(hostileValue, { maxLength: 3 }) },
      ),
      ack: fc.boolean(),
      unknownEvent: fc.oneof(
        { weight: 9, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.oneof(
            fc.constantFrom('__proto__', 'constructor', 'connect', 'disconnect', 'error', 'newListener', ''),
            hostileString.map((name) => name.slice(0, 100)),
          ),
        },
      ),
    })
    .map(({ payload, extra, ack, unknownEvent }) => ({
      event: unknownEvent ?? event,
      args: [payload, ...extra],
      ack,
      valid: unknownEvent === undefined && schema.safeParse(payload).success,
    }));
}

/** Opens a customer socket (websocket only) and waits until it is connected. */
async function openSocket(baseUrl: string, path = '/', cookie?: string): Promise<Socket> {
  const socket = connect(`${baseUrl}${path === '/' ? '' : path}`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 10_000,
    // Characters a header cannot carry are replaced, as the HTTP cases' are (the client would throw).
    ...(cookie === undefined ? {} : { extraHeaders: { cookie: headerSafe(cookie) } }),
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return socket;
}

/**
 * Emits one event. socket.io-client refuses reserved names (`connect`, `disconnect`…) itself:
 * those reach the server as raw packets instead (fuzzRawPackets).
 */
function emitCase(socket: Socket, event: string, args: readonly unknown[], ack: boolean): void {
  try {
    if (ack) socket.emit(event, ...args, () => undefined);
    else socket.emit(event, ...args);
  } catch {
    // Not sent: nothing to check.
  }
}

/** Events sent on one socket, under the server's burst budget (30), so none is dropped for rate. */
const EVENTS_PER_SOCKET = 25;

/** Sends cases on fresh sockets, several sockets at once. */
async function emitAll(target: FuzzTarget, cases: readonly SocketCase[]): Promise<void> {
  const groups: SocketCase[][] = [];
  for (let start = 0; start < cases.length; start += EVENTS_PER_SOCKET)
    groups.push(cases.slice(start, start + EVENTS_PER_SOCKET));
  await inParallel(groups, 8, async (group) => {
    const socket = await openSocket(target.baseUrl);
    for (const fuzz of group) emitCase(socket, fuzz.event, fuzz.args, fuzz.ack);
    // A marker round trip: the server has read every event before this socket goes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.disconnect();
  });
}

/** Counts of one socket row, and its failure message. */
export interface SocketResult {
  counts: FuzzCounts;
  message?: string;
}

/**
 * Waits until the server has seen every socket of earlier traffic go (a departure updates its
 * activity record), then writes the pending records until the data stops changing (on a loaded
 * machine, a page event of a socket just gone may still be on its way): a snapshot after it sees
 * only this batch.
 */
async function settle(target: FuzzTarget): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (
    Date.now() < deadline &&
    (target.app.io.of('/').sockets.size > 0 || target.app.io.of(STAFF_NAMESPACE).sockets.size > 0)
  )
    await new Promise((resolve) => setTimeout(resolve, 20));
  await target.app.live.recorder.flush();
  let last = await target.snapshot();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    await target.app.live.recorder.flush();
    const now = await target.snapshot();
    if (now === last) return;
    last = now;
  }
}

/** Runs invalid cases between two snapshots (records flushed), then the valid ones; checks /healthz after each. */
async function runRow<Case>(
  target: FuzzTarget,
  name: string,
  cases: readonly Case[],
  isValid: (fuzz: Case) => boolean,
  run: (batch: readonly Case[]) => Promise<void>,
): Promise<SocketResult> {
  const started = performance.now();
  const counts = emptyCounts('socket', target, name);
  counts.cases = cases.length;
  const problems: string[] = [];
  const invalid = cases.map((fuzz, index) => ({ fuzz, index })).filter(({ fuzz }) => !isValid(fuzz));
  const valid = cases.map((fuzz, index) => ({ fuzz, index })).filter(({ fuzz }) => isValid(fuzz));
  counts.invalid = invalid.length;
  const BATCH = 250;
  for (let start = 0; start < invalid.length; start += BATCH) {
    const batch = invalid.slice(start, start + BATCH);
    await settle(target);
    const before = await target.snapshot();
    await run(batch.map(({ fuzz }) => fuzz));
    await settle(target);
    const after = await target.snapshot();
    if (after !== before) {
      counts.writes += 1;
      problems.push(
        `invalid traffic wrote data (cases ${batch[0]?.index}…${batch.at(-1)?.index}): ${before} → ${after}`,
      );
    }
    if (!(await isServing(target))) {
      counts.crashes += 1;
      problems.push(`the server stopped serving after cases ${batch[0]?.index}…${batch.at(-1)?.index}`);
    }
  }
  for (let start = 0; start < valid.length; start += BATCH) {
    await run(valid.slice(start, start + BATCH).map(({ fuzz }) => fuzz));
    if (!(await isServing(target))) {
      counts.crashes += 1;
      problems.push('the server stopped serving after valid traffic');
    }
  }
  counts.seconds = (performance.now() - started) / 1000;
  if (problems.length === 0) return { counts };
  return {
    counts,
    message: [
      `${name} [${target.driver}] (seed ${FUZZ_SEED}):`,
      ...problems,
      `Replay: ${replayCommand(name, FUZZ_SEED, '0')}`,
    ].join('\n'),
  };
}

/**
 * Fuzzes one customer event. No generated payload may make a socket follow a claim
 * (`followClaim` joins a claim's room only for its number and claimant's name): every room
 * joined meanwhile is watched, and one of a claim fails the row.
 */
export async function fuzzEvent(target: FuzzTarget, event: EventName): Promise<SocketResult> {
  const cases = fc.sample(socketCases(event), { seed: FUZZ_SEED, numRuns: fuzzRunsOn(target.driver) });
  const adapter = target.app.io.of('/').adapter;
  let claimRoomsJoined = 0;
  const watchJoins = (room: unknown) => {
    if (isClaimRoom(room)) claimRoomsJoined += 1;
  };
  adapter.on('join-room', watchJoins);
  const result = await runRow(
    target,
    `socket / ${event}`,
    cases,
    (fuzz) => fuzz.valid,
    (batch) => emitAll(target, batch),
  ).finally(() => adapter.off('join-room', watchJoins));
  if (claimRoomsJoined === 0) return result;
  result.counts.otherFailures += claimRoomsJoined;
  const message = `${claimRoomsJoined} generated payloads made a socket follow a claim`;
  return { counts: result.counts, message: result.message ? `${result.message}\n${message}` : message };
}

/** A raw frame, and whether it is a well-formed valid event (then it may be recorded). */
interface RawPacket {
  packet: string | Uint8Array;
  valid: boolean;
}

/** Raw socket.io packets, as text frames on a WebSocket after the handshake: what no client library writes. */
const rawPacketArbitrary: fc.Arbitrary<RawPacket> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(
        '42[',
        '42["movePage"',
        '42{}',
        '42"movePage"',
        '42[null]',
        '42[42]',
        '42[["movePage"]]',
        '42["movePage",{"id":"\\u0000x","page":"/faq"}]',
        '4',
        '43',
        '431[]',
        '45',
        '451-["movePage",{"_placeholder":true,"num":0}]',
        '451-["movePage",{"_placeholder":true,"num":99}]',
        '452-["movePage",{"_placeholder":true,"num":"__proto__"}]',
        '45-1-["x"]',
        '4599999999999999999999-["x"]',
        '42/bo,["updateStore",{}]',
        '40/bo,',
        '40/nope,',
        '41',
        '41/bo,',
        '44',
        '46',
        '2',
        '3',
        '5',
        '6',
        '9',
        '',
        '421234567890123456789012345["movePage",{}]',
        '42["__proto__",{}]',
        '42["constructor",{}]',
        '42["connect",{}]',
        '42["disconnect"]',
        '42["disconnecting",{}]',
        '42["newListener","movePage"]',
        `42["newconnection",{"page":"/${'a'.repeat(70_000)}","navigator":"x"}]`,
      )
      .map((packet) => ({ packet, valid: false })),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...(Object.keys(SOCKET_EVENTS) as EventName[])), fc.nat(3))
      .chain(([event, ackDigits]) =>
        hostileArbitrary(SOCKET_EVENTS[event]).map((payload) => {
          let text: string;
          try {
            text = JSON.stringify([event, payload]) ?? '[]';
          } catch {
            text = '[]';
          }
          return {
            packet: `42${ackDigits > 0 ? '7'.repeat(ackDigits) : ''}${text}`,
            valid: SOCKET_EVENTS[event].safeParse(payload).success,
          };
        }),
      ),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 256 }).map((packet) => ({ packet, valid: false })) },
  { weight: 1, arbitrary: hostileString.map((text) => ({ packet: `42${text}`, valid: false })) },
);

/** Opens a raw WebSocket speaking Engine.IO 4, joins `/`, and answers the socket. */
async function openRawSocket(baseUrl: string): Promise<WebSocket> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('message', (event) => {
      const data = String(event.data);
      if (data.startsWith('0')) socket.send('40');
      if (data.startsWith('40')) resolve();
    });
    socket.addEventListener('error', () => reject(new Error('raw websocket failed')));
    socket.addEventListener('close', () => resolve());
  });
  return socket;
}

/** Fuzzes raw packets: each group on its own raw WebSocket (a broken packet closes it). */
export function fuzzRawPackets(target: FuzzTarget): Promise<SocketResult> {
  const cases = fc.sample(rawPacketArbitrary, { seed: FUZZ_SEED, numRuns: fuzzRunsOn(target.driver) });
  return runRow(
    target,
    'socket / raw packets',
    cases,
    (fuzz) => fuzz.valid,
    async (batch) => {
      const groups: RawPacket[][] = [];
      for (let start = 0; start < batch.length; start += 10) groups.push(batch.slice(start, start + 10));
      await inParallel(groups, 8, async (group) => {
        const socket = await openRawSocket(target.baseUrl);
        for (const { packet } of group)
          if (socket.readyState === WebSocket.OPEN)
            socket.send(typeof packet === 'string' ? packet : new Uint8Array(packet));
        await new Promise((resolve) => setTimeout(resolve, 50));
        socket.close();
      });
    },
  );
}

/** A staff-namespace case: a connection with a hostile cookie, or an event from a signed-in socket. */
interface StaffSocketCase {
  cookie?: string;
  event?: { name: string; args: unknown[] };
}

const staffSocketArbitrary: fc.Arbitrary<StaffSocketCase> = fc.oneof(
  hostileCookie.map((cookie) => ({ cookie })),
  fc
    .record({
      name: fc.oneof(
        fc.constantFrom('updateStore', 'newActivity', 'onlineUsersCount', 'movePage', '__proto__', 'disconnect'),
        hostileString.map((name) => name.slice(0, 100)),
      ),
      args: fc.array(fc.oneof(hostileValue, binaryPayload), { maxLength: 3 }),
    })
    .map((event) => ({ event })),
);

/** Fuzzes the staff namespace: hostile cookies must be refused, hostile events ignored. */
export function fuzzStaffNamespace(target: FuzzTarget): Promise<SocketResult> {
  const cases = fc.sample(staffSocketArbitrary, { seed: FUZZ_SEED, numRuns: fuzzRunsOn(target.driver) });
  let admitted = 0;
  const run = async (batch: readonly StaffSocketCase[]) => {
    const connections = batch.filter((fuzz) => fuzz.cookie !== undefined);
    await inParallel(connections, 8, async (fuzz) => {
      const socket = await openSocket(target.baseUrl, STAFF_NAMESPACE, fuzz.cookie).catch(() => undefined);
      if (socket) {
        admitted += 1;
        socket.disconnect();
      }
    });
    const events = batch.filter((fuzz) => fuzz.event !== undefined);
    const groups: StaffSocketCase[][] = [];
    for (let start = 0; start < events.length; start += EVENTS_PER_SOCKET)
      groups.push(events.slice(start, start + EVENTS_PER_SOCKET));
    await inParallel(groups, 4, async (group) => {
      const socket = await openSocket(target.baseUrl, STAFF_NAMESPACE, target.context.staffCookie);
      for (const fuzz of group) if (fuzz.event) emitCase(socket, fuzz.event.name, fuzz.event.args, false);
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.disconnect();
    });
  };
  return runRow(target, `socket ${STAFF_NAMESPACE} (cookies and events)`, cases, () => false, run).then((result) => {
    if (admitted === 0) return result;
    result.counts.otherFailures += admitted;
    const message = `${admitted} staff-namespace connections with a hostile cookie were admitted`;
    return { counts: result.counts, message: result.message ? `${result.message}\n${message}` : message };
  });
}
