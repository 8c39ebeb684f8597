import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the built site, as a
 * CDN would serve them; the server sends the one the browser accepts.
 * Hashed assets get brotli's best quality (built once, cached for a year); the thousands of pages
 * a quality that compresses them in milliseconds, within 10 % of the best, except a page that would
 * then pass the 14 KB a connection sends in its first round trip: it gets the best quality too.
 */

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Extensions worth compressing (images other than SVG already are). */
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.svg', '.webmanifest', '.xml', '.txt']);

/** Below this size a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/** Files compressed at once: zlib runs them on libuv's thread pool. */
const CONCURRENCY = 8;

async function textFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** What a connection sends in its first round trip (about 10 packets): a page within it paints sooner. */
const FIRST_ROUND_TRIP_BYTES = 14 * 1024;

function brotliAt(content: Buffer, quality: number): Promise<Buffer> {
  return brotli(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

async function compressFile(file: string): Promise<number> {
  if ((await stat(file)).size < MIN_BYTES) return 0;
  const content = await readFile(file);
  const hashedAsset = /[/\\]_astro[/\\]/.test(file);
  const [quick, gz] = await Promise.all([brotliAt(content, hashedAsset ? 11 : 5), gzipAsync(content, { level: 9 })]);
  const br = quick.length > FIRST_ROUND_TRIP_BYTES && !hashedAsset ? await brotliAt(content, 11) : quick;
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return 1;
}

/** Compresses every text file under `directory`; returns how many got compressed copies. */
export async function precompressDirectory(directory: string): Promise<number> {
  const files = await textFiles(directory);
  let next = 0;
  let compressed = 0;
  async function worker(): Promise<void> {
    while (next < files.length) {
      const file = files[next] as string;
      next += 1;
      const written = await compressFile(file);
      compressed += written;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return compressed;
}
