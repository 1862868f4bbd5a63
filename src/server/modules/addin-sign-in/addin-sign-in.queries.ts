import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export const MICROSOFT_AUTHORITY = 'https://login.microsoftonline.com';

export interface TenantCompany {
  company_id: number;
  subdomain: string;
  /** where the tenant's OpenID configuration and keys are published */
  authority: string;
}

/**
 * The companies that name this Entra ID tenant: an active Microsoft 365 calendar connector with this
 * tenant id (its sign-in endpoint is the authority), or an active Entra ID single sign-on connector
 * whose issuer is the tenant's (`https://sts.windows.net/{tenant}/`; the authority is its sign-in
 * URL's origin). Companies being deleted are not signed in to.
 */
export async function companiesOfTenant(db: Db, tenantId: string): Promise<TenantCompany[]> {
  const calendars = await db
    .selectFrom('calendar_connectors as c')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .innerJoin('calendar_connector_fields as t', (join) =>
      join
        .onRef('t.company_id', '=', 'c.company_id')
        .onRef('t.calendar_connector_id', '=', 'c.id')
        .on('t.field_key', '=', 'tenant_id'),
    )
    .leftJoin('calendar_connector_fields as l', (join) =>
      join
        .onRef('l.company_id', '=', 'c.company_id')
        .onRef('l.calendar_connector_id', '=', 'c.id')
        .on('l.field_key', '=', 'login_url'),
    )
    .select(['c.company_id', 'co.subdomain', 'l.value as login_url'])
    .where('c.provider', '=', 'outlook')
    .where('c.is_active', '=', true)
    .where('co.deleted_at', 'is', null)
    .where(sql<string>`lower(btrim(t.value))`, '=', tenantId)
    .execute();
  const ssos = await db
    .selectFrom('sso_connectors as s')
    .innerJoin('companies as co', 'co.id', 's.company_id')
    .select(['s.company_id', 'co.subdomain', 's.sso_url'])
    .where('s.provider', '=', 'azure')
    .where('s.is_active', '=', true)
    .where('co.deleted_at', 'is', null)
    .where(sql<string>`lower(s.idp_entity_id)`, 'like', `%/${tenantId}/%`)
    .execute();
  const found = [
    ...calendars.map((row) => ({
      company_id: row.company_id,
      subdomain: row.subdomain,
      authority: row.login_url?.trim() || MICROSOFT_AUTHORITY,
    })),
    ...ssos.map((row) => ({
      company_id: row.company_id,
      subdomain: row.subdomain,
      authority: originOf(row.sso_url),
    })),
  ];
  const seen = new Set<string>();
  return found.filter((row) => {
    const key = `${row.company_id} ${row.authority}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return MICROSOFT_AUTHORITY;
  }
}

export interface LinkedAccount {
  id: number;
  company_id: number;
  email: string;
  /** the object id this account is linked to in this tenant, if any */
  object_id: string | null;
}

/** The accounts in these companies that the identity names: the linked one, else by address. */
export async function accountsOfIdentity(
  db: Db,
  companyIds: number[],
  identity: { tenantId: string; objectId: string; email: string },
): Promise<LinkedAccount[]> {
  if (companyIds.length === 0) return [];
  return db
    .selectFrom('users as u')
    .leftJoin('entra_identities as e', (join) =>
      join
        .onRef('e.company_id', '=', 'u.company_id')
        .onRef('e.user_id', '=', 'u.id')
        .on('e.tenant_id', '=', identity.tenantId),
    )
    .select(['u.id', 'u.company_id', 'u.email', 'e.object_id'])
    .where('u.company_id', 'in', companyIds)
    .where('u.stands_for_removed', '=', false)
    .where((eb) => eb.or([eb('e.object_id', '=', identity.objectId), eb('u.email', '=', identity.email)]))
    .orderBy('u.company_id')
    .execute() as Promise<LinkedAccount[]>;
}

/** Records the identity an account signed in with, the first time. */
export async function linkIdentity(
  db: Db,
  account: { id: number; company_id: number },
  identity: { tenantId: string; objectId: string },
): Promise<void> {
  await db
    .insertInto('entra_identities')
    .values({
      company_id: account.company_id,
      user_id: account.id,
      tenant_id: identity.tenantId,
      object_id: identity.objectId,
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * The single sign-on connector an address's domain signs in through, over every company: the sign-in
 * dialog of the add-in starts on the master host, which names no company. Only an answer naming one
 * company counts.
 */
export async function ssoRealmOf(db: Db, domain: string) {
  return db
    .selectFrom('sso_domains as d')
    .innerJoin('sso_connectors as s', (join) =>
      join.onRef('s.company_id', '=', 'd.company_id').onRef('s.id', '=', 'd.sso_id'),
    )
    .innerJoin('companies as co', 'co.id', 'd.company_id')
    .select(['co.subdomain', 's.id as sso_id'])
    .where('d.domain', '=', domain)
    .where('s.is_active', '=', true)
    .where('co.deleted_at', 'is', null)
    .limit(2)
    .execute();
}
