/**
 * What the rest of the server may use of server/demo/: other features and the composition
 * root import only this module (dependency-cruiser's server-feature-through-public-module rule).
 */
export { runDemoActivityCommand } from './demo-activity-command.ts';
export { seedDemoData } from './seed.ts';
