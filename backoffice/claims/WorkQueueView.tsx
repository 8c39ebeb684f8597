import { useEffect, useId, useState } from 'react';
import {
  CLAIMANT_WAIT_DAYS,
  QUEUE_FIRST_ROWS,
  WORK_QUEUE_PATH,
  type WorkQueue,
  WorkQueueAnswerSchema,
  type WorkQueueClaim,
} from '../../contracts/backoffice.ts';
import { FAQ_UNANSWERED_PARAM } from '../../contracts/faq.ts';
import { staffApi } from '../api/client.ts';
import { announceWorkCounts } from '../api/work-counts.ts';
import { ScrollingTable } from '../lib/ScrollingTable.tsx';
import { t } from '../lib/texts.ts';
import { Age } from '../lib/Age.tsx';
import { stateLabel } from './state-label.ts';

/**
 * 'À traiter': what waits for staff, in three groups with their counts, the oldest
 * first: proofs received to review, claims waiting for their claimant for more than
 * CLAIMANT_WAIT_DAYS days (documents asked, nothing since the claim's last movement), and the FAQ
 * assistant's questions without an answer. The counts it reads become the navigation's badges.
 */
export function WorkQueueView() {
  const [queue, setQueue] = useState<WorkQueue | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    void staffApi(WORK_QUEUE_PATH, WorkQueueAnswerSchema, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) {
        setQueue(result.data.datas);
        announceWorkCounts(result.data.datas.counts);
      } else setFailed(true);
    });
    return () => controller.abort();
  }, []);

  return (
    <section className="bo-card bo-queue" aria-labelledby="queue-title">
      <h1 id="queue-title">{t('claims.queue.tab')}</h1>
      <p className="bo-queue__hint">{t('claims.queue.intro')}</p>
      {failed && (
        <p className="bo-alert bo-alert--error" role="alert">
          {t('claims.queue.loadFailed')}
        </p>
      )}
      {!queue && !failed && (
        <p role="status">
          <span className="bo-spinner" aria-hidden="true" /> {t('claims.queue.loading')}
        </p>
      )}
      {queue && (
        <>
          <ClaimsGroup
            id="queue-proofs"
            title={t('claims.queue.proofs.title')}
            hint={t('claims.queue.proofs.hint')}
            empty={t('claims.queue.proofs.empty')}
            count={queue.counts.proofs}
            claims={queue.proofs}
            documents={{ label: t('claims.queue.columns.toReview'), of: (claim) => claim.toReview }}
            sinceLabel={t('claims.queue.columns.received')}
          />
          <ClaimsGroup
            id="queue-waiting"
            title={t('claims.queue.waiting.title', { days: CLAIMANT_WAIT_DAYS })}
            hint={t('claims.queue.waiting.hint')}
            empty={t('claims.queue.waiting.empty', { days: CLAIMANT_WAIT_DAYS })}
            count={queue.counts.waiting}
            claims={queue.waiting}
            documents={{ label: t('claims.queue.columns.missing'), of: (claim) => claim.missing }}
            sinceLabel={t('claims.queue.columns.silent')}
          />
          <InboxGroup counts={queue.counts} />
          <QuestionsGroup queue={queue} />
        </>
      )}
    </section>
  );
}

/** A group's heading with its count. */
function GroupTitle({ id, title, count }: { id: string; title: string; count: number }) {
  return (
    <h2 id={id}>
      {title} <span className={count > 0 ? 'bo-queue__count' : 'bo-queue__count bo-queue__count--none'}>{count}</span>
    </h2>
  );
}

/** "Les 100 plus anciens sur 130." when a group lists fewer lines than it counts. */
function Shown({ shown, count }: { shown: number; count: number }) {
  return shown < count ? <p className="bo-muted">{t('claims.queue.shown', { shown, count })}</p> : null;
}

interface ClaimsGroupProps {
  id: string;
  title: string;
  hint: string;
  empty: string;
  count: number;
  claims: readonly WorkQueueClaim[];
  documents: { label: string; of: (claim: WorkQueueClaim) => readonly string[] };
  sinceLabel: string;
}

function ClaimsGroup({ id, title, hint, empty, count, claims, documents, sinceLabel }: ClaimsGroupProps) {
  const [expanded, setExpanded] = useState(false);
  const tableId = useId();
  const hidden = claims.length - QUEUE_FIRST_ROWS;
  const rows = expanded || hidden <= 0 ? claims : claims.slice(0, QUEUE_FIRST_ROWS);
  const columns = {
    name: t('claims.list.columns.name'),
    state: t('claims.list.columns.state'),
    brand: t('claims.list.columns.brand'),
  };
  return (
    <section className="bo-queue__group" aria-labelledby={id}>
      <GroupTitle id={id} title={title} count={count} />
      <p className="bo-queue__hint">{hint}</p>
      {claims.length === 0 ? (
        <p className="bo-muted">{empty}</p>
      ) : (
        <div id={tableId}>
          <ScrollingTable
            labelledBy={id}
            stacked
            headers={[
              t('claims.list.columns.number'),
              columns.name,
              columns.state,
              columns.brand,
              documents.label,
              sinceLabel,
            ]}
          >
            {rows.map((claim) => (
              <tr key={claim.id}>
                <td className="bo-table__lead">
                  <a href={`/bo_sinistres?numero=${encodeURIComponent(claim.number)}`}>{claim.number}</a>
                  {claim.bankDetailsChanged && (
                    <>
                      {' '}
                      <strong className="bo-proof bo-proof--new">{t('claims.queue.bankDetailsChanged')}</strong>
                    </>
                  )}
                </td>
                <td data-label={columns.name}>{claim.name}</td>
                <td data-label={columns.state}>{stateLabel(claim.etat)}</td>
                <td data-label={columns.brand}>{claim.brand}</td>
                <td data-label={documents.label}>
                  <ul className="bo-queue__docs">
                    {documents.of(claim).map((name, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: two documents may share a name
                      <li key={index}>{name}</li>
                    ))}
                  </ul>
                </td>
                <td data-label={sinceLabel}>
                  <Age at={claim.since} />
                </td>
              </tr>
            ))}
          </ScrollingTable>
        </div>
      )}
      {hidden > 0 && (
        <p>
          <button
            type="button"
            className="bo-button"
            aria-expanded={expanded}
            aria-controls={tableId}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded
              ? t('claims.queue.showFirst', { count: QUEUE_FIRST_ROWS })
              : t('claims.queue.showMore', { count: hidden })}
          </button>
        </p>
      )}
      <Shown shown={claims.length} count={count} />
    </section>
  );
}

/**
 * The inbox's messages waiting for staff (new or in progress) and the late ones among them, each
 * linking to the inbox filtered to them, deadlines first.
 */
function InboxGroup({ counts }: { counts: WorkQueue['counts'] }) {
  const id = 'queue-inbox';
  return (
    <section className="bo-queue__group" aria-labelledby={id}>
      <GroupTitle id={id} title={t('inbox.queue.title')} count={counts.inbox} />
      <p className="bo-queue__hint">{t('inbox.queue.hint')}</p>
      {counts.inbox === 0 ? (
        <p className="bo-muted">{t('inbox.queue.empty')}</p>
      ) : (
        <ul className="bo-queue__inbox">
          <li>
            <a href="/bo_messages?sort=deadline">{t('inbox.queue.open', { count: counts.inbox })}</a>
          </li>
          {counts.inboxLate > 0 && (
            <li>
              <strong className="bo-queue__late">{t('inbox.queue.late', { count: counts.inboxLate })}</strong>{' '}
              <a href="/bo_messages?late=1&sort=deadline">{t('inbox.queue.openLate')}</a>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}

function QuestionsGroup({ queue }: { queue: WorkQueue }) {
  const id = 'queue-questions';
  const { questions, counts } = queue;
  return (
    <section className="bo-queue__group" aria-labelledby={id}>
      <GroupTitle id={id} title={t('claims.queue.questions.title')} count={counts.questions} />
      <p className="bo-queue__hint">
        {t('claims.queue.questions.hint')}{' '}
        <a href={`/bo_faq?${FAQ_UNANSWERED_PARAM}=1`}>{t('claims.queue.questions.open')}</a>
      </p>
      {questions.length === 0 ? (
        <p className="bo-muted">{t('claims.queue.questions.empty')}</p>
      ) : (
        <ScrollingTable
          labelledBy={id}
          headers={[
            t('common.id'),
            t('common.question'),
            t('faq.columns.language'),
            t('claims.queue.columns.occurrences'),
            t('faq.columns.lastOccurrence'),
          ]}
        >
          {questions.map((question) => (
            <tr key={question.id}>
              <td>{question.id}</td>
              <td lang={question.lang}>{question.question}</td>
              <td>{question.lang}</td>
              <td>{question.occurence}</td>
              <td>{question.lastAskedAt && <Age at={question.lastAskedAt} />}</td>
            </tr>
          ))}
        </ScrollingTable>
      )}
      <Shown shown={questions.length} count={counts.questions} />
    </section>
  );
}
