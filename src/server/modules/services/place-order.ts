import { sql, type Kysely } from 'kysely';
import type { CreateOrderParsed } from '../../../shared/contract/services';
import { orderDeadline, SERVICE_MESSAGES as M } from '../../../shared/services/order-rules';
import { notValid, type FieldErrors } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { forbidden, unprocessable } from '../../http/errors';
import { can } from '../../../shared/permissions';
import { generalPermissionsOf } from '../../permissions/resolve';
import { itemName, OFFERED_AT } from './catalogue.queries';

type Db = Kysely<Database>;

interface ItemFacts {
  id: number;
  name: string | null;
  price_cents: number;
  lead_time_minutes: number;
  is_active: boolean;
  offered: boolean;
}

/**
 * Writes one order in `db` (the caller's transaction: the scheduler orders with its meeting), after
 * the ordering rules, each refusal naming its rule at its field: the booking is the caller's (or the
 * caller takes orders, SERVICES create), of this resource, not cancelled nor over; the delivery lies
 * within the booking and is not past; each item is active, offered at the resource and ordered at
 * least its lead time before the booking starts (without a booking: before delivery). Answers the id.
 */
export async function placeOrder(
  ctx: ServiceContext,
  db: Db,
  body: CreateOrderParsed,
  now = new Date(),
): Promise<number> {
  const errors: FieldErrors = {};
  const resource = await db
    .selectFrom('resources')
    .select(['id'])
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', body.resource_id)
    .executeTakeFirst();
  if (!resource) throw unprocessable({ resource_id: [M.resourceNotFound] });
  const takesOrders = can(ctx.permissions ?? (await generalPermissionsOf(db, ctx.companyId, ctx.userId)), [
    'SERVICES',
    'create',
  ]);

  let bookingStart: Date | null = null;
  let delivery = body.delivery_at ? new Date(body.delivery_at) : null;
  if (body.declaration_id !== null) {
    const booking = await db
      .selectFrom('declarations')
      .select(['user_id', 'resource_id', 'starts_at', 'ends_at', 'status'])
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', body.declaration_id)
      .executeTakeFirst();
    if (!booking || (booking.user_id !== ctx.userId && !takesOrders))
      throw unprocessable({ declaration_id: [M.bookingNotFound] });
    if (booking.resource_id !== body.resource_id)
      throw unprocessable({ declaration_id: [M.bookingOtherResource] });
    if (!['booked', 'checked_in'].includes(booking.status) || booking.ends_at <= now)
      throw unprocessable({ declaration_id: [M.bookingOver] });
    bookingStart = booking.starts_at;
    delivery ??= booking.starts_at;
    if (delivery < booking.starts_at || delivery >= booking.ends_at) errors.delivery_at = [M.outsideBooking];
  } else {
    // an order without a booking is a provider's (a walk-up order for a meeting room, a desk's monitor)
    if (!takesOrders) throw forbidden(M.orderOthers);
    if (!delivery) errors.delivery_at = ['This field is required.'];
  }
  if (delivery && delivery < now && !errors.delivery_at) errors.delivery_at = [M.past];

  const ids = [...new Set(body.items.map((line) => line.service_item_id))];
  const { rows } = await sql<ItemFacts>`
    select i.id, ${itemName(ctx.companyId, ctx.userId, sql`i.id`)} as name, i.price_cents,
      i.lead_time_minutes, i.is_active, ${OFFERED_AT} as offered
    from service_items i join resources r on r.company_id = i.company_id and r.id = ${body.resource_id}
    where i.company_id = ${ctx.companyId} and i.id = any(${ids}::int[])`.execute(db);
  const items = new Map(rows.map((row) => [row.id, row]));
  const deadlineOf = bookingStart ?? delivery;
  body.items.forEach((line, index) => {
    const item = items.get(line.service_item_id);
    const field = `items.${index}.service_item_id`;
    if (!item || !item.is_active) errors[field] = [notValid('service_item_id')];
    else if (!item.offered) errors[field] = [M.notOfferedAt(item.name ?? `Item ${item.id}`)];
    else if (deadlineOf && now > orderDeadline(deadlineOf, item.lead_time_minutes))
      errors[field] = [
        bookingStart
          ? M.leadTime(item.name ?? `Item ${item.id}`, item.lead_time_minutes)
          : M.leadTimeDelivery(item.name ?? `Item ${item.id}`, item.lead_time_minutes),
      ];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);

  const company = await db
    .selectFrom('companies')
    .select('currency_id')
    .where('id', '=', ctx.companyId)
    .executeTakeFirstOrThrow();
  const order = await db
    .insertInto('service_orders')
    .values({
      company_id: ctx.companyId,
      resource_id: body.resource_id,
      declaration_id: body.declaration_id,
      ordered_by: ctx.userId,
      delivery_at: delivery!,
      notes: body.notes.trim(),
      currency_id: company.currency_id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('service_order_items')
    .values(
      body.items.map((line) => ({
        company_id: ctx.companyId,
        service_order_id: order.id,
        service_item_id: line.service_item_id,
        quantity: line.quantity,
        unit_price_cents: items.get(line.service_item_id)!.price_cents,
        notes: line.notes.trim(),
      })),
    )
    .execute();
  await db
    .insertInto('service_order_history')
    .values({
      company_id: ctx.companyId,
      service_order_id: order.id,
      action: 'created',
      status: 'requested',
      delivery_at: delivery!,
      changed_by: ctx.userId,
    })
    .execute();
  return order.id;
}
