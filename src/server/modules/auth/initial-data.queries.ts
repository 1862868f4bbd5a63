import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';

export async function userProfile(db: Kysely<Database>, companyId: number | null, userId: number) {
  const query = db
    .selectFrom('users as u')
    .innerJoin('languages as l', 'l.id', 'u.language_id')
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.language_id',
      'u.country_id',
      'u.timezone',
      'u.is_visitor',
      'u.sso',
      'u.camera',
      'u.is_platform_admin',
      'l.code as language_code',
      'l.locale as language_locale',
      'l.name as language_name',
    ])
    .where('u.id', '=', userId);
  const row = await (companyId === null ? query.where('u.company_id', 'is', null) : query.where('u.company_id', '=', companyId)).executeTakeFirst();
  return row ?? null;
}

/** The preferences the initial answer needs, the user's value winning over the company's. */
export async function effectivePreferences(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  keys: readonly string[],
): Promise<Map<string, string | null>> {
  const rows = await db
    .selectFrom('company_preferences as c')
    .leftJoin('user_preferences as u', (join) =>
      join.onRef('u.company_id', '=', 'c.company_id').onRef('u.key', '=', 'c.key').on('u.user_id', '=', userId),
    )
    .select(['c.key', sql<string | null>`coalesce(u.value, c.value)`.as('value')])
    .where('c.company_id', '=', companyId)
    .where('c.key', 'in', keys)
    .execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}
