import { sql, type Kysely } from 'kysely';
import type { SsoFieldKey, SsoProvider } from '../../../shared/contract/sso';
import type { Database } from '../../db/schema';
import type { SamlStateStore } from '../../integrations/saml';

type Db = Kysely<Database>;

export interface ConnectorRow {
  id: number;
  company_id: number;
  provider: SsoProvider;
  name: string;
  is_active: boolean;
  idp_entity_id: string;
  sso_url: string;
  idp_certificates: string[];
  sp_entity_id: string | null;
  create_accounts: boolean;
  default_container_id: number | null;
}

export interface FieldRow {
  id: number;
  sso_id: number;
  field: SsoFieldKey;
  attribute: string;
}

const CONNECTOR = [
  'id',
  'company_id',
  'provider',
  'name',
  'is_active',
  'idp_entity_id',
  'sso_url',
  'idp_certificates',
  'sp_entity_id',
  'create_accounts',
  'default_container_id',
] as const;

export async function selectConnectors(db: Db, companyId: number, ssoId?: number): Promise<ConnectorRow[]> {
  let query = db.selectFrom('sso_connectors').select(CONNECTOR).where('company_id', '=', companyId);
  if (ssoId !== undefined) query = query.where('id', '=', ssoId);
  return query.orderBy('name').orderBy('id').execute();
}

export async function selectDomains(db: Db, companyId: number, ssoIds: number[]) {
  if (ssoIds.length === 0) return [];
  return db
    .selectFrom('sso_domains')
    .select(['sso_id', 'domain'])
    .where('company_id', '=', companyId)
    .where('sso_id', 'in', ssoIds)
    .orderBy('domain')
    .execute();
}

export async function selectFields(db: Db, companyId: number, ssoIds: number[]): Promise<FieldRow[]> {
  if (ssoIds.length === 0) return [];
  return db
    .selectFrom('sso_fields')
    .select(['id', 'sso_id', 'field', 'attribute'])
    .where('company_id', '=', companyId)
    .where('sso_id', 'in', ssoIds)
    .orderBy(sql`array_position(array['email','first_name','last_name'], field)`)
    .execute();
}

export type ConnectorValues = Omit<ConnectorRow, 'id' | 'company_id'>;

export async function insertConnector(db: Db, companyId: number, values: ConnectorValues): Promise<number> {
  const row = await db
    .insertInto('sso_connectors')
    .values({ ...values, company_id: companyId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateConnector(
  db: Db,
  companyId: number,
  ssoId: number,
  values: Partial<ConnectorValues>,
): Promise<void> {
  await db
    .updateTable('sso_connectors')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', ssoId)
    .execute();
}

export async function deleteConnector(db: Db, companyId: number, ssoId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('sso_connectors')
    .where('company_id', '=', companyId)
    .where('id', '=', ssoId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Domains among these that another connector (or a domain row of none) of the company holds. */
export async function domainsHeldElsewhere(
  db: Db,
  companyId: number,
  ssoId: number | null,
  domains: string[],
): Promise<string[]> {
  if (domains.length === 0) return [];
  let query = db
    .selectFrom('sso_domains')
    .select('domain')
    .where('company_id', '=', companyId)
    .where('domain', 'in', domains);
  if (ssoId !== null)
    query = query.where((eb) => eb.or([eb('sso_id', 'is', null), eb('sso_id', '!=', ssoId)]));
  return (await query.execute()).map((row) => row.domain);
}

/** The connector's domains become exactly these; auth/sso-domains reads them with the login address. */
export async function replaceDomains(
  db: Db,
  companyId: number,
  ssoId: number,
  provider: SsoProvider,
  loginUrl: string,
  domains: string[] | null,
): Promise<void> {
  if (domains === null) {
    await db
      .updateTable('sso_domains')
      .set({ provider, login_url: loginUrl })
      .where('company_id', '=', companyId)
      .where('sso_id', '=', ssoId)
      .execute();
    return;
  }
  await db
    .deleteFrom('sso_domains')
    .where('company_id', '=', companyId)
    .where('sso_id', '=', ssoId)
    .execute();
  if (domains.length)
    await db
      .insertInto('sso_domains')
      .values(
        domains.map((domain) => ({
          company_id: companyId,
          sso_id: ssoId,
          domain,
          provider,
          login_url: loginUrl,
        })),
      )
      .execute();
}

export async function selectContainers(db: Db, companyId: number) {
  return db
    .selectFrom('user_containers')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .orderBy('name')
    .execute();
}

export async function containerExists(db: Db, companyId: number, containerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_containers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', containerId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertFields(
  db: Db,
  companyId: number,
  ssoId: number,
  fields: Array<{ field: SsoFieldKey; attribute: string }>,
): Promise<void> {
  if (fields.length === 0) return;
  await db
    .insertInto('sso_fields')
    .values(fields.map((field) => ({ ...field, company_id: companyId, sso_id: ssoId })))
    .onConflict((conflict) => conflict.columns(['company_id', 'sso_id', 'field']).doNothing())
    .execute();
}

export async function selectField(db: Db, companyId: number, ssoId: number, fieldId: number) {
  return (
    (await db
      .selectFrom('sso_fields')
      .select(['id', 'sso_id', 'field', 'attribute'])
      .where('company_id', '=', companyId)
      .where('sso_id', '=', ssoId)
      .where('id', '=', fieldId)
      .executeTakeFirst()) ?? null
  );
}

export async function insertField(
  db: Db,
  companyId: number,
  ssoId: number,
  field: SsoFieldKey,
  attribute: string,
): Promise<FieldRow | null> {
  return (
    (await db
      .insertInto('sso_fields')
      .values({ company_id: companyId, sso_id: ssoId, field, attribute })
      .onConflict((conflict) => conflict.columns(['company_id', 'sso_id', 'field']).doNothing())
      .returning(['id', 'sso_id', 'field', 'attribute'])
      .executeTakeFirst()) ?? null
  );
}

export async function updateField(
  db: Db,
  companyId: number,
  ssoId: number,
  fieldId: number,
  attribute: string,
) {
  return (
    (await db
      .updateTable('sso_fields')
      .set({ attribute })
      .where('company_id', '=', companyId)
      .where('sso_id', '=', ssoId)
      .where('id', '=', fieldId)
      .returning(['id', 'sso_id', 'field', 'attribute'])
      .executeTakeFirst()) ?? null
  );
}

export async function deleteField(
  db: Db,
  companyId: number,
  ssoId: number,
  fieldId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('sso_fields')
    .where('company_id', '=', companyId)
    .where('sso_id', '=', ssoId)
    .where('id', '=', fieldId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The active connector whose IdP has this entity id (the JSON sign-in names no connector). */
export async function connectorByIssuer(
  db: Db,
  companyId: number,
  issuer: string,
): Promise<ConnectorRow | null> {
  return (
    (await db
      .selectFrom('sso_connectors')
      .select(CONNECTOR)
      .where('company_id', '=', companyId)
      .where('idp_entity_id', '=', issuer)
      .where('is_active', '=', true)
      .orderBy('id')
      .executeTakeFirst()) ?? null
  );
}

/** The database as every server process sees it: requests sent and assertions used, per company. */
export function samlStateStore(db: Db, companyId: number): SamlStateStore {
  return {
    async rememberRequest(requestId, ttlSeconds) {
      await db
        .insertInto('sso_requests')
        .values({
          company_id: companyId,
          request_id: requestId,
          expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})`,
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      // Old rows go as new ones come, so the table stays as small as the requests in flight.
      await db
        .deleteFrom('sso_requests')
        .where('expires_at', '<', sql<Date>`now()`)
        .execute();
    },
    async requestIsPending(requestId) {
      const row = await db
        .selectFrom('sso_requests')
        .select('request_id')
        .where('company_id', '=', companyId)
        .where('request_id', '=', requestId)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return Boolean(row);
    },
    async forgetRequest(requestId) {
      await db
        .deleteFrom('sso_requests')
        .where('company_id', '=', companyId)
        .where('request_id', '=', requestId)
        .execute();
    },
    async useAssertionOnce(assertionId, expiresAt) {
      await db
        .deleteFrom('sso_assertions')
        .where('expires_at', '<', sql<Date>`now()`)
        .execute();
      // The primary key decides between two processes receiving the same assertion at once.
      const inserted = await db
        .insertInto('sso_assertions')
        .values({ company_id: companyId, assertion_id: assertionId, expires_at: expiresAt })
        .onConflict((conflict) => conflict.doNothing())
        .returning('assertion_id')
        .executeTakeFirst();
      return Boolean(inserted);
    },
  };
}

export async function findUserByEmail(db: Db, companyId: number, email: string) {
  return (
    (await db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('company_id', '=', companyId)
      .where('email', '=', email)
      .executeTakeFirst()) ?? null
  );
}

/** An account made on first sign-in: the company's language, country and timezone, no password. */
export async function insertSsoUser(
  db: Db,
  companyId: number,
  person: { email: string; first_name: string; last_name: string },
  containerId: number | null,
): Promise<{ id: number; company_id: number }> {
  const company = await db
    .selectFrom('companies')
    .select(['language_id', 'country_id', 'timezone'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({ company_id: companyId, ...person, ...company, sso: true })
    .onConflict((conflict) => conflict.columns(['company_id', 'email']).doNothing())
    .returning(['id', 'company_id'])
    .executeTakeFirst();
  // Two first sign-ins at once: the other one made the account.
  const account = user ?? (await findUserByEmail(db, companyId, person.email));
  if (!account || account.company_id === null) throw new Error('The account could not be created.');
  if (containerId !== null)
    await db
      .insertInto('user_container_members')
      .values({ company_id: companyId, container_id: containerId, user_id: account.id })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  return { id: account.id, company_id: account.company_id };
}
