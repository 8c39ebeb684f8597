import { describe, expect, it } from 'vitest';
import { detectUploadType } from './partner-api-base.ts';

const PDF = new TextEncoder().encode('%PDF-1.4\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const ELF = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 0x03, 0, 0, 0]);

describe('detectUploadType: PDF, PNG or JPEG told by the first bytes', () => {
  it('When a file starts like a PDF, a PNG or a JPEG, then that type is found', () => {
    expect(detectUploadType(PDF)).toBe('application/pdf');
    expect(detectUploadType(PNG)).toBe('image/png');
    expect(detectUploadType(JPEG)).toBe('image/jpeg');
  });

  it('When a file starts like a program or text, or is too short, then no accepted type is found', () => {
    expect(detectUploadType(ELF)).toBeUndefined();
    expect(detectUploadType(EXE)).toBeUndefined();
    expect(detectUploadType(new TextEncoder().encode('hello'))).toBeUndefined();
    expect(detectUploadType(new Uint8Array([0x25, 0x50]))).toBeUndefined();
    expect(detectUploadType(new Uint8Array())).toBeUndefined();
  });
});
