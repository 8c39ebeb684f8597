import { REVISIT_MS } from '../../contracts/live-report.ts';
import type { SessionSnapshot } from '../../contracts/socket-events.ts';

/**
 * One visitor session may be seen by several server processes at once: each page opens its own
 * socket, which the load balancer may send anywhere, and two tabs may continue one session on two
 * processes. Each process keeps what it saw and, when it writes, merges it with what the record
 * already holds (read under a row lock, server/live/activity-recorder.ts), so the record is the
 * union of every process's view whatever the order of their writes:
 *
 * - the pages seen: every page of every process, oldest first, each visit once (the same page
 *   again within REVISIT_MS is the same visit, reported twice: by a page left before the server
 *   confirmed it, then by the next page, possibly to another process);
 * - the session snapshot: the latest taken, by its time;
 * - the first page: the earliest process's; the start: the record's, which never changes once
 *   written (page links and the funnel's totals are filed under it);
 * - online: while a process holds a socket of the session.
 */

interface PageVisit {
  page: string;
  at: string;
}

/** A session as one process knows it, or as its record stores it. */
export interface SessionView {
  entryPage: string;
  currentPage: string;
  historyPages: readonly PageVisit[];
  store: SessionSnapshot | null;
  /** When `store` was taken; null when unknown (records written before it was kept). */
  storeAt: Date | null;
  navigator: string;
  createdAt: Date;
  updatedAt: Date;
  disconnectedAt: Date | null;
}

export interface MergeInput {
  /** The record as stored, or undefined when this process writes it first. */
  stored: SessionView | undefined;
  /** What this process holds. */
  local: SessionView;
  /** Whether this process holds a socket of the session now. */
  heldHere: boolean;
  /** Whether another live process holds one (its presence row). */
  heldElsewhere: boolean;
  /** Most pages kept (the oldest are dropped). */
  maxPages: number;
}

function time(visit: PageVisit): number {
  const at = Date.parse(visit.at);
  return Number.isNaN(at) ? 0 : at;
}

/**
 * Whether `history` already holds this visit: the same page within REVISIT_MS of `at` is the
 * visit reported again (a reconnection, or a page sent again by the next one, with the time it
 * was shown), not a new one. `history` is in time order: read from its end, up to REVISIT_MS
 * before `at`.
 */
export function holdsVisit(history: readonly PageVisit[], page: string, at: number): boolean {
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const visit = history[index] as PageVisit;
    const visitAt = time(visit);
    if (visitAt < at - REVISIT_MS) return false;
    if (visit.page === page && visitAt <= at + REVISIT_MS) return true;
  }
  return false;
}

/** Both histories as one, in time order: each visit once (holdsVisit), kept at its first time. */
function mergeHistories(first: readonly PageVisit[], second: readonly PageVisit[], maxPages: number): PageVisit[] {
  // Stable: visits of one instant keep the order in which they were listed (stored first).
  const sorted = [...first, ...second].sort((a, b) => time(a) - time(b));
  const merged: PageVisit[] = [];
  for (const visit of sorted) {
    if (holdsVisit(merged, visit.page, time(visit))) continue;
    merged.push({ page: visit.page, at: visit.at });
  }
  return merged.length > maxPages ? merged.slice(merged.length - maxPages) : merged;
}

/** The record to write: what is stored and what this process saw, as one session. */
export function mergeSession({ stored, local, heldHere, heldElsewhere, maxPages }: MergeInput): SessionView {
  if (!stored)
    return { ...local, historyPages: [...local.historyPages], disconnectedAt: heldHere ? null : local.disconnectedAt };
  const historyPages = mergeHistories(stored.historyPages, local.historyPages, maxPages);
  const storedFirst = stored.createdAt.getTime() <= local.createdAt.getTime();
  const localSnapshotIsNewer =
    local.store !== null &&
    (stored.store === null || (local.storeAt?.getTime() ?? 0) > (stored.storeAt?.getTime() ?? 0));
  const updatedAt = stored.updatedAt.getTime() >= local.updatedAt.getTime() ? stored.updatedAt : local.updatedAt;
  const online = heldHere || heldElsewhere;
  const lastDisconnection = [local.disconnectedAt, stored.disconnectedAt]
    .filter((date): date is Date => date !== null)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    entryPage: storedFirst ? stored.entryPage : local.entryPage,
    // The page of the latest visit, whoever saw it; before any visit, the latest known.
    currentPage:
      historyPages.at(-1)?.page ??
      (stored.updatedAt.getTime() > local.updatedAt.getTime() ? stored.currentPage : local.currentPage),
    historyPages,
    store: localSnapshotIsNewer ? local.store : stored.store,
    storeAt: localSnapshotIsNewer ? local.storeAt : stored.storeAt,
    // The device that opened the session.
    navigator: storedFirst && stored.navigator !== '' ? stored.navigator : local.navigator || stored.navigator,
    createdAt: stored.createdAt,
    updatedAt,
    disconnectedAt: online ? null : (lastDisconnection ?? updatedAt),
  };
}
