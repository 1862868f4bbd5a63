import { Field, Input, type InputProps } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import type { FieldBinding } from './use-form';

export interface FormFieldProps extends FieldBinding {
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'datetime-local';
  autoComplete?: string;
  inputMode?: InputProps['inputMode'];
  hint?: string;
  required?: boolean;
  maxLength?: number;
  /** the first field of a single-purpose screen (login, code) takes the focus */
  focusOnMount?: boolean;
  /** shown, not editable (a value fixed once created) */
  readOnly?: boolean;
}

/**
 * A Fluent Field + Input validated per spec §5 "on blur and change, not input": the rules run when
 * the field loses focus and on the native `change` event (a committed edit: Enter, autofill, a
 * picker), never on keystrokes, which React's onChange reports. The message shown is exactly the
 * first failing rule's.
 */
export function FormField({
  name,
  value,
  error,
  onValueChange,
  onCommit,
  label,
  type = 'text',
  autoComplete,
  inputMode,
  hint,
  required,
  maxLength,
  focusOnMount,
  readOnly,
}: FormFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const onNativeChange = () => commit.current(element.value);
    element.addEventListener('change', onNativeChange);
    return () => element.removeEventListener('change', onNativeChange);
  }, []);

  return (
    <Field label={label} hint={hint} validationMessage={error} validationState={error ? 'error' : 'none'}>
      <Input
        ref={input}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        readOnly={readOnly}
        aria-required={required || undefined}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the first field of a single-purpose screen
        autoFocus={focusOnMount}
        onChange={(_event, data) => onValueChange(data.value)}
        onBlur={(event) => onCommit(event.currentTarget.value)}
      />
    </Field>
  );
}
