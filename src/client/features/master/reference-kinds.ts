import type { ReferenceKind } from '../../../shared/contract/master-reference';

/** The master reference screens, one per kind: /cx-countries with add-country and edit-country/:id… */
export interface ReferenceScreenConfig {
  kind: ReferenceKind;
  /** the route segment after cx- and the singular used in add-… and edit-… */
  segment: string;
  singular: string;
  title: { code: string; english: string };
  add: { code: string; english: string };
  edit: { code: string; english: string };
  /** the fields beyond code and name */
  extra: readonly ('locale' | 'symbol')[];
}

export const REFERENCE_SCREENS: readonly ReferenceScreenConfig[] = [
  {
    kind: 'countries',
    segment: 'countries',
    singular: 'country',
    title: { code: 'master.countries.title', english: 'Countries' },
    add: { code: 'master.countries.add', english: 'Add country' },
    edit: { code: 'master.countries.edit', english: 'Edit country' },
    extra: [],
  },
  {
    kind: 'currencies',
    segment: 'currencies',
    singular: 'currency',
    title: { code: 'master.currencies.title', english: 'Currencies' },
    add: { code: 'master.currencies.add', english: 'Add currency' },
    edit: { code: 'master.currencies.edit', english: 'Edit currency' },
    extra: ['symbol'],
  },
  {
    kind: 'languages',
    segment: 'languages',
    singular: 'language',
    title: { code: 'master.languages.title', english: 'Languages' },
    add: { code: 'master.languages.add', english: 'Add language' },
    edit: { code: 'master.languages.edit', english: 'Edit language' },
    extra: ['locale'],
  },
  {
    kind: 'data-regions',
    segment: 'data-regions',
    singular: 'data-region',
    title: { code: 'master.data-regions.title', english: 'Data regions' },
    add: { code: 'master.data-regions.add', english: 'Add data region' },
    edit: { code: 'master.data-regions.edit', english: 'Edit data region' },
    extra: [],
  },
  {
    kind: 'company-types',
    segment: 'company-types',
    singular: 'company-type',
    title: { code: 'master.company-types.title', english: 'Company types' },
    add: { code: 'master.company-types.add', english: 'Add company type' },
    edit: { code: 'master.company-types.edit', english: 'Edit company type' },
    extra: [],
  },
];

/** The reference screen an address belongs to (/cx-countries/edit-country/3 → countries). */
export function referenceScreenOf(pathname: string): ReferenceScreenConfig {
  const first = pathname.toLowerCase().split('/')[1] ?? '';
  return REFERENCE_SCREENS.find((screen) => `cx-${screen.segment}` === first) ?? REFERENCE_SCREENS[0]!;
}
