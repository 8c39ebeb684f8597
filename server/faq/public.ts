/**
 * What the rest of the server may use of server/faq/: other features and the composition
 * root import only this module (dependency-cruiser's server-feature-through-public-module rule).
 */
export { createFaqRouter } from './routes.ts';
export { FaqAssistant } from './service.ts';
export { questionKeyOf } from './text.ts';
