import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccessTokenClaims } from '../../shared/contract/auth';
import type { Database } from '../db/schema';
import { forbidden, unauthorized } from '../http/errors';
import { audienceOf, type Tenant } from '../tenancy/tenant';
import { findLiveSession, type LiveSession } from './sessions';
import { bearerToken, InvalidTokenError, type TokenSigner } from './tokens';

/**
 * A token works only where it was issued (ARCHITECTURE.md "Tenancy and security"): a platform
 * token on a company call, or a company token on a master call, is refused with 403; a token of
 * another company is no credential here at all (401, so the client signs in again).
 */
export function assertAudience(claims: AccessTokenClaims, tenant: Tenant): void {
  if (claims.aud === audienceOf(tenant)) return;
  if (tenant.area === 'master') throw forbidden('Company accounts cannot use the master area.');
  if (claims.aud === 'master') throw forbidden('Platform administrators read company data through the master area.');
  throw unauthorized('This token belongs to another company.');
}

export async function readClaims(request: FastifyRequest, signer: TokenSigner, expiredFor = 0): Promise<AccessTokenClaims> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw unauthorized();
  try {
    return await signer.verify(token, expiredFor);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw unauthorized('The token is invalid or has expired.');
    throw error;
  }
}

/** Verifies the bearer token, its audience and that its session is live (one primary-key lookup). */
export async function authenticate(
  db: Kysely<Database>,
  signer: TokenSigner,
  request: FastifyRequest,
  tenant: Tenant,
): Promise<LiveSession> {
  const claims = await readClaims(request, signer);
  assertAudience(claims, tenant);
  const session = await findLiveSession(db, claims.jti, Number(claims.sub));
  if (!session) throw unauthorized('The session has ended. Please sign in again.');
  return session;
}
