import type { Express, Request } from 'express';

/**
 * The back office's two cookies and their flags, which follow the scheme of PUBLIC_SITE_URL (the
 * address staff type), not the scheme a request reached this process with: behind a TLS proxy
 * the process sees plain HTTP, yet the browser is on HTTPS and must never send the cookies
 * over anything else.
 *
 * Over HTTPS both names take the `__Host-` prefix: the browser then keeps them only when Secure,
 * Path=/ and without Domain, so that no sibling host (`*.example.com`) can plant a session or a
 * device cookie of its own. Over HTTP (the embedded default on localhost) the plain names.
 */

export interface StaffCookies {
  /** Name of the session cookie. Example: "__Host-bo_session". */
  session: string;
  /** Name of the device cookie (a browser where this login signed in before). Example: "__Host-bo_device". */
  device: string;
  /** Whether the cookies are sent with `Secure`. */
  secure: boolean;
}

/** The cookies of a site served over plain HTTP. */
export const PLAIN_STAFF_COOKIES: StaffCookies = { session: 'bo_session', device: 'bo_device', secure: false };
/** The cookies of a site served over HTTPS. */
export const SECURE_STAFF_COOKIES: StaffCookies = {
  session: '__Host-bo_session',
  device: '__Host-bo_device',
  secure: true,
};

/** The cookies for the site at `publicSiteUrl` (PUBLIC_SITE_URL; unset: http://localhost). */
export function staffCookiesFor(publicSiteUrl: string | undefined): StaffCookies {
  return publicSiteUrl?.toLowerCase().startsWith('https://') ? SECURE_STAFF_COOKIES : PLAIN_STAFF_COOKIES;
}

const APP_LOCAL = 'staffCookies';

/** Tells every router of `app` which cookies staff have (createApp, from the configuration). */
export function setStaffCookies(app: Express, cookies: StaffCookies): void {
  app.locals[APP_LOCAL] = cookies;
}

/** The cookies of the app serving `request`; the plain ones when the app set none (a router tested alone). */
export function staffCookiesOf(request: Request): StaffCookies {
  return (request.app?.locals?.[APP_LOCAL] as StaffCookies | undefined) ?? PLAIN_STAFF_COOKIES;
}

/**
 * The value of cookie `name` in a `Cookie` header, or undefined. A value that does not decode (a
 * stray `%`, as in `bo_session=%E0%A4%A`) is no value: whoever sent it is treated as without it,
 * never answered a 500 (or, on the staff socket, an exception).
 */
export function cookieValueOf(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}
