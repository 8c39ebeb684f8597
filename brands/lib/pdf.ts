/**
 * A one-page A4 PDF 1.4 showing `lines` in Helvetica, with a correct cross-reference table: the
 * demo files of the demo claims' proofs and the brands' generated demo documents. Characters
 * outside Latin-1 (WinAnsi) lose their accents (ł → l) or become '?'.
 */
export function demoPdf(lines: readonly string[]): Buffer {
  const pdfText = (text: string) =>
    [...text.replace(/[’‘]/g, "'").replace(/[–—]/g, '-').replace(/ł/g, 'l').replace(/Ł/g, 'L')]
      .map((char) =>
        /[\x20-\x7e\xa0-\xff]/.test(char) ? char : char.normalize('NFD').replace(/[^\x20-\x7e]/g, '') || '?',
      )
      .join('')
      .replace(/[\\()]/g, (char) => `\\${char}`);
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
