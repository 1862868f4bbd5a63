import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidTokenError, TokenSigner } from './tokens';

describe('TokenSigner.verify', () => {
  afterEach(() => vi.useRealTimers());

  it('still refuses a token it verified before, once that token has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T08:00:00Z'), toFake: ['Date'] });
    const signer = new TokenSigner('a-secret-of-enough-length-for-hs256', 60);
    const { token } = await signer.issue(7, '1');
    expect((await signer.verify(token)).sub).toBe('7');
    expect((await signer.verify(token)).sub).toBe('7');

    vi.setSystemTime(new Date('2026-11-23T08:01:30Z'));
    await expect(signer.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
    // the refresh window still accepts it, as before it was ever verified
    expect((await signer.verify(token, 120)).sub).toBe('7');
  });

  it('never takes a token with another signature for one it verified', async () => {
    const signer = new TokenSigner('a-secret-of-enough-length-for-hs256', 60);
    const { token } = await signer.issue(7, '1');
    await signer.verify(token);
    const forged = `${token.slice(0, token.lastIndexOf('.') + 1)}${'A'.repeat(43)}`;
    await expect(signer.verify(forged)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
