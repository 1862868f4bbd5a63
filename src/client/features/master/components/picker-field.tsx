import { Combobox, Field, Option } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { matchesSearch } from '../../../../shared/text/search';
import type { FieldBinding } from '../../../ui/use-form';
import { useMasterStyles } from '../master.styles';

export interface PickerChoice {
  value: string;
  label: string;
  detail?: string;
}

/**
 * A picker of the master forms (country, language, timezone, data region, company type): a Fluent
 * combobox whose typed text filters the choices, bound to a use-form field (the chosen value as text).
 */
export function PickerField({
  binding,
  label,
  choices,
  required,
}: {
  binding: FieldBinding;
  label: string;
  choices: readonly PickerChoice[];
  required?: boolean;
}) {
  const styles = useMasterStyles();
  const selected = choices.find((choice) => choice.value === binding.value);
  const [query, setQuery] = useState<string | null>(null);
  const shown = useMemo(
    () =>
      query === null
        ? choices
        : choices.filter(
            (choice) => matchesSearch(choice.label, query) || matchesSearch(choice.detail ?? '', query),
          ),
    [choices, query],
  );
  return (
    <Field
      label={label}
      required={required}
      validationMessage={binding.error}
      validationState={binding.error ? 'error' : 'none'}
    >
      <Combobox
        name={binding.name}
        value={query ?? selected?.label ?? ''}
        selectedOptions={binding.value ? [binding.value] : []}
        onChange={(event) => setQuery(event.target.value)}
        onOptionSelect={(_event, data) => {
          const value = data.optionValue ?? '';
          setQuery(null);
          binding.onValueChange(value);
          binding.onCommit(value);
        }}
        onBlur={() => {
          setQuery(null);
          binding.onCommit(binding.value);
        }}
      >
        {shown.map((choice) => (
          <Option key={choice.value} value={choice.value} text={choice.label}>
            <span className={styles.option}>
              <span>{choice.label}</span>
              {choice.detail && <span className={styles.detail}>{choice.detail}</span>}
            </span>
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}
