import { type RefObject, useEffect, useRef, useState } from 'react';
import { replayTypedBeforeHydration, takeTypedBeforeHydration } from './typed-before-hydration.ts';

/**
 * Takes over what the visitor did in the server-rendered form before the island ran
 * (`client:interaction`): the fields they changed get their values back through the island's own
 * handlers, the focus and caret stay, and a submit they pressed is sent now. Call it last in the
 * island's body, after the effects that fill the form (a restored draft): effects run in order,
 * and what the visitor typed wins over what was saved.
 *
 * Each step waits for a render: a form that fills itself in an effect (react-hook-form's `reset`)
 * registers its fields again in the render that follows, and would not see (then would clear) what
 * is replayed before it; the held submit is sent once the replayed values are rendered, so the
 * island's submit handler reads them.
 */
export function useTypedBeforeHydration(inside: RefObject<Element | null>): void {
  const [step, setStep] = useState<'hydrated' | 'settled' | 'replayed'>('hydrated');
  const heldSubmit = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (step === 'hydrated') {
      setStep('settled');
      return;
    }
    if (step === 'settled') {
      const element = inside.current;
      const watch = element === null ? undefined : takeTypedBeforeHydration(element);
      heldSubmit.current = watch === undefined ? null : replayTypedBeforeHydration(watch);
      setStep('replayed');
      return;
    }
    heldSubmit.current?.();
    heldSubmit.current = null;
  }, [step, inside]);
}
