import {
  detectUploadType,
  MAX_COMPLAINT_FILES,
  MAX_UPLOAD_BYTES,
  UPLOAD_SIGNATURE_BYTES,
} from '../../contracts/partner-api-base.ts';
import type { Language } from '../../contracts/languages.ts';
import { formatNumber } from '../../contracts/numbers.ts';

/**
 * The complaint's attachments (spec 2 §5 "Proof upload" rules, also for complaints): PDF, PNG or
 * JPEG told by their first bytes (a renamed program is refused whatever its name), each under
 * MAX_UPLOAD_BYTES, at most MAX_COMPLAINT_FILES; checked in the browser before any byte is sent.
 * The server checks the same again.
 */

export type AttachmentProblem = 'format' | 'size' | 'count';

/** A file as far as these rules care: its size and a way to read its first bytes. */
export interface CandidateFile {
  size: number;
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

/** Why a file is refused, or undefined when it may be attached (`alreadyAttached` files are kept). */
export async function attachmentProblem(
  file: CandidateFile,
  alreadyAttached: number,
): Promise<AttachmentProblem | undefined> {
  if (alreadyAttached >= MAX_COMPLAINT_FILES) return 'count';
  if (file.size >= MAX_UPLOAD_BYTES) return 'size';
  const head = new Uint8Array(await file.slice(0, UPLOAD_SIGNATURE_BYTES).arrayBuffer());
  return detectUploadType(head) ? undefined : 'format';
}

/**
 * A file size as shown beside its name (spec 2 §5), a complaint's attachment or a proof: in bytes
 * (o) below 1024, else in kilobytes (Ko) with one decimal below 10 Ko; the unit names the message
 * to fill in, the size is written as the language writes numbers.
 */
export function fileSize(bytes: number, lang: Language): { unit: 'bytes' | 'kilobytes'; size: string } {
  if (bytes < 1024) return { unit: 'bytes', size: formatNumber(bytes, lang, 0) };
  return { unit: 'kilobytes', size: formatNumber(bytes / 1024, lang, bytes < 10 * 1024 ? 1 : 0) };
}
