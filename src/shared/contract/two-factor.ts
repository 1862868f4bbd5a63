import { z } from 'zod';
import { requiredText } from '../validation/schemas';
import { COMPANY_PREFIX, MASTER_PREFIX } from './common';
import { InitialResponse, TwoFactorChallenge } from './auth';

export { TwoFactorChallenge };

/**
 * Two-factor sign-in (spec §2 /two-factor-authentication: enable-2fa, disable-2fa), for company
 * users and, under master/v1, for platform administrators (spec §7 "Master also has 2fa").
 */
export const twoFactorPathsOf = (prefix: typeof COMPANY_PREFIX | typeof MASTER_PREFIX) => ({
  status: `${prefix}/two-factor`,
  setup: `${prefix}/two-factor/setup`,
  enable: `${prefix}/two-factor/enable`,
  disable: `${prefix}/two-factor/disable`,
  /** sign-in: the code (or a recovery code) that completes a challenged sign-in */
  loginVerify: `${prefix}/auth/two-factor`,
  /** sign-in of an administrator the company requires it of (company only): set it up, then sign in */
  loginSetup: `${prefix}/auth/two-factor/setup`,
  loginEnable: `${prefix}/auth/two-factor/enable`,
});
export const twoFactorPaths = twoFactorPathsOf(COMPANY_PREFIX);
export const masterTwoFactorPaths = twoFactorPathsOf(MASTER_PREFIX);

/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const SecondFactorCode = requiredText(32);

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** the company requires it of this user (an administrator): it cannot be turned off */
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/**
 * The secret to add to an authenticator app: as text (typed by hand), as the otpauth:// address,
 * and as that address's QR code (an SVG data URL) for the app to scan.
 */
export const TwoFactorSetup = z.object({ secret: z.string(), otpauth_url: z.string(), qr_code: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

export const EnableTwoFactorBody = z.strictObject({ code: SecondFactorCode });
export type EnableTwoFactorBody = z.infer<typeof EnableTwoFactorBody>;

/** Shown once, when two-factor sign-in is turned on; the server keeps only their digests. */
export const RecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

export const DisableTwoFactorBody = z.strictObject({
  password: requiredText(1024),
  code: SecondFactorCode,
});
export type DisableTwoFactorBody = z.infer<typeof DisableTwoFactorBody>;

export const ChallengeBody = z.strictObject({ challenge: requiredText(128) });
export const ChallengeCodeBody = z.strictObject({ challenge: requiredText(128), code: SecondFactorCode });
export type ChallengeCodeBody = z.infer<typeof ChallengeCodeBody>;

export const LoginQueryAll = z.object({ includes: z.enum(['all']).optional() });

/** The session that an administrator's set-up at sign-in opens, with the recovery codes to keep. */
export const SetupSignInResponse = InitialResponse.extend({ recovery_codes: z.array(z.string()) });
export type SetupSignInResponse = z.infer<typeof SetupSignInResponse>;
