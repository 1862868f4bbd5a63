import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';

export interface Account {
  id: number;
  company_id: number | null;
  email: string;
  password_hash: string | null;
  is_platform_admin: boolean;
}

const ACCOUNT = [
  'users.id',
  'users.company_id',
  'users.email',
  'users.password_hash',
  'users.is_platform_admin',
] as const;

/** The account with this address in one company, or among the platform administrators (companyId null). */
export async function findAccount(
  db: Kysely<Database>,
  companyId: number | null,
  email: string,
): Promise<Account | null> {
  const query = db.selectFrom('users').select(ACCOUNT).where('email', '=', email);
  const row = await (
    companyId === null ? query.where('company_id', 'is', null) : query.where('company_id', '=', companyId)
  ).executeTakeFirst();
  return row ?? null;
}

/**
 * On the master host one address may belong to a platform administrator and to users of several
 * companies; the administrator comes first, then the companies in the order they were created.
 */
export async function findMasterHostCandidates(
  db: Kysely<Database>,
  email: string,
  limit: number,
): Promise<Array<Account & { subdomain: string | null }>> {
  return db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select([...ACCOUNT, 'companies.subdomain'])
    .where('users.email', '=', email)
    .where('companies.deleted_at', 'is', null)
    .orderBy(sql`users.company_id nulls first`)
    .limit(limit)
    .execute();
}

export async function findAccountById(
  db: Kysely<Database>,
  companyId: number | null,
  userId: number,
): Promise<Account | null> {
  const query = db.selectFrom('users').select(ACCOUNT).where('id', '=', userId);
  const row = await (
    companyId === null ? query.where('company_id', 'is', null) : query.where('company_id', '=', companyId)
  ).executeTakeFirst();
  return row ?? null;
}

// Hand-over codes (company host only).

export async function insertHandoverCode(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  codeHash: string,
  ttlSeconds: number,
  impersonationId: number | null = null,
): Promise<void> {
  await db
    .insertInto('handover_codes')
    .values({
      company_id: companyId,
      user_id: userId,
      code_hash: codeHash,
      expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})`,
      impersonation_id: impersonationId,
    })
    .execute();
}

/**
 * Marks the code used and answers its user (and the impersonation it opens, if any), or null when
 * it is unknown, used or expired (single use).
 */
export async function consumeHandoverCode(
  db: Kysely<Database>,
  companyId: number,
  codeHash: string,
): Promise<{ userId: number; impersonationId: number | null } | null> {
  const row = await db
    .updateTable('handover_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'impersonation_id'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, impersonationId: row.impersonation_id } : null;
}

// Password resets.

export async function insertPasswordReset(
  db: Kysely<Database>,
  account: Account,
  tokenHash: string,
  ttlSeconds: number,
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      company_id: account.company_id,
      user_id: account.id,
      token_hash: tokenHash,
      expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})`,
    })
    .execute();
}

/** A reset that is still usable, scoped to the company (or to the master area with null). */
export async function findUsableReset(db: Kysely<Database>, companyId: number | null, tokenHash: string) {
  const query = db
    .selectFrom('password_resets as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'u.email'])
    .where('r.token_hash', '=', tokenHash)
    .where('r.used_at', 'is', null)
    .where('r.expires_at', '>', sql<Date>`now()`);
  return (
    (await (
      companyId === null
        ? query.where('r.company_id', 'is', null)
        : query.where('r.company_id', '=', companyId)
    ).executeTakeFirst()) ?? null
  );
}

/** Uses up every open reset of the user (the one just used and any older link still in a mailbox). */
export async function closeResets(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

// Temporary sign-in codes.

export async function insertTempCode(
  db: Kysely<Database>,
  account: Account,
  codeHash: string,
  ttlSeconds: number,
): Promise<void> {
  await db
    .insertInto('temp_codes')
    .values({
      company_id: account.company_id,
      user_id: account.id,
      code_hash: codeHash,
      expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})`,
    })
    .execute();
}

export async function findUsableTempCode(db: Kysely<Database>, companyId: number | null, codeHash: string) {
  const query = db
    .selectFrom('temp_codes as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'u.email'])
    .where('c.code_hash', '=', codeHash)
    .where('c.used_at', 'is', null)
    .where('c.expires_at', '>', sql<Date>`now()`)
    .orderBy('c.created_at', 'desc');
  return (
    (await (
      companyId === null
        ? query.where('c.company_id', 'is', null)
        : query.where('c.company_id', '=', companyId)
    ).executeTakeFirst()) ?? null
  );
}

export async function consumeTempCode(
  db: Kysely<Database>,
  userId: number,
  codeHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('temp_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// SSO domains.

export async function ssoDomainsOf(db: Kysely<Database>, companyId: number) {
  return (
    db
      .selectFrom('sso_domains')
      .select(['sso_domains.domain', 'sso_domains.provider', 'sso_domains.login_url'])
      .where('sso_domains.company_id', '=', companyId)
      // A switched-off SSO connector (0019) does not send its domains to the IdP.
      .where(({ or, eb, exists, selectFrom }) =>
        or([
          eb('sso_domains.sso_id', 'is', null),
          exists(
            selectFrom('sso_connectors as c')
              .select('c.id')
              .whereRef('c.company_id', '=', 'sso_domains.company_id')
              .whereRef('c.id', '=', 'sso_domains.sso_id')
              .where('c.is_active', '=', true),
          ),
        ]),
      )
      .orderBy('sso_domains.domain')
      .execute()
  );
}
