import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the built site, as a
 * CDN would serve them; the server sends the one the browser accepts.
 * Hashed assets get the best brotli quality and gzip level (built once, cached for a year; a bundle
 * past LARGE_ASSET_BYTES the next best quality); the thousands of pages a quality and level that
 * compress them in milliseconds, within 10 % and 0.2 % of the best, except a page that would then
 * not fit, with its headers, in what a connection sends in its first round trip (about 14.6 KB):
 * it is compressed again, at 10, and at 11 if still past.
 */

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Extensions worth compressing (images other than SVG already are). */
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.svg', '.webmanifest', '.xml', '.txt']);

/**
 * Below this size a compressed copy saves less than its `Content-Encoding` header costs. Above it,
 * even a small script saves a quarter of its bytes (a 460-byte one, 130).
 */
const MIN_BYTES = 256;

/**
 * Past this size a hashed asset is compressed at brotli 10, not 11: within 1.5 % of its size, in
 * less than half the time. Today only the back office's editor and table bundles (740 and 450 KB,
 * loaded by staff and cached) are that large: 0.6 instead of 1.4 s of the build's CPU. The
 * largest bundle of the customer pages, React's, takes 220 KB.
 */
const LARGE_ASSET_BYTES = 256 * 1024;

/** Files compressed at once: zlib runs them on libuv's thread pool. */
const CONCURRENCY = 8;

/**
 * The text files under `directory`, largest first: a large bundle's slow best compression then
 * runs beside the thousands of pages rather than alone at the end, with a core left idle.
 */
async function textFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name));
  const sizes = new Map(await Promise.all(files.map(async (file) => [file, (await stat(file)).size] as const)));
  return files.toSorted((a, b) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0));
}

/**
 * The page body that fits in the first round trip with its headers: ten segments of 1,460 bytes
 * (the initial window of RFC 6928), less up to 800 bytes of headers (the server sends about 650).
 */
const PAGE_BODY_BYTES = 10 * 1460 - 800;

function brotliAt(content: Buffer, quality: number): Promise<Buffer> {
  return brotli(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

/**
 * A page that does not fit in the first round trip with its headers at quality 6, compressed again
 * at 8 (a tenth of the time of 10 for a 50 KB page, 0.5 % smaller than at 6), then at 10 if still
 * past (6 % smaller), and at 11 if still past. The French FAQ pages take 13,802–13,856 bytes at 6
 * (and one Polish client-file): a few fit at 8, the others at 10. It keeps a page that grows
 * within its first round trip, at a cost the build's time shows.
 */
async function withinFirstRoundTrip(content: Buffer): Promise<Buffer> {
  const quick = await brotliAt(content, 8);
  if (quick.length <= PAGE_BODY_BYTES) return quick;
  const better = await brotliAt(content, 10);
  if (better.length <= PAGE_BODY_BYTES) return better;
  const best = await brotliAt(content, 11);
  return best.length < better.length ? best : better;
}

/**
 * Writes the compressed copies of `file`; an HTML page goes through `transformPage` first (the
 * build's page steps: module preloads, the first screen's CSS), rewritten only if it changed, so
 * each page is read and written once.
 */
async function compressFile(file: string, transformPage: PageStep | undefined): Promise<number> {
  const original = await readFile(file);
  let content = original;
  if (transformPage !== undefined && file.endsWith('.html')) {
    const html = original.toString('utf8');
    const updated = transformPage(html);
    if (updated !== html) {
      content = Buffer.from(updated);
      await writeFile(file, content);
    }
  }
  if (content.length < MIN_BYTES) return 0;
  const hashedAsset = /[/\\]_astro[/\\]/.test(file);
  const [quick, gz] = await Promise.all([
    brotliAt(content, hashedAsset ? (content.length > LARGE_ASSET_BYTES ? 10 : 11) : 6),
    gzipAsync(content, { level: hashedAsset ? 9 : 6 }),
  ]);
  const br = quick.length > PAGE_BODY_BYTES && !hashedAsset ? await withinFirstRoundTrip(content) : quick;
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return 1;
}

/** A step every built HTML page goes through before it is compressed: the page as it will be served. */
export type PageStep = (html: string) => string;

/**
 * Compresses every text file under `directory`, each HTML page after `transformPage` if given;
 * returns how many files got compressed copies.
 */
export async function precompressDirectory(directory: string, transformPage?: PageStep): Promise<number> {
  const files = await textFiles(directory);
  let next = 0;
  let compressed = 0;
  async function worker(): Promise<void> {
    while (next < files.length) {
      const file = files[next] as string;
      next += 1;
      const written = await compressFile(file, transformPage);
      compressed += written;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return compressed;
}
