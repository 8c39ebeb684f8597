import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES } from '../../contracts/client-error-codes.ts';
import { reportedCodeOf } from './report-error.ts';

describe('reportedCodeOf', () => {
  it('When an island reports a code of the specification, then that code is sent; a guarantee id beside it is not', () => {
    for (const code of CLIENT_ERROR_CODES) expect(reportedCodeOf(code)).toBe(code);
    expect(reportedCodeOf(639)).toBe('639');
    expect(reportedCodeOf('6548 (12)')).toBe('6548');
  });

  it('When a code is not on the allow-list, then nothing is sent', () => {
    expect(reportedCodeOf('12345')).toBeUndefined();
    expect(reportedCodeOf('MARTIN 639')).toBeUndefined();
    expect(reportedCodeOf('')).toBeUndefined();
  });
});
