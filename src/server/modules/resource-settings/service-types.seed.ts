import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What a new company can offer at its resources from the start; each company renames or adds its own. */
export const DEFAULT_SERVICE_TYPES = [
  { key: 'catering', name: 'Catering' },
  { key: 'equipment', name: 'Equipment' },
  { key: 'cleaning', name: 'Cleaning' },
  { key: 'it-support', name: 'IT support' },
] as const;

/** Adds the default service types the company lacks (by key); ones it already has stay as they are. */
export async function seedDefaultServiceTypes(db: Kysely<Database>, companyId: number): Promise<void> {
  await db
    .insertInto('service_types')
    .values(DEFAULT_SERVICE_TYPES.map((type) => ({ company_id: companyId, ...type })))
    .onConflict((conflict) => conflict.columns(['company_id', 'key']).doNothing())
    .execute();
}
