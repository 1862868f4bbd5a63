import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrorsFromZod, firstErrorMessage, rgbToHex, toHexColor, validateForm, validateValue } from '.';
import { LoginCredentials, PasswordResetBody } from '../contract/auth';

describe('spec §5 validators', () => {
  it.each([undefined, null, '', '   ', false, []])(
    'required fails on %j with "This field is required."',
    (value) => {
      expect(validateValue(value, 'required')).toBe('This field is required.');
    },
  );
  it('required passes on a value', () => expect(validateValue('x', 'required')).toBeNull());
  it('required fails on text of spaces and invisible characters only (a name that looks blank)', () => {
    expect(validateValue('\u00a0\u200b', 'required')).toBe('This field is required.');
    expect(validateValue('\ufeff \u2060', 'required')).toBe('This field is required.');
    expect(validateValue('Desks\u200b', 'required')).toBeNull();
  });

  it('email passes when empty and refuses a malformed address', () => {
    expect(validateValue('', 'email')).toBeNull();
    expect(validateValue('a@b', 'email')).toBe('Please enter valid email.');
    expect(validateValue('employee@acme.test', 'email')).toBeNull();
  });

  it('confirmed compares with the named target field', () => {
    expect(validateValue('abc', 'confirmed:password', { password: 'abd' })).toBe('Passwords do not match.');
    expect(validateValue('abc', 'confirmed:password', { password: 'abc' })).toBeNull();
  });

  it('min passes when empty and names the length', () => {
    expect(validateValue('', 'min:8')).toBeNull();
    expect(validateValue('short', 'min:8')).toBe('The field must contain 8 or more characters.');
  });

  it('numeric accepts 0-9 and Arabic-Indic digits only', () => {
    expect(validateValue('0123', 'numeric')).toBeNull();
    expect(validateValue('٠١٢٣', 'numeric')).toBeNull();
    expect(validateValue('12a', 'numeric')).toBe('Only numbers allowed.');
  });

  it('stops at the first failing rule', () => {
    expect(validateValue('', 'required|email|min:8')).toBe('This field is required.');
    expect(validateValue('bad', 'required|email|min:8')).toBe('Please enter valid email.');
  });

  it('answers "No such validator exists" for an unknown rule', () => {
    expect(validateValue('x', 'required|shiny')).toBe('No such validator exists');
  });

  it('validates a form into the error shape', () => {
    expect(validateForm({ email: 'x' }, { email: 'required|email', password: 'required' })).toEqual({
      email: ['Please enter valid email.'],
      password: ['This field is required.'],
    });
  });
});

describe('spec §5 colours', () => {
  it.each([
    ['255,0,16', '#ff0010'],
    ['1, 2, 3, 4', '#01020304'],
    ['256,0,0', ''],
    ['1,2', ''],
    ['1,2,3,4,5', ''],
    ['1000,2,3', ''],
    ['red', ''],
  ])('%s → %s', (rgb, hex) => expect(rgbToHex(rgb)).toBe(hex));
  it('keeps a value that already has #', () => expect(toHexColor('#abcdef')).toBe('#abcdef'));
  it('converts a value without #', () => expect(toHexColor('0,0,255')).toBe('#0000ff'));
});

describe('zod request schemas speak the spec messages', () => {
  const errors = (schema: z.ZodType, body: unknown) => {
    const result = schema.safeParse(body);
    return result.success ? {} : fieldErrorsFromZod(result.error);
  };

  it('reports missing, malformed and unknown fields', () => {
    expect(errors(LoginCredentials, {})).toEqual({
      email: ['This field is required.'],
      password: ['This field is required.'],
    });
    expect(errors(LoginCredentials, { email: 'nope', password: 'x' })).toEqual({
      email: ['Please enter valid email.'],
    });
    expect(errors(LoginCredentials, { email: 'a@b.co', password: 'x', admin: true })).toEqual({
      admin: ['Admin is not valid.'],
    });
    expect(errors(LoginCredentials, { email: 42, password: 'x' })).toEqual({
      email: ['Email is not valid.'],
    });
  });

  it('bounds every string', () => {
    expect(errors(LoginCredentials, { email: 'a@b.co', password: 'x'.repeat(1_000_000) })).toEqual({
      password: ['The field must contain 1024 or fewer characters.'],
    });
  });

  it('checks the password confirmation', () => {
    const body = { token: 't', email: 'a@b.co', password: 'longenough', password_confirmation: 'different' };
    expect(errors(PasswordResetBody, body)).toEqual({ password_confirmation: ['Passwords do not match.'] });
    expect(errors(PasswordResetBody, { ...body, password: 'short', password_confirmation: 'short' })).toEqual(
      {
        password: ['The field must contain 8 or more characters.'],
      },
    );
  });

  it('shows the first message of the first field error, else the general message', () => {
    expect(firstErrorMessage({ message: 'General', errors: { a: ['first', 'second'], b: ['third'] } })).toBe(
      'first',
    );
    expect(firstErrorMessage({ message: 'General' })).toBe('General');
  });
});
