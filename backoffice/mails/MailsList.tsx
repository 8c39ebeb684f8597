import { useId, useState } from 'react';
import { MAIL_AUDIENCES, MAIL_STATUSES, type MailListItem, MAILS_PAGE_SIZES } from '../../contracts/mails.ts';
import { formatDateTime } from '../lib/dates.ts';
import { Pager } from '../lib/Pager.tsx';
import { ScrollingTable } from '../lib/ScrollingTable.tsx';
import { type TextKey, t } from '../lib/texts.ts';
import { mailKindLabel } from '../lib/mail-kinds.ts';
import { MailSubject } from '../lib/MailSubject.tsx';
import { audienceLabel, claimHref, languageName } from './mail-labels.ts';
import { MailState } from './MailState.tsx';
import { mailsAddressOf, useMailsList } from './use-mails-list.ts';

const STATE_CHIPS: Record<(typeof MAIL_STATUSES)[number], TextKey> = {
  pending: 'mailsPage.states.pending',
  sent: 'mailsPage.states.sent',
  failed: 'mailsPage.states.failed',
  cancelled: 'mailsPage.states.cancelled',
  limited: 'mailsPage.states.limited',
};

/** One mail's line: its subject opens it, its claim number the claim's page. */
function MailRow({ mail, listAddress }: { mail: MailListItem; listAddress: string }) {
  const column = (key: keyof typeof COLUMN_KEYS) => t(COLUMN_KEYS[key]);
  const open = `/bo_mails?mail=${mail.id}${listAddress ? `&${listAddress}` : ''}`;
  return (
    <tr>
      <td className="bo-table__lead">
        <a href={open}>
          <MailSubject subject={mail.subject} />
        </a>
      </td>
      <td data-label={column('created')}>
        <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
      </td>
      <td data-label={column('recipient')} className="bo-mails__address">
        {mail.recipient}
      </td>
      <td data-label={column('kind')}>
        {mailKindLabel(mail.kind)}
        {mail.audience !== 'claimant' && (
          <span className="bo-badge bo-mails__audience">{audienceLabel(mail.audience)}</span>
        )}
      </td>
      <td data-label={column('language')}>{languageName(mail.lang)}</td>
      <td data-label={column('claim')}>
        {mail.claimNumber ? (
          <a href={claimHref(mail.claimNumber)} className="bo-claim-number">
            {mail.claimNumber}
          </a>
        ) : (
          t('mailsPage.noClaim')
        )}
      </td>
      <td data-label={column('state')}>
        <MailState mail={mail} />
      </td>
    </tr>
  );
}

const COLUMN_KEYS = {
  subject: 'claims.handling.mails.columns.subject',
  created: 'claims.handling.mails.columns.created',
  recipient: 'mailsPage.columns.recipient',
  kind: 'claims.handling.mails.columns.kind',
  language: 'faq.columns.language',
  claim: 'shell.navigation.claims',
  state: 'claims.list.columns.state',
} as const satisfies Record<string, TextKey>;

/**
 * The list of the mails page: a search box (an address or a claim number, whole or in part), the
 * audience, the state chips with their counts, the mails newest first, paged by the server.
 */
export function MailsList() {
  const { query, change, goTo, answer, failed, loading } = useMailsList();
  const [typed, setTyped] = useState(query.q);
  const ids = { title: useId(), hint: useId(), table: useId() };
  const counts = answer?.datas.counts;
  const all = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : 0;
  const listAddress = mailsAddressOf(query);
  return (
    <section className="bo-card" aria-labelledby={ids.title}>
      <h1 id={ids.title}>{t('mailsPage.title')}</h1>
      <p className="bo-muted">{t('mailsPage.intro')}</p>
      <form
        className="bo-toolbar bo-mails__search"
        onSubmit={(event) => {
          event.preventDefault();
          change({ q: typed.trim() });
        }}
      >
        <label className="bo-field bo-mails__query">
          <span className="bo-field__label">{t('mailsPage.search.label')}</span>
          <input
            className="bo-input"
            type="search"
            name="q"
            maxLength={254}
            aria-describedby={ids.hint}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <label className="bo-field">
          <span className="bo-field__label">{t('mailsPage.columns.recipient')}</span>
          <select
            className="bo-select"
            value={query.type}
            onChange={(event) => change({ type: event.target.value as (typeof MAIL_AUDIENCES)[number] | '' })}
          >
            <option value="">{t('inbox.filters.all')}</option>
            {MAIL_AUDIENCES.map((audience) => (
              <option key={audience} value={audience}>
                {audienceLabel(audience)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="bo-button bo-button--primary">
          {t('mailsPage.search.submit')}
        </button>
        {query.q !== '' && (
          <button
            type="button"
            className="bo-button"
            onClick={() => {
              setTyped('');
              change({ q: '' });
            }}
          >
            {t('mailsPage.search.clear')}
          </button>
        )}
      </form>
      <p id={ids.hint} className="bo-muted bo-mails__hint">
        {t('mailsPage.search.hint')}
      </p>
      <fieldset className="bo-segmented bo-mails__states">
        <legend className="visually-hidden">{t('mailsPage.states.legend')}</legend>
        <button
          type="button"
          className="bo-button"
          aria-pressed={query.etat === ''}
          onClick={() => change({ etat: '' })}
        >
          {t('mailsPage.states.all', { count: all })}
        </button>
        {MAIL_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            className="bo-button"
            aria-pressed={query.etat === status}
            onClick={() => change({ etat: status })}
          >
            {t(STATE_CHIPS[status], { count: counts?.[status] ?? 0 })}
          </button>
        ))}
      </fieldset>
      {failed && (
        <p className="bo-alert bo-alert--error" role="alert">
          {t('mailsPage.loadFailed')}
        </p>
      )}
      {answer === undefined && !failed && (
        <p role="status">
          <span className="bo-spinner" aria-hidden="true" /> {t('mailsPage.loading')}
        </p>
      )}
      {answer && (
        <div aria-busy={loading}>
          <h2 id={ids.table} className="visually-hidden">
            {t('mailsPage.results', { count: answer.total })}
          </h2>
          {answer.datas.mails.length === 0 ? (
            <p className="bo-muted">{t('mailsPage.empty')}</p>
          ) : (
            <ScrollingTable labelledBy={ids.table} stacked headers={Object.values(COLUMN_KEYS).map((key) => t(key))}>
              {answer.datas.mails.map((mail) => (
                <MailRow key={mail.id} mail={mail} listAddress={listAddress} />
              ))}
            </ScrollingTable>
          )}
          <Pager
            total={t('mailsPage.results', { count: answer.total })}
            page={answer.page}
            pages={answer.pages}
            size={answer.size}
            sizes={MAILS_PAGE_SIZES}
            onPage={goTo}
            onSize={(size) => change({ size })}
          />
        </div>
      )}
    </section>
  );
}
