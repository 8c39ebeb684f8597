import { z } from 'zod/mini';
import { startsAsClaimNumber } from '../../../contracts/claim-number.ts';
import { InsuredNumberSchema, type InsuredInfo, LookupNumberSchema } from '../../../contracts/partner-api.ts';

/**
 * The open-claim page (spec 1 §4, §5): what the typed number is, and where a found number leads.
 */

export type TypedNumber =
  | { kind: 'empty' }
  /** An `SI-` claim number typed where the insured number goes (spec 1 §5). */
  | { kind: 'claim-number'; claimNumber: string }
  /** An insured number or a partner's contract number: the look-up tells which, or neither. */
  | { kind: 'number'; numero: string }
  /** Not a number of any shape (a character no number has, or too long): refused without asking. */
  | { kind: 'invalid' };

/**
 * Reads what the visitor typed: trimmed; an `SI-` number is a claim number; with the brand's
 * `insuredNumberPrefix` (fns and maeva: `SO-FNS-`) the number is upper-cased and the prefix added
 * unless already there; then it is an insured number or a contract number (spec 1 §2), which the
 * look-up tells apart: only its characters and length are checked here (LookupNumberSchema).
 */
export function readTypedNumber(typed: string, insuredNumberPrefix: string | null): TypedNumber {
  const value = typed.trim();
  if (value === '') return { kind: 'empty' };
  if (startsAsClaimNumber(value)) return { kind: 'claim-number', claimNumber: value.toUpperCase() };
  let candidate = value;
  if (insuredNumberPrefix !== null) {
    candidate = value.toUpperCase();
    if (!candidate.includes(insuredNumberPrefix)) candidate = `${insuredNumberPrefix}${candidate}`;
  }
  const parsed = z.safeParse(LookupNumberSchema, candidate);
  return parsed.success ? { kind: 'number', numero: parsed.data } : { kind: 'invalid' };
}

export type OpenClaimOutcome =
  | { next: 'declare-step0' }
  | { next: 'declare-step1' }
  /**
   * The subscription has a claim: the follow-up. The anonymous look-up never names it
   * (`claimNumber` ''), so the page offers its link by mail from the insured number instead.
   */
  | { next: 'suivre-dossier'; claimNumber: string; insuredNumber: string; souscriptionId: number }
  /** The answer lacks a contract company id: the number cannot be declared on (error 651). */
  | { next: 'error'; code: 651 };

/** Whether a subscription already has a claim: `_a_sinistre` (ours), or a claim number (an API of the spec). */
export function hasClaim(info: Pick<InsuredInfo, '_a_sinistre' | '_numero_sinistre'>): boolean {
  return info._a_sinistre === 1 || info._numero_sinistre !== '';
}

/**
 * Where a found number leads (spec 1 §4): several subscriptions → step 0; else an existing claim →
 * the follow-up; else step 1.
 */
export function outcomeOfInfos(infos: readonly InsuredInfo[]): OpenClaimOutcome {
  const [first] = infos;
  if (!first?.contrat_compagnie_id) return { next: 'error', code: 651 };
  if (first._nb_souscriptions > 1) return { next: 'declare-step0' };
  if (hasClaim(first))
    return {
      next: 'suivre-dossier',
      claimNumber: first._numero_sinistre,
      insuredNumber: first.assure_numero,
      souscriptionId: first.souscription_id,
    };
  return { next: 'declare-step1' };
}

/**
 * The open-claim form's rule: a number is typed, and it can be an insured or contract number (or a
 * claim number, which the page then points to the follow-up). Messages are codes the page words;
 * a number of no possible shape gets the look-up's own "incorrect" message (spec 1 §8).
 */
export function openClaimSchema(insuredNumberPrefix: string | null) {
  return z.object({
    numero: z.string().check(
      z.refine((value) => value.trim() !== '', { message: 'required' }),
      z.refine((value) => readTypedNumber(value, insuredNumberPrefix).kind !== 'invalid', { message: 'incorrect' }),
    ),
  });
}

/**
 * The insured number a signed link's token carries, read without checking its
 * signature: only to type it in for the visitor when the server refused the link (expired,
 * altered), who then checks it and goes on as with a typed number. Undefined when unreadable.
 */
export function numberInPartnerLink(token: string): string | undefined {
  const [payload = ''] = token.split('.');
  if (!/^[A-Za-z0-9_-]{1,700}$/.test(payload)) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
    const number = typeof json === 'object' && json !== null ? (json as Record<string, unknown>)['number'] : undefined;
    const parsed = z.safeParse(InsuredNumberSchema, number);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
