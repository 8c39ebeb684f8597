import { useCallback, useLayoutEffect, useState } from 'react';

/**
 * Keeping staff's place after a change. A control disabled or removed while a change is sent (a
 * button pressed, a closing confirmation) drops the focus to the page, and a keyboard or screen
 * reader user would start again from the top; the page gives it back instead.
 */

/** The element that has the focus now: the control pressed, when a change begins. */
export function focusedElement(): HTMLElement | null {
  return document.activeElement instanceof HTMLElement ? document.activeElement : null;
}

/** Whether an element can take the focus back: still on the page and not disabled. */
function canTakeFocus(element: HTMLElement): boolean {
  return element.isConnected && !element.matches(':disabled');
}

/** Whether the focus fell to nothing: on the page itself, or on a control since disabled or removed. */
function focusFell(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !(active instanceof HTMLElement) || !canTakeFocus(active);
}

/**
 * When the focus fell to nothing, gives it to the first of `candidates` that can take it: the
 * control pressed, else what stands for it now (the choice just saved, the message of the change).
 * Where staff moved it meanwhile, it stays.
 */
export function focusBackTo(...candidates: readonly (HTMLElement | null | undefined)[]): void {
  if (!focusFell()) return;
  candidates.find((candidate): candidate is HTMLElement => !!candidate && canTakeFocus(candidate))?.focus();
}

/** What to give the focus to after a change, read once the page shows its outcome. */
export type FocusCandidates = () => readonly (HTMLElement | null | undefined)[];

/**
 * `focusBackTo` run once React has put the change's outcome on the page (a control disabled or
 * removed by it is so by then): the returned function asks for it, with the candidates read at that
 * moment. Asked after a state update, it runs in the layout effect of a render that includes it.
 */
export function useFocusBack(): (candidates: FocusCandidates) => void {
  const [asked, setAsked] = useState<{ candidates: FocusCandidates } | undefined>();
  useLayoutEffect(() => {
    if (asked) focusBackTo(...asked.candidates());
  }, [asked]);
  return useCallback((candidates: FocusCandidates) => setAsked({ candidates }), []);
}
