import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The company's menu preferences, with the user's own choice where they made one. */
export async function menuPreferences(db: Db, companyId: number, userId: number) {
  return db
    .selectFrom('company_preferences as c')
    .innerJoin('preference_categories as pc', 'pc.id', 'c.category_id')
    .leftJoin('user_preferences as u', (join) =>
      join
        .onRef('u.company_id', '=', 'c.company_id')
        .onRef('u.key', '=', 'c.key')
        .on('u.user_id', '=', userId),
    )
    .select(['c.key', sql<boolean>`coalesce(u.is_automatic, c.is_automatic)`.as('is_automatic')])
    .where('c.company_id', '=', companyId)
    .where('pc.key', '=', 'MENU')
    .orderBy('c.key')
    .execute();
}

export function preferenceCategories(db: Db) {
  return db.selectFrom('preference_categories').select(['id', 'key', 'name']).orderBy('id').execute();
}

/** The company's stored preferences, with the user's row beside each where `userId` is given. */
export function storedPreferences(db: Db, companyId: number, userId: number | null) {
  return db
    .selectFrom('company_preferences as c')
    .leftJoin('user_preferences as u', (join) =>
      join
        .onRef('u.company_id', '=', 'c.company_id')
        .onRef('u.key', '=', 'c.key')
        .on('u.user_id', '=', userId ?? -1),
    )
    .select([
      'c.key',
      'c.category_id',
      'c.value',
      'c.is_automatic',
      'u.key as user_key',
      'u.value as user_value',
      'u.is_automatic as user_is_automatic',
    ])
    .where('c.company_id', '=', companyId)
    .orderBy('c.key')
    .execute();
}

/** The levels a booking can start from (spec §2 Plan: only declarable levels), named in the user's language. */
export async function declarableLevels(db: Db, companyId: number, userId: number) {
  const { rows } = await sql<{ id: number; name: string }>`
    select l.id, coalesce(
      (select t.name from level_translations t
        where t.company_id = l.company_id and t.level_id = l.id
        order by (t.language_id = u.language_id) desc, t.language_id limit 1),
      '#' || l.id) as name
    from levels l
    left join users u on u.company_id = l.company_id and u.id = ${userId}
    where l.company_id = ${companyId} and l.is_declarable
    order by l.position, l.id`.execute(db);
  return rows;
}

/** Changes to one company's preferences wait for each other, so rules between keys hold. */
export async function lockCompanyPreferences(db: Db, companyId: number): Promise<void> {
  await sql`select id from companies where id = ${companyId} for no key update`.execute(db);
}

/** Changes to one user's preferences wait for each other. */
export async function lockUserPreferences(db: Db, companyId: number, userId: number): Promise<void> {
  await sql`select id from users where company_id = ${companyId} and id = ${userId} for no key update`.execute(
    db,
  );
}

export async function writeCompanyPreference(
  db: Db,
  row: { company_id: number; key: string; category_id: number; value: string | null; is_automatic: boolean },
): Promise<void> {
  await db
    .insertInto('company_preferences')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['company_id', 'key'])
        .doUpdateSet({ value: row.value, is_automatic: row.is_automatic }),
    )
    .execute();
}

/** The company row a user's override hangs on (its foreign key), at its initial value when missing. */
export async function ensureCompanyPreference(
  db: Db,
  row: { company_id: number; key: string; category_id: number; value: string | null },
): Promise<void> {
  await db
    .insertInto('company_preferences')
    .values({ ...row, is_automatic: false })
    .onConflict((conflict) => conflict.columns(['company_id', 'key']).doNothing())
    .execute();
}

export async function writeUserPreference(
  db: Db,
  row: {
    company_id: number;
    user_id: number;
    key: string;
    value: string | null;
    is_automatic: boolean | null;
  },
): Promise<void> {
  await db
    .insertInto('user_preferences')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['company_id', 'user_id', 'key'])
        .doUpdateSet({ value: row.value, is_automatic: row.is_automatic }),
    )
    .execute();
}

export async function deleteUserPreference(db: Db, companyId: number, userId: number, key: string) {
  await db
    .deleteFrom('user_preferences')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}
