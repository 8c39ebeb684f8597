import { describe, expect, it } from 'vitest';
import { serverSources } from '../test-sources.ts';

/**
 * The server reads a request one way: through the request parser (`parse-request.ts`), which
 * checks it against the route's schema and words the refusal from the locale catalogues. These
 * checks fail when a module reads the request's parts or validates them itself.
 */

/**
 * The modules that may read a request's parts: the parser itself; the language of an answer (the
 * `lang` field, read before any schema); the multipart reader, which fills the body as it reads.
 */
const READERS_OF_REQUEST_PARTS = new Set(['http/parse-request.ts', 'i18n/messages.ts', 'files/upload.ts']);

/**
 * A read of a request's body, query or path parameters; an assignment of the body is not a read,
 * nor is a quoted path (the logger's redaction of `req.body`).
 */
const READ_OF_REQUEST_PART = /(?<!['"])\b(?:request|req)\.(?:body|query|params)\b(?!\s*=[^=])/g;

/** A zod parse of something taken from the request, outside the parser. */
const PARSE_OF_REQUEST = /\.(?:safeParse|parse)\(\s*(?:request|req)\b|safeParse\([^,()]+,\s*(?:request|req)\b/g;

describe('Reading a request', () => {
  const sources = serverSources();

  it('When the sources are listed, then the route modules are among them', () => {
    expect(sources.filter(({ path }) => /routes\.ts$/.test(path)).length).toBeGreaterThan(10);
  });

  it('When a server module reads request.body, request.query or request.params, then it is the request parser', () => {
    const readers = sources
      .filter(({ path }) => !READERS_OF_REQUEST_PARTS.has(path))
      .flatMap(({ path, code }) => [...code.matchAll(READ_OF_REQUEST_PART)].map((match) => `${path}: ${match[0]}`));
    expect(readers).toEqual([]);
  });

  it('When a server module validates what a request carries, then it goes through the request parser', () => {
    const parsers = sources
      .filter(({ path }) => path !== 'http/parse-request.ts')
      .flatMap(({ path, code }) => [...code.matchAll(PARSE_OF_REQUEST)].map((match) => `${path}: ${match[0]}`));
    expect(parsers).toEqual([]);
  });

  it('When the checks read a forbidden line, then they find it', () => {
    const lines = [
      'const x = request.body;',
      'const q = req.query.page;',
      'Number(request.params["id"])',
      'Schema.safeParse(request.query)',
      'z.safeParse(Schema, request.body ?? {})',
    ];
    expect(lines.filter((line) => line.match(READ_OF_REQUEST_PART) ?? line.match(PARSE_OF_REQUEST))).toEqual(lines);
    expect('request.body = fields;'.match(READ_OF_REQUEST_PART)).toBeNull();
  });
});
