import { renderedInBrowser } from '../lib/rendered-in-browser.tsx';
import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { latestToday } from '../../contracts/declaration-rules.ts';
import { NOT_A_DATE } from '../../contracts/dates.ts';
import { useIslandBasics } from '../lib/island-basics.ts';
import { goTo } from '../lib/navigation.ts';
import { updateClaimDraft } from '../session/claim-draft.store.ts';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import { StepPlaceholder } from '../ui/Notice.tsx';
import { ErrorSummary } from '../ui/ErrorSummary.tsx';
import { summaryProblems } from '../ui/error-summary.ts';
import type { ContactSchema, ContactValues } from './logic/contact-form.ts';
import { type BookingSection as Section, bookingSectionOf } from './logic/declaration.ts';
import type { ClaimDraft } from './logic/draft.ts';
import { BOOKING_FIELDS, BookingSection, bookingFieldId, bookingFieldMessage } from './parts/BookingSection.tsx';
import {
  CONTACT_FIELDS,
  type ContactFormApi,
  ContactSection,
  contactFieldId,
  contactFieldMessage,
} from './parts/ContactSection.tsx';
import { useStepDraft, type WizardIslandProps } from './wizard-island.ts';

/** Step 4 (spec 1 §2): contact details and, unless the brand has none, the booking section. */
function ContactDetails(props: WizardIslandProps) {
  const { t, place } = useIslandBasics(props);
  const draft = useStepDraft(4, props, place);
  if (!draft) return <StepPlaceholder label={t('wizard.common.loading')} />;
  return <ContactForm {...props} draft={draft} />;
}

function valuesOf(draft: ClaimDraft): ContactValues {
  return {
    lastName: draft.lastName,
    firstName: draft.firstName,
    email: draft.email,
    phone: draft.phone,
    address: draft.address,
    cp: draft.cp,
    city: draft.city,
    country: draft.country,
    companyName: draft.companyName,
    equipement: draft.equipement,
    invoiceAmount: draft.invoiceAmount,
    contractStartDate: draft.contractStartDate,
    contractEndDate: draft.contractEndDate,
  };
}

/** Step 4's form: the contact section, the brand's booking section, Next to the recap. */
function ContactForm(props: WizardIslandProps & { draft: ClaimDraft }) {
  const { t, place } = useIslandBasics(props);
  const { draft, rules, lang } = props;
  const section: Section = bookingSectionOf(rules, draft.guaranteeType);
  const form = useContactForm(draft, rules, section);
  // The country list, once loaded by CountrySelect: an address suggestion names its country.
  const countries = useRef<readonly { id: number; nom: string; code?: string }[]>([]);
  const problems = summaryProblems([
    ...CONTACT_FIELDS.map((field) => [contactFieldId(field), contactFieldMessage(form, t, field)] as const),
    ...(section === 'hidden'
      ? []
      : BOOKING_FIELDS.map(
          (field) => [bookingFieldId(field), bookingFieldMessage(form, { section, draft, lang, t }, field)] as const,
        )),
  ]);

  return (
    <form className="card form-card" noValidate onSubmit={form.handleSubmit(() => goTo(place, 'declare-step5'))}>
      <ErrorSummary title={t('wizard.common.errorSummary')} problems={problems} submits={form.formState.submitCount} />
      <ContactSection form={form} draft={draft} lang={lang} t={t} countries={countries} company={props.company ?? ''} />

      {section !== 'hidden' ? (
        <BookingSection form={form} section={section} rules={rules} draft={draft} lang={lang} t={t} />
      ) : null}

      <div className="form-card__actions">
        <button type="submit" className="button button--primary button--large">
          {t('wizard.common.next')}
        </button>
      </div>
    </form>
  );
}

/**
 * The form over the contact schema of this brand and claim (loaded with zod on first check),
 * prefilled from the draft, and every change saved to the draft at once: a refresh or a closed
 * tab loses nothing.
 */
function useContactForm(draft: ClaimDraft, rules: WizardIslandProps['rules'], section: Section): ContactFormApi {
  const withAmount = rules.amountField;
  const resolver = useMemo(
    () =>
      lazyZodResolver<z.input<ContactSchema>, z.output<ContactSchema>>(async () =>
        (await import('./logic/contact-form.ts')).contactSchema({
          section,
          amountField: withAmount,
          contractDatesRequired: rules.contractDatesRequired,
          claimDate: draft.claimDate,
          today: latestToday(new Date()),
        }),
      ),
    [section, withAmount, rules.contractDatesRequired, draft.claimDate],
  );
  const form = useForm<z.input<ContactSchema>, unknown, z.output<ContactSchema>>({
    defaultValues: valuesOf(draft),
    resolver,
    // A refused submit focuses the error summary, which links to each field.
    shouldFocusError: false,
  });

  useEffect(() => {
    const subscription = form.watch((values) => {
      const { contractStartDate, contractEndDate, ...rest } = values as ContactValues;
      const dates: Partial<ContactValues> = {};
      if (contractStartDate !== NOT_A_DATE) dates.contractStartDate = contractStartDate;
      if (contractEndDate !== NOT_A_DATE) dates.contractEndDate = contractEndDate;
      updateClaimDraft({ ...rest, ...dates });
    });
    return () => subscription.unsubscribe();
  }, [form]);
  return form;
}

/** Rendered in the browser only (what it shows is stored in this browser), once the page has painted its frame. */
export default renderedInBrowser(ContactDetails);
