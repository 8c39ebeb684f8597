import { NEUTRAL_BRAND_FILTER } from '../../contracts/inbox.ts';
import { t } from '../lib/texts.ts';
import { FilterSelect } from './FilterSelect.tsx';

/** A brand the filter offers: its slug (null for the neutral site) and its name. */
export interface BrandChoice {
  company: string | null;
  brand: string;
}

/** The brand filter: every brand offered by name; the neutral site as NEUTRAL_BRAND_FILTER. */
export function BrandFilter({
  value,
  brands,
  onChange,
}: {
  value: string;
  brands: readonly BrandChoice[];
  onChange: (brand: string) => void;
}) {
  const options = brands.map((choice) => ({ value: choice.company ?? NEUTRAL_BRAND_FILTER, label: choice.brand }));
  // A brand chosen by the address stays offered before the list has answered.
  if (value !== '' && !options.some((option) => option.value === value)) options.unshift({ value, label: value });
  return (
    <FilterSelect
      label={t('claims.list.columns.brand')}
      value={value}
      options={[{ value: '', label: t('inbox.filters.allBrands') }, ...options]}
      onChange={onChange}
    />
  );
}
