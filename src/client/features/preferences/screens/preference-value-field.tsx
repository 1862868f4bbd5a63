import { Caption1, Checkbox, Field, Input, Select, Switch } from '@fluentui/react-components';
import { useId } from 'react';
import type { Preference } from '../../../../shared/contract/preferences';
import { listParts } from '../../../../shared/validation/preferences';
import { useLabel } from '../../../i18n/i18n';
import { optionLabel, preferenceName } from '../preference-values';
import { usePreferenceStyles } from './preferences.styles';

export interface ValueFieldProps {
  preference: Preference;
  value: string;
  automatic: boolean;
  error: string | undefined;
  disabled: boolean;
  onValue(value: string): void;
  onAutomatic(automatic: boolean): void;
}

/** The field of one preference by its kind: a list, checkboxes, a time, a number, a colour, a text. */
export function PreferenceValueField(props: ValueFieldProps) {
  const { preference, value, error, disabled, onValue } = props;
  const styles = usePreferenceStyles();
  const t = useLabel();
  const errorId = useId();
  const label = preferenceName(t, preference);
  const validation = {
    validationMessage: error,
    validationState: error ? ('error' as const) : ('none' as const),
  };
  const options = preference.preference_values;

  switch (preference.kind) {
    case 'menu':
      return (
        <Switch
          label={t('preferences.menu-automatic', 'Automatic (hidden from the menu)')}
          checked={props.automatic}
          disabled={disabled}
          onChange={(_event, data) => props.onAutomatic(data.checked)}
        />
      );
    case 'select':
    case 'level':
      return (
        <Field label={label} {...validation}>
          <Select value={value} disabled={disabled} onChange={(_event, data) => onValue(data.value)}>
            {preference.kind === 'level' && (
              <option value="">{t('preferences.no-location', 'No default location')}</option>
            )}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {preference.kind === 'level' ? option.label : optionLabel(t, option.label)}
              </option>
            ))}
          </Select>
        </Field>
      );
    case 'multi-select': {
      const chosen = new Set(listParts(value));
      const toggle = (part: string, on: boolean) =>
        onValue(
          options
            .map((option) => option.value)
            .filter((candidate) => (candidate === part ? on : chosen.has(candidate)))
            .join(','),
        );
      // A fieldset, not a Field: a Field lends its one label and id to every checkbox inside it.
      return (
        <fieldset className={styles.choices} aria-describedby={error ? errorId : undefined}>
          <legend className={styles.legend}>{label}</legend>
          {options.map((option) => (
            <Checkbox
              key={option.value}
              label={optionLabel(t, option.label)}
              checked={chosen.has(option.value)}
              disabled={disabled}
              onChange={(_event, data) => toggle(option.value, data.checked === true)}
            />
          ))}
          {error && (
            <Caption1 id={errorId} role="alert" className={styles.error}>
              {error}
            </Caption1>
          )}
        </fieldset>
      );
    }
    case 'time':
      return (
        <Field label={label} {...validation}>
          <Input
            type="time"
            value={value}
            disabled={disabled}
            onChange={(_event, data) => onValue(data.value)}
          />
        </Field>
      );
    case 'number':
      return (
        <Field label={label} {...validation}>
          <Input
            type="number"
            inputMode="numeric"
            min={preference.min ?? undefined}
            max={preference.max ?? undefined}
            value={value}
            disabled={disabled}
            onChange={(_event, data) => onValue(data.value)}
          />
        </Field>
      );
    case 'color':
      return (
        <div className={styles.colorRow}>
          <Field label={label} {...validation}>
            <Input
              value={value}
              maxLength={7}
              placeholder="#rrggbb"
              disabled={disabled}
              onChange={(_event, data) => onValue(data.value)}
            />
          </Field>
          <input
            type="color"
            className={styles.colorPicker}
            aria-label={t('preferences.pick-colour', 'Pick a colour')}
            value={/^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : '#000000'}
            disabled={disabled}
            onChange={(event) => onValue(event.target.value)}
          />
        </div>
      );
    case 'text':
      return (
        <Field label={label} {...validation}>
          <Input
            value={value}
            maxLength={preference.max ?? undefined}
            disabled={disabled}
            onChange={(_event, data) => onValue(data.value)}
          />
        </Field>
      );
  }
}
