import { readFileSync } from 'node:fs';
import { PASSWORD_MIN_LENGTH, validateValue, type FieldErrors } from '../../shared/validation';
import { unprocessable } from '../http/errors';

/**
 * The one password policy, applied wherever a password is set (setUserPassword): spec §5's minimum
 * length, and none of the 10,000 most common passwords (compared in lower case, so 'Password1' is
 * refused with 'password1'). The list ships as a data file (scripts/write-common-passwords.mjs says
 * where it comes from); it is copied beside the compiled server, like the migrations.
 */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

let common: ReadonlySet<string> | null = null;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.normalize('NFKC').toLowerCase());
}

/** The first message the password fails, or null when it may be used. */
export function passwordPolicyMessage(password: string): string | null {
  return (
    validateValue(password, `required|min:${PASSWORD_MIN_LENGTH}`) ??
    (isCommonPassword(password) ? COMMON_PASSWORD_MESSAGE : null)
  );
}

/** Throws 422 with the message under `field` when the password breaks the policy. */
export function assertPasswordPolicy(password: string, field = 'password'): void {
  const message = passwordPolicyMessage(password);
  if (message) throw unprocessable({ [field]: [message] } satisfies FieldErrors);
}
