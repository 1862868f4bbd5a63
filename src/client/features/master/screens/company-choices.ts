import { useMemo } from 'react';
import type { ReferenceKind, ReferenceRow } from '../../../../shared/contract/master-reference';
import type { Timezone } from '../../../../shared/contract/reference';
import { useInitialData } from '../../../session/hooks';
import type { PickerOption } from '../../../ui/reference-picker';
import { useReferenceRows } from '../api';
import type { CompanyPicker } from '../company-pickers';

export type ChoiceLists = Partial<Record<Exclude<CompanyPicker, 'timezone'>, readonly ReferenceRow[]>>;

/**
 * The choices of the company pickers, sorted by name: the master lists as they are now (a country
 * added a moment ago is offered), and the timezones of the initial data (the platform does not edit
 * those). A reference row's value is its id; a timezone's its IANA name.
 */
export function companyChoices(
  lists: ChoiceLists,
  timezones: readonly Timezone[],
): Record<CompanyPicker, PickerOption[]> {
  const rows = (items: readonly ReferenceRow[] = []) =>
    items
      .map((item) => ({ value: item.id, label: item.name, detail: item.locale ?? item.code }))
      .sort((a, b) => a.label.localeCompare(b.label));
  return {
    country: rows(lists.country),
    language: rows(lists.language),
    'data-region': rows(lists['data-region']),
    'company-type': rows(lists['company-type']),
    timezone: timezones.map((zone) => ({
      value: zone.name,
      label: zone.name.replace(/_/g, ' '),
      detail: `UTC${zone.offset}`,
    })),
  };
}

/** A picker's value as the form keeps it (text) to the option's value: an id, or a timezone's name. */
export function optionValue(picker: CompanyPicker, text: string): number | string | null {
  if (text === '') return null;
  return picker === 'timezone' ? text : Number(text);
}

const KIND: Record<Exclude<CompanyPicker, 'timezone'>, ReferenceKind> = {
  country: 'countries',
  language: 'languages',
  'data-region': 'data-regions',
  'company-type': 'company-types',
};

/**
 * The choices of the pickers `needed` (a picker screen asks for its own list only), whether they
 * are all there yet, and the first failure to load one.
 */
export function useCompanyChoices(needed: readonly CompanyPicker[]) {
  const session = useInitialData();
  const ask = (picker: Exclude<CompanyPicker, 'timezone'>) => (needed.includes(picker) ? KIND[picker] : null);
  const answers = {
    country: useReferenceRows(ask('country')),
    language: useReferenceRows(ask('language')),
    'data-region': useReferenceRows(ask('data-region')),
    'company-type': useReferenceRows(ask('company-type')),
  };
  const country = answers.country.data?.data;
  const language = answers.language.data?.data;
  const region = answers['data-region'].data?.data;
  const type = answers['company-type'].data?.data;
  const timezones = session?.timezones;
  const choices = useMemo(
    () => companyChoices({ country, language, 'data-region': region, 'company-type': type }, timezones ?? []),
    [country, language, region, type, timezones],
  );
  const loaded = needed.every((picker) =>
    picker === 'timezone' ? timezones !== undefined : answers[picker].data !== undefined,
  );
  const error = Object.values(answers).find((answer) => answer.error)?.error ?? null;
  return { choices, loaded, error };
}
