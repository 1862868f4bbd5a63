import type { FieldErrors } from '../../../../shared/validation/field-errors';

/** A form's request body when it may be sent, else the field errors to show beside its fields. */
export type Checked<T> = { body: T; errors: null } | { body: null; errors: FieldErrors };
