import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { declarationDateProblems, latestToday } from '../../contracts/declaration-rules.ts';
import { goTo } from '../lib/navigation.ts';
import { updateClaimDraft } from '../session/claim-draft.store.ts';
import type { ClaimDraft } from './logic/draft.ts';
import { ChoiceSummary } from './parts/ChoiceSummary.tsx';
import { DateInput, isoOfDay } from './parts/DateInput.tsx';
import { Field } from './parts/Field.tsx';
import { describedField } from './parts/field.ts';
import { StepPlaceholder } from './parts/Notice.tsx';
import { useIslandBasics, useStepDraft, type WizardIslandProps } from './wizard-island.ts';

/** What a date field holds while its text is not a date of the page's format. */
export const NOT_A_DATE = 'not-a-date';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Step 3's rules (spec 1 §5): the claim date is required, a real date, and not after today (the
 * server's rule, from `contracts/declaration-rules.ts`); the comment is optional.
 */
export function claimDetailsSchema(today: string) {
  return z.object({
    claimDate: z.string().check(
      z.superRefine((value, context) => {
        if (value === '') context.issues.push({ code: 'custom', message: 'required', input: value });
        else if (!ISO_DAY.test(value)) context.issues.push({ code: 'custom', message: 'invalid', input: value });
        else if (
          declarationDateProblems({ claimDate: value, start: '', end: '', contractDatesRequired: false, today }).some(
            (problem) => problem.key === 'claim_date_in_future',
          )
        )
          context.issues.push({ code: 'custom', message: 'future', input: value });
      }),
    ),
    comment: z.string().check(z.maxLength(5000, 'tooLong')),
  });
}

type Values = { claimDate: string; comment: string };

/** Step 3 (spec 1 §2): the claim date and a comment, then step 4. */
export default function ClaimDetails(props: WizardIslandProps) {
  const { t, place } = useIslandBasics(props);
  const draft = useStepDraft(3, props, place);
  if (!draft) return <StepPlaceholder label={t('wizard.common.loading')} />;
  return <ClaimDetailsForm {...props} draft={draft} />;
}

function ClaimDetailsForm(props: WizardIslandProps & { draft: ClaimDraft }) {
  const { t, place } = useIslandBasics(props);
  const { draft } = props;
  const [commentEmptied, setCommentEmptied] = useState(false);
  const hadComment = useRef(draft.comment.trim() !== '');
  const form = useForm<Values>({
    defaultValues: { claimDate: draft.claimDate, comment: draft.comment },
    resolver: zodResolver(claimDetailsSchema(latestToday(new Date()))),
    shouldFocusError: true,
  });
  const dateError = form.formState.errors.claimDate?.message;
  const dateMessage =
    dateError === 'required'
      ? t('wizard.step3.claimDate.required')
      : dateError === 'future'
        ? t('wizard.step3.claimDate.future')
        : dateError
          ? t('wizard.common.date.invalid', { format: t('wizard.common.date.format') })
          : undefined;
  const dateField = describedField('claim-date', { error: dateMessage, hint: true });

  return (
    <form className="card form-card" noValidate onSubmit={form.handleSubmit(() => goTo(place, 'declare-step4'))}>
      <ChoiceSummary draft={draft} t={t} place={place} withReason />
      <Field
        id="claim-date"
        label={t('wizard.step3.claimDate')}
        hint={t('wizard.common.date.hint', { format: t('wizard.common.date.format') })}
        error={dateMessage}
        className="field--date"
      >
        <Controller
          control={form.control}
          name="claimDate"
          render={({ field }) => (
            <DateInput
              {...dateField}
              ref={field.ref}
              name={field.name}
              lang={props.lang}
              value={field.value}
              maxDate={isoOfDay(new Date())}
              placeholder={t('wizard.common.date.format')}
              labels={{
                previousMonth: t('wizard.common.date.previousMonth'),
                nextMonth: t('wizard.common.date.nextMonth'),
              }}
              onBlur={field.onBlur}
              onChange={(iso) => {
                const value = iso ?? NOT_A_DATE;
                field.onChange(value);
                if (ISO_DAY.test(value) || value === '') updateClaimDraft({ claimDate: value });
                if (form.formState.isSubmitted) void form.trigger('claimDate');
              }}
            />
          )}
        />
      </Field>
      <Field id="comment" label={t('wizard.step3.comment')} hint={t('wizard.step3.comment.hint')} error={undefined}>
        <textarea
          {...form.register('comment', {
            onChange: (event: { target: HTMLTextAreaElement }) => {
              const { value } = event.target;
              updateClaimDraft({ comment: value });
              // Spec 1 §5: a comment emptied after typing is pointed out, without blocking.
              if (value.trim() !== '') {
                hadComment.current = true;
                setCommentEmptied(false);
              } else if (hadComment.current) setCommentEmptied(true);
            },
          })}
          {...describedField('comment', { hint: true })}
          aria-describedby={commentEmptied ? 'comment-hint comment-reminder' : 'comment-hint'}
          className="field__input field__textarea"
          rows={5}
          maxLength={5000}
        />
        {commentEmptied ? (
          <p className="field__reminder" id="comment-reminder" role="status">
            {t('wizard.step3.comment.empty')}
          </p>
        ) : null}
      </Field>
      <div className="form-card__actions">
        <button type="submit" className="button button--primary button--large">
          {t('wizard.common.next')}
        </button>
      </div>
    </form>
  );
}
