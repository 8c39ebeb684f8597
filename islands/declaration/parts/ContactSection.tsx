import { type RefObject, useEffect, useState } from 'react';
import { type UseFormReturn, useController } from 'react-hook-form';
import type { z } from 'zod/mini';
import type { Language } from '../../../contracts/languages.ts';
import type { MessageKey } from '../../../site/i18n/types.ts';
import { publicConfig } from '../../lib/public-config.ts';
import { phoneMessageKey, sanitisePhone } from '../../lib/typing.ts';
import type { IslandTranslator } from '../../lib/translate.ts';
import { updateClaimDraft } from '../../session/claim-draft.store.ts';
import { AddressInput } from '../../ui/address/AddressInput.tsx';
import type { AddressSuggestion } from '../../ui/address/address-provider.ts';
import { CountrySelect } from '../../ui/CountrySelect.tsx';
import { Field } from '../../ui/Field.tsx';
import { describedField } from '../../ui/field.ts';
import type { ContactSchema } from '../logic/contact-form.ts';
import type { ClaimDraft } from '../logic/draft.ts';
import { partnerApi } from '../../api/lazy-partner-api.ts';
import { codeFailureMessage } from './identity-code-calls.ts';
import { OneTimeCode } from './OneTimeCode.tsx';

/** Step 4's form (react-hook-form over the contact schema), shared by its two sections. */
export type ContactFormApi = UseFormReturn<z.input<ContactSchema>, unknown, z.output<ContactSchema>>;

type Country = { id: number; nom: string; code?: string };

type ContactField = 'lastName' | 'firstName' | 'email' | 'phone' | 'address' | 'cp' | 'city' | 'country';

/** The contact fields in the order they show, for the error summary. */
export const CONTACT_FIELDS = [
  'lastName',
  'firstName',
  'email',
  'phone',
  'address',
  'cp',
  'city',
  'country',
] as const satisfies readonly ContactField[];

/** The id of a contact field's control (the error summary links to it). */
export function contactFieldId(field: ContactField): string {
  return `contact-${field}`;
}

/** The one message of each contact field (spec 1 §5, step 4). */
const CONTACT_MESSAGES: Record<ContactField, MessageKey> = {
  lastName: 'wizard.step4.lastName.error',
  firstName: 'wizard.step4.firstName.error',
  email: 'wizard.common.emailInvalid',
  phone: 'wizard.step4.phone.error',
  address: 'wizard.step4.address.error',
  cp: 'wizard.step4.cp.error',
  city: 'wizard.step4.city.error',
  country: 'wizard.step4.country.error',
};

/** The message a contact field shows while it is in error (one per field, spec 1 §5), else undefined. */
export function contactFieldMessage(
  form: ContactFormApi,
  t: IslandTranslator,
  field: ContactField,
): string | undefined {
  if (!form.formState.errors[field]) return undefined;
  return t(
    field === 'phone' ? phoneMessageKey(form.getValues('phone'), CONTACT_MESSAGES[field]) : CONTACT_MESSAGES[field],
  );
}

/** The Photon geocoder of the address field, when the deployment configures one (README). */
const ADDRESS_SEARCH_URL = publicConfig.addressSearchUrl;

/**
 * Step 4's contact fieldset: names, e-mail, phone, the address (with suggestions when a geocoder
 * is configured: a chosen one fills postal code, city and country) and the country.
 */
export function ContactSection({
  form,
  draft,
  lang,
  t,
  countries,
  company = '',
}: {
  form: ContactFormApi;
  draft: ClaimDraft;
  lang: Language;
  t: IslandTranslator;
  /** The page's brand slug ('' for the neutral brand), for the one-time code's mail. */
  company?: string;
  /** The country list, once loaded by CountrySelect: an address suggestion names its country. */
  countries: RefObject<readonly Country[]>;
}) {
  const { isSubmitted } = form.formState;
  const contactError = (field: ContactField) => contactFieldMessage(form, t, field);

  function textField(
    field: ContactField,
    options: { autoComplete: string; type?: string; inputMode?: 'numeric' | 'email' | 'tel' | 'text'; hint?: string },
  ) {
    const id = contactFieldId(field);
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

  /** A chosen suggestion fills postal code, city and country (the address itself is already set). */
  function fillAddress(suggestion: AddressSuggestion): void {
    const options = { shouldDirty: true, shouldValidate: isSubmitted } as const;
    if (suggestion.postalCode) form.setValue('cp', suggestion.postalCode, options);
    if (suggestion.city) form.setValue('city', suggestion.city, options);
    const match = findCountry(countries.current, suggestion);
    if (match) form.setValue('country', String(match.id), options);
  }

  return (
    <fieldset className="form-section">
      <legend className="form-section__title">{t('wizard.step4.contact.title')}</legend>
      <IdentityOffer form={form} draft={draft} lang={lang} t={t} company={company} />
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
        <StepCountry form={form} lang={lang} t={t} error={contactError('country')} draft={draft} loaded={countries} />
      </div>
    </fieldset>
  );
}

/**
 * The offer to fill in the holder's details with a one-time code: the look-up only
 * gives them masked, so the step shows where the code would go ("m•••@example.org"), mails it on
 * request and, once the right code is typed, fills the fields with the subscription's details.
 * Shown while the subscription's details are unknown here and the fields are still empty; the
 * visitor may always type their details instead.
 */
function IdentityOffer({
  form,
  draft,
  lang,
  t,
  company,
}: {
  form: ContactFormApi;
  draft: ClaimDraft;
  lang: Language;
  t: IslandTranslator;
  /** The page's brand (its slug, '' for the neutral one): the mail is under its name. */
  company: string;
}) {
  const subscription = draft.subscriptions.find((item) => item.souscription_id === draft.souscription_id);
  const destination = subscription?.assure_email_masque ?? '';
  const [filled, setFilled] = useState(false);
  // Offered once, on arrival: details already typed or pre-filled are never replaced.
  const [offered] = useState(() => destination !== '' && subscription?.assure_nom === '' && draft.lastName === '');
  if (!subscription || !offered) return null;
  const { assure_numero: numero, souscription_id: souscriptionId } = subscription;

  return (
    <div className="identity-offer">
      <OneTimeCode
        t={t}
        idPrefix="identity"
        askedFor={`${numero}:${souscriptionId}`}
        offer={t('wizard.identityCode.offer', { destination })}
        askLabel={t('wizard.identityCode.offerButton')}
        done={filled ? t('wizard.identityCode.filled') : undefined}
        onAsk={async () => {
          const { askIdentityCode } = await partnerApi();
          const result = await askIdentityCode({ numero, souscriptionId, lang, company });
          return result.ok
            ? { ok: true, message: result.data.message }
            : { ok: false, message: codeFailureMessage(result, t) };
        }}
        onVerify={async (code) => {
          const { verifyIdentityCode } = await partnerApi();
          const result = await verifyIdentityCode({ numero, souscriptionId, code, lang });
          if (!result.ok) return { ok: false, message: codeFailureMessage(result, t) };
          const found = result.data.data.infos.find((item) => item.souscription_id === souscriptionId);
          if (found) {
            const values = {
              lastName: found.assure_nom,
              firstName: found.assure_prenom,
              email: found.assure_email,
              phone: found.assure_telephone.replace(/\D/g, ''),
              address: found.assure_adresse,
              cp: found.assure_cp,
              city: found.assure_ville,
              country: found.assure_pays,
            };
            for (const [field, value] of Object.entries(values))
              form.setValue(field as ContactField, value, {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              });
            updateClaimDraft(values);
          }
          setFilled(true);
          return { ok: true };
        }}
      />
      {filled ? null : <p className="identity-offer__or">{t('wizard.identityCode.typeYourself')}</p>}
    </div>
  );
}

/** Step 4's country: the shared select, whose chosen name the recap shows in the page's language. */
function StepCountry({
  form,
  lang,
  t,
  error,
  draft,
  loaded,
}: {
  form: ContactFormApi;
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

/** Folds case and accents, so 'Österreich' matches 'OSTERREICH'. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** The country of the list a suggestion names: by ISO code when the list has codes, else by name. */
function findCountry(countries: readonly Country[], suggestion: AddressSuggestion): Country | undefined {
  const code = suggestion.countryCode.toUpperCase();
  return (
    (code ? countries.find((country) => country.code?.toUpperCase() === code) : undefined) ??
    countries.find((country) => folded(country.nom) === folded(suggestion.countryName))
  );
}
