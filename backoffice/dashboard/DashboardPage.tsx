import { useRef, useState } from 'react';
import { t } from '../lib/texts.ts';
import ClientErrorsCard from './ClientErrorsCard.tsx';
import OnlineChart from './OnlineChart.tsx';
import PageVisitsChart from './PageVisitsChart.tsx';
import SecurityEventsCard from './SecurityEventsCard.tsx';
import SignInNotice from './SignInNotice.tsx';

/**
 * /bo_dashboard (spec 3 §2): the version, a full-width toggle, the online-user and visited-pages
 * charts, the numbered errors the visitors' browsers reported, and the security
 * events (what attacks met) per kind.
 */
export default function DashboardPage() {
  const [fullWidth, setFullWidth] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const version = document.body.dataset['version'] ?? '';
  return (
    <div className={fullWidth ? 'bo-dashboard is-full' : 'bo-dashboard'}>
      <div className="bo-dashboard__head">
        <h1 ref={heading} tabIndex={-1}>
          {t('common.pages.dashboard')}
        </h1>
        <span className="bo-badge">{t('dashboard.version', { version })}</span>
        <button
          type="button"
          className="bo-button"
          aria-pressed={fullWidth}
          onClick={() => {
            setFullWidth(!fullWidth);
            document.querySelector('.bo__main')?.classList.toggle('is-full', !fullWidth);
          }}
        >
          {t('dashboard.fullWidth')}
        </button>
      </div>
      <SignInNotice onDismissed={() => heading.current?.focus()} />
      <OnlineChart />
      <PageVisitsChart />
      <ClientErrorsCard />
      <SecurityEventsCard />
    </div>
  );
}
