import { z } from 'zod';
import { email, password, requiredText } from '../validation/schemas';
import { COMPANY_PREFIX, MASTER_PREFIX } from './common';
import { ImpersonationBanner } from './impersonations';
import {
  Country,
  Currency,
  DeviceTemplate,
  Label,
  Language,
  PreferenceCategory,
  Timezone,
} from './reference';

/** spec §7 Auth. Every path exists under both prefixes unless marked company-only. */
export const authPaths = (prefix: typeof COMPANY_PREFIX | typeof MASTER_PREFIX) => ({
  login: `${prefix}/auth/login`,
  logout: `${prefix}/auth/logout`,
  refresh: `${prefix}/auth/refresh`,
  passwordForgot: `${prefix}/auth/password-forgot`,
  passwordReset: `${prefix}/auth/password-reset`,
  passwordResetToken: (token: string) => `${prefix}/auth/password-reset/${encodeURIComponent(token)}`,
  tempCode: `${prefix}/auth/temp-code`,
  tempCodeCheck: (code: string) => `${prefix}/auth/temp-code/${encodeURIComponent(code)}`,
  labels: (locale: string) => `${prefix}/auth/login/labels/${encodeURIComponent(locale)}`,
  initialData: `${prefix}/initial-data`,
});
export const companyAuth = authPaths(COMPANY_PREFIX);
export const masterAuth = authPaths(MASTER_PREFIX);
export const ssoDomainsPath = `${COMPANY_PREFIX}/auth/sso-domains`;

/** Body of POST auth/login: credentials, or just the single-use hand-over code (`token`). */
/**
 * POST auth/login's 401 when sign-in throttling asks for proof (issue 37): a sign-in code went to the
 * address if the password was right. The login screen recognises it and moves to the code step.
 */
export const CODE_MAILED_INSTEAD =
  'Too many failed sign-ins from here. If the password was right, we have emailed you a sign-in code: sign in with the code.';

export const LoginCredentials = z.strictObject({ email: email(), password: requiredText(1024) });
export const LoginHandover = z.strictObject({ token: requiredText(128) });
export const LoginBody = z.union([LoginCredentials, LoginHandover]);
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginQuery = z.object({
  includes: z.enum(['all']).optional(),
  lang: z.string().max(16).optional(),
});

export const GeneralPermissionSchema = z.object({
  permission: z.string(),
  type: z.enum(['CRUD', 'LOGICAL', 'NUMERICAL']),
  is_active: z.boolean(),
  create: z.boolean(),
  read: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
  value: z.number().nullable(),
});

export const UserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  language_id: z.number().int(),
  language: Language,
  country_id: z.number().int().nullable(),
  timezone: z.string(),
  is_visitor: z.boolean(),
  sso: z.boolean(),
  camera: z.boolean(),
  is_platform_admin: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const CompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subdomain: z.string(),
  country_id: z.number().int(),
  language_id: z.number().int(),
  timezone: z.string(),
  currency_id: z.number().int(),
  data_region_id: z.number().int(),
  company_type_id: z.number().int(),
});
export type Company = z.infer<typeof CompanySchema>;

/** spec §9 time preferences DATE_FORMAT and TIME_FORMAT, as the user sees them. */
export const UserTimePreference = z.object({
  date_format: z.string(), // 'd.M.yyyy'
  time_format: z.string(), // 'HH:mm' or 'h:mm' (h adds AM/PM)
  timezone: z.string(),
});

export const Device = z.object({ id: z.number().int(), type: z.string(), url: z.string().nullable() });

/** spec §3 "Login/initial response" (with includes=all); also GET company/v1/initial-data. */
export const InitialResponse = z.object({
  user: UserSchema,
  company: CompanySchema.nullable(), // null in the master area
  startup_page: z.string().nullable(), // a startup key (spec §2), e.g. 'PLAN'
  general_permissions: z.array(GeneralPermissionSchema),
  labels: z.array(Label),
  languages: z.array(Language),
  countries: z.array(Country),
  timezones: z.array(Timezone),
  currencies: z.array(Currency),
  preferencecategories: z.array(PreferenceCategory),
  usertimepreference: UserTimePreference,
  devicetemplates: z.array(DeviceTemplate),
  device: Device.nullable(),
  access_token: z.string(),
  subdomain: z.string().nullable(),
  /** set on a platform administrator's session opened through "open company as administrator" */
  impersonation: ImpersonationBanner.nullable().optional(),
});
export type InitialResponse = z.infer<typeof InitialResponse>;
export type InitialData = Omit<InitialResponse, 'access_token'>;

/** Login without includes=all. */
export const TokenResponse = z.object({ access_token: z.string(), subdomain: z.string().nullable() });
export type TokenResponse = z.infer<typeof TokenResponse>;

/**
 * A company user who logs in on the master host (spec §4): no session here, but the company's
 * subdomain and a single-use hand-over code valid for one minute, which the company host exchanges
 * for its session through POST company/v1/auth/login { token }.
 */
export const HandoverResponse = z.object({ subdomain: z.string(), handover_code: z.string() });
export type HandoverResponse = z.infer<typeof HandoverResponse>;

/**
 * What POST auth/login answers instead of a session when a second step is due: 'code' (the user
 * has two-factor sign-in on) or 'setup' (the company requires it of administrators and this one
 * has none yet). The challenge is single use and short-lived.
 */
export const TwoFactorChallenge = z.object({
  two_factor: z.enum(['code', 'setup']),
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

export const LoginResponse = z.union([InitialResponse, TokenResponse, HandoverResponse, TwoFactorChallenge]);
export type LoginResponse = z.infer<typeof LoginResponse>;

export function isHandover(answer: LoginResponse): answer is HandoverResponse {
  return 'handover_code' in answer;
}

export function isTwoFactorChallenge(answer: LoginResponse): answer is TwoFactorChallenge {
  return 'two_factor' in answer;
}

export const RefreshResponse = z.object({ access_token: z.string() });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const PasswordForgotBody = z.strictObject({ email: email() });
export const PasswordResetCheckResponse = z.object({ email: z.string() });
export const PasswordResetBody = z
  .strictObject({
    token: requiredText(128),
    email: email(),
    password: password(8),
    password_confirmation: requiredText(1024),
  })
  .superRefine((body, ctx) => {
    if (body.password !== body.password_confirmation)
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'Passwords do not match.' });
  });
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

/**
 * Code login (spec §4, /tmp-code): POST temp-code { email } mails a six-digit code valid for
 * ten minutes; POST temp-code { email, code } signs in with it (answer as login with includes=all).
 * GET temp-code/{code} tells whether a code is still valid and for which address.
 */
export const TempCodeRequestBody = z.strictObject({ email: email() });
export const TempCodeLoginBody = z.strictObject({ email: email(), code: text6() });
export const TempCodeBody = z.union([TempCodeLoginBody, TempCodeRequestBody]);
export const TempCodeQuery = z.object({
  lang: z.string().max(16).optional(),
  startup_page: z.string().max(64).optional(),
  user: z.string().max(64).optional(),
  company: z.string().max(64).optional(),
});
export const TempCodeCheckResponse = z.object({ email: z.string() });

function text6() {
  return requiredText(6).pipe(z.string().regex(/^\d{6}$/, 'Only numbers allowed.'));
}

export const SsoDomainsResponse = z.object({
  domains: z.array(
    z.object({ domain: z.string(), provider: z.enum(['azure', 'google']), login_url: z.string() }),
  ),
});
export type SsoDomainsResponse = z.infer<typeof SsoDomainsResponse>;

/** JWT claims: spec §3 "Access token carries sub and exp"; jti names the revocable session. */
export interface AccessTokenClaims {
  sub: string;
  exp: number;
  iat: number;
  jti: string;
  /** the company id the token is bound to, or 'master' */
  aud: string;
}
