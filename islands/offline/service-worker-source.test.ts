import { describe, expect, it } from 'vitest';
import { serviceWorkerSource } from './service-worker-source.ts';

describe('the service worker’s source', () => {
  it('When it is served, then it is JavaScript a browser can parse, with its build in the cache name', () => {
    const source = serviceWorkerSource('abc123');
    // Parsed, not run: `new Function` throws a SyntaxError on a source the browser would refuse.
    expect(() => new Function(source)).not.toThrow();
    expect(source).toContain("const CACHE = 'portal-abc123';");
  });
});
