import { type ACCEPTED_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from '../../../contracts/partner-api-base.ts';

/**
 * The checks a chosen file passes in the browser before any byte is sent (spec 2 §5): its first
 * bytes must be a PDF, PNG or JPEG (whatever its name says), and it must be under
 * MAX_UPLOAD_BYTES. The server checks the same again while the file streams.
 */

export type AcceptedType = (typeof ACCEPTED_UPLOAD_TYPES)[number];

/** How many first bytes of a file are read to know its type. */
export const SNIFFED_BYTES = 8;

const SIGNATURES: readonly { type: AcceptedType; bytes: readonly number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** The accepted type the first bytes of a file show, or undefined. */
export function detectFileType(head: Uint8Array): AcceptedType | undefined {
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte))?.type;
}

export type FileProblem = 'unsupported' | 'tooLarge';

/** What is wrong with a file of `size` bytes starting with `head`, or undefined when it may be sent. */
export function fileProblemOf(size: number, head: Uint8Array): FileProblem | undefined {
  if (size >= MAX_UPLOAD_BYTES) return 'tooLarge';
  if (detectFileType(head) === undefined) return 'unsupported';
  return undefined;
}

/** Reads the first bytes of a chosen file and tells what is wrong with it, if anything. */
export async function checkChosenFile(file: Blob): Promise<FileProblem | undefined> {
  const head = new Uint8Array(await file.slice(0, SNIFFED_BYTES).arrayBuffer());
  return fileProblemOf(file.size, head);
}

/**
 * A file size as the spec shows it: in bytes below 1024 ("512 o"), else in kilobytes with one
 * decimal at most ("12,3 Ko"), the number written as `lang` writes numbers; `units` are the
 * page's translated patterns holding `{{size}}`.
 */
export function formatFileSize(bytes: number, lang: string, units: { bytes: string; kilobytes: string }): string {
  if (bytes < 1024) return units.bytes.replace('{{size}}', new Intl.NumberFormat(lang).format(bytes));
  const kilobytes = new Intl.NumberFormat(lang, { maximumFractionDigits: bytes < 10 * 1024 ? 1 : 0 }).format(
    bytes / 1024,
  );
  return units.kilobytes.replace('{{size}}', kilobytes);
}
