import { cspSource } from '../../lib/csp-source.ts';
import { PENDING_FLAG_KEY } from '../../../islands/offline/pending-declaration-names.ts';
import { CLAIM_DRAFT_KEY } from '../../../islands/session/claim-draft.store.ts';
import { FOLLOW_UP_KEY } from '../../../islands/session/follow-up-state.ts';
import { FOLLOW_UP_TOKEN_KEY } from '../../../islands/session/follow-up.store.ts';
import { endpoint, LOOKUP_TIMEOUT_MS } from '../../../islands/api/partner-api-request.ts';
import { FOLLOW_UP_TOKEN_PARAMETER } from '../../../islands/follow-up/early-claim.ts';
import { PAGE_CLAIM_REQUEST } from '../../../islands/follow-up/turn-frame.ts';
import turnFrameScript from '../../../islands/follow-up/turn-frame-inline.ts?inline-script';

/**
 * The inline scripts of the wizard steps' frames (the server-rendered stand-in a step shows until
 * its island draws it from the draft), and client-file's request for its claim. Each runs right after its frame, before the page's first
 * paint, and writes into the frame what only the draft in this browser holds, so the step's
 * largest text paints with the page and the island, drawing the same text, paints nothing larger.
 * They write with `textContent` only: the draft's values are written as text, never as markup.
 */

/** The draft as the island reads it (`islands/session/claim-draft.store.ts`), or null. */
const READ_DRAFT = `JSON.parse(localStorage.getItem(${JSON.stringify(CLAIM_DRAFT_KEY)})||'null')`;

/**
 * Step 4 (ContactFrame.astro): the holder's masked e-mail in the one-time code offer, or the offer
 * taken away when the island will not show it. The same rule as `IdentityOffer` in
 * `islands/declaration/parts/ContactSection.tsx`: the chosen subscription has a masked e-mail,
 * its holder's name is unknown here, and no name was typed yet.
 */
export const CONTACT_FRAME_SCRIPT =
  `(function(){var o=document.querySelector('[data-identity-offer]');if(!o)return;` +
  `try{var d=${READ_DRAFT};` +
  `var s=d&&(d.subscriptions||[]).find(function(i){return i.souscription_id===d.souscription_id});` +
  `var e=(s&&s.assure_email_masque)||'';` +
  `if(e!==''&&s.assure_nom===''&&d.lastName===''){o.querySelector('[data-destination]').textContent=e;return}` +
  `}catch(x){}o.remove()})()`;

/**
 * Step 5 (RecapFrame.astro): the recap's values, as `ClaimRecap` in
 * `islands/declaration/parts/ClaimRecap.tsx` writes them ('-' when empty, the comment's row only
 * when there is one, the country by its name). The date, written in full by the island, is left to it.
 */
export const RECAP_FRAME_SCRIPT =
  `(function(){var f=document.querySelector('[data-recap-frame]');if(!f)return;` +
  `try{var d=${READ_DRAFT};if(!d)return;` +
  `f.querySelectorAll('[data-field]').forEach(function(v){var k=v.getAttribute('data-field');` +
  `var t=k==='country'?(d.countryLabel||d.country):d[k];if(typeof t!=='string')t='';` +
  `if(k==='comment'&&t.trim()===''){v.parentNode.remove();return}v.textContent=t||'-'})` +
  `}catch(x){}})()`;

/**
 * The confirmation (ConfirmationFrame.astro): the number of the claim just declared from this
 * browser, as `DeclaredClaim` in `islands/declaration/ClaimConfirmation.tsx` shows it; the card taken
 * away when the island will show something else: a declaration still kept on this device (its
 * mirror in localStorage, `PENDING_FLAG_KEY`), or no claim known here (the island goes home).
 */
export const CONFIRMATION_FRAME_SCRIPT =
  `(function(){var c=document.querySelector('[data-confirmation-frame]');if(!c)return;` +
  `try{var f=JSON.parse(localStorage.getItem(${JSON.stringify(FOLLOW_UP_KEY)})||'null');` +
  `if(!localStorage.getItem(${JSON.stringify(PENDING_FLAG_KEY)})&&f&&typeof f.claimNumber==='string'&&` +
  `f.claimNumber!==''&&typeof f.lastName==='string'&&f.lastName!==''){` +
  `c.querySelector('[data-claim-number]').textContent=f.claimNumber;return}` +
  `}catch(x){}c.remove()})()`;

const json = JSON.stringify;

/**
 * client-file (ClientFileRequest.astro): its request for the claim, sent while the page is parsed,
 * before any module loads. The same credentials as `credentialsOfPage` in
 * islands/follow-up/early-claim.ts (the mailed link's token in the address, else the tab's, else
 * this browser's number and name) and the same address as `claimRequestUrl`; the answer is read
 * as `sendRequest` (islands/api/http.ts) reads one, and left on the page (`PAGE_CLAIM_REQUEST`) for
 * the page's module, which takes it only if it would have sent that very request. The token stays
 * in the address until that module takes it out.
 */
export const CLIENT_FILE_REQUEST_SCRIPT =
  `(function(){try{var l=document.documentElement.lang,` +
  `h=new URLSearchParams(location.search).get(${json(FOLLOW_UP_TOKEN_PARAMETER)})||sessionStorage.getItem(${json(FOLLOW_UP_TOKEN_KEY)}),p;` +
  `if(h)p=[['hash',h],['lang',l]];else{var f=JSON.parse(localStorage.getItem(${json(FOLLOW_UP_KEY)})||'null');` +
  `if(!f||typeof f.claimNumber!=='string'||!f.claimNumber||typeof f.lastName!=='string'||!f.lastName)return;` +
  `p=[['dossier_numero',f.claimNumber],['dossier_nom',f.lastName],['lang',l]]}` +
  `var u=${json(endpoint('sinistres'))}+'?'+new URLSearchParams(p);` +
  `window[Symbol.for(${json(PAGE_CLAIM_REQUEST)})]={url:u,answer:fetch(u,{headers:{Accept:'application/json'},` +
  `signal:AbortSignal.timeout(${LOOKUP_TIMEOUT_MS})}).then(function(r){return r.json().catch(function(){})` +
  `.then(function(b){return{answered:true,status:r.status,body:b,retryAfter:r.headers.get('Retry-After')}})})` +
  `.catch(function(){return{answered:false}})}}catch(x){}})()`;

/**
 * client-file (FollowUpRoute.astro, after the island's frame): draws the whose-turn block as soon as
 * the request above is answered, before any module loads (islands/follow-up/turn-frame-inline.ts,
 * bundled at build).
 */
export const TURN_FRAME_SCRIPT: string = turnFrameScript;

/** Each route's frame scripts, hashed once for all the pages built. */
const FRAME_SCRIPT_HASHES: Readonly<Record<string, readonly `sha256-${string}`[]>> = {
  'declare-step4': [cspSource(CONTACT_FRAME_SCRIPT)],
  'declare-step5': [cspSource(RECAP_FRAME_SCRIPT)],
  'confirmation-sinistre': [cspSource(CONFIRMATION_FRAME_SCRIPT)],
  'client-file': [cspSource(CLIENT_FILE_REQUEST_SCRIPT), cspSource(TURN_FRAME_SCRIPT)],
};

/**
 * The CSP hashes of a page's frame script (or client-file's request and the script that draws its
 * first block), which the page's policy lists (Astro hashes only the scripts it bundles, and a
 * page's policy is written with its head, before its components run).
 */
export function frameScriptHashes(route: string): readonly `sha256-${string}`[] {
  return Object.hasOwn(FRAME_SCRIPT_HASHES, route) ? (FRAME_SCRIPT_HASHES[route] ?? []) : [];
}
