import { describe, expect, it } from 'vitest';
import { tokenExpiry, tokenStatus } from './token';

const jwt = (claims: object) =>
  `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

describe('spec §9 token expiry', () => {
  const now = Date.UTC(2026, 0, 1);
  it('reads exp from the payload', () => expect(tokenExpiry(jwt({ exp: 123, sub: '1' }))).toBe(123));
  it('is missing without a token', () => expect(tokenStatus(null, now)).toBe('missing'));
  it('is valid while exp lies in the future', () =>
    expect(tokenStatus(jwt({ exp: now / 1000 + 60 }), now)).toBe('valid'));
  it('is expired once exp is past', () =>
    expect(tokenStatus(jwt({ exp: now / 1000 - 1 }), now)).toBe('expired'));
  it('treats an unreadable token as expired', () => expect(tokenStatus('garbage', now)).toBe('expired'));
});
