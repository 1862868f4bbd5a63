import type { FastifyRequest } from 'fastify';
import type { RefreshResponse } from '../../../shared/contract/auth';
import { assertAudience, readClaims } from '../../auth/authenticate';
import { endImpersonation } from '../../auth/impersonation-sessions';
import { revokeSession, rotateSession, type LiveSession } from '../../auth/sessions';
import type { AppDeps, PublicContext } from '../../context';
import { unauthorized } from '../../http/errors';

export async function logout(ctx: PublicContext, session: LiveSession): Promise<{ message: string }> {
  // Signing out of an impersonation ("End" on the banner) ends it, with every session it opened.
  if (session.impersonationId !== null && session.companyId !== null)
    await ctx.db
      .transaction()
      .execute((tx) => endImpersonation(tx, session.companyId!, session.impersonationId!));
  await revokeSession(ctx.db, session.jti);
  return { message: 'Logged out.' };
}

/**
 * POST auth/refresh: the bearer may have expired up to REFRESH_WINDOW ago; its session must not be
 * revoked. The old session is revoked and a new token issued (rotation), so a token refreshes once.
 */
export async function refresh(
  ctx: PublicContext,
  deps: Pick<AppDeps, 'signer' | 'config'>,
  request: FastifyRequest,
): Promise<RefreshResponse> {
  const claims = await readClaims(request, deps.signer, deps.config.refreshWindow);
  assertAudience(claims, ctx.tenant);
  const issued = await rotateSession(
    ctx.db,
    deps.signer,
    { jti: claims.jti, userId: Number(claims.sub) },
    deps.config.refreshWindow,
  );
  if (!issued) throw unauthorized('The session has ended. Please sign in again.');
  return { access_token: issued.token };
}
