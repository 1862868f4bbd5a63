import { format, MESSAGES } from './messages';

/**
 * spec §5 validators. A rule list reads like 'required|email' or 'required|min:8|confirmed:password';
 * validation stops at the first failing rule and answers its message.
 */
export type Values = Readonly<Record<string, unknown>>;

type Check = (value: unknown, param: string | undefined, values: Values) => string | null;

// Letters, digits and . _ % + - before the @; a dotted domain with a TLD of 2+ letters after it.
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
// Digits 0-9 and Arabic-Indic digits (U+0660–U+0669, extended U+06F0–U+06F9).
const NUMERIC = /^[0-9\u0660-\u0669\u06F0-\u06F9]+$/;

export function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

const CHECKS: Record<string, Check> = {
  // Text of spaces and invisible format characters only (a zero-width space) is no text either.
  required: (value) =>
    isEmpty(value) ||
    value === false ||
    (typeof value === 'string' && value.replace(/\p{Cf}/gu, '').trim() === '')
      ? MESSAGES.required
      : null,
  email: (value) => (isEmpty(value) || EMAIL.test(String(value)) ? null : MESSAGES.email),
  confirmed: (value, target, values) =>
    target !== undefined && value === values[target] ? null : MESSAGES.confirmed,
  min: (value, param) => {
    const min = Number(param ?? 0);
    return isEmpty(value) || String(value).length >= min ? null : format(MESSAGES.min, { min });
  },
  numeric: (value) => (isEmpty(value) || NUMERIC.test(String(value)) ? null : MESSAGES.numeric),
};

export type RuleName = keyof typeof CHECKS;

export function validateValue(value: unknown, rules: string, values: Values = {}): string | null {
  for (const rule of rules.split('|').filter(Boolean)) {
    const [name, param] = splitRule(rule);
    const check = CHECKS[name];
    if (!check) return MESSAGES.unknownValidator;
    const message = check(value, param, values);
    if (message) return message;
  }
  return null;
}

/** Validates a whole form: the field errors in the spec's error shape (first message only). */
export function validateForm(
  values: Values,
  rules: Readonly<Record<string, string>>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [field, fieldRules] of Object.entries(rules)) {
    const message = validateValue(values[field], fieldRules, values);
    if (message) errors[field] = [message];
  }
  return errors;
}

function splitRule(rule: string): [string, string | undefined] {
  const colon = rule.indexOf(':');
  return colon === -1 ? [rule, undefined] : [rule.slice(0, colon), rule.slice(colon + 1)];
}
