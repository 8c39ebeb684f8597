import { useEffect, useId, useState } from 'react';
import { type MailDetail, MailDetailAnswerSchema, mailHtmlPath, mailPath } from '../../contracts/mails.ts';
import { staffApi } from '../api/client.ts';
import { formatDateTime } from '../lib/dates.ts';
import { formatSize } from '../lib/format.ts';
import { t } from '../lib/texts.ts';
import { mailKindLabel } from '../lib/mail-kinds.ts';
import { MailSubject } from '../lib/MailSubject.tsx';
import { audienceLabel, claimHref, languageName } from './mail-labels.ts';
import { MailState } from './MailState.tsx';

type Loaded = { mail: MailDetail } | { failure: 'notFound' | 'failed' } | undefined;

function useMail(id: number): Loaded {
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    const controller = new AbortController();
    void staffApi(mailPath(id), MailDetailAnswerSchema, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) setLoaded({ mail: result.data.datas });
      else
        setLoaded({
          failure: result.kind === 'http' && (result.status === 404 || result.status === 400) ? 'notFound' : 'failed',
        });
    });
    return () => controller.abort();
  }, [id]);
  return loaded;
}

/** Who, what, when and how it went. */
function MailFacts({ mail }: { mail: MailDetail }) {
  return (
    <dl className="bo-facts">
      <div>
        <dt>{t('mailsPage.columns.recipient')}</dt>
        <dd>{mail.recipient}</dd>
      </div>
      <div>
        <dt>{t('claims.list.columns.state')}</dt>
        <dd>
          <MailState mail={mail} />
        </dd>
      </div>
      <div>
        <dt>{t('claims.handling.mails.columns.kind')}</dt>
        <dd>{mailKindLabel(mail.kind)}</dd>
      </div>
      <div>
        <dt>{t('mailsPage.detail.audience')}</dt>
        <dd>{audienceLabel(mail.audience)}</dd>
      </div>
      <div>
        <dt>{t('faq.columns.language')}</dt>
        <dd>{languageName(mail.lang)}</dd>
      </div>
      <div>
        <dt>{t('shell.navigation.claims')}</dt>
        <dd>
          {mail.claimNumber ? <a href={claimHref(mail.claimNumber)}>{mail.claimNumber}</a> : t('mailsPage.noClaim')}
        </dd>
      </div>
      <div>
        <dt>{t('claims.handling.mails.columns.created')}</dt>
        <dd>
          <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
        </dd>
      </div>
      {mail.attempts > 0 && (
        <div>
          <dt>{t('mailsPage.detail.attempts')}</dt>
          <dd>{mail.attempts}</dd>
        </div>
      )}
      {mail.lastError && mail.status !== 'limited' && (
        <div>
          <dt>{t('mailsPage.detail.lastError')}</dt>
          <dd>
            <code className="bo-code">{mail.lastError}</code>
          </dd>
        </div>
      )}
      <div className="bo-facts__wide">
        <dt>{t('inbox.detail.attachments.title')}</dt>
        <dd>
          {mail.attachments.length === 0 ? (
            t('mailsPage.detail.noAttachment')
          ) : (
            <ul className="bo-mails__files">
              {mail.attachments.map((file) => (
                <li key={`${file.filename}-${file.size}`}>
                  {file.filename} ({formatSize(file.size)})
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The body as the recipient sees it: the HTML in a frame without any sandbox permission, loaded
 * from the server with its own Content-Security-Policy (a `srcdoc` would take on this page's policy,
 * which refuses the mail's inline styles), or the text version.
 */
function MailContent({ mail }: { mail: MailDetail }) {
  const [version, setVersion] = useState<'html' | 'text'>(mail.html ? 'html' : 'text');
  const title = useId();
  return (
    <section aria-labelledby={title} className="bo-mails__content">
      <h2 id={title}>{t('mailsPage.detail.content')}</h2>
      {!mail.contentKept ? (
        <p className="bo-muted">{t('mailsPage.detail.noContent')}</p>
      ) : (
        <>
          <fieldset className="bo-segmented">
            <legend className="visually-hidden">{t('mailsPage.detail.content')}</legend>
            <button
              type="button"
              className="bo-button"
              aria-pressed={version === 'html'}
              disabled={!mail.html}
              onClick={() => setVersion('html')}
            >
              {t('mailsPage.detail.html')}
            </button>
            <button
              type="button"
              className="bo-button"
              aria-pressed={version === 'text'}
              onClick={() => setVersion('text')}
            >
              {t('mailsPage.detail.text')}
            </button>
          </fieldset>
          <p className="bo-muted">{t('mailsPage.detail.masked')}</p>
          {version === 'html' ? (
            <iframe
              className="bo-mails__frame"
              title={t('mailsPage.detail.frameTitle', { subject: mail.subject })}
              // No script, no origin, no form, no navigation of this page; the server's CSP adds the rest.
              sandbox=""
              referrerPolicy="no-referrer"
              src={mailHtmlPath(mail.id)}
            />
          ) : (
            <pre className="bo-mails__text">{mail.text}</pre>
          )}
        </>
      )}
    </section>
  );
}

/** One mail of the outbox: its facts and state, then its content (`/bo_mails?mail=<id>`). */
export function MailDetailView({ id, back }: { id: number; back: string }) {
  const loaded = useMail(id);
  const title = useId();
  return (
    <section className="bo-card" aria-labelledby={title}>
      <p>
        <a href={back}>{t('mailsPage.detail.back')}</a>
      </p>
      {loaded === undefined && (
        <p role="status">
          <span className="bo-spinner" aria-hidden="true" /> {t('mailsPage.detail.loading')}
        </p>
      )}
      {loaded && 'failure' in loaded && (
        <>
          <h1 id={title}>{t('mailsPage.title')}</h1>
          <p className="bo-alert bo-alert--error" role="alert">
            {t(loaded.failure === 'notFound' ? 'mailsPage.detail.notFound' : 'mailsPage.detail.loadFailed')}
          </p>
        </>
      )}
      {loaded && 'mail' in loaded && (
        <>
          <h1 id={title} className="bo-mails__subject">
            <MailSubject subject={loaded.mail.subject} />
          </h1>
          <MailFacts mail={loaded.mail} />
          <MailContent mail={loaded.mail} />
        </>
      )}
    </section>
  );
}
