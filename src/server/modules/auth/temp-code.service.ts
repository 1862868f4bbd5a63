import type { InitialResponse } from '../../../shared/contract/auth';
import { randomSixDigits } from '../../auth/codes';
import { assertNotThrottled, recordFailure, recordSuccess } from '../../auth/login-throttle';
import type { AppDeps, PublicContext } from '../../context';
import { notFound, unauthorized } from '../../http/errors';
import { audienceOf } from '../../tenancy/tenant';
import { consumeTempCode, findAccount, findUsableTempCode, insertTempCode } from './auth.queries';
import { signIn, type LoginDeps } from './login.service';

const CODE_TTL_SECONDS = 10 * 60;
export const TEMP_CODE_SENT = 'If the address belongs to an account, we have emailed a sign-in code.';
const INVALID_CODE = 'The code is invalid or has expired.';

type Deps = LoginDeps & Pick<AppDeps, 'mailer'>;

const companyIdOf = (ctx: PublicContext) => (ctx.tenant.area === 'company' ? ctx.tenant.company.id : null);

/** POST auth/temp-code { email }: mails a six-digit code valid ten minutes; the same answer for any address. */
export async function sendTempCode(
  ctx: PublicContext,
  deps: Deps,
  email: string,
): Promise<{ message: string }> {
  const address = email.trim().toLowerCase();
  const account = await findAccount(ctx.db, companyIdOf(ctx), address);
  if (account) {
    const code = randomSixDigits();
    await ctx.db.transaction().execute(async (tx) => {
      await insertTempCode(tx, account, deps.codes.digest('temp-code', code), CODE_TTL_SECONDS);
      await deps.mailer.queue(
        {
          companyId: account.company_id,
          to: address,
          subject: 'Your Workplace sign-in code',
          text: `Your sign-in code is ${code}. It is valid for ten minutes and can be used once.\n\nIf you did not ask for it, ignore this mail.\n`,
        },
        tx,
      );
    });
  }
  return { message: TEMP_CODE_SENT };
}

/** POST auth/temp-code { email, code }: signs in like login with includes=all. Failures count as failed logins. */
export async function signInWithTempCode(
  ctx: PublicContext,
  deps: Deps,
  body: { email: string; code: string },
  ip: string,
): Promise<InitialResponse> {
  const address = body.email.trim().toLowerCase();
  const key = { scope: audienceOf(ctx.tenant), account: address, ip };
  await assertNotThrottled(ctx.db, key);
  const account = await findAccount(ctx.db, companyIdOf(ctx), address);
  const used = account
    ? await consumeTempCode(ctx.db, account.id, deps.codes.digest('temp-code', body.code))
    : false;
  if (!account || !used) {
    await recordFailure(ctx.db, key);
    throw unauthorized(INVALID_CODE);
  }
  await recordSuccess(ctx.db, key);
  return signIn(ctx, deps, account, true);
}

/** GET auth/temp-code/{code}: whether the code is usable and for which address; guessing counts as failed logins. */
export async function checkTempCode(
  ctx: PublicContext,
  deps: Deps,
  code: string,
  ip: string,
): Promise<{ email: string }> {
  const key = { scope: audienceOf(ctx.tenant), account: 'temp-code', ip };
  await assertNotThrottled(ctx.db, key);
  const found = /^\d{6}$/.test(code)
    ? await findUsableTempCode(ctx.db, companyIdOf(ctx), deps.codes.digest('temp-code', code))
    : null;
  if (!found) {
    await recordFailure(ctx.db, key);
    throw notFound(INVALID_CODE);
  }
  return { email: found.email };
}
