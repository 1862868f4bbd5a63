import type { TwoFactorChallenge } from '../../../shared/contract/auth';
import type { ChallengeCodeBody, TwoFactorSetup } from '../../../shared/contract/two-factor';
import { notValid } from '../../../shared/validation';
import { randomToken } from '../../auth/codes';
import { attemptSucceeded, beginAttempt, THROTTLE, THROTTLED_MESSAGE } from '../../auth/login-throttle';
import type { AppDeps, PublicContext } from '../../context';
import { HttpError, tooManyRequests, unauthorized, unprocessable } from '../../http/errors';
import { secretBoxFor } from '../../integrations/secrets';
import {
  beginSetup,
  checkSecondFactor,
  closeChallenge,
  confirmSetup,
  findChallenge,
  insertChallenge,
  twoFactorEnabled,
  twoFactorRequired,
  type TwoFactorDeps,
  type Who,
} from '../two-factor';

/**
 * The second step of a sign-in (docs/profile-and-two-factor.md): after the password (or a hand-over
 * or e-mailed code) proves the account, a user with two-factor sign-in on gets a challenge instead
 * of a session and answers it with a code; an administrator whose company requires it and who has
 * none sets it up first. A challenge is single use and lives five minutes; wrong codes count as
 * failed sign-ins of the account (login-throttle.ts).
 */
const CHALLENGE_TTL_SECONDS = 5 * 60;
const EXPIRED = 'This sign-in has expired. Please sign in again.';

type Deps = Pick<AppDeps, 'codes' | 'config'>;

const twoFactorDeps = (deps: Deps): TwoFactorDeps => ({ box: secretBoxFor(deps.config), codes: deps.codes });
const challengeDigest = (deps: Deps, challenge: string) =>
  deps.codes.digest('two-factor-challenge', challenge);

/** The challenge to answer before a session opens, or null when the password was enough. */
export async function secondStepFor(
  ctx: PublicContext,
  deps: Deps,
  userId: number,
): Promise<TwoFactorChallenge | null> {
  const who = { companyId: companyIdOf(ctx), userId };
  const purpose = (await twoFactorEnabled(ctx.db, who))
    ? 'code'
    : (await twoFactorRequired(ctx.db, who))
      ? 'setup'
      : null;
  if (!purpose) return null;
  const challenge = randomToken();
  await insertChallenge(ctx.db, who, challengeDigest(deps, challenge), purpose, CHALLENGE_TTL_SECONDS);
  return { two_factor: purpose, challenge };
}

/** The company of a sign-in, or null for a platform administrator's on the master host. */
const companyIdOf = (ctx: PublicContext) => (ctx.tenant.area === 'company' ? ctx.tenant.company.id : null);

async function openChallenge(ctx: PublicContext, deps: Deps, challenge: string, purpose: 'code' | 'setup') {
  const companyId = companyIdOf(ctx);
  const found = await findChallenge(ctx.db, companyId, challengeDigest(deps, challenge));
  if (!found || found.purpose !== purpose) throw unauthorized(EXPIRED);
  return { companyId, userId: found.user_id };
}

/** Checks the code (a wrong one: 422, counted), closes the challenge and opens the session. */
async function passChallenge<T>(
  ctx: PublicContext,
  deps: Deps,
  body: ChallengeCodeBody,
  purpose: 'code' | 'setup',
  ip: string,
  check: (who: Who) => Promise<T | null>,
): Promise<{ who: Who; result: T }> {
  const who = await openChallenge(ctx, deps, body.challenge, purpose);
  const key = { scope: String(who.companyId ?? 'master'), account: `two-factor:${who.userId}`, ip };
  // Five tries per address; and since an e-mailed code cannot stand in for the second factor, an
  // account whose codes failed from many addresses (THROTTLE.accountProofAfter) is refused outright.
  const attempt = await beginAttempt(ctx.db, key, deps.config.loginDelayMs);
  if (attempt.proofRequired)
    throw tooManyRequests(THROTTLED_MESSAGE(THROTTLE.windowSeconds), THROTTLE.windowSeconds);
  const result = await check(who).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 422) return null;
    throw error;
  });
  if (result === null) throw unprocessable({ code: [notValid('code')] });
  if (!(await closeChallenge(ctx.db, who.companyId, challengeDigest(deps, body.challenge))))
    throw unauthorized(EXPIRED);
  await attemptSucceeded(ctx.db, attempt);
  return { who, result };
}

/** POST auth/two-factor: the challenge and a TOTP or recovery code. Answers the user id to sign in. */
export async function answerChallenge(
  ctx: PublicContext,
  deps: Deps,
  body: ChallengeCodeBody,
  ip: string,
): Promise<number> {
  const { who } = await passChallenge(ctx, deps, body, 'code', ip, async (who) =>
    (await checkSecondFactor(ctx.db, twoFactorDeps(deps), who, body.code)) ? true : null,
  );
  return who.userId;
}

/** POST auth/two-factor/setup: the secret for an administrator who must set it up to sign in. */
export async function setupAtSignIn(
  ctx: PublicContext,
  deps: Deps,
  challenge: string,
): Promise<TwoFactorSetup> {
  const who = await openChallenge(ctx, deps, challenge, 'setup');
  return beginSetup(ctx.db, twoFactorDeps(deps), who);
}

/** POST auth/two-factor/enable: the first code turns it on; answers the user id and recovery codes. */
export async function enableAtSignIn(
  ctx: PublicContext,
  deps: Deps,
  body: ChallengeCodeBody,
  ip: string,
): Promise<{ userId: number; recoveryCodes: string[] }> {
  const { who, result } = await passChallenge(ctx, deps, body, 'setup', ip, (who) =>
    confirmSetup(ctx.db, twoFactorDeps(deps), who, body.code),
  );
  return { userId: who.userId, recoveryCodes: result };
}
