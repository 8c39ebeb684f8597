import type { NextFunction, Request, Response } from 'express';
import { HttpError } from '../errors.ts';
import { commonMessages, requestLanguage, translate } from '../i18n/public.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests sent by another site (cross-site request forgery): the browser's
 * `Sec-Fetch-Site` must say same-origin (or none: typed by the user), and an `Origin` header, when
 * present, must be this server's origin or one of `allowedOrigins` (the public site when the API
 * lives on another host). Clients without either header (curl, server-to-server) are let through:
 * they carry no visitor's cookies or ambient authority.
 */
export function refuseCrossSiteWrites(allowedOrigins: readonly string[] = []) {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return (request: Request, _response: Response, next: NextFunction): void => {
    if (!STATE_CHANGING.has(request.method)) {
      next();
      return;
    }
    const fetchSite = request.get('sec-fetch-site');
    const origin = request.get('origin');
    const ownOrigin = `${request.protocol}://${request.get('host') ?? ''}`;
    const originAllowed = origin === undefined || origin === ownOrigin || allowed.has(origin);
    const siteAllowed =
      fetchSite === undefined ||
      fetchSite === 'same-origin' ||
      fetchSite === 'none' ||
      (origin !== undefined && allowed.has(origin));
    next(
      originAllowed && siteAllowed
        ? undefined
        : new HttpError(
            403,
            translate(commonMessages, 'cross_site', requestLanguage(request)),
            undefined,
            'cross_site',
          ),
    );
  };
}
