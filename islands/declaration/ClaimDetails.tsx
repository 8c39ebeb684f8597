import { renderedInBrowser } from '../lib/rendered-in-browser.tsx';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { latestToday } from '../../contracts/declaration-rules.ts';
import { goTo } from '../lib/navigation.ts';
import { updateClaimDraft } from '../session/claim-draft.store.ts';
import type { ClaimDraft } from './logic/draft.ts';
import { ISO_DAY, isoOfLocalDay, NOT_A_DATE } from '../../contracts/dates.ts';
import { ChoiceSummary } from './parts/ChoiceSummary.tsx';
import { DateField } from '../ui/DateField.tsx';
import { Field } from '../ui/Field.tsx';
import { describedField } from '../ui/field.ts';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import { StepPlaceholder } from '../ui/Notice.tsx';
import { ErrorSummary } from '../ui/ErrorSummary.tsx';
import { summaryProblems } from '../ui/error-summary.ts';
import { useStepDraft, type WizardIslandProps } from './wizard-island.ts';
import { useIslandBasics } from '../lib/island-basics.ts';

type Values = { claimDate: string; comment: string };

/** Step 3 (spec 1 §2): the claim date and a comment, then step 4. */
function ClaimDetails(props: WizardIslandProps) {
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
  const resolver = useMemo(
    () =>
      lazyZodResolver<Values>(async () =>
        (await import('./logic/claim-details-form.ts')).claimDetailsSchema(latestToday(new Date())),
      ),
    [],
  );
  const form = useForm<Values, unknown, Values>({
    defaultValues: { claimDate: draft.claimDate, comment: draft.comment },
    resolver,
    // A refused submit focuses the error summary, which links to the field.
    shouldFocusError: false,
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
  const problems = summaryProblems([['claim-date', dateMessage]]);

  return (
    <form className="card form-card" noValidate onSubmit={form.handleSubmit(() => goTo(place, 'declare-step4'))}>
      <ErrorSummary title={t('wizard.common.errorSummary')} problems={problems} submits={form.formState.submitCount} />
      <ChoiceSummary draft={draft} t={t} place={place} withReason />
      <DateField
        control={form.control}
        name="claimDate"
        id="claim-date"
        label={t('wizard.step3.claimDate.label')}
        error={dateMessage}
        lang={props.lang}
        t={t}
        maxDate={isoOfLocalDay(new Date())}
        onDate={(iso) => {
          const value = iso ?? NOT_A_DATE;
          if (ISO_DAY.test(value) || value === '') updateClaimDraft({ claimDate: value });
          if (form.formState.isSubmitted) void form.trigger('claimDate');
        }}
      />
      <Field
        id="comment"
        label={t('wizard.step3.comment.label')}
        hint={t('wizard.step3.comment.hint')}
        error={undefined}
      >
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

/** Rendered in the browser only (what it shows is stored in this browser), once the page has painted its frame. */
export default renderedInBrowser(ClaimDetails);
