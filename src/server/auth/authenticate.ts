import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { AccessTokenClaims } from '../../shared/contract/auth';
import type { GeneralPermission } from '../../shared/permissions';
import type { Database } from '../db/schema';
import { forbidden, notFound, unauthorized } from '../http/errors';
import { generalPermissionsQuery, normalizePermissions } from '../permissions/resolve';
import { audienceOf, COMPANY_COLUMNS, companySubdomainOf, type Tenant } from '../tenancy/tenant';
import { findSnapshot, keepSnapshot, type SessionSnapshot } from './session-snapshots';
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
  if (claims.aud === 'master')
    throw forbidden('Platform administrators read company data through the master area.');
  throw unauthorized('This token belongs to another company.');
}

export async function readClaims(
  request: FastifyRequest,
  signer: TokenSigner,
  expiredFor = 0,
): Promise<AccessTokenClaims> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw unauthorized();
  try {
    return await signer.verify(token, expiredFor);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw unauthorized('The token is invalid or has expired.');
    throw error;
  }
}

/**
 * A signed-in company call in one query: the company of the Subdomain header together with the
 * token's session, live and of that company, and (`withPermissions`) the user's general
 * permissions. Unknown company → 404, then bad token → 401/403. The permissions are read for the
 * token's company and user, and used only once the session proves both.
 */
export async function authenticateCompanyCall(
  db: Kysely<Database>,
  signer: TokenSigner,
  request: FastifyRequest,
  withPermissions = false,
): Promise<{
  tenant: Tenant;
  session: LiveSession;
  permissions: GeneralPermission[] | null;
  /** the company's booking stamp as read with the session (0029): what scoped access is kept at */
  bookingVersion: string | null;
}> {
  const subdomain = companySubdomainOf(request);
  const claims = await readClaims(request, signer).catch((error: unknown) => error as Error);
  const valid = !(claims instanceof Error);
  const tokenCompany = valid ? Number(claims.aud) : NaN;
  const readPermissions = valid && withPermissions && Number.isSafeInteger(tokenCompany);
  const row = await db
    .selectFrom('companies')
    .leftJoin('sessions', (join) =>
      valid
        ? join
            .onRef('sessions.company_id', '=', 'companies.id')
            .on('sessions.jti', '=', claims.jti)
            .on('sessions.user_id', '=', Number(claims.sub))
            .on('sessions.revoked_at', 'is', null)
            .on('sessions.expires_at', '>', sql<Date>`now()`)
        : join.on(sql<boolean>`false`),
    )
    .select([
      ...COMPANY_COLUMNS,
      'sessions.jti as session_jti',
      'sessions.user_id as session_user_id',
      'sessions.impersonation_id as impersonation_id',
    ])
    .select(
      sql<string | null>`(select v.version::text from company_booking_versions v
        where v.company_id = companies.id)`.as('booking_version'),
    )
    .select(
      (readPermissions
        ? sql<string | null>`(select coalesce(json_agg(g order by g.permission), '[]')::text
            from (${generalPermissionsQuery(db, tokenCompany, Number(claims.sub))}) g)`
        : sql<string | null>`null`
      ).as('permissions'),
    )
    .where('companies.subdomain', '=', subdomain)
    .where('companies.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Company not found.');
  if (!valid) throw claims;
  const { session_jti, session_user_id, impersonation_id, permissions, booking_version, ...company } = row;
  const tenant: Tenant = { area: 'company', company };
  assertAudience(claims, tenant);
  if (!session_jti || session_user_id === null)
    throw unauthorized('The session has ended. Please sign in again.');
  const session = {
    jti: session_jti,
    userId: session_user_id,
    companyId: company.id,
    impersonationId: impersonation_id,
  };
  const granted =
    permissions === null ? null : normalizePermissions(JSON.parse(permissions) as GeneralPermission[]);
  if (granted) keepSnapshot(db, { company, session, permissions: granted, bookingVersion: booking_version });
  return { tenant, session, permissions: granted, bookingVersion: booking_version };
}

/**
 * A signed-in company call from the snapshot its token's last authentication left (session-snapshots.ts),
 * without a statement: the token is verified, the snapshot must be of this company and user. Null
 * when there is none (or the token does not verify): the caller authenticates from the database.
 */
export async function companyCallFromSnapshot(
  db: Kysely<Database>,
  signer: TokenSigner,
  request: FastifyRequest,
): Promise<SessionSnapshot | null> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  try {
    const claims = await signer.verify(token);
    return findSnapshot(db, claims, companySubdomainOf(request)) ?? null;
  } catch {
    return null;
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
