import {
  IMPERSONATION_MINUTES,
  type ImpersonationDetail,
  type ImpersonationList,
  type StartImpersonationBody,
  type StartImpersonationResponse,
} from '../../../shared/contract/impersonations';
import { can } from '../../../shared/permissions';
import { randomToken } from '../../auth/codes';
import type { AppDeps, MasterContext, ServiceContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { generalPermissionsOfUsers } from '../../permissions/resolve';
import { HANDOVER_TTL_SECONDS, insertHandoverCode } from '../auth';
import {
  actionsOf,
  candidateAdministrators,
  findImpersonation,
  insertImpersonation,
  liveCompany,
  listImpersonations,
  platformUserEmail,
} from './impersonations.queries';

// An administrator is whoever may change the company's preferences (two-factor's isAdministrator);
// the first one among the oldest accounts is acted as.
const CANDIDATES = 200;
const LISTED = 200;

/**
 * POST master companies/{id}/impersonations: records who opens which company, when and why, and
 * answers a hand-over code (one minute, single use) that opens on the company's host a session of
 * one of its administrators, bound to the record and ending with it.
 */
export async function startImpersonation(
  ctx: MasterContext,
  deps: Pick<AppDeps, 'codes'>,
  companyId: number,
  body: StartImpersonationBody,
): Promise<StartImpersonationResponse> {
  const company = await liveCompany(ctx.db, companyId);
  if (!company) throw notFound('Company not found.');
  const acting = await firstAdministrator(ctx, companyId);
  if (!acting) throw conflict('This company has no administrator to act as.');
  const code = randomToken();
  const started = await ctx.db.transaction().execute(async (tx) => {
    const record = await insertImpersonation(tx, {
      company_id: companyId,
      platform_user_id: ctx.userId,
      platform_user_email: await platformUserEmail(tx, ctx.userId),
      acting_user_id: acting.id,
      acting_user_email: acting.email,
      reason: body.reason.trim(),
      minutes: IMPERSONATION_MINUTES,
    });
    await insertHandoverCode(
      tx,
      companyId,
      acting.id,
      deps.codes.digest('handover', code),
      HANDOVER_TTL_SECONDS,
      record.id,
    );
    return record;
  });
  return { subdomain: company.subdomain, handover_code: code, expires_at: started.expires_at };
}

async function firstAdministrator(ctx: MasterContext, companyId: number) {
  const users = await candidateAdministrators(ctx.db, companyId, CANDIDATES);
  const permissions = await generalPermissionsOfUsers(
    ctx.db,
    companyId,
    users.map((user) => user.id),
  );
  return users.find((user) => can(permissions.get(user.id) ?? [], ['COMPANY_PREFERENCES', 'update']));
}

/** GET impersonations: the company's audit list, newest first. */
export async function impersonationList(ctx: ServiceContext): Promise<ImpersonationList> {
  return { data: await listImpersonations(ctx.db, ctx.companyId, LISTED) };
}

/** GET impersonations/{id}: one opening with every change made under it. */
export async function impersonationDetail(ctx: ServiceContext, id: number): Promise<ImpersonationDetail> {
  const found = await findImpersonation(ctx.db, ctx.companyId, id);
  if (!found) throw notFound();
  return { ...found, actions: await actionsOf(ctx.db, ctx.companyId, id) };
}
