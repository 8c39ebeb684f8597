import { INBOX_KINDS, INBOX_PAGE_SIZES, INBOX_STATES, type InboxListItem } from '../../contracts/inbox.ts';
import { Age } from '../lib/Age.tsx';
import { Pager } from '../lib/Pager.tsx';
import { ScrollingTable } from '../lib/ScrollingTable.tsx';
import { t } from '../lib/texts.ts';
import { BrandFilter } from './BrandFilter.tsx';
import { FilterSelect } from './FilterSelect.tsx';
import { answerDeadlineOf, DeadlineMark } from './DeadlineMark.tsx';
import { kindLabel, languageName, reasonLabel, stateLabel } from './labels.ts';
import { isFiltered, useInboxList } from './use-inbox-list.ts';

/** The address of one message's page. */
function messageHref(id: number): string {
  return `/bo_messages?message=${id}`;
}

/** The address of a claim's page in the back office, as the claims list links it. */
function claimHref(number: string): string {
  return `/bo_sinistres?numero=${encodeURIComponent(number)}`;
}

const HEADERS = [
  'inbox.columns.message',
  'claims.queue.columns.received',
  'claims.handling.mails.columns.kind',
  'claims.list.columns.state',
  'claims.list.columns.brand',
  'faq.columns.language',
  'shell.navigation.claims',
  'inbox.columns.assignee',
  'inbox.columns.acknowledgement',
  'common.answer',
] as const;

/** One message's line: its link (sender and subject), age, kind, state, brand, language, claim, assignee, deadlines. */
function MessageRow({ message }: { message: InboxListItem }) {
  const subject = message.subject ? reasonLabel(message.subject) : message.excerpt || t('inbox.noSubject');
  return (
    <tr className={message.late ? 'bo-inbox__late' : undefined}>
      <td className="bo-table__lead">
        <a href={messageHref(message.id)}>{message.sender}</a>
        <span className="bo-inbox__subject">{subject}</span>
      </td>
      <td data-label={t('claims.queue.columns.received')}>
        <Age at={message.receivedAt} />
      </td>
      <td data-label={t('claims.handling.mails.columns.kind')}>{kindLabel(message.kind)}</td>
      <td data-label={t('claims.list.columns.state')}>
        <span className={`bo-inbox-state bo-inbox-state--${message.state}`}>{stateLabel(message.state)}</span>
      </td>
      <td data-label={t('claims.list.columns.brand')}>{message.brand}</td>
      <td data-label={t('faq.columns.language')}>
        <abbr title={languageName(message.lang)}>{message.lang.toUpperCase()}</abbr>
      </td>
      <td data-label={t('shell.navigation.claims')} className="bo-inbox__claim">
        {message.claimNumber === '' ? (
          <span className="bo-muted">—</span>
        ) : message.claimLinked ? (
          <a href={claimHref(message.claimNumber)}>{message.claimNumber}</a>
        ) : (
          message.claimNumber
        )}
      </td>
      <td data-label={t('inbox.columns.assignee')}>
        {message.assignee?.login ?? <span className="bo-muted">{t('inbox.nobody')}</span>}
      </td>
      <td data-label={t('inbox.columns.acknowledgement')}>
        <DeadlineMark deadline={message.deadlines.acknowledgement} />
      </td>
      <td data-label={t('common.answer')}>
        <DeadlineMark deadline={answerDeadlineOf(message)} />
      </td>
    </tr>
  );
}

/**
 * The inbox's list: filters (state, kind, brand, late only) and order (newest first, or
 * deadlines with the late first) in the address, the table, the pager.
 */
export function InboxList() {
  const list = useInboxList();
  const { query, filter, answer, failed } = list;
  return (
    <section className="bo-card bo-inbox" aria-labelledby="inbox-title">
      <h1 id="inbox-title">{t('inbox.title')}</h1>
      <p className="bo-inbox__intro">{t('inbox.intro')}</p>
      <form
        className="bo-toolbar bo-inbox__filters"
        aria-label={t('inbox.filters.legend')}
        onSubmit={(event) => event.preventDefault()}
      >
        <FilterSelect
          label={t('claims.list.columns.state')}
          value={query.state}
          options={[
            { value: '', label: t('inbox.filters.all') },
            ...INBOX_STATES.map((state) => ({ value: state, label: stateLabel(state) })),
          ]}
          onChange={(state) => filter({ state })}
        />
        <FilterSelect
          label={t('claims.handling.mails.columns.kind')}
          value={query.kind}
          options={[
            { value: '', label: t('inbox.filters.all') },
            ...INBOX_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) })),
          ]}
          onChange={(kind) => filter({ kind })}
        />
        <BrandFilter value={query.brand} brands={list.brands} onChange={(brand) => filter({ brand })} />
        <label className="bo-inbox__check">
          <input type="checkbox" checked={query.late} onChange={(event) => filter({ late: event.target.checked })} />{' '}
          {t('inbox.filters.late')}
        </label>
        <FilterSelect
          label={t('inbox.filters.sort')}
          value={query.sort}
          options={[
            { value: 'recent', label: t('inbox.filters.sortReceived') },
            { value: 'deadline', label: t('inbox.filters.sortDeadline') },
          ]}
          onChange={(sort) => filter({ sort: sort === 'deadline' ? 'deadline' : 'recent' })}
        />
        {isFiltered(query) && (
          <button type="button" className="bo-button" onClick={list.reset}>
            {t('inbox.filters.reset')}
          </button>
        )}
      </form>
      {failed && (
        <p className="bo-alert bo-alert--error" role="alert">
          {t('inbox.loadFailed')}
        </p>
      )}
      {answer === undefined && !failed && (
        <p role="status">
          <span className="bo-spinner" aria-hidden="true" /> {t('inbox.loading')}
        </p>
      )}
      {answer && (
        <>
          <ScrollingTable labelledBy="inbox-title" headers={HEADERS.map((key) => t(key))} stacked>
            {answer.datas.map((message) => (
              <MessageRow key={message.id} message={message} />
            ))}
            {answer.datas.length === 0 && (
              <tr>
                <td colSpan={HEADERS.length} className="bo-muted">
                  {isFiltered(query) ? t('inbox.emptyFiltered') : t('inbox.empty')}
                </td>
              </tr>
            )}
          </ScrollingTable>
          <Pager
            total={t('inbox.results', { count: answer.total })}
            page={answer.page}
            pages={list.pages}
            size={query.size}
            sizes={INBOX_PAGE_SIZES}
            onPage={list.goTo}
            onSize={list.changeSize}
          />
        </>
      )}
    </section>
  );
}
