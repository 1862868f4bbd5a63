import { describe, expect, it } from 'vitest';
import {
  keepOrReplace,
  maskSecret,
  SECRET_MASK,
  SecretBox,
  secretBoxFor,
  secretContext,
  SecretUnreadableError,
} from './secrets';

const KEY = 'k'.repeat(48);

describe('connector secrets at rest', () => {
  const box = new SecretBox(KEY);
  const acme = secretContext(1, 'calendar_connector_fields/7');

  it('seals with AES-256-GCM so the stored value never contains the secret, and opens it again', () => {
    const sealed = box.seal('client-secret-value', acme);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('client-secret-value');
    expect(box.open(sealed, acme)).toBe('client-secret-value');
  });

  it('seals the same secret differently each time (a fresh nonce)', () => {
    expect(box.seal('same', acme)).not.toBe(box.seal('same', acme));
  });

  it('refuses a value moved to another company or field (bound to its context)', () => {
    const sealed = box.seal('secret', acme);
    expect(() => box.open(sealed, secretContext(2, 'calendar_connector_fields/7'))).toThrow(
      SecretUnreadableError,
    );
    expect(() => box.open(sealed, secretContext(1, 'calendar_connector_fields/8'))).toThrow(
      SecretUnreadableError,
    );
  });

  it('refuses a tampered value and one sealed under another key', () => {
    const sealed = box.seal('secret', acme);
    // Replace one full character of the payload (the last one may carry padding bits only).
    const at = 'v1.'.length + 5;
    const flipped = sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1);
    expect(() => box.open(flipped, acme)).toThrow(SecretUnreadableError);
    expect(() => new SecretBox('x'.repeat(48)).open(sealed, acme)).toThrow(SecretUnreadableError);
    expect(() => box.open('garbage', acme)).toThrow(SecretUnreadableError);
  });

  it('refuses a key shorter than 32 characters', () => {
    expect(() => new SecretBox('short')).toThrow(/32/);
  });

  it('masks every stored secret with the same fixed string and shows nothing when none is stored', () => {
    expect(maskSecret(box.seal('a', acme))).toBe(SECRET_MASK);
    expect(maskSecret(box.seal('a much longer secret', acme))).toBe(SECRET_MASK);
    expect(maskSecret(null)).toBe('');
  });

  it('keeps the stored secret when an update sends the mask back or leaves it out, clears it on empty', () => {
    const stored = box.seal('old', acme);
    expect(keepOrReplace(box, SECRET_MASK, stored, acme)).toBe(stored);
    expect(keepOrReplace(box, undefined, stored, acme)).toBe(stored);
    expect(keepOrReplace(box, '', stored, acme)).toBeNull();
    expect(box.open(keepOrReplace(box, 'new', stored, acme)!, acme)).toBe('new');
  });
});

describe('secretBoxFor', () => {
  const acme = secretContext(1, 'x');

  it('prefers CONNECTOR_SECRETS_KEY to the JWT secret, so rotating the JWT secret keeps the secrets', () => {
    const sealed = secretBoxFor({ connectorSecretsKey: KEY, jwtSecret: 'j'.repeat(40) }).seal('s', acme);
    expect(secretBoxFor({ connectorSecretsKey: KEY, jwtSecret: 'other'.repeat(10) }).open(sealed, acme)).toBe(
      's',
    );
  });

  it('falls back to the JWT secret', () => {
    const sealed = secretBoxFor({ connectorSecretsKey: null, jwtSecret: KEY }).seal('s', acme);
    expect(new SecretBox(KEY).open(sealed, acme)).toBe('s');
  });
});
