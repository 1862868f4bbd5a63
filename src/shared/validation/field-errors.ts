import type { ZodError } from 'zod';
import { MESSAGES, notValid } from './messages';

export type FieldErrors = Record<string, string[]>;

/**
 * Turns zod issues into the spec's field errors. Missing values read 'This field is required.';
 * unknown keys and wrong types read '{field} is not valid.'; messages set on a schema are kept.
 */
export function fieldErrorsFromZod(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key].join('.'), notValid(key));
      continue;
    }
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    // zod leaves `input` out of issues unless asked to, but always says 'received undefined'.
    const missing =
      issue.code === 'invalid_type' && issue.input === undefined && /received undefined$/.test(issue.message);
    const custom = issue.message && !issue.message.startsWith('Invalid') && !issue.message.startsWith('Too ');
    add(
      field,
      missing ? MESSAGES.required : custom ? issue.message : notValid(String(issue.path.at(-1) ?? 'value')),
    );
  }
  return errors;
}

/** spec §5/§8: only the first message of the first field error is shown, else the general message. */
export function firstErrorMessage(
  body: { message?: string; errors?: FieldErrors } | undefined,
  fallback = '',
): string {
  const first = body?.errors ? Object.values(body.errors).find((list) => list.length > 0)?.[0] : undefined;
  return first ?? body?.message ?? fallback;
}
