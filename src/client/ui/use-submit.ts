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

/** The first message of each field, by field. */
export function firstMessages(errors: FieldErrors): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list[0]]));
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
