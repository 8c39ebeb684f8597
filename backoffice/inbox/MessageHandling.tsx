import { useEffect, useId, useRef, useState } from 'react';
import {
  type InboxDetail,
  InboxChangeAnswerSchema,
  type InboxState,
  inboxAssignPath,
  inboxStatePath,
} from '../../contracts/inbox.ts';
import { ActionMessage } from '../lib/ActionMessage.tsx';
import { t } from '../lib/texts.ts';
import { stateLabel } from './labels.ts';
import type { InboxMessageState } from './use-inbox-message.ts';

/** The assignment picker and the state, each saved with its own button (disabled while it is the stored one). */
export function MessageHandling({ message, handling }: { message: InboxDetail; handling: InboxMessageState }) {
  const ids = useId();
  const stored = message.assignee ? String(message.assignee.id) : '';
  const [assignee, setAssignee] = useState(stored);
  const [state, setState] = useState<InboxState>(message.state);
  // A new read of the message shows what is stored.
  useEffect(() => setAssignee(stored), [stored]);
  useEffect(() => setState(message.state), [message.state]);
  const { staff, busy, change, feedbackAt } = handling;
  const assigneeRef = useRef<HTMLSelectElement>(null);
  const stateRef = useRef<HTMLSelectElement>(null);
  // The assignee stays offered even when the picker's list lacks them.
  const choices =
    message.assignee && !staff.some((member) => member.id === message.assignee?.id)
      ? [message.assignee, ...staff]
      : staff;
  return (
    <div className="bo-inbox__handling">
      <form
        className="bo-toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          void change(
            inboxAssignPath(message.id),
            InboxChangeAnswerSchema,
            { method: 'PATCH', body: { staffUserId: assignee === '' ? null : Number(assignee) } },
            {
              at: 'assign',
              success: t('inbox.detail.assignment.saved'),
              // Once saved, the button is disabled (the choice is the stored one): the focus goes to the choice.
              keepFocus: () => [assigneeRef.current],
            },
          );
        }}
      >
        <label htmlFor={`${ids}-assignee`}>{t('inbox.columns.assignee')}</label>
        <select
          ref={assigneeRef}
          id={`${ids}-assignee`}
          className="bo-select"
          value={assignee}
          onChange={(event) => setAssignee(event.target.value)}
        >
          <option value="">{t('inbox.nobody')}</option>
          {choices.map((member) => (
            <option key={member.id} value={String(member.id)}>
              {member.login}
            </option>
          ))}
        </select>
        <button className="bo-button" type="submit" disabled={busy || assignee === stored}>
          {t('inbox.detail.assignment.save')}
        </button>
        <ActionMessage feedback={feedbackAt('assign')} />
      </form>
      <form
        className="bo-toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          void change(
            inboxStatePath(message.id),
            InboxChangeAnswerSchema,
            { method: 'PATCH', body: { state } },
            { at: 'state', success: t('claims.handling.state.saved'), keepFocus: () => [stateRef.current] },
          );
        }}
      >
        <label htmlFor={`${ids}-state`}>{t('claims.list.columns.state')}</label>
        <select
          ref={stateRef}
          id={`${ids}-state`}
          className="bo-select"
          value={state}
          onChange={(event) => setState(event.target.value as InboxState)}
        >
          {message.states.map((option) => (
            <option key={option} value={option}>
              {stateLabel(option)}
            </option>
          ))}
        </select>
        <button className="bo-button" type="submit" disabled={busy || state === message.state}>
          {t('claims.handling.state.save')}
        </button>
        <ActionMessage feedback={feedbackAt('state')} />
      </form>
    </div>
  );
}
