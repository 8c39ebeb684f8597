/**
 * What the rest of the server may use of server/live/: other features and the composition
 * root import only this module (dependency-cruiser's server-feature-through-public-module rule).
 */
export { shareLiveStateThrough } from './cluster.ts';
export { type LiveActivityOptions, startLiveActivity } from './live-activity.ts';
export { createSocketGuard } from './socket-guard.ts';
export type { LiveServer } from './live-server.ts';
