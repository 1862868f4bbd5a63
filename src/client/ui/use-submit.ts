import { useCallback, useState } from 'react';
import { type FieldErrors } from '../../shared/validation/field-errors';
import { ApiError, errorMessage } from '../api/errors';

/**
 * Where a failed call's message goes.
 * - 'unplaced' (default): every failure whose field errors were not placed beside the fields; a
 *   failure that is no call's (a thrown bug) shows as its text.
 * - 'unanswered': only a call that got no answer (server answers already show in the warning modal).
 * - 'all': every call's failure, besides its field errors (spec §8: password reset and forgot).
 * With 'unanswered' and 'all' a failure that is no call's is thrown on.
 */
export type FailureShown = 'unplaced' | 'unanswered' | 'all';

export interface RunOptions {
  failure?: FailureShown;
  /** no pending flag while it runs (a row's delete beside a form) */
  silent?: boolean;
}

/**
 * Answers whether the field errors were placed beside the fields; false (nothing to place them at)
 * shows the message instead.
 */
export type FieldErrorsHandler = (errors: FieldErrors) => boolean | void;

/**
 * The message to show beside each field: its first one. `atList`: an item's error ('weekdays.2',
 * 'resource_ids.0') is shown at its list (the list's first message wins).
 */
export function firstMessages(
  errors: FieldErrors | null | undefined,
  { atList = false }: { atList?: boolean } = {},
): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const field = atList ? (path.split('.')[0] ?? path) : path;
    if (messages[0] && !shown[field]) shown[field] = messages[0];
  }
  return shown;
}

/**
 * Sends a form's call: `pending` is on while it runs; a failed call's field errors (ApiError
 * body.errors) go to `onFieldErrors`, its message (or one they could not be placed for) to `failure`.
 * `run` answers whether the call succeeded.
 */
export function useSubmit() {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = useCallback(
    async (
      action: () => Promise<unknown>,
      onFieldErrors?: FieldErrorsHandler,
      { failure: shown = 'unplaced', silent = false }: RunOptions = {},
    ): Promise<boolean> => {
      setFailure(null);
      if (!silent) setPending(true);
      try {
        await action();
        return true;
      } catch (error) {
        if (!(error instanceof ApiError)) {
          if (shown !== 'unplaced') throw error;
          setFailure(errorMessage(error));
          return false;
        }
        const fieldErrors = error.body?.errors;
        const placed = fieldErrors && onFieldErrors ? onFieldErrors(fieldErrors) !== false : false;
        if (shown === 'all' || (shown === 'unanswered' ? !error.body : !placed))
          setFailure(errorMessage(error));
        return false;
      } finally {
        if (!silent) setPending(false);
      }
    },
    [],
  );

  return { pending, failure, setFailure, run };
}
