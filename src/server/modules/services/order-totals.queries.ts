import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What the services ordered with each booking cost (orders not cancelled, their lines not cancelled),
 * in the orders' currency: the bookings list's cost column adds it to the booking's own price.
 */
export async function orderTotalsOf(
  db: Kysely<Database>,
  companyId: number,
  declarationIds: readonly number[],
): Promise<Map<number, { cents: number; currency: string }>> {
  if (declarationIds.length === 0) return new Map();
  const { rows } = await sql<{ declaration_id: number; cents: string; currency: string }>`
    select o.declaration_id, sum(oi.quantity * oi.unit_price_cents) as cents, cu.code as currency
    from service_orders o
    join service_order_items oi on oi.company_id = o.company_id and oi.service_order_id = o.id
    join currencies cu on cu.id = o.currency_id
    where o.company_id = ${companyId} and o.declaration_id = any(${[...declarationIds]}::int[])
      and o.status <> 'cancelled' and oi.status <> 'cancelled'
    group by o.declaration_id, cu.code`.execute(db);
  return new Map(
    rows.map((row) => [row.declaration_id, { cents: Number(row.cents), currency: row.currency }]),
  );
}
