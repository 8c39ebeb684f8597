import type { ClaimChange } from '../contracts/socket-events.ts';

/**
 * Tells the pages following a claim that it changed (the claim's database id, never its number).
 * The live feature builds it (claimChangeNotifier); the partner and staff APIs receive it from the
 * composition root, so neither depends on the live feature.
 */
export type ClaimChangeNotifier = (claimId: number, change: ClaimChange) => void;
