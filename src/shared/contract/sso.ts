import { z } from 'zod';
import { notValid } from '../validation/messages';
import { requiredText, text } from '../validation/schemas';
import { API_PREFIX, COMPANY_PREFIX } from './common';
import { IdText, PositiveId } from './ids';

/**
 * spec §2/§3/§7 Connectors, single sign-on: SAML 2.0 connectors for Entra ID ("azure") and Google
 * Workspace ("google"), with their fields (which assertion attribute carries which user field).
 *
 * Sign-in (spec §4, §7 "POST SSO login, body SAMLResponse"): the login screen sends an address in an
 * SSO domain (auth/sso-domains) to the connector's login_url, which redirects to the IdP with an
 * AuthnRequest. The IdP has the browser post the SAMLResponse to the connector's acs_url; the server
 * validates it and hands the browser over to /login with a single-use code (the same hand-over as
 * the master host's), or to /login?message=… with the reason when it is refused. API clients post
 * the SAMLResponse as JSON to auth/sso-login and get the login answer.
 */
export const SSO_PROVIDERS = ['azure', 'google'] as const;
export const SsoProvider = z.enum(SSO_PROVIDERS);
export type SsoProvider = z.infer<typeof SsoProvider>;

export const SSO_FIELD_KEYS = ['email', 'first_name', 'last_name'] as const;
export const SsoFieldKey = z.enum(SSO_FIELD_KEYS);
export type SsoFieldKey = z.infer<typeof SsoFieldKey>;

/** An attribute name that means the assertion's NameID rather than one of its attributes. */
export const NAME_ID_ATTRIBUTE = 'NameID';

/** What each provider sends by default (Entra ID's claim names; Google's are chosen by its admin). */
export const DEFAULT_SSO_FIELDS: Record<SsoProvider, Record<SsoFieldKey, string>> = {
  azure: {
    email: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
    first_name: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
    last_name: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
  },
  google: { email: NAME_ID_ATTRIBUTE, first_name: 'first_name', last_name: 'last_name' },
};

export const SsoField = z.object({
  id: z.number().int(),
  sso_id: z.number().int(),
  field: SsoFieldKey,
  attribute: z.string(),
});
export type SsoField = z.infer<typeof SsoField>;

export const SsoConnector = z.object({
  id: z.number().int(),
  provider: SsoProvider,
  name: z.string(),
  is_active: z.boolean(),
  idp_entity_id: z.string(),
  sso_url: z.string(),
  idp_certificates: z.array(z.string()),
  /** as configured; null: the default (metadata_url) */
  sp_entity_id: z.string().nullable(),
  /** what the IdP must be told: our entity id (audience), ACS and metadata addresses */
  effective_sp_entity_id: z.string(),
  acs_url: z.string(),
  metadata_url: z.string(),
  login_url: z.string(),
  domains: z.array(z.string()),
  create_accounts: z.boolean(),
  default_container_id: z.number().int().nullable(),
  fields: z.array(SsoField),
});
export type SsoConnector = z.infer<typeof SsoConnector>;

export const SsoConnectorList = z.object({ data: z.array(SsoConnector) });
export type SsoConnectorList = z.infer<typeof SsoConnectorList>;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const PEM_BODY = /^[A-Za-z0-9+/=\s]+$/;

const httpUrl = (field: string) =>
  requiredText(2048).refine((value) => {
    try {
      const url = new URL(value.trim());
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, notValid(field));

/** A PEM certificate, or its base64 body; the server also parses it. */
export const certificate = () =>
  requiredText(16_384).refine(
    (value) =>
      PEM_BODY.test(
        value
          .replace(/-----BEGIN CERTIFICATE-----/, '')
          .replace(/-----END CERTIFICATE-----/, '')
          .trim(),
      ),
    'This is not a valid certificate.',
  );

export const ssoDomain = () =>
  requiredText(253)
    .transform((value) => value.trim().toLowerCase().replace(/^@/, ''))
    .refine((value) => DOMAIN.test(value), 'Please enter a valid domain, e.g. example.com.');

export const CreateSsoBody = z.strictObject({
  provider: SsoProvider,
  name: requiredText(120),
  is_active: z.boolean().optional(),
  idp_entity_id: requiredText(1024),
  sso_url: httpUrl('sso_url'),
  idp_certificates: z.array(certificate()).min(1, 'This field is required.').max(4),
  sp_entity_id: text('', 1024).nullable().optional(),
  domains: z.array(ssoDomain()).min(1, 'This field is required.').max(50),
  create_accounts: z.boolean().optional(),
  default_container_id: PositiveId.nullable().optional(),
});
export type CreateSsoBody = z.infer<typeof CreateSsoBody>;

/** PUT: what is sent changes (provider included); domains and certificates, when sent, replace all. */
export const UpdateSsoBody = CreateSsoBody.partial();
export type UpdateSsoBody = z.infer<typeof UpdateSsoBody>;

export const SsoFieldBody = z.strictObject({ field: SsoFieldKey, attribute: requiredText(512) });
export type SsoFieldBody = z.infer<typeof SsoFieldBody>;
export const UpdateSsoFieldBody = z.strictObject({ attribute: requiredText(512) });
export type UpdateSsoFieldBody = z.infer<typeof UpdateSsoFieldBody>;

export const SsoParams = z.object({ ssoId: IdText });
export const SsoFieldParams = SsoParams.extend({ fieldId: IdText });

/** JSON form of spec §7 "POST SSO login, body SAMLResponse". */
export const SsoLoginBody = z.strictObject({ SAMLResponse: requiredText(512_000) });
export const SsoLoginQuery = z.object({
  includes: z.enum(['all']).optional(),
  lang: z.string().max(16).optional(),
});

/** The user containers an account made on first sign-in may join (the picker of the SSO screens). */
export const SsoContainerList = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type SsoContainerList = z.infer<typeof SsoContainerList>;

export const ssoPaths = {
  list: `${COMPANY_PREFIX}/connectors/ssos`,
  containers: `${COMPANY_PREFIX}/connectors/ssos/user-containers`,
  one: (ssoId: number | string) => `${COMPANY_PREFIX}/connectors/ssos/${ssoId}`,
  fields: (ssoId: number | string) => `${COMPANY_PREFIX}/connectors/ssos/${ssoId}/fields`,
  field: (ssoId: number | string, fieldId: number | string) =>
    `${COMPANY_PREFIX}/connectors/ssos/${ssoId}/fields/${fieldId}`,
  login: `${COMPANY_PREFIX}/auth/sso-login`,
};

/**
 * The addresses the identity provider and the browser use, outside the company prefix: the IdP's
 * form post carries no Subdomain header, so the company is named in the path.
 */
export const ssoPublicPaths = {
  start: (subdomain: string, ssoId: number | string) => `${API_PREFIX}/sso/${subdomain}/${ssoId}/login`,
  acs: (subdomain: string, ssoId: number | string) => `${API_PREFIX}/sso/${subdomain}/${ssoId}/acs`,
  metadata: (subdomain: string, ssoId: number | string) => `${API_PREFIX}/sso/${subdomain}/${ssoId}/metadata`,
};

/**
 * The SSO domain an address belongs to (spec §7 auth/sso-domains), or null: the part after the last
 * '@', ignoring case and spaces. Subdomains do not match: sales.acme.test is not acme.test.
 */
export function ssoDomainFor<T extends { domain: string }>(email: string, domains: readonly T[]): T | null {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1 || at === address.length - 1) return null;
  const domain = address.slice(at + 1);
  return domains.find((candidate) => candidate.domain.toLowerCase() === domain) ?? null;
}
