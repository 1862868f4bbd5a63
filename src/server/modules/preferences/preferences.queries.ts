import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';

/** The company's menu preferences, with the user's own choice where they made one. */
export async function menuPreferences(db: Kysely<Database>, companyId: number, userId: number) {
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
