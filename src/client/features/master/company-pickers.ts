/**
 * spec §2 /cx-manage-companies: add-company has pickers for country, language, timezone, company
 * data region and company type; edit-company for country, language, timezone and data region. Each
 * is a sub-screen of its form, at the segment named here; the route table and the screens read this.
 */
export const COMPANY_PICKERS = ['country', 'language', 'timezone', 'data-region', 'company-type'] as const;
export type CompanyPicker = (typeof COMPANY_PICKERS)[number];

/** The company type is chosen when the company is added; edit-company shows it without a picker. */
export const EDIT_COMPANY_PICKERS = [
  'country',
  'language',
  'timezone',
  'data-region',
] as const satisfies readonly CompanyPicker[];
export type EditCompanyPicker = (typeof EDIT_COMPANY_PICKERS)[number];

export const isEditCompanyPicker = (picker: CompanyPicker): picker is EditCompanyPicker =>
  (EDIT_COMPANY_PICKERS as readonly CompanyPicker[]).includes(picker);

/** What a picker sets, by the API's field name (POST and PUT master companies). */
export const PICKER_FIELD = {
  country: 'country_id',
  language: 'language_id',
  timezone: 'timezone',
  'data-region': 'data_region_id',
  'company-type': 'company_type_id',
} as const satisfies Record<CompanyPicker, string>;
export type PickerField = (typeof PICKER_FIELD)[CompanyPicker];

/** Each picker's name: the form's row label and the picker screen's title. */
export const PICKER_TITLE: Record<CompanyPicker, { code: string; english: string }> = {
  country: { code: 'master.companies.country', english: 'Country' },
  language: { code: 'master.companies.language', english: 'Language' },
  timezone: { code: 'master.companies.timezone', english: 'Timezone' },
  'data-region': { code: 'master.companies.data-region', english: 'Data region' },
  'company-type': { code: 'master.companies.company-type', english: 'Company type' },
};

/** The picker a path ends with (…/add-company/country, …/edit-company/7/data-region/), if any. */
export function pickerOfPath(pathname: string): CompanyPicker | null {
  const last = pathname.toLowerCase().replace(/\/+$/, '').split('/').pop() ?? '';
  return COMPANY_PICKERS.find((picker) => picker === last) ?? null;
}
