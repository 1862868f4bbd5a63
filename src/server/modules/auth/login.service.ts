import {
  CODE_MAILED_INSTEAD,
  type HandoverResponse,
  type InitialResponse,
  type LoginBody,
  type TokenResponse,
  type TwoFactorChallenge,
} from '../../../shared/contract/auth';
import { randomToken } from '../../auth/codes';
import { attemptSucceeded, beginAttempt, mayMailAccount, type AttemptKey } from '../../auth/login-throttle';
import { verifyPassword } from '../../auth/passwords';
import { openImpersonation } from '../../auth/impersonation-sessions';
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
import { mailSignInCode } from './sign-in-code-mail';
import { secondStepFor } from './two-factor-login.service';
import { recordAudit } from '../logs';

export const HANDOVER_TTL_SECONDS = 60;
const MASTER_HOST_CANDIDATES = 5;
export const INVALID_CREDENTIALS = 'These credentials do not match our records.';
export { CODE_MAILED_INSTEAD };
const INVALID_HANDOVER = 'The sign-in link is invalid or has expired. Please sign in again.';

type Impersonating = { id: number; expiresAt: Date };

export type LoginDeps = Pick<AppDeps, 'signer' | 'codes' | 'reference' | 'mailer' | 'config'>;

const companyIdOf = (ctx: PublicContext) => (ctx.tenant.area === 'company' ? ctx.tenant.company.id : null);

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
): Promise<InitialResponse | TokenResponse | HandoverResponse | TwoFactorChallenge> {
  const scope = audienceOf(ctx.tenant);
  if ('token' in request.body) {
    const key: AttemptKey = { scope, account: 'hand-over', ip: request.ip };
    const attempt = await beginAttempt(ctx.db, key, deps.config.loginDelayMs);
    const handed =
      ctx.tenant.area === 'company'
        ? await consumeHandoverCode(
            ctx.db,
            ctx.tenant.company.id,
            deps.codes.digest('handover', request.body.token),
          )
        : null;
    if (handed === null || ctx.tenant.area !== 'company') throw unauthorized(INVALID_HANDOVER);
    await attemptSucceeded(ctx.db, attempt);
    const account = { id: handed.userId, company_id: ctx.tenant.company.id };
    if (handed.impersonationId !== null) {
      // The platform administrator proved themselves on the master host (with their own second
      // factor): the company administrator's is not asked.
      const impersonation = await openImpersonation(ctx.db, account.company_id, handed.impersonationId);
      if (!impersonation) throw unauthorized(INVALID_HANDOVER);
      return signIn(ctx, deps, account, request.includeAll, {
        id: impersonation.id,
        expiresAt: impersonation.expires_at,
      });
    }
    return signInOrChallenge(ctx, deps, account, request.includeAll);
  }

  const email = request.body.email.trim().toLowerCase();
  const attempt = await beginAttempt(
    ctx.db,
    { scope, account: email, ip: request.ip },
    deps.config.loginDelayMs,
  );
  const account = await checkCredentials(ctx, email, request.body.password);
  if (attempt.proofRequired) {
    // The same answer whether or not the password was right: the guesser learns nothing.
    if (
      account &&
      account.company_id === companyIdOf(ctx) &&
      (await mayMailAccount(ctx.db, 'temp-code', attempt.key))
    )
      await mailSignInCode(ctx.db, deps, account);
    throw unauthorized(CODE_MAILED_INSTEAD);
  }
  if (!account) throw unauthorized(INVALID_CREDENTIALS);
  await attemptSucceeded(ctx.db, attempt);
  if (ctx.tenant.area === 'master' && account.company_id !== null) return handOver(ctx, deps, account);
  return signInOrChallenge(ctx, deps, account, request.includeAll);
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

/**
 * A sign-in whose first factor is proven: the two-factor challenge when a second step is due
 * (two-factor-login.service.ts), otherwise the session.
 */
export async function signInOrChallenge(
  ctx: PublicContext,
  deps: LoginDeps,
  account: Pick<Account, 'id' | 'company_id'>,
  includeAll: boolean,
): Promise<InitialResponse | TokenResponse | TwoFactorChallenge> {
  return (await secondStepFor(ctx, deps, account.id)) ?? signIn(ctx, deps, account, includeAll);
}

/** Opens the session and answers the token, with the whole initial answer when asked (includes=all). */
export async function signIn(
  ctx: PublicContext,
  deps: LoginDeps,
  account: Pick<Account, 'id' | 'company_id'>,
  includeAll: true,
  impersonation?: Impersonating,
): Promise<InitialResponse>;
export async function signIn(
  ctx: PublicContext,
  deps: LoginDeps,
  account: Pick<Account, 'id' | 'company_id'>,
  includeAll: boolean,
  impersonation?: Impersonating,
): Promise<InitialResponse | TokenResponse>;
export async function signIn(
  ctx: PublicContext,
  deps: LoginDeps,
  account: Pick<Account, 'id' | 'company_id'>,
  includeAll: boolean,
  impersonation?: Impersonating,
): Promise<InitialResponse | TokenResponse> {
  const issued = await openSession(ctx.db, deps.signer, account, impersonation);
  if (account.company_id !== null)
    await recordAudit(ctx.db, {
      companyId: account.company_id,
      actorId: account.id,
      kind: impersonation ? 'impersonation-sign-in' : 'sign-in',
      details: impersonation ? `impersonation #${impersonation.id}` : '',
    });
  const subdomain = ctx.tenant.area === 'company' ? ctx.tenant.company.subdomain : null;
  if (!includeAll) return { access_token: issued.token, subdomain };
  const data = await initialData(ctx, deps.reference, account.id, impersonation?.id ?? null);
  return { ...data, access_token: issued.token };
}
