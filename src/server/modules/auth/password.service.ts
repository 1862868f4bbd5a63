import type { PasswordResetBody } from '../../../shared/contract/auth';
import { randomToken } from '../../auth/codes';
import { takeMailRequest } from '../../auth/login-throttle';
import { checkNewPassword, storePassword } from '../../auth/set-password';
import type { AppDeps, PublicContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import { audienceOf } from '../../tenancy/tenant';
import { closeResets, findAccount, findUsableReset, insertPasswordReset } from './auth.queries';

const RESET_TTL_SECONDS = 60 * 60;
export const PASSWORD_FORGOT_MESSAGE =
  'If the address belongs to an account, we have emailed a link to reset the password.';
const INVALID_RESET = 'This password reset link is invalid or has expired.';

type Deps = Pick<AppDeps, 'codes' | 'mailer' | 'originOf'>;

const companyIdOf = (ctx: PublicContext) => (ctx.tenant.area === 'company' ? ctx.tenant.company.id : null);

/**
 * POST auth/password-forgot: the same answer whether or not the address has an account; at most three
 * mails an hour per account, and 429 beyond ten requests from one address (login-throttle.ts).
 */
export async function requestPasswordReset(
  ctx: PublicContext,
  deps: Deps,
  email: string,
  ip: string,
): Promise<{ message: string }> {
  const address = email.trim().toLowerCase();
  const mayMail = await takeMailRequest(ctx.db, 'password-reset', {
    scope: audienceOf(ctx.tenant),
    account: address,
    ip,
  });
  const account = mayMail ? await findAccount(ctx.db, companyIdOf(ctx), address) : null;
  if (account) {
    const token = randomToken();
    await ctx.db.transaction().execute(async (tx) => {
      await insertPasswordReset(tx, account, deps.codes.digest('password-reset', token), RESET_TTL_SECONDS);
      const subdomain = ctx.tenant.area === 'company' ? ctx.tenant.company.subdomain : null;
      const link = `${deps.originOf(subdomain)}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(address)}`;
      await deps.mailer.queue(
        {
          companyId: account.company_id,
          to: address,
          subject: 'Reset your Workplace password',
          text: `Someone asked to reset the password of ${address}.\n\nTo choose a new password, open this link within an hour:\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`,
        },
        tx,
      );
    });
  }
  return { message: PASSWORD_FORGOT_MESSAGE };
}

/** GET auth/password-reset/{token}: the address the link was sent to, while the link is usable. */
export async function checkPasswordReset(
  ctx: PublicContext,
  deps: Deps,
  token: string,
): Promise<{ email: string }> {
  const reset = await findUsableReset(ctx.db, companyIdOf(ctx), deps.codes.digest('password-reset', token));
  if (!reset) throw notFound(INVALID_RESET);
  return { email: reset.email };
}

/** POST auth/password-reset: sets the password once, closes every other link and ends every session. */
export async function resetPassword(
  ctx: PublicContext,
  deps: Deps,
  body: PasswordResetBody,
): Promise<{ message: string }> {
  const passwordHash = await checkNewPassword(body.password);
  await ctx.db.transaction().execute(async (tx) => {
    const reset = await findUsableReset(
      tx,
      companyIdOf(ctx),
      deps.codes.digest('password-reset', body.token),
    );
    if (!reset) throw notFound(INVALID_RESET);
    if (reset.email !== body.email.trim().toLowerCase())
      throw unprocessable({ email: ['This link was sent to another address.'] });
    await storePassword(tx, reset.user_id, passwordHash);
    await closeResets(tx, reset.user_id);
  });
  return { message: 'Your password has been reset.' };
}
