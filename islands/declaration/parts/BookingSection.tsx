import type { FieldPath } from 'react-hook-form';
import type { Language } from '../../../contracts/languages.ts';
import { formatIsoDay } from '../../../contracts/dates.ts';
import type { IslandTranslator } from '../../lib/translate.ts';
import { sanitiseAmount } from '../../lib/typing.ts';
import { DateField } from '../../ui/DateField.tsx';
import { Field } from '../../ui/Field.tsx';
import { describedField } from '../../ui/field.ts';
import type { ContactValues } from '../logic/contact-form.ts';
import type { DeclarationRules, BookingSection as Section } from '../logic/declaration.ts';
import type { ClaimDraft } from '../logic/draft.ts';
import type { ContactFormApi } from './ContactSection.tsx';

type BookingField = Extract<
  FieldPath<ContactValues>,
  'companyName' | 'invoiceAmount' | 'contractStartDate' | 'contractEndDate'
>;

/** The booking fields that can be in error, in the order they show, for the error summary. */
export const BOOKING_FIELDS = [
  'companyName',
  'invoiceAmount',
  'contractStartDate',
  'contractEndDate',
] as const satisfies readonly BookingField[];

/** The id of a booking field's control (the error summary links to it). */
export function bookingFieldId(field: BookingField): string {
  return `booking-${field}`;
}

/**
 * The message a booking field shows while it is in error, else undefined: the date rules with
 * their two dates, an unreadable date, else the spec's « Veuillez renseigner le champ ».
 */
export function bookingFieldMessage(
  form: ContactFormApi,
  {
    section,
    draft,
    lang,
    t,
  }: { section: Exclude<Section, 'hidden'>; draft: ClaimDraft; lang: Language; t: IslandTranslator },
  field: BookingField,
): string | undefined {
  const code = form.formState.errors[field]?.message;
  if (code === undefined) return undefined;
  const values = form.getValues();
  const formatted = (iso: string) => formatIsoDay(iso, lang);
  if (code === 'start_after_end')
    return t(`wizard.step4.${section}.startAfterEnd`, {
      start: formatted(values.contractStartDate),
      end: formatted(values.contractEndDate),
    });
  if (code === 'end_before_claim')
    return t(`wizard.step4.${section}.endBeforeClaim`, {
      end: formatted(values.contractEndDate),
      claimDate: formatted(draft.claimDate),
    });
  if (code === 'invalid') return t('wizard.common.date.invalid', { format: t('wizard.common.date.format') });
  return t('wizard.step4.fieldRequired');
}

/**
 * Step 4's booking fieldset, worded for a reservation, a subscription or an equipment: the
 * equipment, the establishment, the amount when the brand asks it, and the contract's two dates,
 * whose rules are checked as soon as both are there.
 */
export function BookingSection({
  form,
  section,
  rules,
  draft,
  lang,
  t,
}: {
  form: ContactFormApi;
  section: Exclude<Section, 'hidden'>;
  rules: DeclarationRules;
  draft: ClaimDraft;
  lang: Language;
  t: IslandTranslator;
}) {
  const { isSubmitted } = form.formState;
  const bookingError = (field: BookingField) => bookingFieldMessage(form, { section, draft, lang, t }, field);

  function dateField(field: 'contractStartDate' | 'contractEndDate', label: string) {
    return (
      <DateField
        control={form.control}
        name={field}
        id={bookingFieldId(field)}
        label={label}
        error={bookingError(field)}
        lang={lang}
        t={t}
        onDate={(iso) => {
          const other = form.getValues(field === 'contractStartDate' ? 'contractEndDate' : 'contractStartDate');
          // The date rules are checked as soon as both dates are there, not only on submit.
          if (isSubmitted || (iso && other)) void form.trigger(['contractStartDate', 'contractEndDate']);
        }}
      />
    );
  }

  return (
    <fieldset className="form-section">
      <legend className="form-section__title">{t(`wizard.step4.${section}.title`)}</legend>
      <div className="form-grid">
        {section === 'equipment' ? (
          <div className="form-grid__wide">
            <Field id="booking-equipement" label={t('wizard.step4.equipment.label')} error={undefined}>
              <input {...form.register('equipement')} id="booking-equipement" className="field__input" type="text" />
            </Field>
          </div>
        ) : null}
        <div className="form-grid__wide">
          <Field
            id="booking-companyName"
            label={t(`wizard.step4.establishment.${rules.establishmentWording}`)}
            error={bookingError('companyName')}
          >
            <input
              {...form.register('companyName')}
              {...describedField('booking-companyName', { error: bookingError('companyName') })}
              className="field__input"
              type="text"
              autoComplete="organization"
              required
            />
          </Field>
        </div>
        {rules.amountField ? <AmountField form={form} t={t} /> : null}
        {dateField('contractStartDate', t(`wizard.step4.${section}.start`))}
        {dateField('contractEndDate', t(`wizard.step4.${section}.end`))}
      </div>
    </fieldset>
  );
}

/** The invoice amount, typed as the visitor writes money ("1 250,5"), with its € suffix. */
function AmountField({ form, t }: { form: ContactFormApi; t: IslandTranslator }) {
  const { errors } = form.formState;
  return (
    <Field
      id="booking-invoiceAmount"
      label={t('wizard.step4.amount.label')}
      hint={t('wizard.step4.amount.hint')}
      error={errors.invoiceAmount ? t('wizard.step4.fieldRequired') : undefined}
    >
      <span className="field__affix">
        <input
          {...form.register('invoiceAmount', {
            onChange: (event: { target: HTMLInputElement }) => {
              const clean = sanitiseAmount(event.target.value);
              if (clean !== event.target.value) form.setValue('invoiceAmount', clean);
            },
          })}
          {...describedField('booking-invoiceAmount', {
            error: errors.invoiceAmount ? 'x' : undefined,
            hint: true,
          })}
          className="field__input"
          type="text"
          inputMode="decimal"
          autoComplete="transaction-amount"
        />
        <span className="field__suffix" aria-hidden="true">
          €
        </span>
      </span>
    </Field>
  );
}
