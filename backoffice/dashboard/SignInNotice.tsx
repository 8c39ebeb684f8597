import { useState } from 'react';
import { formatDateTime } from '../lib/dates.ts';
import { t } from '../lib/texts.ts';
import { forgetSignInNotice, readSignInNotice } from '../lib/sign-in-notice.ts';

/**
 * After a sign-in: how many wrong passwords were typed for this account since its last sign-in,
 * and since when, so that its owner learns someone tried. Shown until dismissed; `onDismissed`
 * then says where the focus goes.
 */
export default function SignInNotice({ onDismissed }: { onDismissed: () => void }) {
  const [notice, setNotice] = useState(readSignInNotice);
  if (!notice) return null;
  return (
    <div className="bo-alert bo-alert--error bo-sign-in-notice" role="status">
      <p>{t('dashboard.signInNotice.failed', { count: notice.count, since: formatDateTime(notice.since) })}</p>
      <button
        type="button"
        className="bo-button"
        onClick={() => {
          forgetSignInNotice();
          setNotice(undefined);
          // The button goes with the notice: the focus goes to the page's heading, not nowhere.
          onDismissed();
        }}
      >
        {t('dashboard.signInNotice.dismiss')}
      </button>
    </div>
  );
}
