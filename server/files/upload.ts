import { ACCEPTED_UPLOAD_TYPES, type AcceptedUploadType, MAX_UPLOAD_BYTES } from '../../contracts/partner-api-base.ts';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod/mini';
import { HttpError } from '../errors.ts';
import { checkInput } from '../http/public.ts';
import { registerBodyReader, reportBodyBytes } from './body-pace.ts';
import { type FileStore, newFileKey } from './store.ts';

/**
 * Form bodies read as they stream in: an uploaded file goes straight to the file
 * store, is accepted only when its first bytes are a PDF, PNG or JPEG (whatever its name or
 * declared type says), and is refused as soon as it reaches the size limit, without reading the
 * rest of a large request. Fields are checked by a strict zod schema: unknown fields are refused.
 */

/** How much of a file's start is sniffed: what `file-type` needs for any type it knows. */
const SNIFF_BYTES = 4100;

/** Why a form was refused; the caller translates these into the visitor's language. */
export type UploadErrorCode =
  /** Not a multipart (or, for receiveFields, urlencoded) body, or a broken one. */
  | 'malformed_request'
  /** Fields fail the schema, are unknown or too long: `fields` names each of them. */
  | 'invalid_fields'
  /** More fields than the form can have (HTTP 413). */
  | 'too_many_parts'
  /** A file where none is expected, in another field, or a second file where one is allowed. */
  | 'unexpected_file'
  /** More files than a form allowing several (`maxFiles` > 1) accepts. */
  | 'too_many_files'
  /** The form needs a file and has none. */
  | 'missing_file'
  /** The content is not a PDF, PNG or JPEG. */
  | 'unsupported_format'
  /** The file reached the size limit (HTTP 413). */
  | 'file_too_large'
  /** The client went away before the end of the body. */
  | 'request_aborted';

const DEFAULT_MESSAGES: Record<UploadErrorCode, string> = {
  malformed_request: 'Malformed form data',
  invalid_fields: 'Invalid request',
  too_many_parts: 'Too many form fields',
  unexpected_file: 'Unexpected file',
  too_many_files: 'Too many files',
  missing_file: 'A file is required',
  unsupported_format: 'Unsupported file format: PDF, PNG or JPEG only',
  file_too_large: 'File too large',
  request_aborted: 'Request aborted',
};

/** Refusals of a body too large as a whole rather than of one of its values. */
const TOO_LARGE: ReadonlySet<UploadErrorCode> = new Set(['file_too_large', 'too_many_parts']);

/** A refused form: an HttpError (400, or 413 for a file too large or too many fields) with a code to translate. */
export class UploadError extends HttpError {
  override name = 'UploadError';
  override readonly code: UploadErrorCode;
  /** For `invalid_fields`: the schema's issues (a value cut for its length among them), to translate. */
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(
    code: UploadErrorCode,
    fields?: Record<string, string>,
    detail: { issues?: readonly z.core.$ZodIssue[] } = {},
  ) {
    super(TOO_LARGE.has(code) ? 413 : 400, DEFAULT_MESSAGES[code], fields, code);
    this.code = code;
    this.issues = detail.issues ?? [];
  }
}

/** A file received and stored; the caller records it (as temporary) in the database. */
export interface ReceivedFile {
  /** Storage key in the FileStore (generated, UUID-based). */
  key: string;
  /** The name the visitor's file had, cleaned for display and download. */
  originalName: string;
  /** Detected from the content, never from the name or the declared type. */
  mime: AcceptedUploadType;
  size: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
}

export interface FileOptions {
  /** Name of the form field that carries the file. Example: "fichier". */
  fieldName: string;
  /** Files of this many bytes or more are refused. Default MAX_UPLOAD_BYTES. */
  maxBytes?: number;
  /** Whether a form without the file is refused with `missing_file`. Default true. */
  required?: boolean;
}

interface FilesOptions {
  /** Name of the form field that carries the files, repeated once per file. Example: "fichiers". */
  fieldName: string;
  /** Most files accepted; one more is refused with `too_many_files`. */
  maxFiles: number;
  /** Each file of this many bytes or more is refused. Default MAX_UPLOAD_BYTES. */
  maxBytes?: number;
}

export interface FieldLimits {
  /**
   * Most fields a form may carry; one more stops the body (too_many_parts, 413). Default: the
   * schema's field count plus FIELD_COUNT_SLACK (fieldLimitsOf).
   */
  maxFields?: number;
  /**
   * Longest field value in bytes; a longer one is cut where busboy stops reading it and refused
   * by name. Default: from the schema's longest string (fieldLimitsOf), else 100,000.
   */
  maxFieldBytes?: number;
  /**
   * Each field's own maximum length in characters, what a value cut at maxFieldBytes is told it
   * may hold. Default: from the schema (fieldLimitsOf).
   */
  maxLengths?: Readonly<Record<string, number>>;
}

export interface MultipartOptions<Schema extends z.core.$ZodObject> extends FieldLimits {
  /** The fields of the form; applied as a strict schema, so unknown fields are refused. */
  fields: Schema;
  file?: FileOptions;
  store: FileStore;
}

export interface ReceivedForm<Fields> {
  fields: Fields;
  file?: ReceivedFile;
}

/** Longest value of a field whose schema sets no maximum length. */
const DEFAULT_MAX_FIELD_BYTES = 100_000;
/**
 * Fields beyond the schema's own that a form may still carry: a few unknown or repeated fields are
 * refused by name (`invalid_fields`), a flood of them stops the body at once (`too_many_parts`).
 */
const FIELD_COUNT_SLACK = 16;
/** UTF-8 bytes of one UTF-16 code unit (what a zod length counts), at most. */
const MAX_BYTES_PER_CODE_UNIT = 3;

/** Longest text of a number, boolean or date field (a form sends every value as text). */
const SCALAR_TEXT_LENGTH = 32;

/**
 * The longest string a field's schema accepts, through optional, default, pipe and similar
 * wrappers, unions and enums; undefined when it sets no bound.
 */
function maxLengthOf(schema: z.core.$ZodType): number | undefined {
  const def = schema._zod.def as z.core.$ZodTypeDef & {
    innerType?: z.core.$ZodType;
    in?: z.core.$ZodType;
    options?: readonly z.core.$ZodType[];
    entries?: Record<string, string | number>;
    values?: readonly unknown[];
  };
  switch (def.type) {
    case 'string': {
      // `zod/mini` schemas keep their bounds in their checks only, classic ones in the bag too.
      const bounds = (def.checks ?? []).flatMap((check) => {
        const checkDef = check._zod.def as { check: string; maximum?: unknown; length?: unknown };
        if (checkDef.check === 'max_length' && typeof checkDef.maximum === 'number') return [checkDef.maximum];
        if (checkDef.check === 'length_equals' && typeof checkDef.length === 'number') return [checkDef.length];
        return [];
      });
      const maximum = (schema._zod.bag as { maximum?: unknown }).maximum;
      if (typeof maximum === 'number') bounds.push(maximum);
      return bounds.length === 0 ? undefined : Math.min(...bounds);
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return def.innerType && maxLengthOf(def.innerType);
    case 'pipe':
      return def.in && maxLengthOf(def.in);
    case 'number':
    case 'int':
    case 'bigint':
    case 'boolean':
    case 'date':
      return SCALAR_TEXT_LENGTH;
    case 'enum':
      return Math.max(0, ...Object.values(def.entries ?? {}).map((value) => String(value).length));
    case 'literal':
      return Math.max(0, ...(def.values ?? []).map((value) => String(value).length));
    case 'union': {
      const lengths = (def.options ?? []).map(maxLengthOf);
      return lengths.some((length) => length === undefined) ? undefined : Math.max(0, ...(lengths as number[]));
    }
    default:
      return undefined;
  }
}

/**
 * The bounds of a form's body derived from the schemas of its fields (several for a path that
 * takes several forms): as many fields as they name, plus FIELD_COUNT_SLACK, and values as long as
 * their longest bounded string in UTF-8 (at least DEFAULT_MAX_FIELD_BYTES when a field is unbounded).
 */
export function fieldLimitsOf(...schemas: z.core.$ZodObject[]): Required<FieldLimits> {
  const fields = schemas.flatMap((schema) => Object.entries(schema._zod.def.shape));
  const lengths = fields.map(([, field]) => maxLengthOf(field));
  const bounded = lengths.filter((length): length is number => length !== undefined);
  const unbounded = bounded.length < lengths.length;
  const longestBytes = Math.max(1, ...bounded) * MAX_BYTES_PER_CODE_UNIT;
  const maxLengths: Record<string, number> = Object.create(null);
  fields.forEach(([name], index) => {
    const length = lengths[index];
    if (length !== undefined) maxLengths[name] = Math.max(length, maxLengths[name] ?? 0);
  });
  return {
    maxFields: new Set(fields.map(([name]) => name)).size + FIELD_COUNT_SLACK,
    maxFieldBytes: unbounded ? Math.max(DEFAULT_MAX_FIELD_BYTES, longestBytes) : longestBytes,
    maxLengths,
  };
}

/** Keeps a name displayable and harmless: no folders, control or invisible characters, bounded length. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .trim();
  return Array.from(cleaned).slice(0, 200).join('') || 'file';
}

function isAccepted(mime: string | undefined): mime is AcceptedUploadType {
  return (ACCEPTED_UPLOAD_TYPES as readonly (string | undefined)[]).includes(mime);
}

/**
 * The object schema with unknown fields refused. Built through zod's core (what classic `.strict()`
 * does) so that a `zod/mini` schema of the contracts works as well as a classic one.
 */
function strictly<Schema extends z.core.$ZodObject>(schema: Schema): Schema {
  return z.core.clone(schema, z.core.util.mergeDefs(schema._zod.def, { catchall: z.never() }));
}

/**
 * One message per field; unknown keys are named one by one instead of under the object. A Map,
 * because field names come from the client and may be `__proto__` or `constructor`.
 */
function messagesOfIssues(issues: readonly z.core.$ZodIssue[]): Map<string, string> {
  const messages = new Map<string, string>();
  const add = (field: string, message: string) => {
    if (!messages.has(field)) messages.set(field, message);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) add(key, 'Unknown field');
    else add(issue.path.join('.') || '_', issue.message);
  }
  return messages;
}

interface FileUpload {
  /** The storage key the file is (or would be) stored under. */
  key: string;
  /** Settles once the file is stored (or refused and cleaned up on the store's side). */
  done: Promise<ReceivedFile | undefined>;
  /** Stops the upload: the store's put fails and leaves nothing. */
  abort(error: Error): void;
  /** Whether the store was given the file, so that a later failure must remove it. */
  readonly reachedStore: boolean;
}

/**
 * Sniffs the start of `stream`, then streams it to the store while hashing and counting it.
 * Nothing is written when the type is refused. An empty file part without a name (a file input
 * left empty by the browser) counts as no file.
 */
function startFileUpload(
  stream: Readable,
  filename: string,
  store: FileStore,
  maxBytes: number,
  onLimit: () => void,
): FileUpload {
  const key = newFileKey();
  let reachedStore = false;
  stream.once('limit', onLimit);

  const storeFile = async (): Promise<ReceivedFile | undefined> => {
    const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const head: Buffer[] = [];
    let headBytes = 0;
    let ended = false;
    while (headBytes < SNIFF_BYTES) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      headBytes += next.value.length;
    }
    if (ended && headBytes === 0 && filename === '') return undefined;
    const start = Buffer.concat(head, headBytes);
    const mime = (await fileTypeFromBuffer(start.subarray(0, SNIFF_BYTES)))?.mime;
    if (!isAccepted(mime)) throw new UploadError('unsupported_format');

    const hash = createHash('sha256');
    let size = 0;
    async function* counted(): AsyncGenerator<Buffer> {
      let chunk: Buffer | undefined = start;
      while (chunk !== undefined) {
        size += chunk.length;
        // Busboy stops at the limit and emits 'limit'; this is the same rule, checked here too.
        if (size >= maxBytes) throw new UploadError('file_too_large');
        hash.update(chunk);
        yield chunk;
        if (ended) break;
        const next = await iterator.next();
        chunk = next.done ? undefined : next.value;
      }
    }
    reachedStore = true;
    await store.put(key, Readable.from(counted(), { objectMode: false }), mime);
    return { key, originalName: cleanFileName(filename), mime, size, sha256: hash.digest('hex') };
  };

  return {
    key,
    done: storeFile(),
    abort: (error) => stream.destroy(error),
    get reachedStore() {
      return reachedStore;
    },
  };
}

/** Bytes beyond the largest file that a refused body may still send (its fields, the multipart framing). */
const DRAIN_SLACK_BYTES = 1024 * 1024;
/** A refused body that sends nothing for this long is cut. */
const DRAIN_IDLE_MS = 5_000;
/** A refused body is never read for longer than this. */
const DRAIN_MAX_MS = 60_000;
/** Once the server stops reading, how long the client has to read the answer before the connection is reset. */
const CLOSE_GRACE_MS = 2_000;

/**
 * After a refusal in the middle of a body: answer with `Connection: close`, and meanwhile throw
 * away what the client still sends, up to `maxBodyBytes` in all, so that a browser (which reads the
 * answer only once it has sent everything) finishes a normal-sized upload and shows the message.
 * Beyond that budget, or when the client stalls, reading stops and the connection is closed after
 * the answer: a 1 GB upload is never read. The server half-closes first and resets the connection
 * a little later, so a client reading while it sends gets the whole answer instead of a reset.
 * `readNothingMore` (a body cut for its pace) stops reading at once: waiting for it is the problem.
 */
function discardRestThenClose(
  request: Request,
  maxBodyBytes: number,
  bytesReadBefore: number,
  readNothingMore = false,
): void {
  const socket = request.socket;
  request.res?.setHeader('Connection', 'close');
  let answered = false;
  let stopped = false;
  let closing = false;

  const closeSoon = (): void => {
    if (closing) return;
    closing = true;
    clearTimeout(idle);
    clearTimeout(deadline);
    socket.end();
    setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
  };
  const stopReading = (): void => {
    stopped = true;
    request.pause();
    if (answered) closeSoon();
  };
  const idle = setTimeout(stopReading, DRAIN_IDLE_MS).unref();
  const deadline = setTimeout(stopReading, DRAIN_MAX_MS).unref();

  // Node destroys a `Connection: close` socket as soon as the answer is written, which would reset
  // the connection under a client still sending; this socket is closed by the rules above instead.
  socket.destroySoon = () => {
    answered = true;
    if (stopped || request.complete) closeSoon();
  };
  socket.once('close', () => {
    clearTimeout(idle);
    clearTimeout(deadline);
  });
  request.on('data', () => {
    if (stopped) return;
    idle.refresh();
    if (socket.bytesRead - bytesReadBefore > maxBodyBytes) stopReading();
  });
  request.once('end', () => {
    if (answered) closeSoon();
  });
  if (readNothingMore) stopReading();
  else request.resume();
}

/** What JSON may turn one character of a string into, at most (a control character: `\u0000`). */
const MAX_JSON_BYTES_PER_CODE_UNIT = 6;
/** A JSON member's quotes, colon and comma, and the object's braces, with room to spare. */
const JSON_MEMBER_OVERHEAD_BYTES = 8;

/**
 * The largest JSON body any of the object `schemas` accepts, for express.json's `limit`: each
 * field's name and longest value (strings escaped at worst, numbers and booleans as short text),
 * DEFAULT_MAX_FIELD_BYTES for a field without bound. Example: 3 short fields → about 1 kB.
 */
export function jsonBodyBytesOf(...schemas: z.core.$ZodObject[]): number {
  const sizes = schemas.map((schema) =>
    Object.entries(schema._zod.def.shape).reduce((bytes, [name, field]) => {
      const length = maxLengthOf(field);
      const value = length === undefined ? DEFAULT_MAX_FIELD_BYTES : length * MAX_JSON_BYTES_PER_CODE_UNIT;
      return bytes + name.length + value + JSON_MEMBER_OVERHEAD_BYTES;
    }, JSON_MEMBER_OVERHEAD_BYTES),
  );
  return Math.max(...sizes);
}

/**
 * Refuses a body before any of it is read (a limit reached, no room for uploads): like a refusal
 * mid-body, the answer closes the connection and at most `maxBodyBytes` of the body are read and
 * thrown away meanwhile, so a browser that sends everything before it reads shows the message.
 */
export function discardUnreadBody(request: Request, maxBodyBytes: number): void {
  if (request.complete || request.readableEnded) return;
  discardRestThenClose(request, maxBodyBytes, request.socket.bytesRead);
}

interface ReceiveOptions {
  schema: z.core.$ZodObject;
  /** Where files are accepted: one (`maxFiles` 1, a second is `unexpected_file`) or several. */
  file: (FileOptions & { maxFiles: number }) | undefined;
  store: FileStore | undefined;
  limits: FieldLimits;
  /** Content types accepted: multipart only for files, also urlencoded for fields-only forms. */
  urlencoded: boolean;
}

/** The refusals that are about the file (its format, size or absence) rather than the form. */
const FILE_REFUSALS: ReadonlySet<UploadErrorCode> = new Set(['unsupported_format', 'file_too_large', 'missing_file']);

/** `error`, with `fields` naming the file field when it is a refusal of the file. */
function namingFileField(error: unknown, fieldName: string): unknown {
  if (!(error instanceof UploadError) || !FILE_REFUSALS.has(error.code) || error.fields !== undefined) return error;
  return new UploadError(error.code, { [fieldName]: DEFAULT_MESSAGES[error.code] });
}

/** Busboy on the request's headers with the form's bounds, or undefined when the headers cannot be parsed. */
function createFormParser(
  request: Request,
  bounds: { maxFieldBytes: number; maxFields: number; maxFiles: number; maxBytes: number },
): busboy.Busboy | undefined {
  const { maxFieldBytes, maxFields, maxFiles, maxBytes } = bounds;
  try {
    return busboy({
      headers: request.headers,
      // Browsers send file names as raw UTF-8.
      defParamCharset: 'utf8',
      limits: {
        fieldNameSize: 100,
        fieldSize: maxFieldBytes,
        fields: maxFields,
        files: maxFiles,
        parts: maxFields + maxFiles,
        // Busboy stops a file that reaches this size and emits 'limit'.
        fileSize: maxBytes,
        headerPairs: 20,
      },
    });
  } catch {
    return undefined;
  }
}

function receive(request: Request, options: ReceiveOptions): Promise<{ fields: unknown; files: ReceivedFile[] }> {
  const { file: fileOptions, store, limits } = options;
  const derived = fieldLimitsOf(options.schema);
  const maxFields = limits.maxFields ?? derived.maxFields;
  const maxFieldBytes = limits.maxFieldBytes ?? derived.maxFieldBytes;
  const maxLengths = limits.maxLengths ?? derived.maxLengths;
  const maxBytes = fileOptions?.maxBytes ?? MAX_UPLOAD_BYTES;
  const maxFiles = fileOptions?.maxFiles ?? 0;
  const contentType = (request.headers['content-type'] ?? '').toLowerCase();
  const isMultipart = contentType.startsWith('multipart/form-data');
  const isUrlencoded = contentType.startsWith('application/x-www-form-urlencoded');
  if (request.readableEnded || !(isMultipart || (options.urlencoded && isUrlencoded))) {
    return Promise.reject(new UploadError('malformed_request'));
  }

  const parser = createFormParser(request, { maxFieldBytes, maxFields, maxFiles, maxBytes });
  if (!parser) return Promise.reject(new UploadError('malformed_request'));

  // What a refused request may still send, thrown away, before its connection is cut.
  const drainBudget = maxFiles * maxBytes + DRAIN_SLACK_BYTES;
  const bytesReadBefore = request.socket.bytesRead;

  const received = new Promise<{ fields: unknown; files: ReceivedFile[] }>((resolve, reject) => {
    const values = new Map<string, string | string[]>();
    const tooLong = new Set<string>();
    const uploads: FileUpload[] = [];
    let settled = false;
    // The fields read so far are the request's body: a refusal in the middle of the body (a file of
    // the wrong type, too large) is then answered in the language of a `lang` field sent before it.
    const body: Record<string, string> = Object.create(null);
    request.body = body;

    /**
     * Stops parsing, removes what was stored, then refuses; the rest of an unfinished body is
     * discarded or cut (at once when `readNothingMore`: a body cut for its pace).
     */
    const fail = (error: unknown, readNothingMore = false): void => {
      if (settled) return;
      settled = true;
      forgetReader();
      request.off('data', countBytes);
      request.unpipe(parser);
      if (!request.complete) discardRestThenClose(request, drainBudget, bytesReadBefore, readNothingMore);
      const reason = error instanceof Error ? error : new UploadError('malformed_request');
      for (const upload of uploads) upload.abort(reason);
      parser.destroy();
      const cleanUp = async (upload: FileUpload) => {
        await upload.done.catch(() => undefined);
        if (upload.reachedStore && store) await store.remove(upload.key).catch(() => undefined);
      };
      // cleanUp never rejects; the second handler only keeps this promise from ever going unhandled.
      const refuse = () => reject(reason);
      void Promise.all(uploads.map(cleanUp)).then(refuse, refuse);
    };

    const finish = async (): Promise<void> => {
      const files = (await Promise.all(uploads.map((upload) => upload.done))).filter(
        (file): file is ReceivedFile => file !== undefined,
      );
      if (settled) return;
      const fields = Object.fromEntries(values);
      // The fields are checked like any request's (the request parser), refused as an upload's.
      const result = checkInput(strictly(options.schema), fields);
      if (!result.success || tooLong.size > 0) {
        // A value cut by busboy is refused as too long, with the field's own maximum when it has one.
        const cut: z.core.$ZodIssue[] = [...tooLong].map((name) => ({
          code: 'too_big',
          origin: 'string',
          maximum: Object.hasOwn(maxLengths, name) ? (maxLengths[name] ?? maxFieldBytes) : maxFieldBytes,
          inclusive: true,
          path: [name],
          message: 'Too long',
          input: undefined,
        }));
        const issues = [...cut, ...(result.success ? [] : result.issues)];
        const messages = messagesOfIssues(issues);
        throw new UploadError('invalid_fields', Object.fromEntries(messages), { issues });
      }
      if (fileOptions && fileOptions.required !== false && files.length === 0) throw new UploadError('missing_file');
      settled = true;
      forgetReader();
      request.off('data', countBytes);
      resolve({ fields: result.data, files });
    };

    parser.on('field', (name, value, info) => {
      if (info.nameTruncated) return fail(new UploadError('malformed_request'));
      if (info.valueTruncated) tooLong.add(name);
      body[name] ??= value;
      const previous = values.get(name);
      if (previous === undefined) values.set(name, value);
      else values.set(name, [...(Array.isArray(previous) ? previous : [previous]), value]);
    });
    /** One file too many: a second file of a single-file form is unexpected, the sixth of five is too many. */
    const tooManyFiles = (): UploadErrorCode => (maxFiles > 1 ? 'too_many_files' : 'unexpected_file');
    parser.on('file', (name, stream, info) => {
      // Errors of a file stream reach the upload through its iterator; a skipped one has none to report.
      stream.on('error', () => undefined);
      if (settled) {
        stream.resume();
        return;
      }
      if (!fileOptions || !store || name !== fileOptions.fieldName || uploads.length >= maxFiles) {
        stream.resume();
        fail(new UploadError(fileOptions && name === fileOptions.fieldName ? tooManyFiles() : 'unexpected_file'));
        return;
      }
      const upload = startFileUpload(stream, info.filename ?? '', store, maxBytes, () =>
        fail(new UploadError('file_too_large')),
      );
      uploads.push(upload);
      upload.done.catch(fail);
    });
    parser.on('filesLimit', () => fail(new UploadError(tooManyFiles())));
    parser.on('fieldsLimit', () => fail(new UploadError('too_many_parts')));
    parser.on('partsLimit', () => fail(new UploadError('too_many_parts')));
    parser.on('error', () => fail(new UploadError('malformed_request')));
    parser.on('finish', () => {
      finish().catch(fail);
    });
    request.on('error', () => fail(new UploadError('request_aborted')));
    request.on('close', () => {
      if (!request.complete) fail(new UploadError('request_aborted'));
    });
    // A body cut for its pace or its byte budget (body-pace.ts, upload-guard.ts) stops like a refusal.
    const forgetReader = registerBodyReader(request, (error) => fail(error, error.status === 408));
    // What is received is reported as it comes: the upload guard charges it to the byte budget.
    const countBytes = (chunk: Buffer): void => reportBodyBytes(request, chunk.length);
    request.on('data', countBytes);
    request.pipe(parser);
  });
  // A refusal of the file itself names the form field that carried it, as field refusals do.
  return received.catch((error: unknown) => {
    throw fileOptions ? namingFileField(error, fileOptions.fieldName) : error;
  });
}

/**
 * Reads a multipart form with at most one file, streamed to `store` under a generated key.
 * Refuses (UploadError, see UploadErrorCode) unknown or invalid fields, a file that is not a PDF,
 * PNG or JPEG by content, a file of `maxBytes` or more (while it streams), and anything malformed.
 * A refusal mid-body answers with `Connection: close` and reads at most a bounded remainder of the
 * body (see discardRestThenClose). On refusal nothing stays in the store; on success the caller
 * owns the stored file and records it.
 */
export function receiveMultipart<Schema extends z.core.$ZodObject>(
  request: Request,
  options: MultipartOptions<Schema> & { file: FileOptions & { required?: true } },
): Promise<{ fields: z.output<Schema>; file: ReceivedFile }>;
export function receiveMultipart<Schema extends z.core.$ZodObject>(
  request: Request,
  options: MultipartOptions<Schema>,
): Promise<ReceivedForm<z.output<Schema>>>;
export async function receiveMultipart<Schema extends z.core.$ZodObject>(
  request: Request,
  options: MultipartOptions<Schema>,
): Promise<ReceivedForm<z.output<Schema>>> {
  const { fields: schema, file, store, ...limits } = options;
  const { fields, files } = await receive(request, {
    schema,
    file: file && { ...file, maxFiles: 1 },
    store,
    limits,
    urlencoded: false,
  });
  const [received] = files;
  return { fields: fields as z.output<Schema>, ...(received ? { file: received } : {}) };
}

export interface MultipartFilesOptions<Schema extends z.core.$ZodObject> extends FieldLimits {
  /** The fields of the form; applied as a strict schema, so unknown fields are refused. */
  fields: Schema;
  files: FilesOptions;
  store: FileStore;
}

/**
 * Reads a multipart form with zero to `maxFiles` files in one field (the complaint's attachments),
 * each checked and streamed to `store` like receiveMultipart's file. One file more is refused with
 * `too_many_files`; a file in another field with `unexpected_file`. On refusal none of the files
 * stays in the store; on success the caller owns them all.
 */
export async function receiveMultipartFiles<Schema extends z.core.$ZodObject>(
  request: Request,
  options: MultipartFilesOptions<Schema>,
): Promise<{ fields: z.output<Schema>; files: ReceivedFile[] }> {
  const { fields: schema, files: fileOptions, store, ...limits } = options;
  if (!Number.isInteger(fileOptions.maxFiles) || fileOptions.maxFiles < 1)
    throw new RangeError('maxFiles must be 1 or more');
  const { fields, files } = await receive(request, {
    schema,
    file: { ...fileOptions, required: false },
    store,
    limits,
    urlencoded: false,
  });
  return { fields: fields as z.output<Schema>, files };
}

/**
 * Reads a form without files (multipart or urlencoded) against a strict schema: unknown or invalid
 * fields answer 400 naming each of them (`invalid_fields`), and any file part is refused.
 */
export async function receiveFields<Schema extends z.core.$ZodObject>(
  request: Request,
  schema: Schema,
  limits: FieldLimits = {},
): Promise<z.output<Schema>> {
  const { fields } = await receive(request, { schema, file: undefined, store: undefined, limits, urlencoded: true });
  return fields as z.output<Schema>;
}
