/**
 * What the rest of the server may use of server/site/: other features and the composition
 * root import only this module (dependency-cruiser's server-feature-through-public-module rule).
 */
export { createSiteRouter } from './routes.ts';
