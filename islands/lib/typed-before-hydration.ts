/**
 * What a visitor does in an island's server-rendered form before its JavaScript has run, kept for
 * the island to take over once it works (`hydrate-on-interaction.ts` watches, the island's
 * `useTypedBeforeHydration` replays). The page paints and accepts typing at once; the island may
 * hydrate seconds later on a slow phone, and nothing typed, ticked or sent meanwhile is lost.
 *
 * No React here: the directive that watches is inlined in every island page.
 */

/** A form field the visitor can change. */
type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A field as the visitor left it: its text (or choice), whether it is ticked, and the caret. */
interface FieldState {
  value: string;
  checked: boolean;
  selection: readonly [number, number] | null;
}

/** What the watch recorded on an island, until the island takes it. */
interface TypedBeforeHydration {
  /** The fields the visitor changed, in the order of their last change. */
  readonly fields: Map<FieldElement, FieldState>;
  /** The field that had the focus last. */
  focused: FieldElement | null;
  /** A submit held back (the native one would send the fields in the address), sent again by the island. */
  submit: { form: HTMLFormElement; submitter: HTMLElement | null } | null;
  /** Stops watching: the island's own handlers answer from now on. */
  release(): void;
}

/** Where the watch is kept on the island's element (a registered symbol: the directive and the islands are built apart). */
const KEY = Symbol.for('claims-portal.typed-before-hydration');

type Watched = HTMLElement & { [KEY]?: TypedBeforeHydration };

function isField(target: EventTarget | null): target is FieldElement {
  return (
    target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement
  );
}

/** The caret of a text field (null for fields without one: selects, tick boxes, dates). */
function selectionOf(field: FieldElement): readonly [number, number] | null {
  if (field instanceof HTMLSelectElement) return null;
  try {
    const { selectionStart, selectionEnd } = field;
    return selectionStart === null || selectionEnd === null ? null : [selectionStart, selectionEnd];
  } catch {
    return null;
  }
}

/** The events `watchTyping` listens to on an island. */
const RECORDED = ['input', 'change', 'focusin', 'keyup', 'pointerup', 'submit'] as const;

/**
 * Starts recording, on `island`, the fields the visitor changes and the submit they press; the
 * native submit is held back (prevented and not seen by anything else) until the island replays it.
 */
function watchTyping(island: HTMLElement): TypedBeforeHydration {
  const record = (event: Event): void => {
    const field = event.target;
    if (!event.isTrusted || !isField(field)) return;
    const checked = field instanceof HTMLInputElement && field.checked;
    watch.fields.delete(field);
    watch.fields.set(field, { value: field.value, checked, selection: selectionOf(field) });
  };
  const remember = (event: Event): void => {
    if (isField(event.target)) watch.focused = event.target;
  };
  const caret = (event: Event): void => {
    const field = event.target;
    const state = isField(field) ? watch.fields.get(field) : undefined;
    if (field !== null && isField(field) && state !== undefined) state.selection = selectionOf(field);
  };
  const hold = (event: Event): void => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = event instanceof SubmitEvent ? event.submitter : null;
    watch.submit = { form, submitter };
  };
  const listeners: [(typeof RECORDED)[number], (event: Event) => void][] = [
    ['input', record],
    ['change', record],
    ['focusin', remember],
    ['keyup', caret],
    ['pointerup', caret],
    ['submit', hold],
  ];
  const watch: TypedBeforeHydration = {
    fields: new Map(),
    focused: null,
    submit: null,
    release: () => {
      for (const [type, listener] of listeners) island.removeEventListener(type, listener, true);
      delete (island as Watched)[KEY];
    },
  };
  for (const [type, listener] of listeners) island.addEventListener(type, listener, true);
  (island as Watched)[KEY] = watch;
  return watch;
}

/** Set on an island once its directive has run: from then on the directive watches it. */
const DIRECTED = Symbol.for('claims-portal.directive-ran');
/** Set on an island the visitor reached (pressed, touched, focused) before its directive ran. */
const REACHED = Symbol.for('claims-portal.reached-before-directive');

type Directed = Watched & { [DIRECTED]?: true; [REACHED]?: true };

/**
 * Watches, from the moment the page is parsed, the islands matched by `selector` whose directive
 * has not run yet: Astro calls an island's directive only once its island script has arrived, after
 * the first paint, and the visitor may type or send before that. The first event inside such an
 * island starts its watch (`watchTyping`, whose own listeners then take that same event, further
 * down its path); an event of `reachedOn` also marks the island as reached, for its directive to
 * start it at once. Listens on the document, so it can run before any island is parsed.
 */
export function watchTypingBeforeDirective(selector: string, reachedOn: readonly string[]): void {
  const early = (event: Event): void => {
    const island = event.target instanceof Element ? (event.target.closest(selector) as Directed | null) : null;
    if (island === null || island[DIRECTED]) return;
    if (island[KEY] === undefined) watchTyping(island);
    if (reachedOn.includes(event.type)) island[REACHED] = true;
  };
  for (const type of new Set<string>([...RECORDED, ...reachedOn]))
    document.addEventListener(type, early, { capture: true, passive: true });
}

/**
 * Hands `island` to its directive, which Astro has just called: it keeps the watch started before
 * it (or starts one) and learns whether the visitor already reached for the island.
 */
export function takeOverWatch(island: HTMLElement): { reached: boolean } {
  const directed = island as Directed;
  directed[DIRECTED] = true;
  if (directed[KEY] === undefined) watchTyping(island);
  return { reached: directed[REACHED] === true };
}

/** The watch of the island holding `element`, taken (stopped) so it is replayed once; undefined without one. */
export function takeTypedBeforeHydration(element: Element): TypedBeforeHydration | undefined {
  const island = element.closest('astro-island') as Watched | null;
  const watch = island?.[KEY];
  watch?.release();
  return watch;
}

/**
 * Sets a field's value as typing does, so that the island's handlers (react-hook-form's, a state
 * setter) see a change even when the field already shows it: React compares with the value it last
 * saw set through the element, so the field is first emptied through the element, then given the
 * value through its prototype's setter, as the browser does when typing, then sent the events
 * typing fires.
 */
function replayValue(field: FieldElement, value: string): void {
  field.value = '';
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Replays one recorded field into the island now handling it. */
function replayField(field: FieldElement, state: FieldState): void {
  if (!field.isConnected) return;
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    // A radio the visitor left is unchecked by the one they chose.
    if (field.type === 'radio' && !state.checked) return;
    // Set the other way through the element (React sees it), then a click: ticked or chosen as the
    // visitor did, with the events the island listens to.
    field.checked = !state.checked;
    field.click();
    return;
  }
  replayValue(field, state.value);
}

/**
 * Gives the island what the visitor did before it ran: each changed field's value, the focus and
 * the caret where they were. Returns the held submit, to send once the island has rendered what
 * was replayed (its submit handler then reads it), or null without one.
 */
export function replayTypedBeforeHydration(watch: TypedBeforeHydration): (() => void) | null {
  for (const [field, state] of watch.fields) replayField(field, state);
  const focused = watch.focused;
  if (focused?.isConnected) {
    const active = document.activeElement;
    if (active !== focused && (active === null || active === document.body)) focused.focus({ preventScroll: true });
    const selection = watch.fields.get(focused)?.selection;
    if (selection && document.activeElement === focused && !(focused instanceof HTMLSelectElement)) {
      try {
        focused.setSelectionRange(selection[0], selection[1]);
      } catch {
        // A field type without a caret (e-mail, number).
      }
    }
  }
  const submit = watch.submit;
  if (submit === null) return null;
  return () => {
    if (!submit.form.isConnected) return;
    const submitter = submit.submitter;
    const ownButton =
      (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
      submitter.form === submit.form &&
      submitter.type === 'submit';
    submit.form.requestSubmit(ownButton ? submitter : null);
  };
}
