import { CONSENT_EARLY_PRESS, CONSENT_REVISION } from '../scripts/consent-tags.ts';

/**
 * The consent's inline script, in `<head>`: it marks `<html data-consent="ask">` when the visitor
 * has no valid recorded choice, so the cookie banner (rendered in the page, shown by CSS under that
 * mark) paints with the page's first paint, and never flashes for a visitor who has answered. The
 * same rules as `recordedChoice` in `scripts/consent-tags.ts` (a `cc_cookie` holding a list of
 * categories, for this revision, not expired); `consent-probe.test.ts` runs both on the same cookies.
 *
 * The consent script that answers the banner's buttons loads after the first paint: until it runs,
 * the probe keeps the last button of the banner or of the cookie settings pressed
 * (`CONSENT_EARLY_PRESS`), which the script then answers. A visitor who answers at once is heard.
 */
export const CONSENT_PROBE_SCRIPT =
  `(function(d,k){d.addEventListener('click',function(e){` +
  `var b=e.target.closest&&e.target.closest('[data-consent-answer],[data-cc]');if(b&&d[k]!==null)d[k]=b},true);` +
  `try{var m=d.cookie.match(/(?:^|;\\s*)cc_cookie=([^;]*)/);` +
  `var v=m&&JSON.parse(decodeURIComponent(m[1]));` +
  `if(v&&Array.isArray(v.categories)&&v.revision===${CONSENT_REVISION}&&` +
  `!(typeof v.expirationTime==='number'&&v.expirationTime<=Date.now()))return}catch(e){}` +
  `d.documentElement.setAttribute('data-consent','ask')})(document,Symbol.for(${JSON.stringify(CONSENT_EARLY_PRESS)}))`;
