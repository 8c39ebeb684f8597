import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { demoPdf } from '../../brands/lib/pdf.ts';
import type { UploadedFileMime } from '../db/public.ts';

/**
 * The files of the demo claims' transmitted and validated proofs: a one-page PDF or a small PNG
 * drawn here, so the follow-up page opens real files without binary blobs in the repository.
 * Deterministic: the same name always gives the same bytes.
 */

export interface DemoFile {
  bytes: Buffer;
  mime: UploadedFileMime;
  sha256: string;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 320 × 200 RGB PNG: a pale card with a coloured header band and grey lines, like a scanned form. */
export function demoPng(): Buffer {
  const width = 320;
  const height = 200;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const header = y < 40;
      const line = !header && y % 24 === 12 && x > 24 && x < width - 24 - (y % 48 === 12 ? 80 : 0);
      const [r, g, b] = header ? [31, 78, 140] : line ? [170, 178, 189] : [247, 249, 251];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The one demo PNG, drawn once (every PNG proof shows the same card). */
let cachedPng: Buffer | undefined;

/** The demo file of a proof's file name: a PNG for `.png`, else a PDF naming the file and the claim. */
export function demoFileOf(fileName: string, claimNumber: string): DemoFile {
  const isPng = fileName.toLowerCase().endsWith('.png');
  cachedPng ??= isPng ? demoPng() : undefined;
  const bytes = isPng
    ? (cachedPng ?? demoPng())
    : demoPdf([
        'Document de demonstration',
        `Dossier ${claimNumber}`,
        fileName,
        'Fichier fictif cree par les donnees de demonstration du portail.',
      ]);
  return {
    bytes,
    mime: isPng ? 'image/png' : 'application/pdf',
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
