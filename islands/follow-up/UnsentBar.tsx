import { useEffect, useRef, useState } from 'react';
import { isNavigating } from '../lib/navigation.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { Spinner } from '../ui/Notice.tsx';
import { type ProofValidationState, VALIDATE_ACTIONS_ID, VALIDATE_RESULT_ID } from './ProofValidation.tsx';

/**
 * Files chosen and not sent: chosen files reach the insurer only with Valider at
 * the bottom of the page, which a visitor on a phone may never reach. While some wait, a bar held
 * at the bottom of the screen says how many (a polite live region) and sends them with Valider's
 * own path; it steps aside while Valider itself is on screen, so it never covers it. Leaving the
 * page meanwhile (a link of the site, a reload, closing the tab) asks first.
 */
export function UnsentBar({ count, form, t }: { count: number; form: ProofValidationState; t: IslandTranslator }) {
  const validateInView = useInView(VALIDATE_ACTIONS_ID, count > 0);
  const [sendingHere, setSendingHere] = useState(false);
  useLeaveGuard(count > 0, t('followup.unsent.leave'));
  useEffect(() => {
    document.body.classList.toggle('has-unsent-bar', count > 0);
    return () => document.body.classList.remove('has-unsent-bar');
  }, [count]);

  async function sendNow(): Promise<void> {
    setSendingHere(true);
    await form.validate();
    setSendingHere(false);
    // The button leaves with the files: the answer, next to Valider, takes the focus.
    requestAnimationFrame(() => {
      const result = document.getElementById(VALIDATE_RESULT_ID);
      result?.scrollIntoView({ block: 'center' });
      result?.focus({ preventScroll: true });
    });
  }

  const shown = count > 0 && !validateInView;
  const sending = form.validation.state === 'sending';
  return (
    <div className={`unsent-bar${shown ? ' unsent-bar--shown' : ''}`}>
      <div className="unsent-bar__inner">
        {/* Always in the page, so a change of count is announced; empty while nothing waits. */}
        <p className="unsent-bar__count" role="status">
          {count > 0 ? t('followup.unsent.count', { count }) : ''}
        </p>
        {shown ? (
          <button
            type="button"
            className="button button--primary unsent-bar__send"
            onClick={() => void sendNow()}
            disabled={sending}
          >
            {sending && sendingHere ? <Spinner label={t('wizard.common.loading')} /> : null}
            {t('followup.unsent.send')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** Whether the element of `id` shows on screen (watched only while `active`). */
function useInView(id: string, active: boolean): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = active ? document.getElementById(id) : null;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setInView(false);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false));
    observer.observe(element);
    return () => observer.disconnect();
  }, [id, active]);
  return inView;
}

/**
 * While `active`, leaving the page asks first: a link of the site to another page (or another
 * site) with the page's own words, anything else (reload, typed address, closing the tab) with the
 * browser's beforeunload dialog. A link to a place of this page, a download, a new tab or a
 * navigation the page starts itself (after a Valider) goes without a question.
 */
function useLeaveGuard(active: boolean, question: string): void {
  const questionRef = useRef(question);
  questionRef.current = question;
  useEffect(() => {
    if (!active) return;
    let agreed = false;
    function beforeUnload(event: BeforeUnloadEvent): void {
      if (agreed || isNavigating()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    }
    function click(event: MouseEvent): void {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
      if (link.target !== '' && link.target !== '_self') return;
      const to = new URL(link.href, window.location.href);
      if (to.protocol !== 'http:' && to.protocol !== 'https:') return;
      const here = window.location;
      if (to.origin === here.origin && to.pathname === here.pathname && to.search === here.search && to.hash !== '')
        return;
      if (window.confirm(questionRef.current)) agreed = true;
      else event.preventDefault();
    }
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [active]);
}
