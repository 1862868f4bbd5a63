import type {
  HandoverResponse,
  InitialResponse,
  LoginBody,
  TokenResponse,
} from '../../../shared/contract/auth';
import { randomToken } from '../../auth/codes';
import { assertNotThrottled, recordFailure, recordSuccess, type AttemptKey } from '../../auth/login-throttle';
import { verifyPassword } from '../../auth/passwords';
import { openSession } from '../../auth/sessions';
import type { AppDeps, PublicContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { audienceOf } from '../../tenancy/tenant';
import {
  consumeHandoverCode,
  findAccount,
  findMasterHostCandidates,
  insertHandoverCode,
  type Account,
} from './auth.queries';
import { initialData } from './initial-data.service';

export const HANDOVER_TTL_SECONDS = 60;
const MASTER_HOST_CANDIDATES = 5;
export const INVALID_CREDENTIALS = 'These credentials do not match our records.';
const INVALID_HANDOVER = 'The sign-in link is invalid or has expired. Please sign in again.';

export type LoginDeps = Pick<AppDeps, 'signer' | 'codes' | 'reference'>;

export interface LoginRequest {
  body: LoginBody;
  includeAll: boolean;
  ip: string;
}

/**
 * POST auth/login. On a company host: credentials or a hand-over code open a session of that
 * company. On the master host: a platform administrator gets a master session; a company user gets
 * the hand-over to their company's host instead (spec §4), never a token in an address.
 */
export async function login(
  ctx: PublicContext,
  deps: LoginDeps,
  request: LoginRequest,
): Promise<InitialResponse | TokenResponse | HandoverResponse> {
  const scope = audienceOf(ctx.tenant);
  if ('token' in request.body) {
    const key: AttemptKey = { scope, account: 'hand-over', ip: request.ip };
    await assertNotThrottled(ctx.db, key);
    const userId =
      ctx.tenant.area === 'company'
        ? await consumeHandoverCode(
            ctx.db,
            ctx.tenant.company.id,
            deps.codes.digest('handover', request.body.token),
          )
        : null;
    if (userId === null) {
      await recordFailure(ctx.db, key);
      throw unauthorized(INVALID_HANDOVER);
    }
    return signIn(
      ctx,
      deps,
      { id: userId, company_id: ctx.tenant.area === 'company' ? ctx.tenant.company.id : null },
      request.includeAll,
    );
  }

  const email = request.body.email.trim().toLowerCase();
  const key: AttemptKey = { scope, account: email, ip: request.ip };
  await assertNotThrottled(ctx.db, key);
  const account = await checkCredentials(ctx, email, request.body.password);
  if (!account) {
    await recordFailure(ctx.db, key);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await recordSuccess(ctx.db, key);
  if (ctx.tenant.area === 'master' && account.company_id !== null) return handOver(ctx, deps, account);
  return signIn(ctx, deps, account, request.includeAll);
}

async function checkCredentials(
  ctx: PublicContext,
  email: string,
  password: string,
): Promise<(Account & { subdomain?: string | null }) | null> {
  if (ctx.tenant.area === 'company') {
    const account = await findAccount(ctx.db, ctx.tenant.company.id, email);
    return (await verifyPassword(password, account?.password_hash ?? null)) ? account : null;
  }
  const candidates = await findMasterHostCandidates(ctx.db, email, MASTER_HOST_CANDIDATES);
  if (candidates.length === 0) await verifyPassword(password, null);
  for (const candidate of candidates)
    if (await verifyPassword(password, candidate.password_hash)) return candidate;
  return null;
}

async function handOver(
  ctx: PublicContext,
  deps: LoginDeps,
  account: Account & { subdomain?: string | null },
): Promise<HandoverResponse> {
  const code = randomToken();
  await insertHandoverCode(
    ctx.db,
    account.company_id!,
    account.id,
    deps.codes.digest('handover', code),
    HANDOVER_TTL_SECONDS,
  );
  return { subdomain: account.subdomain!, handover_code: code };
}

/** Opens the session and answers the token, with the whole initial answer when asked (includes=all). */
export async function signIn(
  ctx: PublicContext,
  deps: LoginDeps,
  account: Pick<Account, 'id' | 'company_id'>,
  includeAll: true,
): Promise<InitialResponse>;
export async function signIn(
  ctx: PublicContext,
  deps: LoginDeps,
  account: Pick<Account, 'id' | 'company_id'>,
  includeAll: boolean,
): Promise<InitialResponse | TokenResponse>;
export async function signIn(
  ctx: PublicContext,
  deps: LoginDeps,
  account: Pick<Account, 'id' | 'company_id'>,
  includeAll: boolean,
): Promise<InitialResponse | TokenResponse> {
  const issued = await openSession(ctx.db, deps.signer, account);
  const subdomain = ctx.tenant.area === 'company' ? ctx.tenant.company.subdomain : null;
  if (!includeAll) return { access_token: issued.token, subdomain };
  const data = await initialData(ctx, deps.reference, account.id);
  return { ...data, access_token: issued.token };
}
