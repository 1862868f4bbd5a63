import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword, passwordPolicyMessage } from './password-policy';

describe('the password policy', () => {
  it('ships the 10,000 most common passwords, one a line', () => {
    const lines = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(10_000);
    expect(new Set(lines).size).toBe(10_000);
    expect(lines.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
  });

  it('refuses a common password whatever its case, with its own message', () => {
    expect(isCommonPassword('password1')).toBe(true);
    expect(isCommonPassword('PassWord1')).toBe(true);
    expect(passwordPolicyMessage('baseball')).toBe(COMMON_PASSWORD_MESSAGE);
    expect(passwordPolicyMessage('iloveyou')).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it('spec §5: refuses fewer than 8 characters with the min message, and an empty one as required', () => {
    expect(passwordPolicyMessage('x7#kq')).toBe('The field must contain 8 or more characters.');
    expect(passwordPolicyMessage('')).toBe('This field is required.');
  });

  it('accepts a long uncommon password, and the demo password', () => {
    expect(passwordPolicyMessage('correct horse battery staple')).toBeNull();
    expect(passwordPolicyMessage('demo1234')).toBeNull();
  });
});
