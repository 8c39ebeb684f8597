import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { UploadedFileMime } from '../db/schema.ts';

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

/** A one-page A4 PDF 1.4 showing `lines` (ASCII) in Helvetica, with a correct cross-reference table. */
export function demoPdf(lines: readonly string[]): Buffer {
  const pdfText = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (char) => `\\${char}`);
  const text = lines.map(
    (line, index) => `BT /F1 ${index === 0 ? 18 : 12} Tf 72 ${760 - index * 28} Td (${pdfText(line)}) Tj ET`,
  );
  const stream = text.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
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

/** The demo file of a proof's file name: a PNG for `.png`, else a PDF naming the file and the claim. */
export function demoFileOf(fileName: string, claimNumber: string): DemoFile {
  const isPng = fileName.toLowerCase().endsWith('.png');
  const bytes = isPng
    ? demoPng()
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
