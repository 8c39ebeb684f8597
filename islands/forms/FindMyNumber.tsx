import { useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { reportFindNumberAttempt } from '../api/stats-api.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { acquisitionMethodOf, DEFAULT_ACQUISITION_METHOD } from '../lib/acquisition.ts';
import { dateInputTexts } from '../ui/date-texts.ts';
import { formatIsoDay, NOT_A_DATE, noonUtcSeconds } from '../../contracts/dates.ts';
import { DateInput } from '../ui/DateInput.tsx';
import { Field } from '../ui/Field.tsx';
import { describedField } from '../ui/field.ts';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import { Notice, Spinner } from '../ui/Notice.tsx';
import { ErrorSummary } from '../ui/ErrorSummary.tsx';
import { summaryProblems } from '../ui/error-summary.ts';
import { hrefOf } from '../lib/navigation.ts';
import type { FormsIslandProps } from './forms-island.ts';
import { findNumberFailureMessage } from './logic/find-number-failure.ts';
import { useIslandBasics } from '../lib/island-basics.ts';
import type { FindNumberIssue, FindNumberValues, findNumberSchema } from './logic/find-number.ts';
import { TextField } from '../ui/TextField.tsx';

type FindNumberOutput = z.output<typeof findNumberSchema>;
type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'answered'; message: string }
  | { kind: 'failed'; message: string };

/**
 * Find my number (spec 2 find-my-number): an e-mail and the stay dates (the declaration's date
 * field, in the page's language), all required, the end not before the start. The dates go as
 * unix seconds of 12:00 UTC of each chosen day. The server's answer is the same whether the
 * address is known or not; a failure says what failed (findNumberFailureMessage) and keeps what
 * was typed for another try. Every attempt is reported (analyse01), without waiting for it.
 */
export default function FindMyNumber(props: FormsIslandProps) {
  const { t, place } = useIslandBasics(props);
  const { lang } = props;
  const resolver = useMemo(
    () =>
      lazyZodResolver<FindNumberValues, FindNumberOutput>(
        async () => (await import('./logic/find-number.ts')).findNumberSchema,
      ),
    [],
  );
  const form = useForm<FindNumberValues, unknown, FindNumberOutput>({
    defaultValues: { email: '', startDate: '', endDate: '' },
    resolver,
    // A refused submit focuses the error summary, which links to each field.
    shouldFocusError: false,
  });
  const { errors, isSubmitted } = form.formState;
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const sending = useRef(false);

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

  async function send(values: FindNumberOutput): Promise<void> {
    if (sending.current) return;
    sending.current = true;
    setStatus({ kind: 'sending' });
    const { requestInsuredNumber } = await partnerApi();
    const result = await requestInsuredNumber({
      acquisitionMethode: acquisitionMethodOf(DEFAULT_ACQUISITION_METHOD, props.company, '').value,
      email: values.email,
      startSeconds: noonUtcSeconds(values.startDate),
      endSeconds: noonUtcSeconds(values.endDate),
      lang,
    });
    sending.current = false;
    const shown: Status = result.ok
      ? { kind: 'answered', message: result.data.message }
      : { kind: 'failed', message: findNumberFailureMessage(result, t) };
    setStatus(shown);
    reportFindNumberAttempt(
      {
        status: result.ok ? 'success' : 'error',
        message: shown.kind === 'answered' || shown.kind === 'failed' ? shown.message : '',
        email: values.email,
        startDate: values.startDate,
        endDate: values.endDate,
      },
      place,
    );
  }

  function dateField(field: 'startDate' | 'endDate', label: string) {
    const id = `find-${field}`;
    const error = dateError(field);
    return (
      <Field
        id={id}
        label={label}
        hint={t('wizard.common.date.hint', { format: t('wizard.common.date.format') })}
        error={error}
        className="field--date"
      >
        <Controller
          control={form.control}
          name={field}
          render={({ field: controlled }) => (
            <DateInput
              {...describedField(id, { error, hint: true })}
              ref={controlled.ref}
              name={controlled.name}
              lang={lang}
              value={controlled.value}
              {...dateInputTexts(t)}
              onBlur={controlled.onBlur}
              onChange={(iso) => {
                controlled.onChange(iso ?? NOT_A_DATE);
                const other = form.getValues(field === 'startDate' ? 'endDate' : 'startDate');
                if (isSubmitted || (iso && other)) void form.trigger(['startDate', 'endDate']);
              }}
            />
          )}
        />
      </Field>
    );
  }

  const busy = status.kind === 'sending';
  const emailError = errors.email ? t('wizard.common.emailInvalid') : undefined;
  const problems = summaryProblems([
    ['find-email', emailError],
    ['find-startDate', dateError('startDate')],
    ['find-endDate', dateError('endDate')],
  ]);
  return (
    <form
      className="card form-card forms-card"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (sending.current) return;
        setStatus({ kind: 'idle' });
        void form.handleSubmit(send)(event);
      }}
    >
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
      {status.kind === 'failed' ? (
        <Notice tone="error" id="find-answer">
          <p>{status.message}</p>
          <p>{t('forms.kept')}</p>
        </Notice>
      ) : null}
      <div className="form-card__actions">
        <button type="submit" className="button button--primary button--large" aria-disabled={busy || undefined}>
          {busy ? <Spinner label={t('forms.sending')} /> : null}
          {t('forms.find.submit')}
        </button>
      </div>
    </form>
  );
}
