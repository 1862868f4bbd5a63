import type { InitialResponse, TwoFactorChallenge } from '../../../shared/contract/auth';
import { attemptSucceeded, beginAttempt, takeMailRequest } from '../../auth/login-throttle';
import type { PublicContext } from '../../context';
import { notFound, unauthorized } from '../../http/errors';
import { audienceOf } from '../../tenancy/tenant';
import { consumeTempCode, findAccount, findUsableTempCode } from './auth.queries';
import { signIn, type LoginDeps } from './login.service';
import { mailSignInCode } from './sign-in-code-mail';
import { secondStepFor } from './two-factor-login.service';

export const TEMP_CODE_SENT = 'If the address belongs to an account, we have emailed a sign-in code.';
const INVALID_CODE = 'The code is invalid or has expired.';

type Deps = LoginDeps;

const companyIdOf = (ctx: PublicContext) => (ctx.tenant.area === 'company' ? ctx.tenant.company.id : null);

/**
 * POST auth/temp-code { email }: mails a six-digit code valid ten minutes, at most three an hour per
 * account; the same answer for any address. Many requests from one address answer 429.
 */
export async function sendTempCode(
  ctx: PublicContext,
  deps: Deps,
  email: string,
  ip: string,
): Promise<{ message: string }> {
  const address = email.trim().toLowerCase();
  const mayMail = await takeMailRequest(ctx.db, 'temp-code', {
    scope: audienceOf(ctx.tenant),
    account: address,
    ip,
  });
  const account = mayMail ? await findAccount(ctx.db, companyIdOf(ctx), address) : null;
  if (account) await mailSignInCode(ctx.db, deps, account);
  return { message: TEMP_CODE_SENT };
}

/** POST auth/temp-code { email, code }: signs in like login with includes=all. Failures count as failed logins. */
export async function signInWithTempCode(
  ctx: PublicContext,
  deps: Deps,
  body: { email: string; code: string },
  ip: string,
): Promise<InitialResponse | TwoFactorChallenge> {
  const address = body.email.trim().toLowerCase();
  // The code is itself the e-mailed proof, so a throttled address only waits, never needs more.
  const attempt = await beginAttempt(
    ctx.db,
    { scope: audienceOf(ctx.tenant), account: address, ip },
    deps.config.loginDelayMs,
  );
  const account = await findAccount(ctx.db, companyIdOf(ctx), address);
  const used = account
    ? await consumeTempCode(ctx.db, account.id, deps.codes.digest('temp-code', body.code))
    : false;
  if (!account || !used) throw unauthorized(INVALID_CODE);
  await attemptSucceeded(ctx.db, attempt);
  return (await secondStepFor(ctx, deps, account.id)) ?? signIn(ctx, deps, account, true);
}

/** GET auth/temp-code/{code}: whether the code is usable and for which address; guessing counts as failed logins. */
export async function checkTempCode(
  ctx: PublicContext,
  deps: Deps,
  code: string,
  ip: string,
): Promise<{ email: string }> {
  await beginAttempt(
    ctx.db,
    { scope: audienceOf(ctx.tenant), account: 'temp-code', ip },
    deps.config.loginDelayMs,
  );
  const found = /^\d{6}$/.test(code)
    ? await findUsableTempCode(ctx.db, companyIdOf(ctx), deps.codes.digest('temp-code', code))
    : null;
  if (!found) throw notFound(INVALID_CODE);
  return { email: found.email };
}
