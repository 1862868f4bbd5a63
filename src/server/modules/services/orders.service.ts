import { sql, type Kysely } from 'kysely';
import { pageMeta, type Paginated } from '../../../shared/contract/common';
import {
  SERVICE_STATUSES,
  type HistoryEntry,
  type OrdersQueryParsed,
  type ServiceOrder,
  type ServiceStatusKey,
} from '../../../shared/contract/services';
import { can, type PermissionRequirement } from '../../../shared/permissions';
import { isFinal, orderStatusOf, SERVICE_MESSAGES as M } from '../../../shared/services/order-rules';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { Mailer } from '../../integrations/mailer';
import { generalPermissionsOf } from '../../permissions/resolve';
import { itemName } from './catalogue.queries';
import { selectOrders } from './orders.queries';
import { providerScope, serves } from './provider-scope';
import { queueRange } from './queue-range';

type Db = Kysely<Database>;

async function holds(ctx: ServiceContext, requirement: PermissionRequirement): Promise<boolean> {
  const permissions = ctx.permissions ?? (await generalPermissionsOf(ctx.db, ctx.companyId, ctx.userId));
  return can(permissions, requirement);
}

/** GET services/orders: the providers' work queue (spec §9: dates, sort, group, pages of 200). */
export async function listQueue(
  ctx: ServiceContext,
  query: OrdersQueryParsed,
  now = new Date(),
): Promise<Paginated<ServiceOrder>> {
  const [range, scope] = await Promise.all([queueRange(ctx, query, now), providerScope(ctx)]);
  const { orders, total } = await selectOrders(
    ctx.db,
    ctx.companyId,
    ctx.userId,
    {
      range,
      scope,
      ...(query.status ? { status: query.status } : {}),
      ...(query.resource_id !== undefined ? { resourceId: query.resource_id } : {}),
    },
    query,
    query.page,
    query.per_page,
  );
  return { data: orders.map(withoutLevel), meta: pageMeta(query.page, query.per_page, total) };
}

const withoutLevel = ({ level_id: _level, ...order }: ServiceOrder & { level_id: number }): ServiceOrder =>
  order;

/** GET services/my-orders: the caller's own orders (of one booking when asked), latest delivery first. */
export async function listMyOrders(
  ctx: ServiceContext,
  declarationId?: number,
): Promise<{ data: ServiceOrder[] }> {
  const { orders } = await selectOrders(
    ctx.db,
    ctx.companyId,
    ctx.userId,
    {
      orderedBy: ctx.userId,
      ...(declarationId !== undefined ? { declarationId } : {}),
    },
    { sortBy: 'delivery_at', sortOrder: 'desc', groupBy: 'none' },
  );
  return { data: orders.map(withoutLevel) };
}

/**
 * One order as the caller may see it: their own, or one of a resource they serve (SERVICES read).
 * Anything else, another company's included, is not found.
 */
export async function visibleOrder(
  ctx: ServiceContext,
  id: number,
  db: Db = ctx.db,
): Promise<{ order: ServiceOrder & { level_id: number }; provider: boolean; own: boolean }> {
  const { orders } = await selectOrders(db, ctx.companyId, ctx.userId, { id });
  const order = orders[0];
  if (!order) throw notFound(M.orderNotFound);
  const own = order.request_by.id === ctx.userId;
  const provider =
    (await holds(ctx, ['SERVICES', 'read'])) &&
    serves(await providerScope(ctx), { id: order.resource_id, level_id: order.level_id });
  if (!own && !provider) throw notFound(M.orderNotFound);
  return { order, provider, own };
}

export const getOrder = async (ctx: ServiceContext, id: number): Promise<ServiceOrder> =>
  withoutLevel((await visibleOrder(ctx, id)).order);

export function statusById(statusId: number): ServiceStatusKey {
  const status = SERVICE_STATUSES.find((candidate) => candidate.id === statusId);
  if (!status) throw notFound(M.statusNotFound);
  return status.key;
}

/**
 * PUT services/orders/{order}/status/{status} and …/serviceitems/{item}/status/{status}: a provider
 * (SERVICES update, serving the resource) moves an order or one item on; the orderer may only cancel.
 * An order's status follows its items' (orderStatusOf). The change is written with its history and
 * the orderer's mail in one transaction; the order's trigger announces it (service orders changed).
 */
export async function changeStatus(
  ctx: ServiceContext,
  mailer: Mailer,
  target: { orderId: number; itemId?: number; statusId: number },
): Promise<ServiceOrder> {
  const status = statusById(target.statusId);
  const { order, provider, own } = await visibleOrder(ctx, target.orderId);
  const mayUpdate = provider && (await holds(ctx, ['SERVICES', 'update']));
  if (!mayUpdate && !(own && status === 'cancelled')) throw forbidden();
  await ctx.db.transaction().execute(async (tx) => {
    const locked = await tx
      .selectFrom('service_orders')
      .select(['status', 'ordered_by'])
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', order.order_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const items = await tx
      .selectFrom('service_order_items')
      .select(['id', 'status'])
      .where('company_id', '=', ctx.companyId)
      .where('service_order_id', '=', order.order_id)
      .execute();
    let changedIds: number[];
    if (target.itemId !== undefined) {
      const item = items.find((candidate) => candidate.id === target.itemId);
      if (!item) throw notFound(M.itemNotFound);
      if (isFinal(item.status)) throw conflict(M.itemFinal);
      changedIds = [item.id];
    } else {
      if (isFinal(locked.status)) throw conflict(M.final);
      // delivering delivers what is not cancelled; cancelling cancels what is not delivered
      changedIds = items.filter((item) => !isFinal(item.status)).map((item) => item.id);
    }
    if (changedIds.length > 0)
      await tx
        .updateTable('service_order_items')
        .set({ status })
        .where('company_id', '=', ctx.companyId)
        .where('id', 'in', changedIds)
        .execute();
    const after = items.map((item) => (changedIds.includes(item.id) ? { ...item, status } : item));
    const orderStatus = orderStatusOf(after);
    await tx
      .updateTable('service_orders')
      .set({ status: orderStatus, updated_at: new Date() })
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', order.order_id)
      .execute();
    await tx
      .insertInto('service_order_history')
      .values({
        company_id: ctx.companyId,
        service_order_id: order.order_id,
        service_order_item_id: target.itemId ?? null,
        action: 'status',
        status,
        changed_by: ctx.userId,
      })
      .execute();
    if (locked.ordered_by !== null && locked.ordered_by !== ctx.userId)
      await mailOrderer(tx, mailer, ctx.companyId, order, locked.ordered_by, target.itemId, status);
  });
  return getOrder(ctx, order.order_id);
}

/** spec issue 43: status changes notify the orderer, by mail (the outbox) and live (the trigger). */
async function mailOrderer(
  tx: Db,
  mailer: Mailer,
  companyId: number,
  order: ServiceOrder,
  ordererId: number,
  itemId: number | undefined,
  status: ServiceStatusKey,
): Promise<void> {
  const orderer = await tx
    .selectFrom('users')
    .select('email')
    .where('company_id', '=', companyId)
    .where('id', '=', ordererId)
    .executeTakeFirst();
  if (!orderer) return;
  const statusName = SERVICE_STATUSES.find((candidate) => candidate.key === status)!.name.toLowerCase();
  const item = order.items.find((candidate) => candidate.id === itemId);
  const what = item
    ? `${item.quantity} × ${item.name} of your order ${order.order_id}`
    : `Your order ${order.order_id}`;
  await mailer.queue(
    {
      companyId,
      to: orderer.email,
      subject: `${what} is ${statusName}`,
      text: [
        `${what} for ${order.resource} is now ${statusName}.`,
        '',
        ...order.items.map((line) => `${line.quantity} × ${line.name}`),
        '',
        `Delivery: ${new Date(order.delivery_at).toLocaleString('en-GB', { timeZone: order.timezone })}`,
      ].join('\n'),
    },
    tx,
  );
}

/** GET services/history?service_order_id=: who changed what when, oldest first. */
export async function orderHistory(ctx: ServiceContext, orderId: number): Promise<{ data: HistoryEntry[] }> {
  await visibleOrder(ctx, orderId);
  const { rows } = await sql<{
    id: string;
    action: HistoryEntry['action'];
    status: ServiceStatusKey | null;
    item_id: number | null;
    item_name: string | null;
    delivery_at: Date | null;
    user_id: number | null;
    user_name: string | null;
    changed_at: Date;
  }>`
    select h.id::text, h.action, h.status, oi.id as item_id,
      ${itemName(ctx.companyId, ctx.userId, sql`oi.service_item_id`)} as item_name,
      h.delivery_at, u.id as user_id, nullif(btrim(u.first_name || ' ' || u.last_name), '') as user_name,
      h.changed_at
    from service_order_history h
    left join service_order_items oi on oi.company_id = h.company_id and oi.id = h.service_order_item_id
    left join users u on u.company_id = h.company_id and u.id = h.changed_by
    where h.company_id = ${ctx.companyId} and h.service_order_id = ${orderId}
    order by h.id`.execute(ctx.db);
  return {
    data: rows.map((row) => ({
      id: row.id,
      action: row.action,
      status: row.status,
      item: row.item_id === null ? null : { id: row.item_id, name: row.item_name ?? `Item ${row.item_id}` },
      delivery_at: row.delivery_at ? new Date(row.delivery_at).toISOString() : null,
      changed_by: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
      changed_at: new Date(row.changed_at).toISOString(),
    })),
  };
}
