import type { Timezone } from '../../../../shared/contract/reference';
import type { ReferenceRow } from '../../../../shared/contract/master-reference';
import type { PickerChoice } from '../components/picker-field';

export type CompanyPicker = 'country' | 'language' | 'currency' | 'timezone' | 'region' | 'type';

/**
 * The choices of the company pickers: the master lists as they are now (a country added a moment
 * ago is offered), and the timezones of the initial data (the platform does not edit those).
 */
export function companyChoices(
  lists: Partial<Record<Exclude<CompanyPicker, 'timezone'>, readonly ReferenceRow[]>>,
  timezones: readonly Timezone[],
): Record<CompanyPicker, PickerChoice[]> {
  const rows = (items: readonly ReferenceRow[] = []) =>
    items
      .map((item) => ({ value: String(item.id), label: item.name, detail: item.locale ?? item.code }))
      .sort((a, b) => a.label.localeCompare(b.label));
  return {
    country: rows(lists.country),
    language: rows(lists.language),
    currency: rows(lists.currency),
    region: rows(lists.region),
    type: rows(lists.type),
    timezone: timezones.map((zone) => ({
      value: zone.name,
      label: zone.name.replace(/_/g, ' '),
      detail: `UTC${zone.offset}`,
    })),
  };
}
