/**
 * What the rest of the server may use of server/i18n/: other features and the composition
 * root import only this module (dependency-cruiser's server-feature-through-public-module rule).
 */
export { apiMessages, commonMessages, type MessageCatalog, requestLanguage, translate } from './messages.ts';
export { staffText } from './staff-texts.ts';
