import { describe, expect, it } from 'vitest';
import { MAX_COMPLAINT_FILES, MAX_UPLOAD_BYTES } from '../../contracts/partner-api.ts';
import { attachmentProblem, fileSize } from './attachments.ts';

function fileOf(bytes: number[], size = bytes.length) {
  return {
    size,
    slice: (start: number, end: number) => ({
      arrayBuffer: async () => new Uint8Array(bytes.slice(start, end)).buffer,
    }),
  };
}

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37];
const EXE = [0x4d, 0x5a, 0x90, 0, 0x03, 0, 0, 0];

describe('attachmentProblem', () => {
  it('When a PDF under the limit is added to a short list, then it is accepted', async () => {
    await expect(attachmentProblem(fileOf(PDF, MAX_UPLOAD_BYTES - 1), 0)).resolves.toBeUndefined();
  });

  it('When a renamed program is added, then its format is refused', async () => {
    await expect(attachmentProblem(fileOf(EXE), 0)).resolves.toBe('format');
  });

  it('When a file weighs 37,500,000 bytes or more, then its size is refused before its content is read', async () => {
    await expect(attachmentProblem(fileOf(PDF, MAX_UPLOAD_BYTES), 0)).resolves.toBe('size');
    await expect(attachmentProblem(fileOf(EXE, 40_000_000), 0)).resolves.toBe('size');
  });

  it('When the list is full, then one more file is refused', async () => {
    await expect(attachmentProblem(fileOf(PDF), MAX_COMPLAINT_FILES)).resolves.toBe('count');
  });
});

describe('fileSize', () => {
  it('When a file is under 1024 bytes, then its size is in bytes; from 1024 on, in kilobytes, one decimal below 10', () => {
    expect(fileSize(0, 'fr')).toEqual({ unit: 'bytes', size: '0' });
    expect(fileSize(1023, 'en')).toEqual({ unit: 'bytes', size: '1,023' });
    expect(fileSize(1024, 'fr')).toEqual({ unit: 'kilobytes', size: '1' });
    expect(fileSize(1536, 'fr')).toEqual({ unit: 'kilobytes', size: '1,5' });
    expect(fileSize(1536, 'en')).toEqual({ unit: 'kilobytes', size: '1.5' });
    expect(fileSize(40_000_000, 'fr')).toEqual({ unit: 'kilobytes', size: '39\u202f063' });
  });
});
