import type { UseFormReturn } from 'react-hook-form';
import { useController } from 'react-hook-form';
import type { z } from 'zod/mini';
import type { Language } from '../../contracts/languages.ts';
import { COMPLAINT_REASONS } from '../../contracts/partner-api-base.ts';
import type { ComplaintFormSchema } from '../../contracts/partner-api.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { sanitisePhone } from '../lib/typing.ts';
import { AttachmentPicker } from '../ui/AttachmentPicker.tsx';
import { CountrySelect } from '../ui/CountrySelect.tsx';
import { Field } from '../ui/Field.tsx';
import { describedField } from '../ui/field.ts';
import { TextField } from '../ui/TextField.tsx';

export type ComplaintOutput = z.output<typeof ComplaintFormSchema>;
/** The form as typed: every field a string, the reason '' until one is chosen. */
export type ComplaintValues = Record<keyof ComplaintOutput, string>;
/** The complaint form (react-hook-form over the contract's schema), shared by its two sections. */
type ComplaintFormApi = UseFormReturn<ComplaintValues, unknown, ComplaintOutput>;

interface SectionProps {
  form: ComplaintFormApi;
  /** The translated message of a field in error, else undefined. */
  error: (field: keyof ComplaintValues) => string | undefined;
  t: IslandTranslator;
}

/** The complaint's first fieldset: who complains (names, e-mail, phone, postal address, country). */
export function ComplaintIdentity({ form, error, t, lang }: SectionProps & { lang: Language }) {
  const country = useController({ control: form.control, name: 'pays' });
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">{t('forms.complaint.identity')}</legend>
      <div className="form-grid">
        <TextField
          id="complaint-nom"
          label={t('forms.field.lastName')}
          registration={form.register('nom')}
          error={error('nom')}
          autoComplete="family-name"
        />
        <TextField
          id="complaint-prenom"
          label={t('forms.field.firstName')}
          registration={form.register('prenom')}
          error={error('prenom')}
          autoComplete="given-name"
        />
        <TextField
          id="complaint-email"
          label={t('forms.field.email')}
          registration={form.register('email')}
          error={error('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
        />
        <TextField
          id="complaint-telephone"
          label={t('forms.field.phone')}
          registration={form.register('telephone')}
          error={error('telephone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          sanitise={sanitisePhone}
        />
        <TextField
          id="complaint-adresse"
          label={t('forms.field.address')}
          registration={form.register('adresse')}
          error={error('adresse')}
          autoComplete="street-address"
          wide
        />
        <TextField
          id="complaint-cp"
          label={t('forms.field.cp')}
          registration={form.register('cp')}
          error={error('cp')}
          autoComplete="postal-code"
        />
        <TextField
          id="complaint-ville"
          label={t('forms.field.city')}
          registration={form.register('ville')}
          error={error('ville')}
          autoComplete="address-level2"
        />
        <CountrySelect
          id="complaint-pays"
          name={country.field.name}
          value={country.field.value}
          onChange={country.field.onChange}
          onBlur={country.field.onBlur}
          selectRef={country.field.ref}
          lang={lang}
          t={t}
          error={error('pays')}
          whenFormUsed
          texts={{
            label: t('forms.field.country'),
            choose: t('forms.field.countryChoose'),
            failed: t('forms.field.countryFailed'),
          }}
        />
      </div>
    </fieldset>
  );
}

/** The complaint's second fieldset: the claim number, the reason, the message and up to 5 attachments. */
export function ComplaintRequest({
  form,
  error,
  t,
  files,
  onFiles,
  busy,
  lang,
}: SectionProps & { files: File[]; onFiles: (files: File[]) => void; busy: boolean; lang: Language }) {
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">{t('forms.complaint.request')}</legend>
      <div className="form-grid">
        <TextField
          id="complaint-num_sinistre"
          label={t('forms.field.claimNumber')}
          hint={t('forms.field.claimNumberHint')}
          registration={form.register('num_sinistre')}
          error={error('num_sinistre')}
          autoComplete="off"
        />
        <Field id="complaint-motif" label={t('forms.field.reason')} error={error('motif')}>
          <select
            {...form.register('motif')}
            {...describedField('complaint-motif', { error: error('motif') })}
            className="field__input field__select"
            required
          >
            <option value="">{t('forms.field.reasonChoose')}</option>
            {COMPLAINT_REASONS.map((value) => (
              <option key={value} value={value}>
                {t(`forms.reason.${value}`)}
              </option>
            ))}
          </select>
        </Field>
        <TextField
          id="complaint-message"
          label={t('forms.field.message')}
          registration={form.register('message')}
          error={error('message')}
          multiline
          wide
        />
        <div className="form-grid__wide">
          <AttachmentPicker id="complaint-files" files={files} onChange={onFiles} disabled={busy} t={t} lang={lang} />
        </div>
      </div>
    </fieldset>
  );
}
