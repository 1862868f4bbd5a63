import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** An open order taken off a booking about to be replaced, with where that booking started. */
export interface DetachedOrder {
  orderId: number;
  declarationId: number;
  startsAt: Date;
}

/**
 * Where a path replaces bookings rather than moving them (the Outlook pane cancels a meeting's
 * bookings still ahead and books its occurrences again, docs/outlook-add-in.md), the orders of the
 * old bookings must follow the new ones, not be cancelled with the old. Inside the replacing
 * transaction: detach first (so the cancellation's trigger finds no order on the old booking), then
 * `reattachOrders` once the new bookings exist.
 */
export async function detachOrders(
  tx: Db,
  companyId: number,
  declarationIds: readonly number[],
): Promise<DetachedOrder[]> {
  if (declarationIds.length === 0) return [];
  const { rows } = await sql<{ id: number; declaration_id: number; starts_at: Date }>`
    update service_orders o set declaration_id = null, updated_at = now()
    from declarations d
    where o.company_id = ${companyId} and o.declaration_id = any(${[...declarationIds]}::int[])
      and o.status not in ('delivered', 'cancelled')
      and d.company_id = o.company_id and d.id = o.declaration_id
    returning o.id, d.id as declaration_id, d.starts_at`.execute(tx);
  return rows.map((row) => ({
    orderId: row.id,
    declarationId: row.declaration_id,
    startsAt: new Date(row.starts_at),
  }));
}

/**
 * Puts detached orders on their bookings' replacements (`replacementOf` an old booking id: the new
 * one, or null when the occurrence is gone). As migration 0100's trigger moves an order with its
 * booking: the delivery moves by as much as the start moved, kept inside the booking, to the new
 * booking's resource, with a 'moved' history row; an order whose occurrence is gone is cancelled
 * with it ('cancelled_with_booking').
 */
export async function reattachOrders(
  tx: Db,
  companyId: number,
  detached: readonly DetachedOrder[],
  replacementOf: (declarationId: number) => number | null,
): Promise<void> {
  for (const order of detached) {
    const to = replacementOf(order.declarationId);
    if (to === null) {
      await sql`
        with cancelled as (
          update service_orders set status = 'cancelled', updated_at = now()
          where company_id = ${companyId} and id = ${order.orderId} returning id
        ), items as (
          update service_order_items set status = 'cancelled'
          where company_id = ${companyId} and service_order_id = ${order.orderId} and status <> 'delivered'
        )
        insert into service_order_history (company_id, service_order_id, action, status)
        select ${companyId}, id, 'cancelled_with_booking', 'cancelled' from cancelled`.execute(tx);
      continue;
    }
    await sql`
      with moved as (
        update service_orders o set declaration_id = d.id, resource_id = d.resource_id,
          delivery_at = least(greatest(o.delivery_at + (d.starts_at - ${order.startsAt}::timestamptz),
            d.starts_at), d.ends_at),
          updated_at = now()
        from declarations d
        where o.company_id = ${companyId} and o.id = ${order.orderId}
          and d.company_id = o.company_id and d.id = ${to}
        returning o.id, o.delivery_at, d.starts_at <> ${order.startsAt}::timestamptz as shifted
      )
      insert into service_order_history (company_id, service_order_id, action, delivery_at)
      select ${companyId}, id, 'moved', delivery_at from moved where shifted`.execute(tx);
  }
}

/**
 * Which new booking replaces which old one: with as many occurrences as before, the nth the nth (a
 * meeting or series moved in time); otherwise the new booking starting at the same instant, else the
 * nearest one within 12 hours (an occurrence moved on its day); else none.
 */
export function pairReplacements(
  before: ReadonlyArray<{ id: number; start: Date }>,
  after: ReadonlyArray<{ id: number; start: Date }>,
): (declarationId: number) => number | null {
  const byStart = <T extends { start: Date }>(list: readonly T[]) =>
    [...list].sort((a, b) => a.start.getTime() - b.start.getTime());
  const old = byStart(before);
  const made = byStart(after);
  const pairs = new Map<number, number | null>();
  old.forEach((booking, index) => {
    if (old.length === made.length) return pairs.set(booking.id, made[index]!.id);
    const nearest = made
      .map((candidate) => ({
        id: candidate.id,
        gap: Math.abs(candidate.start.getTime() - booking.start.getTime()),
      }))
      .filter((candidate) => candidate.gap <= 12 * 3_600_000)
      .sort((a, b) => a.gap - b.gap)[0];
    return pairs.set(booking.id, nearest?.id ?? null);
  });
  return (declarationId) => pairs.get(declarationId) ?? null;
}
