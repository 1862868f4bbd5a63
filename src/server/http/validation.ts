import type { FastifySchemaCompiler } from 'fastify';
import { ZodError, type z } from 'zod';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from './body-bounds';
import { fieldErrorsFromZod, type FieldErrors } from '../../shared/validation';

/** Carries the zod issues of a request part to the error handler, which answers 422. */
export class RequestValidationError extends Error {
  constructor(readonly fieldErrors: FieldErrors) {
    super('The given data was invalid.');
    this.name = 'RequestValidationError';
  }
}

/**
 * Validates body, querystring and params with the route's zod schema. Unlike the provider's own
 * compiler it keeps the ZodError, so 422 bodies speak the spec §5 messages.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const refused = nulCharacterFields(data);
    if (refused) return { error: new RequestValidationError(refused) };
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(fieldErrorsFromZod(narrowUnions(result.error, data))) };
  };

export const NUL_CHARACTER_MESSAGE = 'The field contains a character that is not allowed.';

/**
 * The fields whose text holds a NUL character (U+0000), which PostgreSQL cannot store in text: said
 * here for any route, before the database would refuse it as a server error.
 */
export function nulCharacterFields(data: unknown): FieldErrors | null {
  const errors: FieldErrors = {};
  const visit = (value: unknown, path: string[]) => {
    // Bodies are bounded before parsing; this keeps any other value from recursing without bound.
    if (path.length > MAX_JSON_DEPTH) {
      errors[path.slice(0, MAX_JSON_DEPTH).join('.')] = [TOO_DEEP_MESSAGE];
      return;
    }
    if (typeof value === 'string') {
      if (value.includes('\u0000')) errors[path.join('.') || 'value'] = [NUL_CHARACTER_MESSAGE];
    } else if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...path, String(index)]));
    else if (value !== null && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000'))
          errors[[...path, key.replaceAll('\u0000', '')].join('.')] = [NUL_CHARACTER_MESSAGE];
        else visit(item, [...path, key]);
      }
  };
  visit(data, []);
  return Object.keys(errors).length > 0 ? errors : null;
}

type Issue = z.core.$ZodIssue;

/**
 * A body that matches no member of a union (login: credentials or hand-over code) gets the issues of
 * the member that knows most of its keys, the first member on a tie; "email: required" says more
 * than "value is not valid".
 */
export function narrowUnions(error: ZodError, input: unknown): ZodError {
  const narrowed = error.issues.flatMap((issue) => narrowIssue(issue, input));
  return new ZodError(narrowed);
}

function narrowIssue(issue: Issue, input: unknown): Issue[] {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
  const value = valueAt(input, issue.path);
  const keys = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
  const unknownIn = (branch: Issue[]) =>
    new Set(
      branch.flatMap((inner) =>
        inner.code === 'unrecognized_keys' && inner.path.length === 0 ? inner.keys : [],
      ),
    );
  const score = (branch: Issue[]) => keys.filter((key) => !unknownIn(branch).has(key)).length;
  const best = issue.errors.reduce((winner, branch) => (score(branch) > score(winner) ? branch : winner));
  return best.flatMap((inner) =>
    narrowIssue({ ...inner, path: [...issue.path, ...inner.path] } as Issue, input),
  );
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path)
    value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}
