/** spec §5: the validation messages, verbatim. Server 422 bodies and client forms both use these. */
export const MESSAGES = {
  required: 'This field is required.',
  email: 'Please enter valid email.',
  confirmed: 'Passwords do not match.',
  min: 'The field must contain {min} or more characters.',
  numeric: 'Only numbers allowed.',
  default: '{field} is not valid.',
  // Not in the spec (it is silent on upper bounds); worded like its 'min' message.
  max: 'The field must contain {max} or fewer characters.',
  unknownValidator: 'No such validator exists',
  wrongDateFormat: 'Wrong date format',
  // Not in the spec: a time span that ends before it starts (working hours 18:00 → 08:00).
  endAfterStart: 'The end must be after the start.',
} as const;

export function format(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}

/** '{field} is not valid.' with the field's name made readable (password_confirmation → Password confirmation). */
export function notValid(field: string): string {
  const label = field.replace(/[_.]+/g, ' ').trim();
  return format(MESSAGES.default, { field: label.charAt(0).toUpperCase() + label.slice(1) });
}
