import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTypedBeforeHydration } from '../lib/use-typed-before-hydration.ts';
import type { z } from 'zod/mini';
import type { ContactFormSchema } from '../../contracts/partner-api.ts';
import type { MessageKey } from '../../site/i18n/types.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { phoneMessageKey, sanitisePhone } from '../lib/typing.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import { ErrorSummary } from '../ui/ErrorSummary.tsx';
import { summaryProblems } from '../ui/error-summary.ts';
import { SendActions } from './SendActions.tsx';
import { $followUp } from '../session/follow-up.store.ts';
import { FOLLOW_UP_KEY } from '../session/follow-up-state.ts';
import { failureMessage, type FormsIslandProps, referrerPath } from './forms-island.ts';
import { useIslandBasics } from '../lib/island-basics.ts';
import { forgetFields, readSavedFields, saveFields, savedFieldsKey } from '../lib/saved-fields.ts';
import { TextField } from '../ui/TextField.tsx';

type ContactOutput = z.output<typeof ContactFormSchema>;
type TypedField = 'nom' | 'email' | 'telephone' | 'num_sinistre' | 'message';
type ContactValues = Record<TypedField, string> & { source_referrer: string };

const FIELDS = ['nom', 'email', 'telephone', 'num_sinistre', 'message'] as const satisfies readonly TypedField[];
const EMPTY: ContactValues = { nom: '', email: '', telephone: '', num_sinistre: '', message: '', source_referrer: '' };

/** The one message of each field (spec 2 §5 contact form). */
const MESSAGES: Record<TypedField, MessageKey> = {
  nom: 'forms.error.lastName',
  email: 'wizard.common.emailInvalid',
  telephone: 'forms.error.phone',
  num_sinistre: 'forms.error.claimNumber',
  message: 'forms.error.message',
};

const SAVED_AS = 'contact';

/**
 * What the form reads when it mounts (what this tab typed, the claim the visitor follows): without
 * any of it, it has nothing to do before the visitor reaches for it (`client:interaction`).
 */
export const CONTACT_READS_AT_MOUNT = `${savedFieldsKey(SAVED_AS)} ${FOLLOW_UP_KEY}`;

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'failed'; message: string } | { kind: 'sent' };

/**
 * The contact form (spec 2 contact): checked with the contract's `ContactFormSchema`; the claim
 * number is optional (prefilled when the visitor follows one); `source_referrer` is the path of
 * the page of this site the visitor came from, nothing more. Sent once; success shows in place.
 */
export default function ContactForm(props: FormsIslandProps) {
  const { t, place } = useIslandBasics(props);
  const resolver = useMemo(
    () =>
      lazyZodResolver<ContactValues, ContactOutput>(
        async () => (await import('../../contracts/partner-api.ts')).ContactFormSchema,
      ),
    [],
  );
  const form = useForm<ContactValues, unknown, ContactOutput>({
    defaultValues: EMPTY,
    resolver,
    // A refused submit focuses the error summary, which links to each field.
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const sending = useRef(false);

  useEffect(() => {
    const saved = readSavedFields(SAVED_AS, FIELDS);
    const claimNumber = $followUp.get().claimNumber;
    form.reset({
      ...EMPTY,
      ...(claimNumber ? { num_sinistre: claimNumber } : {}),
      ...saved,
      source_referrer: referrerPath(document.referrer, window.location.origin),
    });
    const subscription = form.watch(({ source_referrer: _, ...values }) => saveFields(SAVED_AS, values));
    return () => subscription.unsubscribe();
  }, [form]);

  const error = (field: TypedField) =>
    errors[field]
      ? t(field === 'telephone' ? phoneMessageKey(form.getValues('telephone'), MESSAGES[field]) : MESSAGES[field])
      : undefined;

  async function send(values: ContactOutput): Promise<void> {
    if (sending.current) return;
    sending.current = true;
    setStatus({ kind: 'sending' });
    const { postForm } = await partnerApi();
    const result = await postForm('contact', values, place);
    sending.current = false;
    if (result.ok) {
      forgetFields(SAVED_AS);
      form.reset({ ...EMPTY, num_sinistre: values.num_sinistre, source_referrer: values.source_referrer });
      setStatus({ kind: 'sent' });
      return;
    }
    setStatus({ kind: 'failed', message: failureMessage(result, t, t('forms.serverError')) });
  }

  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef);

  if (status.kind === 'sent') return <ContactSent t={t} onAnother={() => setStatus({ kind: 'idle' })} />;

  const busy = status.kind === 'sending';
  const problems = summaryProblems(FIELDS.map((field) => [`contact-${field}`, error(field)] as const));
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
        <p id="contact-summary">{t('forms.formError')}</p>
      </ErrorSummary>
      <h2 className="form-section__title">{t('forms.contact.title')}</h2>
      <div className="form-grid">
        <TextField
          id="contact-nom"
          label={t('forms.field.lastName')}
          registration={form.register('nom')}
          error={error('nom')}
          autoComplete="family-name"
        />
        <TextField
          id="contact-email"
          label={t('forms.field.email')}
          registration={form.register('email')}
          error={error('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
        />
        <TextField
          id="contact-telephone"
          label={t('forms.field.phone')}
          registration={form.register('telephone')}
          error={error('telephone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          sanitise={sanitisePhone}
        />
        <TextField
          id="contact-num_sinistre"
          label={
            <>
              {t('forms.field.claimNumber')} <span className="field__optional">{t('forms.optional')}</span>
            </>
          }
          hint={t('forms.field.claimNumberHint')}
          registration={form.register('num_sinistre')}
          error={error('num_sinistre')}
          autoComplete="off"
          required={false}
        />
        <TextField
          id="contact-message"
          label={t('forms.field.message')}
          registration={form.register('message')}
          error={error('message')}
          multiline
          wide
        />
      </div>
      <SendActions
        failure={status.kind === 'failed' ? status.message : undefined}
        failureId="contact-failure"
        busy={busy}
        label={t('forms.contact.submit')}
        t={t}
      />
    </form>
  );
}

/** The message is sent: said in place of the form (its title takes the focus), with the way to write another. */
function ContactSent({ t, onAnother }: { t: IslandTranslator; onAnother: () => void }) {
  const sentTitle = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => {
    sentTitle.current?.focus();
  }, []);
  return (
    <div className="card form-card forms-card forms-sent" role="status">
      <svg className="forms-sent__icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.14" />
        <path d="m15 24.5 6 6 12-13" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
      </svg>
      <h2 className="forms-sent__title" tabIndex={-1} ref={sentTitle}>
        {t('forms.contact.sent')}
      </h2>
      <p>{t('forms.contact.sentText')}</p>
      <button type="button" className="button button--secondary" onClick={onAnother}>
        {t('forms.contact.another')}
      </button>
    </div>
  );
}
