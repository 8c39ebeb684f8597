import { cspSource } from './csp-source.ts';

/**
 * The one inline script at the very top of a customer page's `<head>`: the language redirect of a
 * French page (language-redirect.ts), the cookie banner's probe (consent-probe.ts) and the
 * language menu's cookie (language-choice.ts), in that order. One script instead of three is one
 * CSP hash instead of three, about 70 bytes that do not compress, in the page's first round trip.
 * Each part runs in its own `try`, so one that fails does not stop the next, as separate scripts.
 */
export function headScript(parts: readonly (string | undefined)[]): { script: string; hash: `sha256-${string}` } {
  const script = parts
    .filter((part) => part !== undefined && part !== '')
    .map((part) => `try{${part}}catch(e){}`)
    .join('');
  return { script, hash: cspSource(script) };
}
