/**
 * The address combobox's decisions, kept apart from React so they are tested as plain functions:
 * when to search, what the live region says, what each key does (WAI-ARIA APG combobox with
 * list autocomplete and manual selection).
 */

/** Fewer characters match too many places to be worth a request. */
const MIN_SEARCH_LENGTH = 3;

/** Quiet time after the last keystroke before searching, so a word typed is one request. */
export const SEARCH_DELAY_MS = 250;

/** The strings the page gives the combobox in its language. */
export interface AddressInputLabels {
  /** Accessible name of the list. Example: "Adresses suggérées". */
  listbox: string;
  /** Announced when suggestions arrive; `{{count}}` is replaced. Example: "{{count}} adresses suggérées". */
  results: string;
  /** Announced when a search finds nothing. Example: "Aucune adresse suggérée". */
  noResults: string;
}

/** Whether the text typed is long enough to search for. */
export function isSearchable(text: string): boolean {
  return text.trim().length >= MIN_SEARCH_LENGTH;
}

/** What the polite live region says once a search has answered. */
export function describeResults(labels: AddressInputLabels, count: number): string {
  return count > 0 ? labels.results.replaceAll('{{count}}', String(count)) : labels.noResults;
}

/**
 * The option highlighted after an arrow key, wrapping around the ends; -1 (none) when there are
 * no options. From no highlight, ArrowDown goes to the first option and ArrowUp to the last.
 */
export function nextActiveIndex(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count <= 0) return -1;
  if (key === 'ArrowDown') return current < 0 || current >= count - 1 ? 0 : current + 1;
  return current <= 0 || current > count ? count - 1 : current - 1;
}

/** The combobox as a key press finds it. */
export interface ComboboxState {
  /** Whether the list is shown. */
  open: boolean;
  /** Highlighted option, -1 for none. */
  activeIndex: number;
  /** Suggestions held, shown or not. */
  count: number;
}

/**
 * What a key press in the input does:
 * - `highlight`: show the list with `index` highlighted (-1: shown, nothing highlighted);
 * - `pick`: choose the option at `index`;
 * - `close`: hide the list; `keepDefault` lets the key do its usual work (Tab moves on, Enter
 *   submits the form);
 * - `none`: the key is the input's own (typing, Home, End…).
 */
export type ComboboxKeyAction =
  | { kind: 'highlight'; index: number }
  | { kind: 'pick'; index: number }
  | { kind: 'close'; keepDefault: boolean }
  | { kind: 'none' };

/** The action of `key` (with Alt held or not) in the given state. */
export function comboboxKeyAction(key: string, altKey: boolean, state: ComboboxState): ComboboxKeyAction {
  const { open, activeIndex, count } = state;
  const highlighted = open && activeIndex >= 0 && activeIndex < count;
  switch (key) {
    case 'ArrowDown':
    case 'ArrowUp':
      if (count === 0) return { kind: 'none' };
      // Alt+Down shows the list without moving into it, Alt+Up hides it (APG).
      if (altKey) return key === 'ArrowDown' ? { kind: 'highlight', index: -1 } : { kind: 'close', keepDefault: false };
      return { kind: 'highlight', index: nextActiveIndex(open ? activeIndex : -1, count, key) };
    case 'Enter':
      if (highlighted) return { kind: 'pick', index: activeIndex };
      return open ? { kind: 'close', keepDefault: true } : { kind: 'none' };
    case 'Escape':
      // A closed list leaves Escape alone: clearing the field (which APG allows) would throw away
      // an address the visitor may have typed in full.
      return open ? { kind: 'close', keepDefault: false } : { kind: 'none' };
    case 'Tab':
      return open ? { kind: 'close', keepDefault: true } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}
