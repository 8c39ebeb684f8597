/**
 * What the rest of the server may use of server/security/: other features and the composition
 * root import only this module (dependency-cruiser's server-feature-through-public-module rule).
 */
export { createKeyedHasher, type KeyedHasher, loadSharedSecret } from './keyed-hash.ts';
export {
  accountClientAddressOf,
  addressGroupOf,
  clientAddressOf,
  hitRateLimit,
  limitByAddress,
  rateLimitHitInStatement,
  type RateLimitRule,
  type RateLimitState,
  refundRateLimit,
  sweepRateLimits,
  sweepRateLimitsSometimes,
  tooManyRequests,
} from './rate-limit.ts';
export { refuseCrossSiteWrites } from './same-origin.ts';
export {
  createSecurityEvents,
  logOnlySecurityEvents,
  readSecurityEventCounts,
  type SecurityEvents,
} from './security-events.ts';
