/**
 * What the rest of the server may use of server/db/: other features and the composition
 * root import only this module (dependency-cruiser's server-feature-through-public-module rule).
 */
export { drawClaimNumber } from './claim-numbers.ts';
export {
  type AppDatabase,
  type Database,
  DatabaseOpenError,
  type DatabaseOrTransaction,
  type DatabaseTransaction,
  openDatabase,
  queryRows,
} from './client.ts';
export { containsPattern } from './contains-pattern.ts';
export { FAQ_ENTRY_UNANSWERED } from './faq-answer.ts';
export { ENDS_TRANSACTION } from './embedded-client.ts';
export { EmbeddedDatabaseInUseError } from './embedded-lock.ts';
export { loggableDatabaseError, sqlStateOf } from './errors.ts';
export { insertOnce, type InsertOnceResult } from './idempotent-insert.ts';
export { prepared } from './prepared-statements.ts';
export {
  activities,
  claimantComments,
  claimEvents,
  claimProofs,
  claims,
  clientErrorCounts,
  complaints,
  contactMessages,
  contracts,
  countries,
  countryTranslations,
  documentTypes,
  documentTypeTranslations,
  faqEntries,
  faqQuestionCandidates,
  type Flag,
  followUpTokens,
  guarantees,
  guaranteeTranslations,
  identityCodes,
  inboxAnswers,
  inboxEvents,
  inboxMessages,
  inboxNotes,
  type InboxKindValue,
  type InboxStateValue,
  insuredNumberRequests,
  knowledgeDocuments,
  legalPages,
  legalParagraphs,
  mailOutbox,
  messageAttachments,
  type OutboxAttachment,
  reasonDocuments,
  reasons,
  reasonTranslations,
  securityEventCounts,
  staffSessions,
  staffUsers,
  subscriptionGuarantees,
  subscriptions,
  type UploadedFileMime,
  uploadedFiles,
  visitorReports,
} from './schema.ts';
