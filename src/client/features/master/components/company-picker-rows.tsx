import { Body1, Caption1 } from '@fluentui/react-components';
import { useId } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { AppLink } from '../../../ui/app-link';
import { PICKER_TITLE, type CompanyPicker } from '../company-pickers';
import { useMasterStyles } from '../master.styles';

export interface CompanyPickerRow {
  picker: CompanyPicker;
  /** the current choice's name, or what stands for none */
  value: string;
  /** the picker's address; null: shown, not changed here */
  to: string | null;
  error?: string | undefined;
  required?: boolean;
}

/**
 * The company's pickers on its form: one row each with its name and the current choice, a link to
 * the picker sub-screen (named "Country: France" for screen readers), and the message a Create left.
 */
export function CompanyPickerRows({ rows }: { rows: readonly CompanyPickerRow[] }) {
  const styles = useMasterStyles();
  const t = useLabel();
  const ids = useId();
  return (
    <ul className={styles.pickerRows} aria-label={t('master.companies.defaults', 'Company defaults')}>
      {rows.map((row) => {
        const name = t(PICKER_TITLE[row.picker].code, PICKER_TITLE[row.picker].english);
        const errorId = `${ids}-${row.picker}-error`;
        return (
          <li key={row.picker} className={styles.pickerRow}>
            <Body1>
              {name}
              {row.required && (
                <span aria-hidden="true" className={styles.required}>
                  {' *'}
                </span>
              )}
            </Body1>
            {row.to === null ? (
              <Body1 className={styles.pickerValue}>{row.value}</Body1>
            ) : (
              <AppLink
                className={styles.pickerValue}
                to={row.to}
                aria-label={`${name}: ${row.value}`}
                aria-describedby={row.error ? errorId : undefined}
              >
                {row.value}
              </AppLink>
            )}
            {row.error && (
              <Caption1 id={errorId} className={styles.pickerError}>
                {row.error}
              </Caption1>
            )}
          </li>
        );
      })}
    </ul>
  );
}
