import { describe, expect, it } from 'vitest';
import { checkChosenFile, fileProblemOf, formatFileSize } from './proof-file.ts';

const PDF = new TextEncoder().encode('%PDF-1.4\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ELF = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]);
const MZ = new TextEncoder().encode('MZ\x90\x00');
const UNITS = { bytes: '{{size}} o', kilobytes: '{{size}} Ko' };

describe('fileProblemOf', () => {
  it('When a PDF is under 37,500,000 bytes, then it may be sent', () => {
    expect(fileProblemOf(37_499_999, PDF)).toBeUndefined();
  });

  it('When a file reaches 37,500,000 bytes, then it is too large', () => {
    expect(fileProblemOf(37_500_000, PDF)).toBe('tooLarge');
  });

  it('When an executable is named x.pdf, then its format is refused', () => {
    expect(fileProblemOf(2_000, ELF)).toBe('unsupported');
  });
});

describe('checkChosenFile', () => {
  it('When a chosen file is read, then only its first bytes decide its type', async () => {
    await expect(checkChosenFile(new Blob([PNG, new Uint8Array(100)]))).resolves.toBeUndefined();
    await expect(checkChosenFile(new Blob([MZ, new Uint8Array(100)]))).resolves.toBe('unsupported');
  });
});

describe('formatFileSize', () => {
  it('When a file has under 1024 bytes, then its size is in o', () => {
    expect(formatFileSize(512, 'fr', UNITS)).toBe('512 o');
    expect(formatFileSize(1023, 'en', UNITS)).toBe('1,023 o');
  });

  it('When a file has 1024 bytes or more, then its size is in Ko, written as the language writes numbers', () => {
    expect(formatFileSize(1536, 'fr', UNITS)).toBe('1,5 Ko');
    expect(formatFileSize(1536, 'en', { bytes: '{{size}} B', kilobytes: '{{size}} KB' })).toBe('1.5 KB');
    expect(formatFileSize(412_905, 'fr', UNITS)).toBe(`403 Ko`);
    expect(formatFileSize(2_048_000, 'fr', UNITS)).toBe(`2\u202f000 Ko`);
  });
});
