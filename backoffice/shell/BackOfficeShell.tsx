import './navigation.css';
import { type ComponentType, lazy, type LazyExoticComponent, Suspense, use, useEffect, useState } from 'react';
import { LOGOUT_PATH, LogoutAnswerSchema, type WorkQueueCounts } from '../../contracts/backoffice.ts';
import type { BACKOFFICE_NOT_FOUND_PAGE, BackOfficeRoute } from '../../contracts/routes.ts';
import { goToLogin, leaveAfterLogout, staffApi } from '../api/client.ts';
import type { TextKey } from '../lib/texts.ts';
import { $boLogged, forgetStaffSession, refreshStaffSession } from '../session.ts';
import { useWorkCounts } from './use-work-counts.ts';

/** Entries of the back-office navigation bar (spec 3 §2), in order: the keys of their texts. */
const BACKOFFICE_NAVIGATION: readonly {
  route: Exclude<BackOfficeRoute, 'bo_login'>;
  label: TextKey;
  title: TextKey;
  /** The count of the work queue its badge shows. */
  count?: 'claims' | 'questions' | 'inbox';
}[] = [
  { route: 'bo_dashboard', label: 'common.pages.dashboard', title: 'common.pages.dashboard' },
  { route: 'bo_activities', label: 'common.pages.activities', title: 'common.pages.activities' },
  { route: 'bo_sinistres', label: 'shell.navigation.claims', title: 'common.pages.claims', count: 'claims' },
  { route: 'bo_messages', label: 'inbox.navigation.label', title: 'inbox.title', count: 'inbox' },
  { route: 'bo_analyse', label: 'common.pages.analysis', title: 'common.pages.analysis' },
  { route: 'bo_faq', label: 'common.faq', title: 'common.pages.faq', count: 'questions' },
  { route: 'bo_mails', label: 'mailsPage.navigation', title: 'mailsPage.title' },
];

/**
 * The texts (i18next and `locales/fr/backoffice.json`), asked for as the shell starts: they load
 * beside the page's own code and the session check, so the shell's own JavaScript stays small
 * (tests/e2e/size.test.ts), and every page then imports them without waiting.
 */
const texts = import('../lib/texts.ts');

/** A route, or the back office's "page introuvable" (served with 404 for unknown /bo_… paths). */
type ShellPage = BackOfficeRoute | typeof BACKOFFICE_NOT_FOUND_PAGE;

/** Each route's page, loaded on its own: a page ships only its own libraries (uPlot, Tabulator…). */
const PAGE_MODULES: Record<ShellPage, () => Promise<{ default: ComponentType }>> = {
  bo_login: () => import('../login/LoginPage.tsx'),
  bo_dashboard: () => import('../dashboard/DashboardPage.tsx'),
  bo_activities: () => import('../activities/ActivitiesPage.tsx'),
  bo_sinistres: () => import('../claims/ClaimsPage.tsx'),
  bo_messages: () => import('../inbox/InboxPage.tsx'),
  bo_analyse: () => import('../analysis/AnalysisPage.tsx'),
  bo_faq: () => import('../faq/FaqPage.tsx'),
  bo_mails: () => import('../mails/MailsPage.tsx'),
  bo_404: () => import('../not-found/NotFoundPage.tsx'),
};

const PAGES: Record<ShellPage, LazyExoticComponent<ComponentType>> = {
  bo_login: lazy(PAGE_MODULES.bo_login),
  bo_dashboard: lazy(PAGE_MODULES.bo_dashboard),
  bo_activities: lazy(PAGE_MODULES.bo_activities),
  bo_sinistres: lazy(PAGE_MODULES.bo_sinistres),
  bo_messages: lazy(PAGE_MODULES.bo_messages),
  bo_analyse: lazy(PAGE_MODULES.bo_analyse),
  bo_faq: lazy(PAGE_MODULES.bo_faq),
  bo_mails: lazy(PAGE_MODULES.bo_mails),
  bo_404: lazy(PAGE_MODULES.bo_404),
};

interface Props {
  route: ShellPage;
}

/** Ends the session on the server (whatever it answers, this browser forgets it) and goes to /bo_login. */
async function logout(): Promise<void> {
  await staffApi(LOGOUT_PATH, LogoutAnswerSchema, { method: 'POST', unauthorizedIsAnswer: true });
  forgetStaffSession();
  leaveAfterLogout();
}

/**
 * The frame of every back-office page: the navigation bar with the current entry highlighted, the
 * signed-in login and 'Se déconnecter', then the page. Every page but the login asks the server
 * for the session first (spec 3 §2) and shows nothing of itself until it answers.
 */
export function BackOfficeShell({ route }: Props) {
  const [login, setLogin] = useState<string | undefined>();
  // The page's code loads beside the texts and the session check, not after them.
  useEffect(() => {
    void PAGE_MODULES[route]().catch(() => undefined);
  }, [route]);
  useEffect(() => {
    if (route === 'bo_login') return;
    // The 404 page shows to anyone; with a session, under the staff navigation. It asks only when
    // this browser signed in last time, as the sign-in page does (a stranger's visit asks nothing).
    const anyone = route === 'bo_404';
    if (anyone && !$boLogged.get()) return;
    void refreshStaffSession({ unauthorizedIsAnswer: anyone }).then((user) => {
      if (user) setLogin(user);
      else if (!anyone) goToLogin();
    });
  }, [route]);
  // A page shown again from the back-forward cache after a logout asks again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted && route !== 'bo_login') window.location.reload();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [route]);
  // Nothing shows until the texts are there (the session check goes on meanwhile).
  return (
    <Suspense fallback={null}>
      <Frame route={route} login={login} />
    </Suspense>
  );
}

/**
 * An entry's count of work waiting, when there is some. Read "Sinistre, 5 à traiter"; seen
 * "Sinistre 5". The inbox's late messages show in red beside it ("Messages 7 2"), read ", dont 2 en retard".
 */
function CountBadge({ counts, of }: { counts: WorkQueueCounts; of: 'claims' | 'questions' | 'inbox' }) {
  const { t } = use(texts);
  const late = of === 'inbox' ? counts.inboxLate : 0;
  if (counts[of] === 0) return null;
  return (
    <>
      <span className="bo__count" aria-hidden="true">
        {counts[of]}
      </span>
      {late > 0 && (
        <span className="bo__count bo__count--late" aria-hidden="true" title={t('inbox.deadline.late')}>
          {late}
        </span>
      )}
      <span className="visually-hidden">
        {t('shell.navigation.toDo', { count: counts[of] })}
        {late > 0 && t('inbox.navigation.late', { count: late })}
      </span>
    </>
  );
}

/** The bar and the page, once the texts are there. */
function Frame({ route, login }: Props & { login: string | undefined }) {
  const { t } = use(texts);
  const Page = PAGES[route];
  const ready = route === 'bo_login' || route === 'bo_404' || login !== undefined;
  const counts = useWorkCounts(route !== 'bo_login' && login !== undefined);
  // The navigation is for staff: on the 404 page, only with a session.
  const navigation = route !== 'bo_login' && (route !== 'bo_404' || login !== undefined);
  return (
    <div className="bo">
      <header className="bo__bar">
        <span className="bo__brand">{t('shell.brand')}</span>
        {navigation && (
          <nav aria-label={t('shell.brand')} className="bo__navigation">
            <ul className="bo__nav">
              {BACKOFFICE_NAVIGATION.map((entry) => (
                <li key={entry.route}>
                  <a href={`/${entry.route}`} aria-current={entry.route === route ? 'page' : undefined}>
                    {t(entry.label)}
                    {entry.count && counts && <CountBadge counts={counts} of={entry.count} />}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {login !== undefined && (
          <div className="bo__user">
            <span className="bo__login" title={t('shell.signedIn')}>
              {login}
            </span>
            <button type="button" className="bo-button bo-button--ghost-dark" onClick={() => void logout()}>
              {t('shell.logout')}
            </button>
          </div>
        )}
      </header>
      <main className="bo__main">
        {ready ? (
          <Suspense fallback={<p className="bo__loading">{t('common.loading')}</p>}>
            <Page />
          </Suspense>
        ) : (
          <p className="bo__loading" role="status">
            {t('shell.checkingSession')}
          </p>
        )}
      </main>
    </div>
  );
}
