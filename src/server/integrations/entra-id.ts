import { createLocalJWKSet, decodeJwt, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { guardedFetch, type OutboundPolicy } from './outbound-url';

/**
 * Entra ID access tokens the Outlook add-in obtains through nested app authentication, verified as
 * Microsoft documents: RS256 over the tenant's published keys (the OpenID configuration's jwks_uri),
 * the audience our app registration, the issuer the tenant's configuration names, and the lifetime.
 */
export type EntraRefusalReason =
  'malformed' | 'signature' | 'audience' | 'issuer' | 'expired' | 'keys-unavailable' | 'no-identity';

export const ENTRA_REFUSALS: Record<EntraRefusalReason, string> = {
  malformed: 'This is not a Microsoft 365 sign-in token.',
  signature: 'The Microsoft 365 sign-in token is not signed by its organisation.',
  audience: 'The Microsoft 365 sign-in token was issued for another application.',
  issuer: 'The Microsoft 365 sign-in token was not issued by its organisation.',
  expired: 'The Microsoft 365 sign-in has expired. Please sign in again.',
  'keys-unavailable': 'Microsoft 365 could not be reached to check the sign-in. Please try again.',
  'no-identity': 'The Microsoft 365 sign-in token names no user.',
};

export class EntraRefusal extends Error {
  constructor(readonly reason: EntraRefusalReason) {
    super(ENTRA_REFUSALS[reason]);
    this.name = 'EntraRefusal';
  }
}

export interface EntraIdentity {
  tenantId: string;
  objectId: string;
  /** lower case; preferred_username, else email, else upn */
  email: string;
}

const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Microsoft rolls its keys without notice: the keys are read again after an hour, or at once when a
// token names a key we do not hold (at most once a minute, so garbage cannot make us fetch per call).
const KEYS_TTL_MS = 60 * 60 * 1000;
const REFETCH_AFTER_MS = 60 * 1000;
const CLOCK_SKEW_SECONDS = 300;

/** The token's tenant, read before anything is verified: it says whose keys to verify it with. */
export function claimedTenant(token: string): string {
  let claims: JWTPayload;
  try {
    claims = decodeJwt(token);
  } catch {
    throw new EntraRefusal('malformed');
  }
  const tid = claims['tid'];
  if (typeof tid !== 'string' || !TENANT_ID.test(tid)) throw new EntraRefusal('malformed');
  return tid.toLowerCase();
}

interface TenantKeys {
  issuer: string;
  keys: ReturnType<typeof createLocalJWKSet>;
  fetchedAt: number;
  /** when the keys were last read again for a key they lacked */
  refetchedAt: number;
}

export class EntraVerifier {
  private readonly cache = new Map<string, TenantKeys>();

  constructor(private readonly policy: OutboundPolicy) {}

  /**
   * Verifies a token of `tenantId` against the keys published under `authority`
   * (https://login.microsoftonline.com, or the authority a company's connector names).
   */
  async verify(token: string, tenantId: string, authority: string, audience: string): Promise<EntraIdentity> {
    const configUrl = `${authority.replace(/\/+$/, '')}/${tenantId}/v2.0/.well-known/openid-configuration`;
    let tenant = await this.tenantKeys(configUrl, false);
    let payload: JWTPayload;
    try {
      payload = await this.check(token, tenant, audience);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || Date.now() - tenant.refetchedAt < REFETCH_AFTER_MS)
        throw refusalOf(error);
      tenant = await this.tenantKeys(configUrl, true);
      try {
        payload = await this.check(token, tenant, audience);
      } catch (again) {
        throw refusalOf(again);
      }
    }
    if (String(payload['tid']).toLowerCase() !== tenantId) throw new EntraRefusal('issuer');
    const oid = payload['oid'];
    const name = [payload['preferred_username'], payload['email'], payload['upn']].find(
      (value): value is string => typeof value === 'string' && value.includes('@'),
    );
    if (typeof oid !== 'string' || !oid || !name) throw new EntraRefusal('no-identity');
    return { tenantId, objectId: oid.toLowerCase(), email: name.trim().toLowerCase() };
  }

  private check(token: string, tenant: TenantKeys, audience: string) {
    return jwtVerify(token, tenant.keys, {
      algorithms: ['RS256'],
      audience,
      issuer: tenant.issuer,
      clockTolerance: CLOCK_SKEW_SECONDS,
      requiredClaims: ['exp', 'iat'],
    }).then((result) => result.payload);
  }

  private async tenantKeys(configUrl: string, refresh: boolean): Promise<TenantKeys> {
    const cached = this.cache.get(configUrl);
    if (cached && !refresh && Date.now() - cached.fetchedAt < KEYS_TTL_MS) return cached;
    try {
      const config = (await this.json(configUrl)) as { issuer?: unknown; jwks_uri?: unknown };
      if (typeof config.issuer !== 'string' || typeof config.jwks_uri !== 'string')
        throw new Error('incomplete OpenID configuration');
      const jwks = (await this.json(config.jwks_uri)) as JSONWebKeySet;
      const now = Date.now();
      const fresh = {
        issuer: config.issuer,
        keys: createLocalJWKSet(jwks),
        fetchedAt: now,
        refetchedAt: refresh ? now : 0,
      };
      this.cache.set(configUrl, fresh);
      return fresh;
    } catch {
      if (cached) return cached;
      throw new EntraRefusal('keys-unavailable');
    }
  }

  private async json(url: string): Promise<unknown> {
    const answer = await guardedFetch(url, { timeoutMs: 10_000, maxBytes: 1024 * 1024 }, this.policy);
    if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
    return answer.json();
  }
}

function refusalOf(error: unknown): EntraRefusal {
  if (error instanceof EntraRefusal) return error;
  if (error instanceof errors.JWTExpired) return new EntraRefusal('expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return new EntraRefusal('audience');
    if (error.claim === 'iss') return new EntraRefusal('issuer');
    if (error.claim === 'nbf' || error.claim === 'iat') return new EntraRefusal('expired');
    return new EntraRefusal('malformed');
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JOSEAlgNotAllowed
  )
    return new EntraRefusal('signature');
  return new EntraRefusal('malformed');
}
