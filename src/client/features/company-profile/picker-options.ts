import { filterOptions, type PickerOption } from '../../ui/reference-picker';
import type { InitialData } from '../../../shared/contract/auth';
import type { CompanyProfile } from '../../../shared/contract/company-profile';

export type ProfileField = 'country' | 'language' | 'currency' | 'timezone';

export type { PickerOption };
export { filterOptions };

/** The choices of one picker, from the reference data of the initial answer, sorted by label. */
export function pickerOptions(
  field: ProfileField,
  data: Pick<InitialData, 'countries' | 'languages' | 'currencies' | 'timezones'>,
): PickerOption[] {
  const options: PickerOption[] =
    field === 'country'
      ? data.countries.map((c) => ({ value: c.id, label: c.name, detail: c.code }))
      : field === 'language'
        ? data.languages.map((l) => ({ value: l.id, label: l.name, detail: l.locale }))
        : field === 'currency'
          ? data.currencies.map((c) => ({ value: c.id, label: c.name, detail: `${c.code} ${c.symbol}` }))
          : data.timezones.map((z) => ({
              value: z.name,
              label: z.name.replace(/_/g, ' '),
              detail: `UTC${z.offset}`,
            }));
  return options.sort((a, b) => a.label.localeCompare(b.label));
}

export function currentValue(field: ProfileField, profile: CompanyProfile): number | string {
  switch (field) {
    case 'country':
      return profile.country_id;
    case 'language':
      return profile.language_id;
    case 'currency':
      return profile.currency_id;
    case 'timezone':
      return profile.timezone;
  }
}

export function changeFor(field: ProfileField, value: number | string) {
  switch (field) {
    case 'country':
      return { country_id: Number(value) };
    case 'language':
      return { language_id: Number(value) };
    case 'currency':
      return { currency_id: Number(value) };
    case 'timezone':
      return { timezone: String(value) };
  }
}
