import {
  type ChangeEvent,
  type ComponentPropsWithRef,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useRef,
} from 'react';
import type { Language } from '../../../contracts/languages.ts';
import type { AddressSuggestion } from './address-provider.ts';
import { type AddressInputLabels, comboboxKeyAction } from './logic/combobox.ts';
import { useAddressSearch } from './use-address-search.ts';

/** Attributes the combobox owns; a caller setting them would break its accessibility. */
type ComboboxAttribute =
  | 'type'
  | 'role'
  | 'list'
  | 'aria-autocomplete'
  | 'aria-expanded'
  | 'aria-controls'
  | 'aria-activedescendant'
  | 'aria-haspopup';

/**
 * The input's own attributes (react-hook-form's `register` result: name, onChange, onBlur, ref;
 * id, aria-invalid, aria-describedby, autoComplete, required, className…) plus the search's.
 */
export type AddressInputProps = Omit<ComponentPropsWithRef<'input'>, ComboboxAttribute> & {
  /** Base URL of the Photon instance (PUBLIC_ADDRESS_SEARCH_URL); unset or '' renders a plain input. */
  searchUrl?: string | undefined;
  /** Page language, for place and country names. */
  lang: Language;
  /**
   * Called when the visitor chooses a suggestion, after the input already shows
   * `suggestion.street` ('' for a town, so the street is typed next) and its `onChange` has run,
   * so react-hook-form holds the new address: the caller fills the postal code, the city and the
   * country from it.
   */
  onPick: (suggestion: AddressSuggestion) => void;
  /** Strings in the page language. */
  labels: AddressInputLabels;
};

/**
 * The address field of the declaration: a plain text input, or with `searchUrl` a WAI-ARIA 1.2
 * combobox suggesting places (APG list autocomplete, manual selection). The search code is
 * downloaded on the first keystroke, never on render; a failing search only means no suggestions.
 */
export function AddressInput({ searchUrl, lang, onPick, labels, ...inputProps }: AddressInputProps) {
  const url = searchUrl?.trim() ?? '';
  if (url === '') return <input {...inputProps} type="text" />;
  return <AddressCombobox {...inputProps} searchUrl={url} lang={lang} onPick={onPick} labels={labels} />;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * Sets the input's text as if typed: React keeps its own copy of the value on the element, so
 * writing through the prototype's setter and then dispatching `input` makes React run `onChange`
 * with a real event, which is what react-hook-form's `register` listens to.
 */
function typeIntoInput(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The combobox: the input keeps the focus and points at the highlighted suggestion (aria-activedescendant). */
function AddressCombobox({
  searchUrl,
  lang,
  onPick,
  labels,
  ref,
  onChange,
  onKeyDown,
  onBlur,
  ...inputProps
}: AddressInputProps & { searchUrl: string }) {
  const listboxId = `${useId()}-listbox`;
  const optionId = (index: number) => `${listboxId}-${index}`;
  const inputRef = useRef<HTMLInputElement | null>(null);
  const listRef = useRef<HTMLDivElement | null>(null);
  // True while a picked suggestion is written into the input, so that change is not searched.
  const picking = useRef(false);
  const search = useAddressSearch(searchUrl, lang, labels);
  const { suggestions, activeIndex } = search;
  const expanded = search.open && suggestions.length > 0;

  const setInput = useCallback(
    (element: HTMLInputElement | null) => {
      inputRef.current = element;
      assignRef(ref, element);
    },
    [ref],
  );

  useEffect(() => {
    if (expanded && activeIndex >= 0) listRef.current?.children[activeIndex]?.scrollIntoView({ block: 'nearest' });
  }, [expanded, activeIndex]);

  function pick(index: number): void {
    const suggestion = suggestions[index];
    if (suggestion === undefined) return;
    search.close();
    search.clear();
    const input = inputRef.current;
    if (input !== null) {
      picking.current = true;
      try {
        typeIntoInput(input, suggestion.street);
      } finally {
        picking.current = false;
      }
    }
    onPick(suggestion);
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>): void {
    onChange?.(event);
    if (picking.current) return;
    search.typed(event.currentTarget.value);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    onKeyDown?.(event);
    // Enter and the arrows belong to the input method while a composition (e.g. kana) is open.
    if (event.defaultPrevented || event.nativeEvent.isComposing) return;
    const action = comboboxKeyAction(event.key, event.altKey, {
      open: expanded,
      activeIndex,
      count: suggestions.length,
    });
    switch (action.kind) {
      case 'highlight':
        event.preventDefault();
        search.setOpen(true);
        search.setActiveIndex(action.index);
        return;
      case 'pick':
        // Keeps the form from submitting: Enter chose an address.
        event.preventDefault();
        pick(action.index);
        return;
      case 'close':
        if (!action.keepDefault) event.preventDefault();
        search.close();
        return;
      case 'none':
        return;
    }
  }

  function handleBlur(event: FocusEvent<HTMLInputElement>): void {
    onBlur?.(event);
    search.close();
  }

  return (
    <div className="address-combobox">
      <input
        {...inputProps}
        ref={setInput}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        onBlur={handleBlur}
      />
      <div
        ref={listRef}
        id={listboxId}
        role="listbox"
        aria-label={labels.listbox}
        className="address-combobox__list"
        hidden={!expanded}
      >
        {suggestions.map((suggestion, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keys act through the input, which keeps focus (aria-activedescendant).
          <div
            key={suggestion.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            // Options are pointed at by the input, never focused themselves.
            tabIndex={-1}
            className={index === activeIndex ? 'address-combobox__option is-active' : 'address-combobox__option'}
            // Keeps focus in the input, so it does not blur (closing the list) before the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(index)}
          >
            {suggestion.label}
          </div>
        ))}
      </div>
      <div role="status" className="address-combobox__status">
        {search.announcement}
      </div>
    </div>
  );
}
