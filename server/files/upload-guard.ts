import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config.ts';
import type { AppDatabase } from '../db/public.ts';
import { HttpError } from '../errors.ts';
import { type MessageCatalog, requestLanguage, translate } from '../i18n/public.ts';
import type { Logger } from '../logger.ts';
import {
  clientAddressOf,
  hitRateLimit,
  type RateLimitRule,
  refundRateLimit,
  type SecurityEvents,
} from '../security/public.ts';
import { bodyBytesReceived, cutBody, onBodyBytes } from './body-pace.ts';
import { uploadGuardMessages, uploadShareMessages } from './messages.ts';
import type { FileStore } from './store.ts';
import { discardUnreadBody } from './upload.ts';

/**
 * What every form that may carry files passes before its body is read (no single client can spend
 * what all share):
 * - upload slots: a cap on uploads read at once per process, and per client address group (an
 *   IPv4 address, an IPv6 /64); a share of the process's slots (RESERVED_SLOT_SHARE) is kept for
 *   groups holding none, so a few groups trickling bytes cannot take every slot (and body-pace.ts
 *   cuts their trickle);
 * - a free-space guard: no upload is taken when the file store's disk (usually the database's too)
 *   would be left with less than UPLOAD_MIN_FREE_MB or UPLOAD_MIN_FREE_PERCENT free;
 * - a byte budget for all clients together (UPLOAD_MB_PER_HOUR, a sliding hour shared by every
 *   process through the rate-limit table), which bounds how fast uploads kept 24 h can fill a disk
 *   whatever the number of addresses sending them, and within it a share per address group
 *   (UPLOAD_PERCENT_PER_ADDRESS), so one client cannot spend everyone's budget.
 * The budget is charged for what is received, not what is announced: the announced length (or,
 * for a body in chunks, UPLOAD_RESERVE_STEP_KIB) is reserved before the body is read, more is
 * reserved while a longer body streams, and once the answer is sent what was not received goes
 * back, as does everything of an upload that stored nothing (refused, failed, cut).
 * Each refusal is translated, says when to retry, is recorded as a security event, and nothing of
 * the body is stored.
 */

export type UploadGuardConfig = Pick<
  Config,
  | 'UPLOAD_MB_PER_HOUR'
  | 'UPLOAD_PERCENT_PER_ADDRESS'
  | 'UPLOAD_MIN_FREE_MB'
  | 'UPLOAD_MIN_FREE_PERCENT'
  | 'UPLOADS_AT_ONCE'
  | 'UPLOADS_AT_ONCE_PER_ADDRESS'
>;

export interface UploadGuardDependencies {
  db: AppDatabase;
  store: FileStore;
  config: UploadGuardConfig;
  logger: Logger;
  /** Where full slots and spent budgets are recorded (never with the client's address). */
  securityEvents: SecurityEvents;
  /** The largest body the guarded form accepts: no more is ever reserved for one upload. */
  maxBodyBytes: number;
}

const KIB = 1024;
const MIB = 1024 * KIB;

/**
 * KiB reserved before a body without Content-Length (chunked) is read, and again each time what it
 * has sent passes what is reserved for it: the budget never runs far behind a body, and a small
 * body in chunks costs only what it sent once it is answered.
 */
const UPLOAD_RESERVE_STEP_KIB = 1024;

/**
 * Share of a process's upload slots that only an address group holding none may take (one each):
 * with 16 slots, 4 stay open to new clients while others hold the 12 first.
 */
const RESERVED_SLOT_SHARE = 0.25;

/** The budget counts KiB: a byte count of an hour would overflow the counter's 32-bit integer. */
function uploadBudgetRule(config: UploadGuardConfig): RateLimitRule {
  return { name: 'uploads:kib', limit: config.UPLOAD_MB_PER_HOUR * 1024, windowMs: 60 * 60_000 };
}

/** One address group's share of the budget, in KiB (at least 1 MiB, whatever the settings). */
function uploadShareRule(config: UploadGuardConfig): RateLimitRule {
  const limit = Math.max(
    1024,
    Math.floor((config.UPLOAD_MB_PER_HOUR * 1024 * config.UPLOAD_PERCENT_PER_ADDRESS) / 100),
  );
  return { name: 'uploads:group-kib', limit, windowMs: 60 * 60_000 };
}

/** The budget is one counter for every client. */
const EVERY_CLIENT = 'every-client';

/** What a client is told to wait when the upload slots are taken: an upload takes seconds. */
const BUSY_RETRY_AFTER_SECONDS = 10;

/** Uploads being read by this process, in all and per client address group. */
class UploadSlots {
  readonly #atOnce: number;
  readonly #perAddress: number;
  /** Slots only a group holding none may take. */
  readonly #reserved: number;
  #inUse = 0;
  readonly #byAddress = new Map<string, number>();

  constructor(atOnce: number, perAddress: number) {
    this.#atOnce = atOnce;
    this.#perAddress = perAddress;
    this.#reserved = Math.floor(atOnce * RESERVED_SLOT_SHARE);
  }

  /**
   * Takes a slot for `address`, or names the cap that is reached: its group's own (it holds as
   * many as it may, or only reserved slots are left and it already holds one), or the process's.
   */
  take(address: string): 'taken' | 'busy' | 'busy_address' {
    const ofAddress = this.#byAddress.get(address) ?? 0;
    if (ofAddress >= this.#perAddress) return 'busy_address';
    const open = this.#inUse < this.#atOnce - this.#reserved || (ofAddress === 0 && this.#inUse < this.#atOnce);
    if (!open) return ofAddress > 0 && this.#inUse < this.#atOnce ? 'busy_address' : 'busy';
    this.#inUse += 1;
    this.#byAddress.set(address, ofAddress + 1);
    return 'taken';
  }

  release(address: string): void {
    this.#inUse -= 1;
    const left = (this.#byAddress.get(address) ?? 1) - 1;
    if (left > 0) this.#byAddress.set(address, left);
    else this.#byAddress.delete(address);
  }
}

/**
 * The slots of a file store: every guarded form of an app writes to the same store, so they share
 * its slots (one app per process in production; each test app has its own store).
 */
const slotsOfStores = new WeakMap<FileStore, UploadSlots>();

function slotsOf(store: FileStore, config: UploadGuardConfig): UploadSlots {
  let slots = slotsOfStores.get(store);
  if (slots === undefined) {
    slots = new UploadSlots(config.UPLOADS_AT_ONCE, config.UPLOADS_AT_ONCE_PER_ADDRESS);
    slotsOfStores.set(store, slots);
  }
  return slots;
}

/** The body's announced size (at most `maxBodyBytes`), or undefined when it comes in chunks. */
function announcedBytesOf(request: Request, maxBodyBytes: number): number | undefined {
  const announced = request.headers['content-length'];
  if (announced === undefined || !/^\d+$/.test(announced)) return undefined;
  return Math.min(Number(announced), maxBodyBytes);
}

/** Free space that uploads never take: the larger of the configured MiB and share of the disk. */
export function reservedBytesOf(config: UploadGuardConfig, totalBytes: number): number {
  return Math.max(config.UPLOAD_MIN_FREE_MB * MIB, (config.UPLOAD_MIN_FREE_PERCENT / 100) * totalBytes);
}

/** A reservation refused: by the group's share or by everyone's budget, and when to retry. */
interface BudgetRefusal {
  scope: 'address' | 'everyone';
  retryAfterSeconds: number;
}

/** One reservation: when, how many KiB, on which counters, and whether it was allowed. */
interface Charge {
  at: number;
  kib: number;
  everyone: boolean;
  allowed: boolean;
}

/**
 * What one upload reserved of its group's share and of everyone's budget. Reservations are made
 * one after the other; settle() waits for the last one, then gives back what was not used.
 */
class UploadReservations {
  readonly #charges: Charge[] = [];
  #last: Promise<unknown> = Promise.resolve();
  #reservedKib = 0;
  readonly db: AppDatabase;
  readonly rules: { share: RateLimitRule; budget: RateLimitRule };
  readonly group: string;

  constructor(db: AppDatabase, rules: { share: RateLimitRule; budget: RateLimitRule }, group: string) {
    this.db = db;
    this.rules = rules;
    this.group = group;
  }

  get reservedBytes(): number {
    return this.#reservedKib * KIB;
  }

  /** Reserves `kib` on the group's share, then on everyone's budget; a refusal names which one. */
  reserve(kib: number): Promise<BudgetRefusal | undefined> {
    const reserving = this.#last.then(async () => {
      const charge: Charge = { at: Date.now(), kib, everyone: false, allowed: false };
      this.#charges.push(charge);
      const share = await hitRateLimit(this.db, this.rules.share, this.group, charge.at, kib);
      if (!share.allowed) return { scope: 'address' as const, retryAfterSeconds: share.retryAfterSeconds };
      charge.everyone = true;
      const budget = await hitRateLimit(this.db, this.rules.budget, EVERY_CLIENT, charge.at, kib);
      if (!budget.allowed) return { scope: 'everyone' as const, retryAfterSeconds: budget.retryAfterSeconds };
      charge.allowed = true;
      this.#reservedKib += kib;
      return undefined;
    });
    this.#last = reserving.catch(() => undefined);
    return reserving;
  }

  /**
   * Keeps `usedBytes` (what a stored upload received; 0 when nothing was stored) of what was
   * reserved, in order, gives the rest back to the counters it was taken from, and charges what
   * was received beyond the reservations.
   */
  async settle(usedBytes: number): Promise<void> {
    await this.#last;
    let keepKib = usedBytes > 0 ? Math.max(1, Math.ceil(usedBytes / KIB)) : 0;
    for (const charge of this.#charges) {
      const kept = charge.allowed ? Math.min(charge.kib, keepKib) : 0;
      keepKib -= kept;
      const refund = charge.kib - kept;
      if (refund <= 0) continue;
      await refundRateLimit(this.db, this.rules.share, this.group, charge.at, refund);
      if (charge.everyone) await refundRateLimit(this.db, this.rules.budget, EVERY_CLIENT, charge.at, refund);
    }
    // A body that ended while its next reservation was on its way received more than was
    // reserved: what is left is charged now, so a stored upload always costs what it sent.
    if (keepKib > 0) {
      const now = Date.now();
      await hitRateLimit(this.db, this.rules.share, this.group, now, keepKib);
      await hitRateLimit(this.db, this.rules.budget, EVERY_CLIENT, now, keepKib);
    }
  }
}

/** Middleware admitting an upload form, or refusing it (429, 503, 507) before or while its body is read. */
export function guardUploads({ db, store, config, logger, securityEvents, maxBodyBytes }: UploadGuardDependencies) {
  const slots = slotsOf(store, config);
  const rules = { share: uploadShareRule(config), budget: uploadBudgetRule(config) };
  const maxKib = Math.max(1, Math.ceil(maxBodyBytes / KIB));

  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const lang = requestLanguage(request);
    const refusal = <Key extends string>(
      status: number,
      catalog: MessageCatalog<Key>,
      code: Key,
      retryAfterSeconds?: number,
    ): HttpError => {
      if (retryAfterSeconds !== undefined) response.setHeader('Retry-After', String(retryAfterSeconds));
      const minutes = Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60));
      return new HttpError(status, translate(catalog, code, lang, { count: minutes }), undefined, code);
    };
    /** Refuses before the body is read: the answer closes the connection, the body is thrown away. */
    const refuse = (error: HttpError): void => {
      discardUnreadBody(request, maxBodyBytes);
      next(error);
    };
    const budgetRefusal = ({ scope, retryAfterSeconds }: BudgetRefusal, kib: number): HttpError => {
      securityEvents.record('upload_budget_spent', { scope, kib });
      if (scope === 'address') return refusal(429, uploadShareMessages, 'upload_share_spent', retryAfterSeconds);
      logger.warn({ budgetMib: config.UPLOAD_MB_PER_HOUR }, 'upload refused: hourly upload budget spent');
      return refusal(503, uploadGuardMessages, 'upload_budget_spent', retryAfterSeconds);
    };

    const address = clientAddressOf(request);
    const slot = slots.take(address);
    if (slot !== 'taken') {
      securityEvents.record('upload_slots_full', { cap: slot === 'busy_address' ? 'address' : 'process' });
      if (slot === 'busy_address')
        return refuse(refusal(429, uploadGuardMessages, 'uploads_busy_address', BUSY_RETRY_AFTER_SECONDS));
      return refuse(refusal(503, uploadGuardMessages, 'uploads_busy', BUSY_RETRY_AFTER_SECONDS));
    }

    const reservations = new UploadReservations(db, rules, address);
    // The slot is held until the answer is sent or the client leaves; then the budget keeps what a
    // stored upload received, and gets back the rest (all of it when nothing was stored).
    response.once('close', () => {
      slots.release(address);
      const stored = response.statusCode < 400 && response.writableFinished;
      reservations
        .settle(stored ? bodyBytesReceived(request) : 0)
        .catch((error: unknown) => logger.warn({ err: error }, 'upload budget refund failed'));
    });

    const announced = announcedBytesOf(request, maxBodyBytes);
    const disk = await store.diskSpace?.();
    if (disk !== undefined && disk.freeBytes - (announced ?? maxBodyBytes) < reservedBytesOf(config, disk.totalBytes)) {
      logger.warn(
        { freeBytes: disk.freeBytes, totalBytes: disk.totalBytes },
        'upload refused: file store disk nearly full',
      );
      return refuse(refusal(507, uploadGuardMessages, 'storage_full'));
    }
    const firstKib =
      announced === undefined ? Math.min(UPLOAD_RESERVE_STEP_KIB, maxKib) : Math.max(1, Math.ceil(announced / KIB));
    const refused = await reservations.reserve(firstKib);
    if (refused !== undefined) return refuse(budgetRefusal(refused, firstKib));

    // A body that sends more than is reserved (one in chunks) reserves more as it streams, and is
    // cut as soon as its group's share or everyone's budget refuses.
    let reserving = false;
    onBodyBytes(request, (received) => {
      if (reserving || received <= reservations.reservedBytes) return;
      reserving = true;
      const kib = Math.min(
        Math.max(UPLOAD_RESERVE_STEP_KIB, Math.ceil((received - reservations.reservedBytes) / KIB)),
        maxKib,
      );
      reservations.reserve(kib).then(
        (refusedMore) => {
          reserving = false;
          if (refusedMore !== undefined && !response.headersSent)
            cutBody(request, response, budgetRefusal(refusedMore, kib));
        },
        (error: unknown) => {
          logger.warn({ err: error }, 'upload budget reservation failed');
          cutBody(
            request,
            response,
            new HttpError(503, translate(uploadGuardMessages, 'uploads_busy', lang), undefined, 'uploads_busy'),
          );
        },
      );
    });
    next();
  };
}
