import { useState } from 'react';
import { firstMessages, useSubmit } from '../../../../ui/use-submit';
import type { Checked } from '../checked';

/**
 * A settings form checked on the client, then sent: the first message of each field beside it (the
 * client's or the server's), the message above the form otherwise.
 */
export function useCheckedForm() {
  const { pending, failure, setFailure, run } = useSubmit();
  const [errors, setErrors] = useState<Record<string, string>>({});

  /** A Fluent Field's message and state for a field. */
  const fieldError = (field: string) => ({
    validationMessage: errors[field],
    validationState: errors[field] ? ('error' as const) : ('none' as const),
  });

  /** Sends the body when the check found none to show, else shows them. */
  const send = async <T>(checked: Checked<T>, action: (body: T) => Promise<unknown>) => {
    setFailure(null);
    setErrors(firstMessages(checked.errors, { atList: true }));
    if (!checked.body) return;
    const { body } = checked;
    await run(
      () => action(body),
      (fieldErrors) => {
        const shown = firstMessages(fieldErrors, { atList: true });
        setErrors(shown);
        // Only empty lists came: the general message shows.
        return Object.keys(shown).length > 0;
      },
    );
  };

  return { errors, fieldError, pending, failure, send };
}
