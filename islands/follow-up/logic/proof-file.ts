import type { Language } from '../../../contracts/languages.ts';
import { detectUploadType, MAX_UPLOAD_BYTES, UPLOAD_SIGNATURE_BYTES } from '../../../contracts/partner-api-base.ts';
import { fileSize } from '../../ui/attachments.ts';

/**
 * The checks a chosen file passes in the browser before any byte is sent (spec 2 §5): its first
 * bytes must be a PDF, PNG or JPEG (whatever its name says), and it must be under
 * MAX_UPLOAD_BYTES. The server checks the same again while the file streams.
 */

export type FileProblem = 'unsupported' | 'tooLarge';

/** What is wrong with a file of `size` bytes starting with `head`, or undefined when it may be sent. */
export function fileProblemOf(size: number, head: Uint8Array): FileProblem | undefined {
  if (size >= MAX_UPLOAD_BYTES) return 'tooLarge';
  if (detectUploadType(head) === undefined) return 'unsupported';
  return undefined;
}

/** Reads the first bytes of a chosen file and tells what is wrong with it, if anything. */
export async function checkChosenFile(file: Blob): Promise<FileProblem | undefined> {
  const head = new Uint8Array(await file.slice(0, UPLOAD_SIGNATURE_BYTES).arrayBuffer());
  return fileProblemOf(file.size, head);
}

/**
 * A file size as the spec shows it (`fileSize`: "512 o", "12,3 Ko"); `units` are the page's
 * translated patterns holding `{{size}}`.
 */
export function formatFileSize(bytes: number, lang: Language, units: { bytes: string; kilobytes: string }): string {
  const { unit, size } = fileSize(bytes, lang);
  return units[unit].replace('{{size}}', size);
}
