import { createHash } from 'node:crypto';
import { CLAIM_DRAFT_KEY } from '../../../islands/session/claim-draft.store.ts';

/**
 * Step 4's frame script (ContactFrame.astro), inline right after the frame so it runs before the
 * page's first paint: it writes the holder's masked e-mail from the draft in this browser into the
 * frame's one-time code offer, or takes the offer away when the island will not show it. The same
 * rule as `IdentityOffer` in `islands/declaration/parts/ContactSection.tsx`: the chosen
 * subscription has a masked e-mail, its holder's name is unknown here, and no name was typed yet.
 * `textContent` only: the e-mail is written as text, never as markup.
 */
export const CONTACT_FRAME_SCRIPT =
  `(function(){var o=document.querySelector('[data-identity-offer]');if(!o)return;` +
  `try{var d=JSON.parse(localStorage.getItem(${JSON.stringify(CLAIM_DRAFT_KEY)})||'null');` +
  `var s=d&&(d.subscriptions||[]).find(function(i){return i.souscription_id===d.souscription_id});` +
  `var e=(s&&s.assure_email_masque)||'';` +
  `if(e!==''&&s.assure_nom===''&&d.lastName===''){o.querySelector('[data-destination]').textContent=e;return}` +
  `}catch(x){}o.remove()})()`;

/** Its CSP hash, which the page's policy lists (Astro hashes only the scripts it bundles). */
export const CONTACT_FRAME_HASH =
  `sha256-${createHash('sha256').update(CONTACT_FRAME_SCRIPT).digest('base64')}` as const;
