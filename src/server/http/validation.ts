import type { FastifySchemaCompiler } from 'fastify';
import { ZodError, type z } from 'zod';
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
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(fieldErrorsFromZod(narrowUnions(result.error, data))) };
  };

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
