import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { Language } from '../../contracts/languages.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { reportError } from '../api/report-error.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { $followUp, recordFollowUpLinkSent } from '../session/follow-up.store.ts';
import { Notice, Spinner } from './Notice.tsx';

/**
 * 'Recevoir un lien de suivi', then 'Lien envoyé par mail' (spec 2 §4 "Tracking link"): once the
 * link of a claim is sent, every page showing that claim says so (shared `linkSent` of the
 * follow-up store). Used by the confirmation and the follow-up pages.
 */
export function FollowUpLinkButton({
  claimNumber,
  lang,
  t,
  className,
  label,
}: {
  claimNumber: string;
  lang: Language;
  t: IslandTranslator;
  className: string;
  /** The button's text where the page says more than 'Recevoir un lien de suivi' (the main action there). */
  label?: string;
}) {
  const followUp = useStore($followUp);
  const [link, setLink] = useState<'idle' | 'sending' | 'failed'>('idle');
  const sent = followUp.linkSent.includes(claimNumber);
  // The button the visitor pressed gives way to the notice: the focus follows it instead of
  // falling back to the page's top (a keyboard or screen-reader user would lose their place).
  const pressed = useRef(false);
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sent && pressed.current) {
      pressed.current = false;
      notice.current?.focus();
    }
  }, [sent]);

  async function askLink(): Promise<void> {
    setLink('sending');
    const { sendFollowUpLink } = await partnerApi();
    const result = await sendFollowUpLink(claimNumber, lang);
    if (result.ok) {
      pressed.current = true;
      recordFollowUpLinkSent(claimNumber);
      setLink('idle');
    } else {
      reportError('421001G');
      setLink('failed');
    }
  }

  return (
    <div className={className}>
      {sent ? (
        <p className="link-sent" role="status" tabIndex={-1} ref={notice}>
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
            <path d="m4 10 4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
          {t('confirmation.linkSent')}
        </p>
      ) : (
        <button
          type="button"
          className={label === undefined ? 'button button--secondary' : 'button button--primary'}
          onClick={() => void askLink()}
          disabled={link === 'sending'}
        >
          {link === 'sending' ? <Spinner label={t('wizard.common.loading')} /> : null}
          {label ?? t('confirmation.sendLink')}
        </button>
      )}
      {link === 'failed' ? (
        <Notice tone="error" code="421001G" codeLabel={t('wizard.common.errorCode', { code: '421001G' })}>
          {t('confirmation.linkFailed')}
        </Notice>
      ) : null}
    </div>
  );
}
