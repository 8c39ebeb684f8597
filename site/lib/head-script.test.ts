import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { headScript } from './head-script.ts';

describe("The head's one inline script", () => {
  it('When a part fails, then the parts after it still run, in their order', () => {
    const { script } = headScript(['ran.push(1)', undefined, 'missing.call()', 'ran.push(3)']);
    const ran: number[] = [];
    runInNewContext(script, { ran });
    expect(ran).toEqual([1, 3]);
  });

  it('When the page lists it, then its CSP hash is that of its text', () => {
    const { script, hash } = headScript(['a()', 'b()']);
    expect(hash).toBe(`sha256-${createHash('sha256').update(script).digest('base64')}`);
  });
});
