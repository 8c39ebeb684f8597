import type { MailAudience, MailListItem } from '../../contracts/mails.ts';
import { formatDateTime } from '../lib/dates.ts';
import { type TextKey, t } from '../lib/texts.ts';

/**
 * A mail's state in words: the state's word (the tag) and its moment or reason after it, as plain
 * text. Examples: { word: "Envoyé", detail: "le 29/11/2026 09:12:03" }, { word: "Retenu", detail:
 * "jusqu’à … (modification annulable)" }, { word: "En attente d’envoi", detail: "" }.
 */
export function stateParts(mail: MailListItem, now = Date.now()): { word: string; detail: string } {
  switch (mail.status) {
    case 'sent':
      return {
        word: t('claims.handling.mails.statuses.sent'),
        detail: t('mailsPage.state.sentDetail', { date: formatDateTime(mail.sentAt) }),
      };
    case 'pending':
      if (mail.heldUntil && Date.parse(mail.heldUntil) > now)
        return {
          word: t('mailsPage.state.held'),
          detail: t('mailsPage.state.heldDetail', { date: formatDateTime(mail.heldUntil) }),
        };
      if (mail.attempts > 0)
        return {
          word: t('mailsPage.state.retry'),
          detail: t('mailsPage.state.retryDetail', { count: mail.attempts, date: formatDateTime(mail.nextAttemptAt) }),
        };
      return { word: t('claims.handling.mails.statuses.pending'), detail: '' };
    case 'failed':
      return { word: t('mailsPage.state.failed'), detail: t('mailsPage.state.failedDetail', { count: mail.attempts }) };
    case 'cancelled':
      return { word: t('mailsPage.state.cancelled'), detail: t('mailsPage.state.cancelledDetail') };
    case 'limited':
      return {
        word: t('mailsPage.state.limited'),
        detail: t(mail.limitedBy === 'day' ? 'mailsPage.state.limitedDayDetail' : 'mailsPage.state.limitedHourDetail'),
      };
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
