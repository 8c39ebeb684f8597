import type { TextKey } from '../lib/texts.ts';

/**
 * The French name of each kind of security event (the server's SECURITY_EVENT_KINDS), for the
 * dashboard's panel: the key of its text. A kind missing here is shown by its code;
 * security-event-labels.test.ts fails until every kind of the server has its name.
 */
export const SECURITY_EVENT_LABELS: Readonly<Record<string, TextKey>> = {
  sign_in_refused: 'dashboard.securityEvents.kinds.signInRefused',
  sign_in_throttled: 'dashboard.securityEvents.kinds.signInThrottled',
  upload_slots_full: 'dashboard.securityEvents.kinds.uploadSlotsFull',
  upload_budget_spent: 'dashboard.securityEvents.kinds.uploadBudgetSpent',
  slow_body: 'dashboard.securityEvents.kinds.slowBody',
  socket_connections_capped: 'dashboard.securityEvents.kinds.socketConnectionsCapped',
  socket_flood: 'dashboard.securityEvents.kinds.socketFlood',
  socket_unknown_event: 'dashboard.securityEvents.kinds.socketUnknownEvent',
  activity_dropped: 'dashboard.securityEvents.kinds.activityDropped',
  socket_origin_refused: 'dashboard.securityEvents.kinds.socketOriginRefused',
  mail_recipient_limited: 'dashboard.securityEvents.kinds.mailRecipientLimited',
  one_time_code_refused: 'dashboard.securityEvents.kinds.oneTimeCodeRefused',
  rate_limited: 'dashboard.securityEvents.kinds.rateLimited',
  question_box_bounded: 'dashboard.securityEvents.kinds.questionBoxBounded',
  claim_write_without_link: 'dashboard.securityEvents.kinds.claimWriteWithoutLink',
};
