import { COUNTRIES } from '../../content/countries.ts';
import type { InboxEvent, InboxKind, InboxState } from '../../contracts/inbox.ts';
import type { TextKey } from '../lib/texts.ts';
import { t } from '../lib/texts.ts';

/** How staff call each kind of message. */
const KIND_LABELS: Record<InboxKind, TextKey> = {
  reclamation: 'dashboard.pageVisits.pages.complaint',
  contact: 'claims.handling.facts.contact',
};

const STATE_LABELS: Record<InboxState, TextKey> = {
  nouveau: 'inbox.states.nouveau',
  en_cours: 'inbox.states.en_cours',
  repondu: 'inbox.states.repondu',
  clos: 'inbox.states.clos',
};

/** A complaint's reason as the complaint form offers it (an unknown one shows its code). */
const REASON_LABELS: Partial<Record<string, TextKey>> = {
  absence_reponse: 'inbox.reasons.absence_reponse',
  delai: 'inbox.reasons.delai',
  qualite_relation: 'inbox.reasons.qualite_relation',
  performance_contrat: 'inbox.reasons.performance_contrat',
  contestation_reponse: 'inbox.reasons.contestation_reponse',
  autre: 'inbox.reasons.autre',
};

const ACTION_LABELS: Record<InboxEvent['action'], TextKey> = {
  created: 'inbox.detail.history.actions.created',
  acknowledged: 'inbox.detail.history.actions.acknowledged',
  assigned: 'inbox.detail.history.actions.assigned',
  note: 'inbox.detail.history.actions.note',
  state_changed: 'claims.handling.mails.kinds.stateChanged',
  answered: 'inbox.detail.history.actions.answered',
  mail_sent: 'inbox.detail.history.actions.mail_sent',
};

export function kindLabel(kind: InboxKind): string {
  return t(KIND_LABELS[kind]);
}

export function stateLabel(state: InboxState): string {
  return t(STATE_LABELS[state]);
}

export function reasonLabel(reason: string): string {
  const key = REASON_LABELS[reason];
  return key ? t(key) : reason;
}

export function actionLabel(action: InboxEvent['action']): string {
  return t(ACTION_LABELS[action]);
}

/** A language code in French words: "en" → "anglais". */
const LANGUAGE_NAMES = new Intl.DisplayNames('fr', { type: 'language' });

export function languageName(lang: string): string {
  return LANGUAGE_NAMES.of(lang) ?? lang;
}

/** A country as the complaint form stores it (its ISO 3166-1 numeric code) in French: "826" → "Royaume-Uni". */
export function countryName(pays: string): string {
  return COUNTRIES.find((country) => String(country.id) === pays)?.nom.fr ?? pays;
}
