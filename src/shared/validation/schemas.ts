import { z } from 'zod';
import { format, MESSAGES } from './messages';
import { validateValue } from './rules';

/**
 * zod builders that carry the spec §5 rules, so request schemas in src/shared/contract produce the
 * same messages as the client forms. Every string has an upper bound: no 1 MB field reaches a query.
 */
export function text(rules: string, max = 255) {
  return z
    .string()
    .max(max, format(MESSAGES.max, { max }))
    .superRefine((value, ctx) => {
      const message = validateValue(value, rules);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

export const requiredText = (max = 255) => text('required', max);
export const email = () => text('required|email', 254);
/** The minimum length of a new password (spec §5 'min'); the server adds the common-password check. */
export const PASSWORD_MIN_LENGTH = 8;
export const password = (min = PASSWORD_MIN_LENGTH) => text(`required|min:${min}`, 1024);
