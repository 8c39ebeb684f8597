import { useRef } from 'react';
import { useTypedBeforeHydration } from '../lib/use-typed-before-hydration.ts';
import { formatIsoDay } from '../../contracts/dates.ts';
import { DateField } from '../ui/DateField.tsx';
import { Notice } from '../ui/Notice.tsx';
import { ErrorSummary } from '../ui/ErrorSummary.tsx';
import { summaryProblems } from '../ui/error-summary.ts';
import { SendActions } from './SendActions.tsx';
import { hrefOf } from '../lib/navigation.ts';
import type { FormsIslandProps } from './forms-island.ts';
import { useIslandBasics } from '../lib/island-basics.ts';
import type { FindNumberIssue } from './logic/find-number.ts';
import { TextField } from '../ui/TextField.tsx';
import { useFindMyNumber } from './use-find-my-number.ts';

/**
 * Find my number (spec 2 find-my-number): an e-mail and the stay dates (the declaration's date
 * field, in the page's language), all required, the end not before the start. The dates go as
 * unix seconds of 12:00 UTC of each chosen day. The server's answer is the same whether the
 * address is known or not; a failure says what failed (findNumberFailureMessage) and keeps what
 * was typed for another try. Every attempt is reported (analyse01), without waiting for it
 * (useFindMyNumber holds the send).
 */
export default function FindMyNumber(props: FormsIslandProps) {
  const { t, place } = useIslandBasics(props);
  const { lang } = props;
  const { form, status, submit } = useFindMyNumber({ ...props, place, t });
  const { errors, isSubmitted } = form.formState;

  function dateError(field: 'startDate' | 'endDate'): string | undefined {
    const code = errors[field]?.message as FindNumberIssue | undefined;
    if (!code) return undefined;
    if (code === 'invalid') return t('wizard.common.date.invalid', { format: t('wizard.common.date.format') });
    if (code === 'end_before_start') {
      const values = form.getValues();
      return t('forms.find.endBeforeStart', {
        start: formatIsoDay(values.startDate, lang),
        end: formatIsoDay(values.endDate, lang),
      });
    }
    return t(field === 'startDate' ? 'forms.find.startRequired' : 'forms.find.endRequired');
  }

  function dateField(field: 'startDate' | 'endDate', label: string) {
    return (
      <DateField
        control={form.control}
        name={field}
        id={`find-${field}`}
        label={label}
        error={dateError(field)}
        lang={lang}
        t={t}
        onDate={(iso) => {
          const other = form.getValues(field === 'startDate' ? 'endDate' : 'startDate');
          if (isSubmitted || (iso && other)) void form.trigger(['startDate', 'endDate']);
        }}
      />
    );
  }

  const busy = status.kind === 'sending';
  const emailError = errors.email ? t('wizard.common.emailInvalid') : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef);
  const problems = summaryProblems([
    ['find-email', emailError],
    ['find-startDate', dateError('startDate')],
    ['find-endDate', dateError('endDate')],
  ]);
  return (
    <form ref={formRef} className="card form-card forms-card" noValidate aria-busy={busy} onSubmit={submit}>
      <ErrorSummary title={t('wizard.common.errorSummary')} problems={problems} submits={form.formState.submitCount} />
      <p className="form-card__banner">{t('forms.find.allRequired')}</p>
      <div className="form-grid">
        <TextField
          id="find-email"
          label={t('forms.field.email')}
          registration={form.register('email')}
          error={emailError}
          type="email"
          inputMode="email"
          autoComplete="email"
          wide
        />
        {dateField('startDate', t('forms.find.start'))}
        {dateField('endDate', t('forms.find.end'))}
      </div>
      {status.kind === 'answered' ? (
        <Notice tone="success" id="find-answer">
          <p>{status.message}</p>
          <p>{t('forms.find.spam')}</p>
          <p>
            <a href={hrefOf(place, 'declare-sinistre')}>{t('forms.find.declare')}</a>
          </p>
        </Notice>
      ) : null}
      <SendActions
        failure={status.kind === 'failed' ? status.message : undefined}
        failureId="find-answer"
        busy={busy}
        label={t('forms.find.submit')}
        t={t}
      />
    </form>
  );
}
