import type { ClaimChange } from '../contracts/socket-events.ts';

/**
 * Tells the pages following a claim (the claimant's follow-up page, another tab, the phone beside
 * the computer) that it changed, with the kind of change only: they read the claim again. The
 * claim's database id, never its number. The live feature builds it; the use cases that change a
 * claim receive it from the composition root (app.ts), so no feature depends on the live feature.
 */
export type ClaimChangeSignal = (claimId: number, change: ClaimChange) => void;
