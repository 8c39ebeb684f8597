import { type ComponentType, lazy, type LazyExoticComponent, Suspense, useEffect, useState } from 'react';
import { LOGOUT_PATH } from '../../contracts/backoffice.ts';
import type { BackOfficeRoute } from '../../contracts/routes.ts';
import { goToLogin } from '../api/client.ts';
import { forgetStaffSession, refreshStaffSession } from '../session.ts';

/** Entries of the back-office navigation bar (spec 3 §2), in order. */
export const BACKOFFICE_NAVIGATION: readonly {
  route: Exclude<BackOfficeRoute, 'bo_login'>;
  label: string;
  title: string;
}[] = [
  { route: 'bo_dashboard', label: 'Dashboard', title: 'Dashboard' },
  { route: 'bo_activities', label: 'Activités', title: 'Activités' },
  { route: 'bo_sinistres', label: 'Sinistre', title: 'Liste des sinistres' },
  { route: 'bo_analyse', label: 'Analyse', title: 'Analyse' },
  { route: 'bo_faq', label: 'FAQ', title: 'Liste des questions et réponses de la FAQ' },
];

/** Each route's page, loaded on its own: a page ships only its own libraries (uPlot, Tabulator…). */
const PAGES: Record<BackOfficeRoute, LazyExoticComponent<ComponentType>> = {
  bo_login: lazy(() => import('../login/LoginPage.tsx')),
  bo_dashboard: lazy(() => import('../dashboard/DashboardPage.tsx')),
  bo_activities: lazy(() => import('../activities/ActivitiesPage.tsx')),
  bo_sinistres: lazy(() => import('../claims/ClaimsPage.tsx')),
  bo_analyse: lazy(() => import('../analysis/AnalysisPage.tsx')),
  bo_faq: lazy(() => import('../faq/FaqPage.tsx')),
};

interface Props {
  route: BackOfficeRoute;
}

async function logout(): Promise<void> {
  await fetch(LOGOUT_PATH, { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
  forgetStaffSession();
  window.location.replace('/bo_login');
}

/**
 * The frame of every back-office page: the navigation bar with the current entry highlighted, the
 * signed-in login and 'Se déconnecter', then the page. Every page but the login asks the server
 * for the session first (spec 3 §2) and shows nothing of itself until it answers.
 */
export function BackOfficeShell({ route }: Props) {
  const Page = PAGES[route];
  const [login, setLogin] = useState<string | undefined>();
  useEffect(() => {
    if (route === 'bo_login') return;
    void refreshStaffSession().then((user) => {
      if (user) setLogin(user);
      else goToLogin();
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
  const ready = route === 'bo_login' || login !== undefined;
  return (
    <div className="bo">
      <header className="bo__bar">
        <span className="bo__brand">Back office</span>
        {route !== 'bo_login' && (
          <nav aria-label="Back office" className="bo__navigation">
            <ul className="bo__nav">
              {BACKOFFICE_NAVIGATION.map((entry) => (
                <li key={entry.route}>
                  <a href={`/${entry.route}`} aria-current={entry.route === route ? 'page' : undefined}>
                    {entry.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {login !== undefined && (
          <div className="bo__user">
            <span className="bo__login" title="Connecté">
              {login}
            </span>
            <button type="button" className="bo-button bo-button--ghost-dark" onClick={() => void logout()}>
              Se déconnecter
            </button>
          </div>
        )}
      </header>
      <main className="bo__main">
        {ready ? (
          <Suspense fallback={<p className="bo__loading">Chargement…</p>}>
            <Page />
          </Suspense>
        ) : (
          <p className="bo__loading" role="status">
            Vérification de la session…
          </p>
        )}
      </main>
    </div>
  );
}
