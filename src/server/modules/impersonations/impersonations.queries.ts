import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const iso = (column: string) => sql<string>`to_json(${sql.ref(column)})#>>'{}'`;

/** The company's users in the order they were made: the first administrator among them is acted as. */
export const candidateAdministrators = (db: Kysely<Database>, companyId: number, limit: number) =>
  db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('company_id', '=', companyId)
    .where('stands_for_removed', '=', false)
    .where('is_visitor', '=', false)
    .orderBy('id')
    .limit(limit)
    .execute();

export const liveCompany = (db: Kysely<Database>, companyId: number) =>
  db
    .selectFrom('companies')
    .select(['id', 'subdomain', 'name'])
    .where('id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const platformUserEmail = async (db: Kysely<Database>, userId: number) =>
  (
    await db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .where('company_id', 'is', null)
      .executeTakeFirstOrThrow()
  ).email;

export function insertImpersonation(
  db: Kysely<Database>,
  row: {
    company_id: number;
    platform_user_id: number;
    platform_user_email: string;
    acting_user_id: number;
    acting_user_email: string;
    reason: string;
    minutes: number;
  },
) {
  const { minutes, ...values } = row;
  return db
    .insertInto('company_impersonations')
    .values({ ...values, expires_at: sql<Date>`now() + make_interval(mins => ${minutes})` })
    .returning(['id', iso('expires_at').as('expires_at')])
    .executeTakeFirstOrThrow();
}

function impersonations(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('company_impersonations as i')
    .select([
      'i.id',
      'i.platform_user_email',
      'i.acting_user_email',
      'i.reason',
      iso('i.started_at').as('started_at'),
      iso('i.expires_at').as('expires_at'),
      sql<string | null>`to_json(i.ended_at)#>>'{}'`.as('ended_at'),
      sql<number>`(select count(*)::int from impersonation_actions a
        where a.company_id = i.company_id and a.impersonation_id = i.id)`.as('actions_count'),
    ])
    .where('i.company_id', '=', companyId);
}

export const listImpersonations = (db: Kysely<Database>, companyId: number, limit: number) =>
  impersonations(db, companyId)
    .orderBy('i.started_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();

export const findImpersonation = (db: Kysely<Database>, companyId: number, id: number) =>
  impersonations(db, companyId).where('i.id', '=', id).executeTakeFirst();

export const actionsOf = (db: Kysely<Database>, companyId: number, id: number) =>
  db
    .selectFrom('impersonation_actions')
    .select([iso('at').as('at'), 'method', 'route', 'status'])
    .where('company_id', '=', companyId)
    .where('impersonation_id', '=', id)
    .orderBy('at')
    .orderBy('id')
    .execute();

export async function insertAction(
  db: Kysely<Database>,
  row: { company_id: number; impersonation_id: number; method: string; route: string; status: number },
): Promise<void> {
  await db.insertInto('impersonation_actions').values(row).execute();
}
