import { renderedInBrowser } from '../lib/rendered-in-browser.tsx';
import { useEffect, useRef, useState } from 'react';
import { hrefOf, redirectTo } from '../lib/navigation.ts';
import type { FormsIslandProps } from './forms-island.ts';
import { useIslandBasics } from '../lib/island-basics.ts';
import { sentComplaintNumber } from '../lib/saved-fields.ts';

/** How long the confirmation shows before going home, in seconds. */
const HOME_AFTER_SECONDS = 20;

/**
 * The complaint confirmation (spec 2 claim-step2): 'sent successfully', the claim it concerns
 * and the delays (10 working days, 2 months). Reached without a complaint sent from this tab, it sends
 * the visitor home at once. Otherwise it goes home after a visible countdown the visitor can
 * stop (WCAG 2.2.1: a time limit can be turned off), with a link home meanwhile.
 */
function ComplaintSent(props: FormsIslandProps) {
  const { t, place } = useIslandBasics(props);
  const [claimNumber] = useState(() => sentComplaintNumber());
  const [left, setLeft] = useState(HOME_AFTER_SECONDS);
  const [stayed, setStayed] = useState(false);
  const title = useRef<HTMLHeadingElement | null>(null);

  useEffect(() => {
    if (!claimNumber) redirectTo(place, 'home');
    else title.current?.focus();
  }, [claimNumber, place]);

  useEffect(() => {
    if (!claimNumber || stayed) return;
    if (left <= 0) {
      redirectTo(place, 'home');
      return;
    }
    const timer = window.setTimeout(() => setLeft((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [claimNumber, stayed, left, place]);

  if (!claimNumber) return <div className="step-placeholder" aria-busy="true" />;

  return (
    <div className="card forms-card forms-sent">
      <svg className="forms-sent__icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.14" />
        <path d="m15 24.5 6 6 12-13" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
      </svg>
      <h2 className="forms-sent__title" tabIndex={-1} ref={title}>
        {t('forms.sent.title')}
      </h2>
      <p>{t('forms.sent.mail')}</p>
      <dl className="forms-sent__facts">
        <dt>{t('forms.sent.claimNumber')}</dt>
        <dd className="forms-sent__number">{claimNumber}</dd>
      </dl>
      <p className="forms-sent__delays">{t('forms.sent.delays')}</p>
      <div className="forms-sent__countdown">
        {stayed ? (
          <p role="status">{t('forms.sent.stayed')}</p>
        ) : (
          <>
            {/* Not a live region: a screen reader would be interrupted every second. */}
            <p>{t('forms.sent.redirect', { seconds: left })}</p>
            <button type="button" className="link-button" onClick={() => setStayed(true)}>
              {t('forms.sent.stay')}
            </button>
          </>
        )}
      </div>
      <p>
        <a className="button button--primary" href={hrefOf(place, 'home')}>
          {t('forms.sent.home')}
        </a>
      </p>
    </div>
  );
}

/** Rendered in the browser only (what it shows is stored in this browser), once the page has painted its frame. */
export default renderedInBrowser(ComplaintSent);
