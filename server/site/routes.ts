import { stat } from 'node:fs/promises';
import { extname, join, normalize, relative, sep } from 'node:path';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import type { BrandCatalog } from '../../brands/lib/parse.ts';
import { DEFAULT_LANGUAGE } from '../../contracts/languages.ts';
import { PAGE_CSP } from '../security-headers.ts';
import { CDN_CONFIG_FILES, notFoundPages, resolveSiteRequest } from './service.ts';

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function firstExisting(root: string, files: readonly string[]): Promise<string | undefined> {
  for (const file of files) {
    if (await isFile(join(root, file))) return file;
  }
  return undefined;
}

/** Extensions the build writes `.br` and `.gz` copies of (scripts/precompress.ts). */
const PRECOMPRESSED = new Set(['.html', '.css', '.js', '.mjs', '.json', '.svg', '.webmanifest', '.xml', '.txt']);

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * The copy of `file` to send: its brotli or gzip twin when the browser accepts that encoding and
 * the build wrote it (as a CDN would do), else the file itself. Sets the headers that go with it.
 */
async function negotiatedCopy(request: Request, response: Response, root: string, file: string): Promise<string> {
  if (!PRECOMPRESSED.has(extname(file))) return file;
  // Whatever is sent, a cache must keep one answer per accepted encoding.
  response.vary('Accept-Encoding');
  // Our preference, brotli, wins over the header's order (Chrome lists `gzip, deflate, br, zstd`).
  const encoding = ENCODINGS.find((candidate) => request.acceptsEncodings(candidate.name) === candidate.name);
  if (!encoding || !(await isFile(join(root, `${file}${encoding.suffix}`)))) return file;
  response.type(extname(file));
  response.setHeader('Content-Encoding', encoding.name);
  return `${file}${encoding.suffix}`;
}

/**
 * Whether a file could not be sent because the visitor closed the connection first (left the
 * page, went back): nothing is left to answer, and it is not a fault of the server. The request's
 * log line already says it was aborted.
 */
function visitorLeft(error: Error): boolean {
  return (error as NodeJS.ErrnoException).code === 'ECONNABORTED';
}

/** Sends a built HTML page; HTML is revalidated on every visit so a new build shows at once. */
async function sendPage(request: Request, response: Response, root: string, file: string, status: 200 | 404) {
  const copy = await negotiatedCopy(request, response, root, file);
  return new Promise<void>((resolve, reject) => {
    response.status(status);
    response.setHeader('Content-Security-Policy', PAGE_CSP);
    response.setHeader('Cache-Control', 'no-cache');
    // A page found is the same built file for everyone: its request id, kept in the log line, would
    // only add 52 bytes toward the first round trip. A 404 keeps it, for whoever reports it.
    if (status === 200) response.removeHeader('X-Request-Id');
    // No ranges: a range request would turn the 404 page into a 206. The ETag alone revalidates
    // it: no Last-Modified, whose bytes would count toward the first round trip.
    response.sendFile(copy, { root, cacheControl: false, acceptRanges: false, lastModified: false }, (error) => {
      // A page removed by a rebuild while being sent is a server fault, not a client's 404.
      if (error && !visitorLeft(error) && !response.headersSent)
        reject(new Error(`Could not send ${file}`, { cause: error }));
      else resolve();
    });
  });
}

/**
 * The build file an asset URL names, relative to the build folder, or undefined for a path that
 * is malformed or climbs out of it (express.static refuses those itself).
 */
function assetFile(path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = normalize(decoded).replace(/^[/\\]+/, '');
  return file === '' || file.split(/[/\\]/).includes('..') ? undefined : file;
}

/** Cache and worker headers of the build's other files, by where Astro put them. */
function setAssetHeaders(staticDir: string) {
  return (response: Response, path: string): void => {
    const file = relative(staticDir, path);
    if (file.startsWith(`_astro${sep}`)) {
      // Astro puts a content hash in these names: a new build means new names.
      response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    } else if (file === 'sw.js') {
      response.setHeader('Cache-Control', 'no-cache');
      response.setHeader('Service-Worker-Allowed', '/');
      // A worker's own CSP would apply to its fetches: leave it unrestricted by this header.
      response.removeHeader('Content-Security-Policy');
    }
  };
}

/**
 * The built static site (`staticDir`, Astro's `dist/`): former company prefixes, `?lang=` and trailing-slash
 * redirects, customer and back-office pages, assets, and the 404 page of the company and language
 * the path names. Answers every GET and HEAD, so it is mounted after the API routes.
 */
export function createSiteRouter({ staticDir, brands }: { staticDir: string; brands: BrandCatalog }): Router {
  const router = Router();
  const isKnownCompany = (slug: string) => brands.bySlug.has(slug);
  const serveAsset = express.static(staticDir, {
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    setHeaders: setAssetHeaders(staticDir),
  });

  router.use(async (request: Request, response: Response, next: NextFunction) => {
    // Other methods leave the site to the API routes' JSON 404.
    if (request.method !== 'GET' && request.method !== 'HEAD') return next('router');
    const answer = resolveSiteRequest(request.originalUrl, isKnownCompany, brands.formerSlugs, {
      cookie: request.get('cookie'),
      acceptLanguage: request.get('accept-language'),
    });
    if (answer.kind === 'redirect') return response.redirect(answer.status, answer.location);
    if (answer.kind !== 'page') return next();
    const { negotiated } = answer;
    if (negotiated) {
      // The page at this URL depends on both headers: a cache keeps one answer per value. The
      // page's canonical and hreflang links (in a listed page's HTML) name the language's own URL.
      const file = (await isFile(join(staticDir, answer.file))) ? answer.file : negotiated.frenchFile;
      if (!(await isFile(join(staticDir, file)))) return next();
      response.vary('Accept-Language');
      response.vary('Cookie');
      response.setHeader('Content-Language', file === answer.file ? negotiated.lang : DEFAULT_LANGUAGE);
      return sendPage(request, response, staticDir, file, 200);
    }
    if (await isFile(join(staticDir, answer.file))) return sendPage(request, response, staticDir, answer.file, 200);
    next();
  });

  // Pages are served at their canonical URL only, never as `…/index.html` or `404.html`.
  router.use(async (request: Request, response: Response, next: NextFunction) => {
    if (request.path.endsWith('.html')) return next();
    const file = assetFile(request.path);
    if (file !== undefined && CDN_CONFIG_FILES.includes(file)) return next();
    if (file !== undefined && (await isFile(join(staticDir, file)))) {
      const copy = await negotiatedCopy(request, response, staticDir, file);
      if (copy !== file) {
        setAssetHeaders(staticDir)(response, join(staticDir, file));
        return response.sendFile(copy, { root: staticDir, dotfiles: 'ignore' }, (error) => {
          if (error && !visitorLeft(error) && !response.headersSent) next(error);
        });
      }
    }
    return serveAsset(request, response, next);
  });

  router.use(async (request: Request, response: Response) => {
    const file = await firstExisting(staticDir, notFoundPages(request.path, isKnownCompany));
    if (file !== undefined) return sendPage(request, response, staticDir, file, 404);
    response.status(404).type('text/plain').send('Not found');
  });

  return router;
}
