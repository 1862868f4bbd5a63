import { useCallback, useState, type FormEvent } from 'react';
import { validateForm, validateValue } from '../../shared/validation/rules';
import { sayMessage } from '../i18n/messages';
import { firstMessages, useSubmit } from './use-submit';

export interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  onValueChange(value: string): void;
  /** the value was committed (blur or native change): validate it */
  onCommit(value: string): void;
}

/**
 * Form state with spec §5 validation: each field validates when committed (blur or change, never on
 * input), stops at its first failing rule, and the whole form validates on submit.
 */
export interface SubmitOptions {
  /**
   * Where a failed call's message goes. 'unanswered' (default): server answers already show in the
   * warning modal, so only a call that got no answer is told on the form. 'all': every failure's
   * message stays on the form (spec §8: password reset and forgot errors are stored as the message).
   * 'unplaced': for silent calls, the message of a failure that has no field errors to place.
   */
  failure?: 'unanswered' | 'all' | 'unplaced';
  /** more checks after the field rules; answers whether the form may be sent */
  check?: () => boolean;
}

export function useForm<K extends string>(initial: Record<K, string>, rules: Partial<Record<K, string>>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const { pending, failure, setFailure, run } = useSubmit();

  const field = (name: K): FieldBinding => ({
    name,
    value: values[name],
    error: sayMessage(errors[name]),
    onValueChange: (value) => {
      setValues((previous) => ({ ...previous, [name]: value }));
      // An edited field's message goes at once, not on blur: gone on blur, it would move the form
      // under the pointer between press and release, and the click on its submit button is lost.
      setErrors((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
    },
    onCommit: (value) => {
      const fieldRules = rules[name];
      if (!fieldRules) return;
      const message = validateValue(value, fieldRules, { ...values, [name]: value });
      setErrors((previous) => ({ ...previous, [name]: message ?? undefined }));
    },
  });

  /** Validates every field; answers whether the form may be sent. */
  const validateAll = (): boolean => {
    const found = validateForm(values, rules as Record<string, string>);
    setErrors(firstMessages(found) as Partial<Record<K, string>>);
    return Object.keys(found).length === 0;
  };

  /** Shows a server's field errors (first message of each) beside the fields. */
  const showFieldErrors = useCallback((fieldErrors: Record<string, string[]> | undefined) => {
    if (!fieldErrors) return;
    setErrors((previous) => ({
      ...previous,
      ...firstMessages(fieldErrors),
    }));
  }, []);

  /**
   * A form's onSubmit: validates, runs the call with the pending flag on (submit buttons show it),
   * puts a failed call's field errors beside the fields and its message where `failure` says.
   */
  const submit =
    (action: () => Promise<void>, options: SubmitOptions = {}) =>
    (event: FormEvent) => {
      event.preventDefault();
      setFailure(null);
      const valid = validateAll();
      if (!(options.check?.() ?? true) || !valid) return;
      void run(action, showFieldErrors, { failure: options.failure ?? 'unanswered' });
    };

  return {
    values,
    errors,
    field,
    validateAll,
    showFieldErrors,
    setValues,
    submit,
    pending,
    failure,
    setFailure,
  };
}
