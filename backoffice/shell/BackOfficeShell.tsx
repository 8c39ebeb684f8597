import { type ComponentType, lazy, type LazyExoticComponent, Suspense } from 'react';
import type { BackOfficeRoute } from '../../contracts/routes.ts';

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

/** The frame of every back-office page: the navigation bar with the current entry highlighted, then the page. */
export function BackOfficeShell({ route }: Props) {
  const Page = PAGES[route];
  return (
    <div className="bo">
      <header className="bo__bar">
        <span className="bo__brand">Back office</span>
        {route !== 'bo_login' && (
          <nav aria-label="Back office">
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
      </header>
      <main className="bo__main">
        <Suspense fallback={<p className="bo__loading">Chargement…</p>}>
          <Page />
        </Suspense>
      </main>
    </div>
  );
}
