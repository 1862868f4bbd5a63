import type { Kysely } from 'kysely';
import type { MessageBody } from '../../../shared/contract/common';
import {
  DEFAULT_SSO_FIELDS,
  SSO_FIELD_KEYS,
  ssoPublicPaths,
  type CreateSsoBody,
  type SsoConnector,
  type SsoField,
  type SsoFieldBody,
  type UpdateSsoBody,
  type UpdateSsoFieldBody,
} from '../../../shared/contract/sso';
import type { FieldErrors } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { notFound, unprocessable } from '../../http/errors';
import { isCertificate, type SamlPartners } from '../../integrations/saml';
import {
  containerExists,
  deleteConnector,
  deleteField,
  domainsHeldElsewhere,
  insertConnector,
  insertField,
  insertFields,
  replaceDomains,
  selectConnectors,
  selectContainers,
  selectDomains,
  selectField,
  selectFields,
  updateConnector,
  updateField,
  type ConnectorRow,
  type ConnectorValues,
} from './sso.queries';

/** Who acts, and where the company's users (and its identity provider) reach it. */
export type SsoContext = ServiceContext & { subdomain: string; origin: string };

export const SSO_MESSAGES = {
  notFound: 'This SSO connector was not found.',
  fieldNotFound: 'This SSO field was not found.',
  deleted: 'The SSO connector was deleted.',
  fieldDeleted: 'The SSO field was deleted.',
  certificate: 'This is not a valid certificate.',
  container: 'The selected user container does not exist.',
  domainTaken: (domain: string) => `The domain ${domain} already signs in through another connector.`,
  fieldTaken: 'This field is already mapped for this connector.',
};

/** Our addresses for one connector: what the IdP administrator enters, and what we check against. */
export function connectorAddresses(
  origin: string,
  subdomain: string,
  connector: Pick<ConnectorRow, 'id' | 'sp_entity_id'>,
) {
  const metadataUrl = `${origin}${ssoPublicPaths.metadata(subdomain, connector.id)}`;
  return {
    acsUrl: `${origin}${ssoPublicPaths.acs(subdomain, connector.id)}`,
    metadataUrl,
    loginPath: ssoPublicPaths.start(subdomain, connector.id),
    // spec-silent: an empty SP entity id means our metadata address, which is unique per connector.
    spEntityId: connector.sp_entity_id || metadataUrl,
  };
}

export function partnersOf(origin: string, subdomain: string, connector: ConnectorRow): SamlPartners {
  const addresses = connectorAddresses(origin, subdomain, connector);
  return {
    idpEntityId: connector.idp_entity_id,
    ssoUrl: connector.sso_url,
    idpCertificates: connector.idp_certificates,
    spEntityId: addresses.spEntityId,
    acsUrl: addresses.acsUrl,
  };
}

async function views(ctx: SsoContext, db: Kysely<Database>, rows: ConnectorRow[]): Promise<SsoConnector[]> {
  const ids = rows.map((row) => row.id);
  const [domains, fields] = await Promise.all([
    selectDomains(db, ctx.companyId, ids),
    selectFields(db, ctx.companyId, ids),
  ]);
  return rows.map((row) => {
    const addresses = connectorAddresses(ctx.origin, ctx.subdomain, row);
    return {
      id: row.id,
      provider: row.provider,
      name: row.name,
      is_active: row.is_active,
      idp_entity_id: row.idp_entity_id,
      sso_url: row.sso_url,
      idp_certificates: row.idp_certificates,
      sp_entity_id: row.sp_entity_id,
      effective_sp_entity_id: addresses.spEntityId,
      acs_url: addresses.acsUrl,
      metadata_url: addresses.metadataUrl,
      login_url: `${ctx.origin}${addresses.loginPath}`,
      domains: domains.filter((domain) => domain.sso_id === row.id).map((domain) => domain.domain),
      create_accounts: row.create_accounts,
      default_container_id: row.default_container_id,
      fields: fields.filter((field) => field.sso_id === row.id),
    };
  });
}

async function existing(ctx: SsoContext, ssoId: number): Promise<ConnectorRow> {
  const [row] = await selectConnectors(ctx.db, ctx.companyId, ssoId);
  if (!row) throw notFound(SSO_MESSAGES.notFound);
  return row;
}

/** What the body would store, checked beyond its shape: certificates that parse, a container of the company, free domains. */
async function checked(
  ctx: SsoContext,
  ssoId: number | null,
  body: UpdateSsoBody,
): Promise<{ values: Partial<ConnectorValues>; domains: string[] | null }> {
  const errors: FieldErrors = {};
  body.idp_certificates?.forEach((certificate, index) => {
    if (!isCertificate(certificate)) errors[`idp_certificates.${index}`] = [SSO_MESSAGES.certificate];
  });
  if (body.default_container_id && !(await containerExists(ctx.db, ctx.companyId, body.default_container_id)))
    errors.default_container_id = [SSO_MESSAGES.container];
  const domains = body.domains ? [...new Set(body.domains)] : null;
  if (domains) {
    const taken = await domainsHeldElsewhere(ctx.db, ctx.companyId, ssoId, domains);
    if (taken.length) errors.domains = taken.map(SSO_MESSAGES.domainTaken);
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  const { domains: _domains, ...rest } = body;
  const values: Partial<ConnectorValues> = {
    ...rest,
    ...(rest.name !== undefined ? { name: rest.name.trim() } : {}),
    ...(rest.idp_entity_id !== undefined ? { idp_entity_id: rest.idp_entity_id.trim() } : {}),
    ...(rest.sso_url !== undefined ? { sso_url: rest.sso_url.trim() } : {}),
    ...(rest.idp_certificates !== undefined
      ? { idp_certificates: rest.idp_certificates.map((c) => c.trim()) }
      : {}),
    ...(rest.sp_entity_id !== undefined ? { sp_entity_id: rest.sp_entity_id?.trim() || null } : {}),
  };
  return { values, domains };
}

// Reads happen before each transaction opens: on PGlite's one connection a read on ctx.db inside it would wait forever.
export const ssoService = {
  async list(ctx: SsoContext): Promise<{ data: SsoConnector[] }> {
    return { data: await views(ctx, ctx.db, await selectConnectors(ctx.db, ctx.companyId)) };
  },

  async containers(ctx: SsoContext): Promise<{ data: Array<{ id: number; name: string }> }> {
    return { data: await selectContainers(ctx.db, ctx.companyId) };
  },

  async get(ctx: SsoContext, ssoId: number): Promise<SsoConnector> {
    const [view] = await views(ctx, ctx.db, [await existing(ctx, ssoId)]);
    return view!;
  },

  async create(ctx: SsoContext, body: CreateSsoBody): Promise<SsoConnector> {
    const { values, domains } = await checked(ctx, null, body);
    const full: ConnectorValues = {
      provider: body.provider,
      name: body.name.trim(),
      is_active: true,
      idp_entity_id: body.idp_entity_id.trim(),
      sso_url: body.sso_url.trim(),
      idp_certificates: body.idp_certificates,
      sp_entity_id: null,
      create_accounts: false,
      default_container_id: null,
      ...values,
    };
    const ssoId = await ctx.db.transaction().execute(async (tx) => {
      const id = await insertConnector(tx, ctx.companyId, full);
      const { loginPath } = connectorAddresses(ctx.origin, ctx.subdomain, {
        id,
        sp_entity_id: full.sp_entity_id,
      });
      await replaceDomains(tx, ctx.companyId, id, full.provider, loginPath, domains ?? []);
      const defaults = DEFAULT_SSO_FIELDS[full.provider];
      await insertFields(
        tx,
        ctx.companyId,
        id,
        SSO_FIELD_KEYS.map((field) => ({ field, attribute: defaults[field] })),
      );
      return id;
    });
    return this.get(ctx, ssoId);
  },

  async update(ctx: SsoContext, ssoId: number, body: UpdateSsoBody): Promise<SsoConnector> {
    const row = await existing(ctx, ssoId);
    const { values, domains } = await checked(ctx, ssoId, body);
    const { loginPath } = connectorAddresses(ctx.origin, ctx.subdomain, row);
    await ctx.db.transaction().execute(async (tx) => {
      if (Object.keys(values).length) await updateConnector(tx, ctx.companyId, ssoId, values);
      await replaceDomains(tx, ctx.companyId, ssoId, values.provider ?? row.provider, loginPath, domains);
    });
    return this.get(ctx, ssoId);
  },

  async remove(ctx: SsoContext, ssoId: number): Promise<MessageBody> {
    if (!(await deleteConnector(ctx.db, ctx.companyId, ssoId))) throw notFound(SSO_MESSAGES.notFound);
    return { message: SSO_MESSAGES.deleted };
  },

  async fields(ctx: SsoContext, ssoId: number): Promise<{ data: SsoField[] }> {
    await existing(ctx, ssoId);
    return { data: await selectFields(ctx.db, ctx.companyId, [ssoId]) };
  },

  async field(ctx: SsoContext, ssoId: number, fieldId: number): Promise<SsoField> {
    const field = await selectField(ctx.db, ctx.companyId, ssoId, fieldId);
    if (!field) throw notFound(SSO_MESSAGES.fieldNotFound);
    return field;
  },

  async addField(ctx: SsoContext, ssoId: number, body: SsoFieldBody): Promise<SsoField> {
    await existing(ctx, ssoId);
    const field = await insertField(ctx.db, ctx.companyId, ssoId, body.field, body.attribute.trim());
    if (!field) throw unprocessable({ field: [SSO_MESSAGES.fieldTaken] });
    return field;
  },

  async updateField(
    ctx: SsoContext,
    ssoId: number,
    fieldId: number,
    body: UpdateSsoFieldBody,
  ): Promise<SsoField> {
    const field = await updateField(ctx.db, ctx.companyId, ssoId, fieldId, body.attribute.trim());
    if (!field) throw notFound(SSO_MESSAGES.fieldNotFound);
    return field;
  },

  async removeField(ctx: SsoContext, ssoId: number, fieldId: number): Promise<MessageBody> {
    if (!(await deleteField(ctx.db, ctx.companyId, ssoId, fieldId)))
      throw notFound(SSO_MESSAGES.fieldNotFound);
    return { message: SSO_MESSAGES.fieldDeleted };
  },
};
