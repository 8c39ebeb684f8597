import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type FieldPath, type UseFormReturn, useController, useForm } from 'react-hook-form';
import { latestToday } from '../../contracts/declaration-rules.ts';
import type { Language } from '../../contracts/languages.ts';
import type { MessageKey } from '../../site/i18n/types.ts';
import { AddressInput } from '../ui/address/AddressInput.tsx';
import type { AddressSuggestion } from '../ui/address/address-provider.ts';
import { goTo } from '../lib/navigation.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { updateClaimDraft } from '../session/claim-draft.store.ts';
import { NOT_A_DATE } from '../lib/dates.ts';
import type { z } from 'zod/mini';
import type { ContactSchema, ContactValues } from './logic/contact-form.ts';
import { sanitiseAmount, sanitisePhone } from '../lib/typing.ts';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import { type BookingSection, bookingSectionOf } from './logic/declaration.ts';
import type { ClaimDraft } from './logic/draft.ts';
import { dateInputTexts } from '../ui/date-texts.ts';
import { CountrySelect } from '../ui/CountrySelect.tsx';
import { DateInput, displayOfIso } from '../ui/DateInput.tsx';
import { Field } from '../ui/Field.tsx';
import { describedField } from '../ui/field.ts';
import { StepPlaceholder } from '../ui/Notice.tsx';
import { useStepDraft, type WizardIslandProps } from './wizard-island.ts';
import { useIslandBasics } from '../lib/island-basics.ts';

type Country = { id: number; nom: string; code?: string };

/** The one message of each contact field (spec 1 §5, step 4). */
const CONTACT_MESSAGES: Record<
  'lastName' | 'firstName' | 'email' | 'phone' | 'address' | 'cp' | 'city' | 'country',
  MessageKey
> = {
  lastName: 'wizard.step4.lastName.error',
  firstName: 'wizard.step4.firstName.error',
  email: 'wizard.common.emailInvalid',
  phone: 'wizard.step4.phone.error',
  address: 'wizard.step4.address.error',
  cp: 'wizard.step4.cp.error',
  city: 'wizard.step4.city.error',
  country: 'wizard.step4.country.error',
};

/** Step 4 (spec 1 §2): contact details and, unless the brand has none, the booking section. */
export default function ContactDetails(props: WizardIslandProps) {
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

function ContactForm(props: WizardIslandProps & { draft: ClaimDraft }) {
  const { t, place } = useIslandBasics(props);
  const { draft, rules, lang } = props;
  const section: BookingSection = bookingSectionOf(rules, draft.guaranteeType);
  const withAmount = rules.amountField;
  // The country list, once loaded by CountrySelect: an address suggestion names its country.
  const countries = useRef<readonly Country[]>([]);

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
    shouldFocusError: true,
  });
  const { errors, isSubmitted } = form.formState;

  // Every change is saved to the draft at once: a refresh or a closed tab loses nothing.
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

  const contactError = (field: keyof typeof CONTACT_MESSAGES) =>
    errors[field] ? t(CONTACT_MESSAGES[field]) : undefined;

  const bookingError = (field: FieldPath<ContactValues>): string | undefined => {
    const code = errors[field]?.message;
    if (!code) return undefined;
    const values = form.getValues();
    const formatted = (iso: string) => displayOfIso(iso, lang);
    if (code === 'start_after_end')
      return t(`wizard.step4.${sectionKey(section)}.startAfterEnd`, {
        start: formatted(values.contractStartDate),
        end: formatted(values.contractEndDate),
      });
    if (code === 'end_before_claim')
      return t(`wizard.step4.${sectionKey(section)}.endBeforeClaim`, {
        end: formatted(values.contractEndDate),
        claimDate: formatted(draft.claimDate),
      });
    if (code === 'invalid') return t('wizard.common.date.invalid', { format: t('wizard.common.date.format') });
    return t('wizard.step4.fieldRequired');
  };

  function textField(
    field: keyof typeof CONTACT_MESSAGES,
    options: { autoComplete: string; type?: string; inputMode?: 'numeric' | 'email' | 'tel' | 'text'; hint?: string },
  ) {
    const id = `contact-${field}`;
    const error = contactError(field);
    const registered = form.register(field);
    return (
      <Field id={id} label={t(`wizard.step4.${field}.label`)} hint={options.hint} error={error}>
        <input
          {...registered}
          {...describedField(id, { error, hint: options.hint !== undefined })}
          onChange={(event) => {
            if (field === 'phone') event.target.value = sanitisePhone(event.target.value);
            return registered.onChange(event);
          }}
          className="field__input"
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          autoComplete={options.autoComplete}
          required
        />
      </Field>
    );
  }

  function dateField(field: 'contractStartDate' | 'contractEndDate', label: string) {
    const id = `booking-${field}`;
    const error = bookingError(field);
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
                const other = form.getValues(field === 'contractStartDate' ? 'contractEndDate' : 'contractStartDate');
                // The date rules are checked as soon as both dates are there, not only on submit.
                if (isSubmitted || (iso && other)) void form.trigger(['contractStartDate', 'contractEndDate']);
              }}
            />
          )}
        />
      </Field>
    );
  }

  /** A chosen suggestion fills postal code, city and country (the address itself is already set). */
  function fillAddress(suggestion: AddressSuggestion): void {
    const options = { shouldDirty: true, shouldValidate: isSubmitted } as const;
    if (suggestion.postalCode) form.setValue('cp', suggestion.postalCode, options);
    if (suggestion.city) form.setValue('city', suggestion.city, options);
    const match = findCountry(countries.current, suggestion);
    if (match) form.setValue('country', String(match.id), options);
  }

  const countryError = contactError('country');

  return (
    <form className="card form-card" noValidate onSubmit={form.handleSubmit(() => goTo(place, 'declare-step5'))}>
      <fieldset className="form-section">
        <legend className="form-section__title">{t('wizard.step4.contact.title')}</legend>
        <div className="form-grid">
          {textField('lastName', { autoComplete: 'family-name' })}
          {textField('firstName', { autoComplete: 'given-name' })}
          {textField('email', { autoComplete: 'email', type: 'email', inputMode: 'email' })}
          {textField('phone', { autoComplete: 'tel', type: 'tel', inputMode: 'tel' })}
          <div className="form-grid__wide">
            <Field id="contact-address" label={t('wizard.step4.address.label')} error={contactError('address')}>
              <AddressInput
                {...form.register('address')}
                {...describedField('contact-address', { error: contactError('address') })}
                className="field__input"
                autoComplete={ADDRESS_SEARCH_URL ? 'off' : 'address-line1'}
                required
                searchUrl={ADDRESS_SEARCH_URL}
                lang={lang}
                labels={{
                  listbox: t('wizard.step4.address.suggestions'),
                  results: t('wizard.step4.address.results'),
                  noResults: t('wizard.step4.address.noResults'),
                }}
                onPick={(suggestion) => fillAddress(suggestion)}
              />
            </Field>
          </div>
          {textField('cp', { autoComplete: 'postal-code' })}
          {textField('city', { autoComplete: 'address-level2' })}
          <StepCountry form={form} lang={lang} t={t} error={countryError} draft={draft} loaded={countries} />
        </div>
      </fieldset>

      {section !== 'hidden' ? (
        <fieldset className="form-section">
          <legend className="form-section__title">{t(`wizard.step4.${sectionKey(section)}.title`)}</legend>
          <div className="form-grid">
            {section === 'equipment' ? (
              <div className="form-grid__wide">
                <Field id="booking-equipement" label={t('wizard.step4.equipment.label')} error={undefined}>
                  <input
                    {...form.register('equipement')}
                    id="booking-equipement"
                    className="field__input"
                    type="text"
                  />
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
            {withAmount ? (
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
            ) : null}
            {dateField('contractStartDate', t(`wizard.step4.${sectionKey(section)}.start`))}
            {dateField('contractEndDate', t(`wizard.step4.${sectionKey(section)}.end`))}
          </div>
        </fieldset>
      ) : null}

      <div className="form-card__actions">
        <button type="submit" className="button button--primary button--large">
          {t('wizard.common.next')}
        </button>
      </div>
    </form>
  );
}

type ContactForm = UseFormReturn<z.input<ContactSchema>, unknown, z.output<ContactSchema>>;

/** Step 4's country: the shared select, whose chosen name the recap shows in the page's language. */
function StepCountry({
  form,
  lang,
  t,
  error,
  draft,
  loaded,
}: {
  form: ContactForm;
  lang: Language;
  t: IslandTranslator;
  error: string | undefined;
  draft: ClaimDraft;
  /** Where the list goes once loaded, for the address suggestions. */
  loaded: { current: readonly Country[] };
}) {
  const [countries, setCountries] = useState<readonly Country[] | null>(null);
  // Controlled: when the list replaces the provisional option, React keeps the chosen country selected.
  const { field } = useController({ control: form.control, name: 'country' });
  const country = field.value;

  // The recap shows the country by name, in the page's language.
  useEffect(() => {
    const name = countries?.find((item) => String(item.id) === country)?.nom;
    if (name !== undefined) updateClaimDraft({ countryLabel: name });
  }, [countries, country]);

  return (
    <CountrySelect
      id="contact-country"
      name={field.name}
      value={country}
      onChange={field.onChange}
      onBlur={field.onBlur}
      selectRef={field.ref}
      lang={lang}
      t={t}
      error={error}
      texts={{
        label: t('wizard.step4.country.label'),
        choose: t('wizard.step4.country.choose'),
        failed: t('wizard.step4.country.failed'),
      }}
      provisionalLabel={draft.countryLabel || draft.country}
      onCountries={(list) => {
        loaded.current = list;
        setCountries(list);
      }}
    />
  );
}

/** The Photon geocoder of the address field, when the deployment configures one (README). */
const ADDRESS_SEARCH_URL: string | undefined = import.meta.env.PUBLIC_ADDRESS_SEARCH_URL || undefined;

/** Folds case and accents, so 'Österreich' matches 'OSTERREICH'. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** The country of the list a suggestion names: by ISO code when the list has codes, else by name. */
export function findCountry(countries: readonly Country[], suggestion: AddressSuggestion): Country | undefined {
  const code = suggestion.countryCode.toUpperCase();
  return (
    (code ? countries.find((country) => country.code?.toUpperCase() === code) : undefined) ??
    countries.find((country) => folded(country.nom) === folded(suggestion.countryName))
  );
}

/** The wording set of a visible booking section. */
function sectionKey(section: BookingSection): 'reservation' | 'subscription' | 'equipment' {
  return section === 'hidden' ? 'reservation' : section;
}
