import { useCallback, useEffect, useRef, useState } from 'react';
import type { Language } from '../../../contracts/languages.ts';
import { type AddressProvider, type AddressSuggestion, loadAddressProvider } from './address-provider.ts';
import { type AddressInputLabels, describeResults, isSearchable, SEARCH_DELAY_MS } from './logic/combobox.ts';

/** What the address combobox reads and drives of its search. */
export interface AddressSearch {
  suggestions: AddressSuggestion[];
  /** The list is open (it shows only when it also has suggestions). */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The highlighted suggestion, or -1. */
  activeIndex: number;
  setActiveIndex: (index: number) => void;
  /** What the live region says: how many places were found. */
  announcement: string;
  /** The visitor typed `text`: searched after a pause, once long enough. */
  typed: (text: string) => void;
  /** Closes the list and drops the search under way. */
  close: () => void;
  /** Forgets the suggestions (a suggestion was picked). */
  clear: () => void;
}

/**
 * The search behind the address combobox: the provider (Photon) downloaded on the first
 * keystroke and loaded once, one search at a time after SEARCH_DELAY_MS of quiet, a stale answer
 * (newer keystroke, pick, blur) dropped, and a failing provider meaning no suggestions.
 */
export function useAddressSearch(searchUrl: string, lang: Language, labels: AddressInputLabels): AddressSearch {
  const providerRef = useRef<Promise<AddressProvider> | undefined>(undefined);
  const runningSearch = useRef<AbortController | undefined>(undefined);
  const pendingSearch = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [announcement, setAnnouncement] = useState('');

  const cancelSearch = useCallback(() => {
    clearTimeout(pendingSearch.current);
    pendingSearch.current = undefined;
    runningSearch.current?.abort();
    runningSearch.current = undefined;
  }, []);

  useEffect(() => cancelSearch, [cancelSearch]);

  /** The provider, loaded once; a failed load (offline, new deployment) is retried next time. */
  function provider(): Promise<AddressProvider> {
    providerRef.current ??= loadAddressProvider(searchUrl).catch((error: unknown) => {
      providerRef.current = undefined;
      throw error;
    });
    return providerRef.current;
  }

  async function search(text: string): Promise<void> {
    runningSearch.current?.abort();
    const controller = new AbortController();
    runningSearch.current = controller;
    let found: AddressSuggestion[] = [];
    try {
      found = await (await provider()).search(text, { lang, signal: controller.signal });
    } catch {
      // The provider module could not be loaded: the field stays a plain input this time.
    }
    // A newer keystroke, a pick or leaving the field made this answer stale.
    if (controller.signal.aborted) return;
    runningSearch.current = undefined;
    setSuggestions(found);
    setActiveIndex(-1);
    setOpen(found.length > 0);
    setAnnouncement(describeResults(labels, found.length));
  }

  function typed(text: string): void {
    // Start downloading the search code as soon as the visitor types, ready by the third character.
    provider().catch(() => undefined);
    cancelSearch();
    setActiveIndex(-1);
    if (!isSearchable(text)) {
      setSuggestions([]);
      setOpen(false);
      setAnnouncement('');
      return;
    }
    pendingSearch.current = setTimeout(() => void search(text), SEARCH_DELAY_MS);
  }

  function close(): void {
    cancelSearch();
    setOpen(false);
    setActiveIndex(-1);
  }

  function clear(): void {
    setSuggestions([]);
    setAnnouncement('');
  }

  return { suggestions, open, setOpen, activeIndex, setActiveIndex, announcement, typed, close, clear };
}
