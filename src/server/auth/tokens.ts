import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AccessTokenClaims } from '../../shared/contract/auth';

export interface IssuedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class InvalidTokenError extends Error {}

// Every call verifies its bearer, and an HMAC verification through WebCrypto costs about a third of
// a millisecond: a token whose signature and claims were verified once is only checked for expiry
// again. Keyed by the whole token string, so a different signature is never a hit.
const VERIFIED_CAPACITY = 10_000;

/** HS256 access tokens: sub (user id), aud (company id or 'master'), jti (the session), iat, exp. */
export class TokenSigner {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, AccessTokenClaims>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(userId: number, audience: string): Promise<IssuedToken> {
    const jti = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const exp = now + this.ttlSeconds;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setAudience(audience)
      .setJti(jti)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, jti, expiresAt: new Date(exp * 1000) };
  }

  /** Verifies signature and claims; `expiredFor` accepts a token that expired at most that many seconds ago. */
  async verify(token: string, expiredFor = 0): Promise<AccessTokenClaims> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > Math.floor(Date.now() / 1000) - expiredFor) return known;
      throw new InvalidTokenError('Invalid token');
    }
    const claims = await this.verifySignature(token, expiredFor);
    if (this.verified.size >= VERIFIED_CAPACITY) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, claims);
    return claims;
  }

  private async verifySignature(token: string, expiredFor: number): Promise<AccessTokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        clockTolerance: expiredFor,
      });
      const { sub, exp, iat, jti, aud } = payload;
      if (typeof sub !== 'string' || !/^\d+$/.test(sub) || typeof exp !== 'number' || typeof iat !== 'number')
        throw new InvalidTokenError('Malformed claims');
      if (typeof jti !== 'string' || !UUID.test(jti) || typeof aud !== 'string')
        throw new InvalidTokenError('Malformed claims');
      return { sub, exp, iat, jti, aud };
    } catch (error) {
      if (error instanceof InvalidTokenError || error instanceof errors.JOSEError)
        throw new InvalidTokenError('Invalid token');
      throw error;
    }
  }
}

export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,4096})\s*$/i.exec(authorization ?? '');
  return match ? match[1]! : null;
}
