import type { MailAudience, MailListItem } from '../../contracts/mails.ts';
import { formatDateTime } from '../lib/dates.ts';
import { type TextKey, t } from '../lib/texts.ts';

/** A mail's state in words, with its moment: "Envoyé le 29/11/2026 09:12:03", "Retenu jusqu'à …". */
export function stateLabel(mail: MailListItem, now = Date.now()): string {
  switch (mail.status) {
    case 'sent':
      return t('mailsPage.state.sent', { date: formatDateTime(mail.sentAt) });
    case 'pending':
      if (mail.heldUntil && Date.parse(mail.heldUntil) > now)
        return t('mailsPage.state.held', { date: formatDateTime(mail.heldUntil) });
      if (mail.attempts > 0)
        return t('mailsPage.state.retry', { count: mail.attempts, date: formatDateTime(mail.nextAttemptAt) });
      return t('claims.handling.mails.statuses.pending');
    case 'failed':
      return t('mailsPage.state.failed', { count: mail.attempts });
    case 'cancelled':
      return t('mailsPage.state.cancelled');
    case 'limited':
      return t(mail.limitedBy === 'day' ? 'mailsPage.state.limitedDay' : 'mailsPage.state.limitedHour');
  }
}

const AUDIENCE_KEYS: Record<MailAudience, TextKey> = {
  claimant: 'mailsPage.audience.claimant',
  establishment: 'claims.handling.facts.establishment',
  staff: 'mailsPage.audience.staff',
};

export function audienceLabel(audience: MailAudience): string {
  return t(AUDIENCE_KEYS[audience]);
}

const LANGUAGE_NAMES = new Intl.DisplayNames(['fr'], { type: 'language' });

/** A language code's French name: "en" → "anglais"; the code itself when unknown. */
export function languageName(code: string): string {
  try {
    return LANGUAGE_NAMES.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The claim page of a claim number. */
export function claimHref(numero: string): string {
  return `/bo_sinistres?numero=${encodeURIComponent(numero)}`;
}
