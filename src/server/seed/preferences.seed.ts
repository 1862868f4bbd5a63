import type { Kysely } from 'kysely';
import { PREFERENCE_DEFINITIONS } from '../../shared/validation/preferences';
import type { Database } from '../db/schema';

/**
 * Gives a company every preference of the catalogue (spec §3 keys, SHOW_CAMERA_BUTTON, the check-in
 * grace) at its initial value. Keys the company already holds keep their value, so a company
 * created with some values set, or seeded before a key was added, can call it again.
 * Every company creation calls this inside its transaction.
 */
export async function seedCompanyPreferences(db: Kysely<Database>, companyId: number): Promise<void> {
  const categories = await db.selectFrom('preference_categories').select(['id', 'key']).execute();
  const categoryId = new Map(categories.map((category) => [category.key, category.id]));
  await db
    .insertInto('company_preferences')
    .values(
      PREFERENCE_DEFINITIONS.map((definition) => {
        const category = categoryId.get(definition.category);
        if (category === undefined) throw new Error(`Seed: no preference category ${definition.category}`);
        return {
          company_id: companyId,
          key: definition.key,
          category_id: category,
          value: definition.initial,
          is_automatic: false,
        };
      }),
    )
    .onConflict((conflict) => conflict.columns(['company_id', 'key']).doNothing())
    .execute();
}
