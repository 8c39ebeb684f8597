import { io as connect, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { type AppDatabase, queryRows } from '../db/client.ts';

/**
 * What the socket attacks of the abuse suite share: many real socket.io clients from one address
 * (`X-Forwarded-For`, the app started with TRUST_PROXY=1), a health probe running beside them, and
 * the size of the visitor tables the attack writes to.
 */

/** An address of the documentation range (RFC 5737 TEST-NET-3): the attacker's. */
const ATTACKER_ADDRESS = '203.0.113.66';

export interface AttackSockets {
  /** The sockets the server accepted. */
  connected: Socket[];
  /** Connections the server refused (a refused handshake, or a socket closed as it opened). */
  refused: number;
  /** Sockets the server disconnected later (`io server disconnect`, or the transport closed under them). */
  disconnectedByServer(): number;
  close(): void;
}

/** Opens `count` sockets from `address`, `parallel` at a time; each waits for its connection or refusal. */
export async function openAttackSockets(
  baseUrl: string,
  count: number,
  address = ATTACKER_ADDRESS,
  parallel = 50,
): Promise<AttackSockets> {
  const connected: Socket[] = [];
  const all: Socket[] = [];
  let refused = 0;
  let disconnected = 0;
  const openOne = () =>
    new Promise<void>((resolve) => {
      const socket = connect(baseUrl, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        timeout: 10_000,
        extraHeaders: { 'X-Forwarded-For': address, 'User-Agent': 'attack/1.0' },
      });
      all.push(socket);
      socket.once('connect', () => {
        // A socket closed by the server just after it opened was refused too.
        const openedAt = performance.now();
        connected.push(socket);
        socket.once('disconnect', (reason) => {
          if (reason === 'io client disconnect') return;
          if (performance.now() - openedAt < 200) refused += 1;
          disconnected += 1;
        });
        resolve();
      });
      socket.once('connect_error', () => {
        refused += 1;
        resolve();
      });
    });
  for (let start = 0; start < count; start += parallel)
    await Promise.all(Array.from({ length: Math.min(parallel, count - start) }, openOne));
  return {
    connected,
    get refused() {
      return refused;
    },
    disconnectedByServer: () => disconnected,
    close() {
      for (const socket of all) socket.disconnect();
    },
  };
}

export interface HealthProbe {
  /** Stops probing and answers each probe's time (ms) and status. */
  stop(): Promise<{ ms: number[]; statuses: number[] }>;
}

/** Asks /healthz every `everyMs` (one at a time) until stopped. */
export function probeHealth(baseUrl: string, everyMs = 200): HealthProbe {
  const ms: number[] = [];
  const statuses: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const status = await fetch(`${baseUrl}/healthz`, { headers: { 'X-Forwarded-For': '198.51.100.250' } }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      ms.push(Math.round(performance.now() - started));
      statuses.push(status);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { ms, statuses };
    },
  };
}

/** Median and worst of a list of times. */
export function medianAndWorst(ms: readonly number[]): { median: number; worst: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, worst: sorted.at(-1) ?? 0 };
}

/** Rows and bytes of the tables visitors' activity writes (records, page links, presence). */
export async function visitorTablesSize(db: AppDatabase): Promise<{ rows: number; bytes: number }> {
  const [row] = await queryRows<{ rows: string | number; bytes: string | number }>(
    db,
    sql`select
      (select count(*) from activities) + (select count(*) from activity_page_links)
        + (select count(*) from live_presence) as rows,
      pg_total_relation_size('activities') + pg_total_relation_size('activity_page_links')
        + pg_total_relation_size('live_presence') as bytes`,
  );
  return { rows: Number(row?.rows ?? 0), bytes: Number(row?.bytes ?? 0) };
}
