import type { FieldErrors } from '../../../../shared/validation/field-errors';

/** A form's request body when it may be sent, else the field errors to show beside its fields. */
export type Checked<T> = { body: T; errors: null } | { body: null; errors: FieldErrors };

/**
 * The message to show beside each field: the first one, with an item's error ('weekdays.2',
 * 'resource_ids.0') shown at its list.
 */
export function messagesByField(errors: FieldErrors | null | undefined): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const field = path.split('.')[0] ?? path;
    if (messages[0] && !shown[field]) shown[field] = messages[0];
  }
  return shown;
}
