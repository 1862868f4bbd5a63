import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Open service orders (neither delivered nor cancelled) delivered within [from, to), by status. */
export async function openOrderCounts(
  db: Db,
  companyId: number,
  scope: { deniedLevelIds: readonly number[]; deniedResourceIds: readonly number[] },
  from: Date,
  to: Date,
): Promise<Map<string, number>> {
  const { rows } = await sql<{ status: string; count: number }>`
    select o.status, count(*)::int as count
    from service_orders o
    join resources r on r.company_id = o.company_id and r.id = o.resource_id
    where o.company_id = ${companyId} and o.status in ('requested', 'confirmed', 'in_preparation')
      and o.delivery_at >= ${from} and o.delivery_at < ${to}
      and o.resource_id <> all (${[...scope.deniedResourceIds]}::int[])
      and r.level_id <> all (${[...scope.deniedLevelIds]}::int[])
    group by o.status`.execute(db);
  return new Map(rows.map((row) => [row.status, row.count]));
}
