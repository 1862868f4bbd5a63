import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  can,
  type Action,
  type GeneralPermission,
  type PermissionRequirement,
} from '../../shared/permissions';
import { authenticate, authenticateCompanyCall, companyCallFromSnapshot } from '../auth/authenticate';
import type { SessionSnapshot } from '../auth/session-snapshots';
import type { LiveSession } from '../auth/sessions';
import type { AppDeps, MasterContext, PublicContext, ServiceContext } from '../context';
import { generalPermissionsOf } from '../permissions/resolve';
import { receivesAnywhere } from '../permissions/reception-desks';
import { managesAnyone } from '../permissions/user-managers';
import { areaOfUrl, resolveTenant, type Area, type Tenant } from '../tenancy/tenant';
import { forbidden } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs a signed-in user of the request's tenant (bearer token, live session). */
    auth?: boolean;
    /** spec §6: what the user must be allowed; checked on company routes with can(). */
    permission?: PermissionRequirement;
    /**
     * The route's write checks the caller's session and the company's booking stamp itself: the
     * snapshot of the token's last authentication may stand in for reading it (session-snapshots.ts),
     * and the route decides every refusal again after authenticating from the database.
     */
    authFromSnapshot?: boolean;
    /**
     * A caller without `permission` passes too when user-manager containers let them do this to
     * someone (permissions/user-managers.ts); the service then narrows to the users they manage.
     */
    orUserManager?: Action;
    /**
     * A caller without `permission` passes too when some reception-desk container grants them
     * RECEPTION_DESK_VISITORS with this flag (permissions/reception-desks.ts); the service then
     * decides per desk.
     */
    orReceptionDesk?: Action;
    /**
     * The caller's own credentials (password, second factor): refused to a platform administrator
     * acting as the company's administrator, who must not take over that person's account.
     */
    notWhileImpersonating?: boolean;
  }
  interface FastifyRequest {
    tenant: Tenant | null;
    session: LiveSession | null;
    permissions: GeneralPermission[] | null;
    /** set when the call was authenticated from a snapshot (authFromSnapshot) */
    snapshot: SessionSnapshot | null;
    /** the company's booking stamp read with the session: scoped access is kept at it (permissions/scoped.ts) */
    accessStamp: string | null;
  }
}

/**
 * One onRequest hook, before the body is read: the tenant from the Subdomain header, then the
 * token and its session when the route asks for a user, then the route's permission.
 */
export function registerRequestContext(app: FastifyInstance, deps: AppDeps): void {
  // The OpenAPI document marks the routes that need a bearer token.
  app.addHook('onRoute', (route) => {
    if (route.config?.auth) route.schema = { ...route.schema, security: [{ bearer: [] }] };
  });
  app.decorateRequest('tenant', null);
  app.decorateRequest('session', null);
  app.decorateRequest('permissions', null);
  app.decorateRequest('snapshot', null);
  app.decorateRequest('accessStamp', null);
  app.addHook('onRequest', async (request) => {
    const area = areaOfUrl(request.url);
    if (!area || request.is404) return;
    const db = deps.db.kysely;
    const config = request.routeOptions.config;
    if (config.auth && config.authFromSnapshot && area === 'company') {
      const snapshot = await companyCallFromSnapshot(db, deps.signer, request);
      // A snapshot that would refuse is not trusted either: the database decides below.
      if (snapshot && (config.permission === undefined || can(snapshot.permissions, config.permission))) {
        request.tenant = { area: 'company', company: snapshot.company };
        request.session = snapshot.session;
        request.permissions = snapshot.permissions;
        request.snapshot = snapshot;
        request.accessStamp = snapshot.bookingVersion;
        return;
      }
    }
    await authenticateRequest(request, deps, area);
    if (config.notWhileImpersonating && request.session?.impersonationId)
      throw forbidden('Not while acting as the company’s administrator.');
  });
}

/**
 * The tenant, the token's session and the permissions of a call, read from the database; throws the
 * refusal (404 company, 401 session, 403 permission). The onRequest hook's own path, and the way a
 * call authenticated from a snapshot is authenticated again before a refusal is answered.
 */
export async function authenticateRequest(
  request: FastifyRequest,
  deps: AppDeps,
  area: Area = areaOfUrl(request.url) ?? 'company',
): Promise<void> {
  const db = deps.db.kysely;
  const config = request.routeOptions.config;
  request.snapshot = null;
  if (config.auth && area === 'company') {
    const { tenant, session, permissions, bookingVersion } = await authenticateCompanyCall(
      db,
      deps.signer,
      request,
      config.permission !== undefined,
    );
    request.tenant = tenant;
    request.session = session;
    request.permissions = permissions;
    request.accessStamp = bookingVersion;
  } else {
    request.tenant = await resolveTenant(db, request, area);
    if (!config.auth) return;
    request.session = await authenticate(db, deps.signer, request, request.tenant);
  }
  if (config.permission !== undefined && request.tenant.area === 'company') {
    request.permissions ??= await generalPermissionsOf(db, request.tenant.company.id, request.session.userId);
    if (can(request.permissions, config.permission)) return;
    const { orUserManager, orReceptionDesk } = config;
    const companyId = request.tenant.company.id;
    const { userId } = request.session;
    if (orUserManager && (await managesAnyone(db, companyId, userId, orUserManager))) return;
    if (orReceptionDesk && (await receivesAnywhere(db, companyId, userId, orReceptionDesk))) return;
    throw forbidden();
  }
}

/** The context a public (pre-sign-in) service gets. */
export function publicContext(request: FastifyRequest, deps: AppDeps): PublicContext {
  if (!request.tenant) throw new Error(`No tenant on ${request.url}`);
  return { db: deps.db.kysely, tenant: request.tenant };
}

/** The context a signed-in company service gets: company, user, permissions (when checked), database. */
export function serviceContext(request: FastifyRequest, deps: AppDeps): ServiceContext {
  if (request.tenant?.area !== 'company' || !request.session)
    throw new Error(`No company session on ${request.url}`);
  return {
    db: deps.db.kysely,
    companyId: request.tenant.company.id,
    userId: request.session.userId,
    ...(request.permissions ? { permissions: request.permissions } : {}),
    ...(request.accessStamp ? { accessStamp: request.accessStamp } : {}),
  };
}

/** The context of a signed-in master call (a platform administrator's token, checked by the hook). */
export function masterContext(request: FastifyRequest, deps: AppDeps): MasterContext {
  if (request.tenant?.area !== 'master' || !request.session)
    throw new Error(`No master session on ${request.url}`);
  return { db: deps.db.kysely, userId: request.session.userId };
}
