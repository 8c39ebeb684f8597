import { useEffect } from 'react';
import { t } from '../lib/texts.ts';

/**
 * The back office's "page introuvable", answered with status 404 for an unknown /bo_… path (signed
 * in or not): what happened and the way to the dashboard (the sign-in page first, without a
 * session). The shell shows the staff navigation above it when a session exists.
 */
export default function NotFoundPage() {
  useEffect(() => {
    document.title = t('notFound.documentTitle');
  }, []);
  return (
    <section className="bo-card" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p>
        <a className="bo-button bo-button--primary" href="/bo_dashboard">
          {t('notFound.dashboard')}
        </a>
      </p>
    </section>
  );
}
