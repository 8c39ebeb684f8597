/**
 * What the rest of the server may use of server/retention/: other features and the composition
 * root import only this module (dependency-cruiser's server-feature-through-public-module rule).
 */
export { startRetentionPurge } from './purge.ts';
