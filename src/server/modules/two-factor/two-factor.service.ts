import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TwoFactorSetup, TwoFactorStatus } from '../../../shared/contract/two-factor';
import { can } from '../../../shared/permissions';
import { notValid } from '../../../shared/validation';
import { REQUIRE_TWO_FACTOR_KEY } from '../../../shared/validation/preferences';
import type { CodeDigester } from '../../auth/codes';
import { verifyPassword } from '../../auth/passwords';
import { acceptTotp, newTotpSecret, totpAddress } from '../../auth/totp';
import type { Database } from '../../db/schema';
import { conflict, forbidden, unprocessable } from '../../http/errors';
import type { SecretBox } from '../../integrations/secrets';
import { secretContext } from '../../integrations/secrets';
import { generalPermissionsOf } from '../../permissions/resolve';
import { qrSvg } from '../qr-codes';
import {
  accountNameOf,
  companyRequiresTwoFactor,
  countRecoveryCodesLeft,
  findTwoFactor,
  passwordHashOf,
  removeTwoFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  useRecoveryCode,
  useTimeStep,
  type Who,
} from './two-factor.queries';

export interface TwoFactorDeps {
  box: SecretBox;
  codes: CodeDigester;
}

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code is read off paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const INVALID_CODE = { code: [notValid('code')] };

const sealContext = (who: Who) =>
  who.companyId === null
    ? `platform/users/${who.userId}/totp`
    : secretContext(who.companyId, `users/${who.userId}/totp`);

/**
 * Who the company preference REQUIRE_2FA_FOR_ADMINISTRATORS applies to: whoever may change the
 * company's preferences (that preference among them). One place, so the rule can move with the
 * access model.
 */
export async function isAdministrator(db: Kysely<Database>, who: Who): Promise<boolean> {
  if (who.companyId === null) return false;
  return can(await generalPermissionsOf(db, who.companyId, who.userId), ['COMPANY_PREFERENCES', 'update']);
}

export async function twoFactorRequired(db: Kysely<Database>, who: Who): Promise<boolean> {
  if (who.companyId === null) return false;
  return (
    (await companyRequiresTwoFactor(db, who.companyId, REQUIRE_TWO_FACTOR_KEY)) &&
    (await isAdministrator(db, who))
  );
}

export async function twoFactorEnabled(db: Kysely<Database>, who: Who): Promise<boolean> {
  return Boolean((await findTwoFactor(db, who))?.enabled_at);
}

export async function twoFactorStatus(db: Kysely<Database>, who: Who): Promise<TwoFactorStatus> {
  const enabled = await twoFactorEnabled(db, who);
  return {
    enabled,
    required: await twoFactorRequired(db, who),
    recovery_codes_left: enabled ? await countRecoveryCodesLeft(db, who) : 0,
  };
}

/** A new secret for the authenticator app; refused while two-factor sign-in is on. */
export async function beginSetup(
  db: Kysely<Database>,
  deps: TwoFactorDeps,
  who: Who,
): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  if (!(await savePendingSecret(db, who, deps.box.seal(secret, sealContext(who)))))
    throw conflict('Two-factor sign-in is already on.');
  const { email, company } = await accountNameOf(db, who);
  const address = totpAddress(secret, `Workplace (${company})`, email);
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(qrSvg(address)).toString('base64')}`;
  return { secret, otpauth_url: address, qr_code: qrCode };
}

/** The first code from the app turns it on; answers the recovery codes, shown this once. */
export async function confirmSetup(
  db: Kysely<Database>,
  deps: TwoFactorDeps,
  who: Who,
  code: string,
): Promise<string[]> {
  const stored = await findTwoFactor(db, who);
  if (stored?.enabled_at) throw conflict('Two-factor sign-in is already on.');
  if (!stored) throw unprocessable({ code: ['Start the set-up again: no secret was issued.'] });
  const step = await acceptTotp(
    deps.box.open(stored.secret_sealed, sealContext(who)),
    normalize(code),
    stored.last_time_step,
  );
  if (step === null) throw unprocessable(INVALID_CODE);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction().execute(async (tx) => {
    if (!(await useTimeStep(tx, who, step, true))) throw unprocessable(INVALID_CODE);
    await replaceRecoveryCodes(
      tx,
      who,
      codes.map((recovery) => recoveryDigest(deps.codes, recovery)),
    );
  });
  return codes;
}

/**
 * A second factor of a user who has two-factor sign-in on: a TOTP code (each accepted once) or one
 * of the recovery codes (each usable once).
 */
export async function checkSecondFactor(
  db: Kysely<Database>,
  deps: TwoFactorDeps,
  who: Who,
  code: string,
): Promise<boolean> {
  const stored = await findTwoFactor(db, who);
  if (!stored?.enabled_at) return false;
  const given = normalize(code);
  if (/^\d{6}$/.test(given)) {
    const step = await acceptTotp(
      deps.box.open(stored.secret_sealed, sealContext(who)),
      given,
      stored.last_time_step,
    );
    return step !== null && (await useTimeStep(db, who, step));
  }
  return useRecoveryCode(db, who, recoveryDigest(deps.codes, given));
}

/** disable-2fa: the password and a second factor; refused where the company requires it. */
export async function disableTwoFactor(
  db: Kysely<Database>,
  deps: TwoFactorDeps,
  who: Who,
  body: { password: string; code: string },
): Promise<void> {
  if (await twoFactorRequired(db, who))
    throw forbidden('Your company requires two-factor sign-in for administrators.');
  if (!(await verifyPassword(body.password, await passwordHashOf(db, who))))
    throw unprocessable({ password: ['The password is not correct.'] });
  if (!(await checkSecondFactor(db, deps, who, body.code))) throw unprocessable(INVALID_CODE);
  await db.transaction().execute((tx) => removeTwoFactor(tx, who));
}

/** Spaces and dashes do not count, nor case: codes are typed by hand. */
function normalize(code: string): string {
  return code.replace(/[\s-]+/g, '').toLowerCase();
}

function newRecoveryCode(): string {
  const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${letters.slice(0, 5).join('')}-${letters.slice(5).join('')}`;
}

function recoveryDigest(codes: CodeDigester, code: string): string {
  return codes.digest('recovery-code', normalize(code));
}
