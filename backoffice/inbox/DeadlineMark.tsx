import type { InboxDeadline, InboxListItem } from '../../contracts/inbox.ts';
import { formatDateTime, formatDay } from '../lib/dates.ts';
import { t } from '../lib/texts.ts';

/**
 * One deadline as a short mark: done (the day it was done), late (a red "En retard" with the
 * day it fell), or to come (the day it falls). Readable without its colour.
 */
export function DeadlineMark({ deadline }: { deadline: InboxDeadline | null }) {
  if (!deadline) return <span className="bo-muted">{t('inbox.deadline.none')}</span>;
  if (deadline.doneAt)
    return (
      <span className="bo-deadline bo-deadline--done" title={formatDateTime(deadline.doneAt)}>
        {t('inbox.deadline.doneOn', { date: formatDay(deadline.doneAt) })}
      </span>
    );
  if (deadline.late)
    return (
      <span className="bo-deadline bo-deadline--late">
        <strong className="bo-late">{t('inbox.deadline.late')}</strong>{' '}
        <span title={formatDateTime(deadline.dueAt)}>
          {t('inbox.deadline.lateSince', { date: formatDay(deadline.dueAt) })}
        </span>
      </span>
    );
  return (
    <span className="bo-deadline" title={formatDateTime(deadline.dueAt)}>
      {t('inbox.deadline.dueOn', { date: formatDay(deadline.dueAt) })}
    </span>
  );
}

/** The answer deadline to show: none for a message closed without an answer (nothing is owed any more). */
export function answerDeadlineOf(message: Pick<InboxListItem, 'state' | 'deadlines'>): InboxDeadline | null {
  const { answer } = message.deadlines;
  return message.state === 'clos' && answer.doneAt === null ? null : answer;
}
