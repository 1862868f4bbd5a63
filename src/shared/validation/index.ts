export { MESSAGES, format, notValid } from './messages';
export { validateValue, validateForm, isEmpty } from './rules';
export type { Values } from './rules';
export { rgbToHex, toHexColor } from './colors';
export { fieldErrorsFromZod, firstErrorMessage } from './field-errors';
export type { FieldErrors } from './field-errors';
export { text, requiredText, email, password, PASSWORD_MIN_LENGTH } from './schemas';
export { NEW_PASSWORD_RULES, newPassword, withNewPassword } from './password';
export { workingHoursErrors } from './working-hours';
