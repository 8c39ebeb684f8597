import { atom } from 'nanostores';
import type { FaqFeedback } from '../../contracts/faq-base.ts';
import type { Language } from '../../contracts/languages.ts';
import { decodeTurns, encodeTurns, type Turn } from './logic/conversation.ts';
import { tabStorage } from '../lib/tab-storage.ts';

/**
 * The FAQ conversation of this tab (spec 2 §3 `faq_questions`): every turn, kept in sessionStorage
 * at each change so a reload shows it again, per language. sessionStorage, not localStorage, like
 * the forms' typing (islands/lib/saved-fields.ts): what a visitor asked is theirs and
 * short-lived; closing the tab forgets it. The key is versioned like the other stores' keys.
 */
const CONVERSATION_KEY_PREFIX = 'portal.v1.faqConversation.';

export const $faqTurns = atom<Turn[]>([]);

/** The key the turns are written under, once restoreFaqConversation has read them (never during the server render). */
let conversationKey: string | undefined;

$faqTurns.listen((turns) => {
  if (conversationKey === undefined) return;
  try {
    tabStorage()?.setItem(conversationKey, encodeTurns(turns));
  } catch {
    // Storage full or refused: the conversation still shows, only a reload would lose it.
  }
});

/** The storage key of this tab's conversation in `lang`. */
export function faqConversationKey(lang: Language): string {
  return `${CONVERSATION_KEY_PREFIX}${lang}`;
}

/**
 * Reads this tab's conversation in `lang` (call once the island is hydrated: the server's render
 * has no storage) and keeps it from then on. Answers come back without their HTML: the caller
 * sanitises them again (setTurnHtml).
 */
export function restoreFaqConversation(lang: Language): Turn[] {
  const key = faqConversationKey(lang);
  let turns: Turn[] = [];
  try {
    turns = decodeTurns(tabStorage()?.getItem(key));
  } catch {
    turns = [];
  }
  conversationKey = undefined;
  $faqTurns.set(turns);
  conversationKey = key;
  return turns;
}

/** The id of the next turn: after every turn kept. */
export function nextTurnId(): number {
  return $faqTurns.get().reduce((highest, turn) => Math.max(highest, turn.id), 0) + 1;
}

export function addTurn(turn: Turn): void {
  $faqTurns.set([...$faqTurns.get(), turn]);
}

export function updateTurn(id: number, change: Partial<Turn>): void {
  $faqTurns.set($faqTurns.get().map((turn) => (turn.id === id ? { ...turn, ...change } : turn)));
}

/** The visitor rated a turn's answer (spec 2 §4: yes 2, no 1). */
export function rateTurn(id: number, feedback: FaqFeedback): void {
  updateTurn(id, { feedback });
}

/** Gives the restored answers their HTML again, sanitised by `purify`. */
export function setTurnHtml(purify: (html: string) => string): void {
  $faqTurns.set(
    $faqTurns
      .get()
      .map((turn) =>
        turn.answer?.kind === 'answer' && turn.html === undefined ? { ...turn, html: purify(turn.answer.text) } : turn,
      ),
  );
}
