import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config.ts';
import type { AppDatabase } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { requestLanguage, translate } from '../i18n/messages.ts';
import type { Logger } from '../logger.ts';
import { clientAddressOf, hitRateLimit, type RateLimitRule, refundRateLimit } from '../security/rate-limit.ts';
import { uploadGuardMessages } from './messages.ts';
import type { FileStore } from './store.ts';
import { discardUnreadBody } from './upload.ts';

/**
 * What every form that may carry files passes before its body is read (issue 15, items 7, 12, 13):
 * - a cap on uploads read at once, per process and per client address (IPv6: per /64), so slow
 *   uploads cannot hold every connection and one client cannot hold them all;
 * - a free-space guard: no upload is taken when the file store's disk (usually the database's too)
 *   would be left with less than UPLOAD_MIN_FREE_MB or UPLOAD_MIN_FREE_PERCENT free;
 * - a byte budget for all clients together (UPLOAD_MB_PER_HOUR, a sliding hour shared by every
 *   process through the rate-limit table), which bounds how fast uploads kept 24 h can fill a disk
 *   whatever the number of addresses sending them.
 * Each refusal is translated, says when to retry, and nothing of the body is stored.
 */

export type UploadGuardConfig = Pick<
  Config,
  | 'UPLOAD_MB_PER_HOUR'
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
  /** The largest body the guarded form accepts: what an upload without Content-Length is counted as. */
  maxBodyBytes: number;
}

const KIB = 1024;
const MIB = 1024 * KIB;

/** The budget counts KiB: a byte count of an hour would overflow the counter's 32-bit integer. */
function uploadBudgetRule(config: UploadGuardConfig): RateLimitRule {
  return { name: 'uploads:kib', limit: config.UPLOAD_MB_PER_HOUR * 1024, windowMs: 60 * 60_000 };
}

/** The budget is one counter for every client. */
const EVERY_CLIENT = 'every-client';

/** What a client is told to wait when the upload slots are taken: an upload takes seconds. */
const BUSY_RETRY_AFTER_SECONDS = 10;

/** Uploads being read by this process, in all and per client address group. */
class UploadSlots {
  readonly #atOnce: number;
  readonly #perAddress: number;
  #inUse = 0;
  readonly #byAddress = new Map<string, number>();

  constructor(atOnce: number, perAddress: number) {
    this.#atOnce = atOnce;
    this.#perAddress = perAddress;
  }

  /** Takes a slot for `address`, or names the cap that is reached. */
  take(address: string): 'taken' | 'busy' | 'busy_address' {
    const ofAddress = this.#byAddress.get(address) ?? 0;
    if (ofAddress >= this.#perAddress) return 'busy_address';
    if (this.#inUse >= this.#atOnce) return 'busy';
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

/** The body's announced size, or `maxBodyBytes` when it announces none (chunked) or more. */
function declaredBytesOf(request: Request, maxBodyBytes: number): number {
  const announced = request.headers['content-length'];
  const bytes = announced !== undefined && /^\d+$/.test(announced) ? Number(announced) : maxBodyBytes;
  return Math.min(bytes, maxBodyBytes);
}

/** Free space that uploads never take: the larger of the configured MiB and share of the disk. */
export function reservedBytesOf(config: UploadGuardConfig, totalBytes: number): number {
  return Math.max(config.UPLOAD_MIN_FREE_MB * MIB, (config.UPLOAD_MIN_FREE_PERCENT / 100) * totalBytes);
}

/** Middleware admitting an upload form, or refusing it (429, 503, 507) before its body is read. */
export function guardUploads({ db, store, config, logger, maxBodyBytes }: UploadGuardDependencies) {
  const slots = slotsOf(store, config);
  const budget = uploadBudgetRule(config);

  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const lang = requestLanguage(request);
    const refuse = (status: number, code: keyof typeof uploadGuardMessages, retryAfterSeconds?: number): void => {
      if (retryAfterSeconds !== undefined) response.setHeader('Retry-After', String(retryAfterSeconds));
      const minutes = Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60));
      discardUnreadBody(request, maxBodyBytes);
      next(new HttpError(status, translate(uploadGuardMessages, code, lang, { count: minutes }), undefined, code));
    };

    const address = clientAddressOf(request);
    const slot = slots.take(address);
    if (slot === 'busy_address') return refuse(429, 'uploads_busy_address', BUSY_RETRY_AFTER_SECONDS);
    if (slot === 'busy') return refuse(503, 'uploads_busy', BUSY_RETRY_AFTER_SECONDS);

    const declaredBytes = declaredBytesOf(request, maxBodyBytes);
    const declaredKib = Math.max(1, Math.ceil(declaredBytes / KIB));
    const now = Date.now();
    let charged = false;
    // The slot is held until the answer is sent or the client leaves; a refused or failed upload
    // stored nothing, so its bytes go back to the budget.
    response.once('close', () => {
      slots.release(address);
      if (charged && (response.statusCode >= 400 || !response.writableFinished)) {
        refundRateLimit(db, budget, EVERY_CLIENT, now, declaredKib).catch((error: unknown) =>
          logger.warn({ err: error }, 'upload budget refund failed'),
        );
      }
    });

    const disk = await store.diskSpace?.();
    if (disk !== undefined && disk.freeBytes - declaredBytes < reservedBytesOf(config, disk.totalBytes)) {
      logger.warn(
        { freeBytes: disk.freeBytes, totalBytes: disk.totalBytes },
        'upload refused: file store disk nearly full',
      );
      return refuse(507, 'storage_full');
    }
    const state = await hitRateLimit(db, budget, EVERY_CLIENT, now, declaredKib);
    charged = true;
    if (!state.allowed) {
      logger.warn({ budgetMib: config.UPLOAD_MB_PER_HOUR }, 'upload refused: hourly upload budget spent');
      return refuse(503, 'upload_budget_spent', state.retryAfterSeconds);
    }
    next();
  };
}
