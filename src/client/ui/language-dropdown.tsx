import { Dropdown, Option } from '@fluentui/react-components';
import { useInitialData } from '../session/hooks';

/** The value meaning "no language of its own: the company's". */
export const COMPANY_LANGUAGE = '';

/**
 * One of the company's languages by id (as a string), or the company's own (COMPANY_LANGUAGE),
 * named by `companyLabel`: what a reception desk or a device template speaks.
 */
export function LanguageOrCompanyDropdown({
  value,
  onChange,
  companyLabel,
}: {
  value: string;
  onChange(value: string): void;
  companyLabel: string;
}) {
  const languages = useInitialData()?.languages ?? [];
  return (
    <Dropdown
      value={languages.find((entry) => String(entry.id) === value)?.name ?? companyLabel}
      selectedOptions={[value]}
      onOptionSelect={(_event, data) => onChange(data.optionValue ?? COMPANY_LANGUAGE)}
    >
      <Option value={COMPANY_LANGUAGE}>{companyLabel}</Option>
      {languages.map((entry) => (
        <Option key={entry.id} value={String(entry.id)}>
          {entry.name}
        </Option>
      ))}
    </Dropdown>
  );
}
