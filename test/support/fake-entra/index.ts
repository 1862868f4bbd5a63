import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { startFakeHttp, type FakeHttp } from '../fake-http';

/**
 * A local Entra ID (Microsoft identity platform v2.0) for what the add-in's sign-in relies on: the
 * tenant's OpenID configuration (`/{tenant}/v2.0/.well-known/openid-configuration`) naming its issuer
 * (`{authority}/{tenant}/v2.0`) and its keys (`/{tenant}/discovery/v2.0/keys`, a JWKS of RS256 keys
 * with their `kid`), and access tokens signed as Microsoft signs them: RS256, `kid` in the header,
 * tid, oid, preferred_username, aud, iss, iat, nbf, exp. Tokens it did not sign (a stranger's key),
 * or for another audience or issuer, or expired, are what the tests forge with it.
 */
export interface FakeEntra {
  /** the authority, as a connector's sign-in endpoint (https://login.microsoftonline.com for real) */
  authority: string;
  tenantId: string;
  http: FakeHttp;
  issuerOf(tenantId: string): string;
  /** an access token of this tenant (overrides change claims; null removes one) */
  token(options?: TokenOptions): Promise<string>;
  /** an ID token for the same person, as nested app authentication hands out beside the access token */
  idToken(options?: TokenOptions): Promise<string>;
  /** Microsoft rolls its signing key: new tokens are signed with a key the JWKS names only now. */
  rollKeys(): Promise<void>;
  close(): Promise<void>;
}

export interface TokenOptions {
  audience?: string;
  tenantId?: string;
  email?: string;
  objectId?: string;
  issuer?: string;
  /** seconds from now; negative: expired */
  expiresIn?: number;
  /** sign with a key the tenant does not publish */
  strangerKey?: boolean;
  claims?: Record<string, unknown>;
}

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

async function newKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'RS256' } };
}

export async function startFakeEntra(defaults: { clientId: string; email: string }): Promise<FakeEntra> {
  const tenantId = randomUUID();
  let keys = [await newKey()];
  const stranger = await newKey();
  const objectIds = new Map<string, string>();
  let origin = '';
  const http = await startFakeHttp(
    (request) => {
      const config = /^\/([0-9a-f-]{36})\/v2\.0\/\.well-known\/openid-configuration$/.exec(
        request.url.pathname,
      );
      if (config)
        return {
          status: 200,
          body: {
            issuer: `${origin}/${config[1]}/v2.0`,
            jwks_uri: `${origin}/${config[1]}/discovery/v2.0/keys`,
            authorization_endpoint: `${origin}/${config[1]}/oauth2/v2.0/authorize`,
            token_endpoint: `${origin}/${config[1]}/oauth2/v2.0/token`,
            id_token_signing_alg_values_supported: ['RS256'],
          },
        };
      if (/^\/[0-9a-f-]{36}\/discovery\/v2\.0\/keys$/.test(request.url.pathname))
        return { status: 200, body: { keys: keys.map((key) => key.jwk) } };
      return { status: 404, body: { error: 'not_found' } };
    },
    (status) => ({ status }),
    () => false,
  );
  origin = http.origin;
  const issuerOf = (tenant: string) => `${origin}/${tenant}/v2.0`;

  const sign = async (kind: 'access' | 'id', options: TokenOptions = {}) => {
    const email = options.email ?? defaults.email;
    const tenant = options.tenantId ?? tenantId;
    let oid = options.objectId ?? objectIds.get(email);
    if (!oid) objectIds.set(email, (oid = randomUUID()));
    const key = options.strangerKey ? stranger : keys[keys.length - 1]!;
    const now = Math.floor(Date.now() / 1000);
    const expiresIn = options.expiresIn ?? 3600;
    const claims: Record<string, unknown> = {
      tid: tenant,
      oid,
      preferred_username: email,
      name: email.split('@')[0],
      ver: '2.0',
      ...(kind === 'access' ? { scp: 'access_as_user', azp: defaults.clientId } : {}),
      ...options.claims,
    };
    for (const [name, value] of Object.entries(claims)) if (value === null) delete claims[name];
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: key.kid })
      .setIssuer(options.issuer ?? issuerOf(tenant))
      .setAudience(options.audience ?? defaults.clientId)
      .setSubject(randomUUID())
      .setIssuedAt(now + Math.min(0, expiresIn - 3600))
      .setNotBefore(now + Math.min(0, expiresIn - 3600))
      .setExpirationTime(now + expiresIn)
      .sign(key.privateKey);
  };

  return {
    authority: origin,
    tenantId,
    http,
    issuerOf,
    token: (options) => sign('access', options),
    idToken: (options) => sign('id', options),
    async rollKeys() {
      keys = [...keys, await newKey()];
    },
    close: () => http.close(),
  };
}
