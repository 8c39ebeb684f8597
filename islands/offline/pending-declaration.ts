import type { ClaimDraft } from '../declaration/logic/draft.ts';
import { CLAIM_NUMBER_PATTERN } from '../../contracts/claim-number.ts';

/**
 * A declaration finished on this device and not yet answered with its claim number (offline,
 * or the server unreachable): what is kept, and the pure rules of what an answer does to it. The page
 * (pending-declaration.store.ts) and the service worker (pending-declaration-worker.ts)
 * both read and write these records, through pending-declaration-db.ts (IndexedDB), and send them
 * with pending-declaration-sender.ts. Nothing here touches the DOM, localStorage or the network.
 */

/** What became of a kept declaration. */
type PendingState =
  /** Waits to be sent: every page, the button and Background Sync try it again. */
  | 'waiting'
  /** The server answered with its claim number: the page records it, then forgets the record. */
  | 'sent'
  /** The server refused it (a 4xx): it waits for the visitor to change it on step 5. */
  | 'refused';

/** Why the server refused a declaration, as its error answer said (the visitor's language). */
export interface PendingRefusal {
  status: number;
  /** The answer's stable code (`claim_exists`, `idempotency_key_reused`…), '' without one. */
  code: string;
  message: string;
  /** The field messages of a 400, in the answer's order. */
  fields: string[];
}

export interface PendingDeclaration {
  /** Bump when a field changes meaning: an older record is then dropped, not misread. */
  version: 1;
  /** The draft's `Idempotency-Key`: the record's key, and the server's guard against a second claim. */
  idempotencyKey: string;
  /** Where POST sinistres goes (the partner API of the page that saved it). */
  url: string;
  /** The multipart fields exactly as the first submit sent them: a replay is the same declaration. */
  fields: Record<string, string>;
  /** The documents the declaration announced (`justificatifs`, the ids it lists). */
  announcedDocuments: number[];
  /** The whole draft, so step 5 can show it again even where the page's own copy is gone. */
  draft: ClaimDraft;
  /** Brand and language of the page that saved it: where its links (step 5, confirmation) lead. */
  company: string;
  lang: string;
  /** When it was saved, and when it was last tried (ms since 1970; null: never yet). */
  savedAt: number;
  lastAttemptAt: number | null;
  /** Answers that were no answer (offline, timeout, 502/503/504): drive the waiting between tries. */
  attempts: number;
  state: PendingState;
  /** Once `sent`: the claim number and its creation date as the server answered them. */
  claimNumber: string;
  declarationDate: string;
  /**
   * The follow-up token answered with the claim (`data.hash`), until the page records it for its
   * tab (follow-up.store.ts); absent in records kept before it existed, or from an API without it.
   */
  followUpToken?: string;
  /** Once `refused`: why. */
  refusal: PendingRefusal | null;
}

/** A new record for a declaration about to be sent: it waits until the server answers. */
export function newPendingDeclaration(input: {
  draft: ClaimDraft;
  fields: Record<string, string>;
  url: string;
  company: string;
  lang: string;
  now: number;
}): PendingDeclaration {
  return {
    version: 1,
    idempotencyKey: input.draft.idempotencyKey,
    url: input.url,
    fields: input.fields,
    announcedDocuments: documentIdsOf(input.fields['justificatifs'] ?? '[]'),
    draft: input.draft,
    company: input.company,
    lang: input.lang,
    savedAt: input.now,
    lastAttemptAt: null,
    attempts: 0,
    state: 'waiting',
    claimNumber: '',
    declarationDate: '',
    refusal: null,
  };
}

/** The ids a `justificatifs` field lists (a JSON list of ids), [] for anything else. */
function documentIdsOf(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item)) : [];
  } catch {
    return [];
  }
}

/** What one answer to POST sinistres means for a kept declaration. */
export type SendOutcome =
  | { kind: 'sent'; claimNumber: string; declarationDate: string; followUpToken: string }
  /** No usable answer: offline, timeout, a gateway (502/503/504), busy (408/429), a captive portal's page. */
  | { kind: 'unreachable' }
  /** The server failed on it (500…): said as the specification says; a kept record is tried again later. */
  | { kind: 'server-error'; status: number }
  /** A 4xx: the visitor must change something (the existing messages tell what). */
  | { kind: 'refused'; refusal: PendingRefusal };

/** The raw exchange: a status and a JSON body (undefined when not JSON), or nothing came back. */
export type RawSendAnswer = { answered: true; status: number; body: unknown } | { answered: false };

/** Statuses that say "not now" rather than "not this": the declaration is sent again later, unchanged. */
const TRY_AGAIN_STATUSES = new Set([408, 429, 502, 503, 504]);

/** A follow-up token as the contract writes it (FollowUpTokenSchema). */
const FOLLOW_UP_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** Reads an answer to POST sinistres as the contract says (`{status:'success', data:{numero_sinistre…}}`). */
export function outcomeOf(answer: RawSendAnswer): SendOutcome {
  if (!answer.answered || TRY_AGAIN_STATUSES.has(answer.status)) return { kind: 'unreachable' };
  const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as Record<string, unknown>;
  if (answer.status >= 200 && answer.status < 300) {
    const data = (typeof body['data'] === 'object' && body['data'] !== null ? body['data'] : {}) as Record<
      string,
      unknown
    >;
    const claimNumber = data['numero_sinistre'];
    const declarationDate = data['declaration_date'];
    const followUpToken = data['hash'];
    // A success without a claim number is not the partner API's (a Wi-Fi login page answers 200).
    if (body['status'] === 'success' && typeof claimNumber === 'string' && CLAIM_NUMBER_PATTERN.test(claimNumber))
      return {
        kind: 'sent',
        claimNumber,
        declarationDate: typeof declarationDate === 'string' ? declarationDate : '',
        followUpToken: typeof followUpToken === 'string' && FOLLOW_UP_TOKEN.test(followUpToken) ? followUpToken : '',
      };
    // The API's own word that it did not take the claim (`{status:'error', message}`, spec 1 §8
    // error 1), even in a 2xx answer: a refusal the visitor reads, never sent again by itself.
    if (typeof body['status'] === 'string' && body['status'] !== 'success') return refusalOf(answer.status, body);
    return { kind: 'unreachable' };
  }
  if (answer.status >= 500 || answer.status < 400) return { kind: 'server-error', status: answer.status };
  return refusalOf(answer.status, body);
}

/** A refusal with the server's message, code and field messages. */
function refusalOf(status: number, body: Record<string, unknown>): SendOutcome {
  const fields = typeof body['fields'] === 'object' && body['fields'] !== null ? body['fields'] : {};
  return {
    kind: 'refused',
    refusal: {
      status,
      code: typeof body['code'] === 'string' ? body['code'] : '',
      message: typeof body['message'] === 'string' ? body['message'] : '',
      fields: Object.values(fields).filter((item): item is string => typeof item === 'string'),
    },
  };
}

/**
 * The record after an answer. A success keeps the number until the page has recorded it; a
 * refusal waits for the visitor; no answer, or a server failure, leaves it waiting (it was promised
 * to be sent) and counts the try.
 */
export function afterAnswer(record: PendingDeclaration, outcome: SendOutcome, now: number): PendingDeclaration {
  const tried = { ...record, lastAttemptAt: now };
  switch (outcome.kind) {
    case 'sent':
      return {
        ...tried,
        state: 'sent',
        claimNumber: outcome.claimNumber,
        declarationDate: outcome.declarationDate,
        followUpToken: outcome.followUpToken,
        refusal: null,
      };
    case 'refused':
      return { ...tried, state: 'refused', refusal: outcome.refusal };
    case 'unreachable':
    case 'server-error':
      return { ...tried, state: 'waiting', attempts: record.attempts + 1 };
  }
}

/** Waiting between automatic tries of a page left open: 30 s, doubled at each failure, at most 5 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);
}

/** The record the banner and the confirmation speak of: the newest not refused, else the newest refused. */
export function recordToShow(records: readonly PendingDeclaration[]): PendingDeclaration | undefined {
  const newestFirst = records.toSorted((a, b) => b.savedAt - a.savedAt);
  return newestFirst.find((record) => record.state !== 'refused') ?? newestFirst[0];
}

/** Whether a value read back from storage is a record of this version (older or damaged ones are dropped). */
export function isPendingDeclaration(value: unknown): value is PendingDeclaration {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<PendingDeclaration>;
  return (
    record.version === 1 &&
    typeof record.idempotencyKey === 'string' &&
    typeof record.url === 'string' &&
    typeof record.fields === 'object' &&
    record.fields !== null &&
    typeof record.draft === 'object' &&
    record.draft !== null &&
    (record.state === 'waiting' || record.state === 'sent' || record.state === 'refused') &&
    typeof record.savedAt === 'number'
  );
}
