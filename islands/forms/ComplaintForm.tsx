import { useEffect, useMemo, useRef, useState } from 'react';
import { phoneMessageKey } from '../lib/typing.ts';
import { useForm } from 'react-hook-form';
import { useTypedBeforeHydration } from '../lib/use-typed-before-hydration.ts';
import type { MessageKey } from '../../site/i18n/types.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { useIslandBasics } from '../lib/island-basics.ts';
import { goTo } from '../lib/navigation.ts';
import { $followUp } from '../session/follow-up.store.ts';
import { FOLLOW_UP_KEY } from '../session/follow-up-state.ts';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import { ErrorSummary } from '../ui/ErrorSummary.tsx';
import { summaryProblems } from '../ui/error-summary.ts';
import { SendActions } from './SendActions.tsx';
import {
  type ComplaintOutput,
  ComplaintIdentity,
  ComplaintRequest,
  type ComplaintValues,
} from './ComplaintSections.tsx';
import { failureMessage, type FormsIslandProps } from './forms-island.ts';
import { forgetFields, readSavedFields, recordSentComplaint, saveFields, savedFieldsKey } from '../lib/saved-fields.ts';

const FIELDS = [
  'nom',
  'prenom',
  'email',
  'telephone',
  'adresse',
  'cp',
  'ville',
  'pays',
  'num_sinistre',
  'motif',
  'message',
] as const satisfies readonly (keyof ComplaintValues)[];

const EMPTY: ComplaintValues = Object.fromEntries(FIELDS.map((field) => [field, ''])) as ComplaintValues;

/** The one message of each field (spec 2 §5), whatever its problem. */
const MESSAGES: Record<keyof ComplaintValues, MessageKey> = {
  nom: 'forms.error.lastName',
  prenom: 'forms.error.firstName',
  email: 'wizard.common.emailInvalid',
  telephone: 'forms.error.phone',
  adresse: 'forms.error.address',
  cp: 'forms.error.cp',
  ville: 'forms.error.city',
  pays: 'forms.error.country',
  num_sinistre: 'forms.error.claimNumber',
  motif: 'forms.error.reason',
  message: 'forms.error.message',
};

const SAVED_AS = 'complaint';

/**
 * What the form reads when it mounts (what this tab typed, the claim the visitor follows): without
 * any of it, it has nothing to do before the visitor reaches for it (`client:interaction`).
 */
export const COMPLAINT_READS_AT_MOUNT = `${savedFieldsKey(SAVED_AS)} ${FOLLOW_UP_KEY}`;

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'failed'; message: string };

/**
 * The complaint form (spec 2 claim-step1): checked with the contract's `ComplaintFormSchema`,
 * the schema the server applies, with the spec's message per field and form error 1 in the error summary.
 * What is typed is kept in this tab's session (a refresh keeps it, not the files); the claim
 * number comes from the follow-up store when known. Sent once, even on a double click; on
 * success the confirmation page shows, on failure everything typed stays.
 */
export default function ComplaintForm(props: FormsIslandProps) {
  const { t, place } = useIslandBasics(props);
  const resolver = useMemo(
    () =>
      lazyZodResolver<ComplaintValues, ComplaintOutput>(
        async () => (await import('../../contracts/partner-api.ts')).ComplaintFormSchema,
      ),
    [],
  );
  const form = useForm<ComplaintValues, unknown, ComplaintOutput>({
    defaultValues: EMPTY,
    resolver,
    // A refused submit focuses the error summary, which lists the fields in the order shown
    // (react-hook-form's own order is that of registration, which a reset reshuffles).
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const [files, setFiles] = useState<File[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const sending = useRef(false);

  // What this tab typed before a refresh, else the claim number the visitor is known to follow.
  useEffect(() => {
    const saved = readSavedFields(SAVED_AS, FIELDS);
    const claimNumber = $followUp.get().claimNumber;
    form.reset({ ...EMPTY, ...(claimNumber ? { num_sinistre: claimNumber } : {}), ...saved });
    const subscription = form.watch((values) => saveFields(SAVED_AS, values));
    return () => subscription.unsubscribe();
  }, [form]);

  const error = (field: keyof ComplaintValues) =>
    errors[field]
      ? t(field === 'telephone' ? phoneMessageKey(form.getValues('telephone'), MESSAGES[field]) : MESSAGES[field])
      : undefined;

  async function send(values: ComplaintOutput): Promise<void> {
    if (sending.current) return;
    sending.current = true;
    setStatus({ kind: 'sending' });
    const { postForm } = await partnerApi();
    const result = await postForm('reclamation', values, place, files);
    if (result.ok) {
      recordSentComplaint(values.num_sinistre);
      forgetFields(SAVED_AS);
      goTo(place, 'claim-step2');
      return;
    }
    sending.current = false;
    setStatus({ kind: 'failed', message: failureMessage(result, t, t('forms.serverError')) });
  }

  const busy = status.kind === 'sending';
  const problems = summaryProblems(FIELDS.map((field) => [`complaint-${field}`, error(field)] as const));

  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef);
  return (
    <form
      ref={formRef}
      className="card form-card forms-card"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (sending.current) return;
        // A new attempt takes the last failure away, as the fields are checked again.
        if (status.kind === 'failed') setStatus({ kind: 'idle' });
        void form.handleSubmit(send)(event);
      }}
    >
      <ErrorSummary title={t('wizard.common.errorSummary')} problems={problems} submits={form.formState.submitCount}>
        <p id="complaint-summary">{t('forms.formError')}</p>
      </ErrorSummary>
      <ComplaintIdentity form={form} error={error} t={t} lang={props.lang} />

      <ComplaintRequest
        form={form}
        error={error}
        t={t}
        files={files}
        onFiles={setFiles}
        busy={busy}
        lang={props.lang}
      />

      <SendActions
        failure={status.kind === 'failed' ? status.message : undefined}
        failureId="complaint-failure"
        busy={busy}
        label={t('forms.complaint.submit')}
        t={t}
      />
    </form>
  );
}
