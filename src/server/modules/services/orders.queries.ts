import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { OrdersQueryParsed, ServiceOrder, ServiceStatusKey } from '../../../shared/contract/services';
import { orderTotal } from '../../../shared/services/order-rules';
import type { Database } from '../../db/schema';
import type { ProviderScope } from './provider-scope';
import { itemName } from './catalogue.queries';

type Db = Kysely<Database>;

export interface OrderFilter {
  id?: number;
  /** delivery from this instant (inclusive) to that one (exclusive) */
  range?: { from: Date; to: Date };
  orderedBy?: number;
  declarationId?: number;
  status?: ServiceStatusKey;
  resourceId?: number;
  scope?: ProviderScope;
}

export interface OrderSorting {
  sortBy: OrdersQueryParsed['sortBy'];
  sortOrder: OrdersQueryParsed['sortOrder'];
  groupBy: OrdersQueryParsed['groupBy'];
}

const resourceName = (companyId: number, userId: number) =>
  sql<string>`coalesce((select t.name from resource_translations t
    where t.company_id = r.company_id and t.resource_id = r.id
    order by t.language_id = (select language_id from users where company_id = ${companyId} and id = ${userId}) desc,
      t.language_id = (select language_id from companies where id = ${companyId}) desc, t.language_id
    limit 1), 'Resource ' || r.id)`;

const levelName = (companyId: number, userId: number) =>
  sql<string>`coalesce((select t.name from level_translations t
    where t.company_id = ${companyId} and t.level_id = up.id
    order by t.language_id = (select language_id from users where company_id = ${companyId} and id = ${userId}) desc,
      t.language_id = (select language_id from companies where id = ${companyId}) desc, t.language_id
    limit 1), 'Level ' || up.id)`;

const STATUS_RANK = sql`array_position(array['requested','confirmed','in_preparation','delivered','cancelled']::text[], o.status)`;

function sortKey(sorting: OrderSorting, companyId: number, userId: number): RawBuilder<unknown> {
  switch (sorting.sortBy) {
    case 'delivery_at':
      return sql`o.delivery_at`;
    case 'created_at':
      return sql`o.created_at`;
    case 'resource':
      return resourceName(companyId, userId);
    case 'status':
      return STATUS_RANK;
    default:
      return sql`o.id`;
  }
}

/** The group a row belongs to, as it is shown (spec §9 groupBy), or null without grouping. */
function groupKey(sorting: OrderSorting, companyId: number, userId: number): RawBuilder<string | null> {
  switch (sorting.groupBy) {
    case 'resource':
      return resourceName(companyId, userId);
    case 'status':
      return sql<string>`o.status`;
    case 'date':
      return sql<string>`to_char(o.delivery_at at time zone lv.timezone, 'YYYY-MM-DD')`;
    default:
      return sql<null>`null`;
  }
}

const groupOrder = (sorting: OrderSorting, companyId: number, userId: number) =>
  sorting.groupBy === 'status' ? STATUS_RANK : groupKey(sorting, companyId, userId);

interface OrderRow {
  order_id: number;
  resource: string;
  resource_id: number;
  level_id: number;
  place: { path: string | null; address: string | null } | null;
  request_by_id: number | null;
  request_by_name: string | null;
  created_at: Date;
  declaration_id: number | null;
  booking: { starts_at: string; ends_at: string; subject: string } | null;
  delivery_at: Date;
  timezone: string;
  notes: string;
  status: ServiceStatusKey;
  currency: string;
  items: Array<{
    id: number;
    service_item_id: number;
    name: string | null;
    quantity: number;
    unit_price_cents: number;
    notes: string;
    status: ServiceStatusKey;
  }> | null;
  grp: string | null;
  total: string;
}

/**
 * Orders with everything a row shows: the resource's name and level path (top first), who asked,
 * the booking, the items with their names in the reader's language, the total. Sorted (within their
 * group, groups first when grouped) and paged: the page's rows are found first, then described.
 */
export async function selectOrders(
  db: Db,
  companyId: number,
  userId: number,
  filter: OrderFilter,
  sorting: OrderSorting = { sortBy: 'order_id', sortOrder: 'desc', groupBy: 'none' },
  page = 1,
  perPage = 200,
): Promise<{ orders: Array<ServiceOrder & { level_id: number }>; total: number }> {
  const where = [sql`o.company_id = ${companyId}`];
  if (filter.id !== undefined) where.push(sql`o.id = ${filter.id}`);
  if (filter.range)
    where.push(sql`o.delivery_at >= ${filter.range.from} and o.delivery_at < ${filter.range.to}`);
  if (filter.orderedBy !== undefined) where.push(sql`o.ordered_by = ${filter.orderedBy}`);
  if (filter.declarationId !== undefined) where.push(sql`o.declaration_id = ${filter.declarationId}`);
  if (filter.status) where.push(sql`o.status = ${filter.status}`);
  if (filter.resourceId !== undefined) where.push(sql`o.resource_id = ${filter.resourceId}`);
  if (filter.scope) {
    if (filter.scope.deniedResourceIds.length > 0)
      where.push(sql`o.resource_id <> all(${filter.scope.deniedResourceIds}::int[])`);
    if (filter.scope.deniedLevelIds.length > 0)
      where.push(sql`r.level_id <> all(${filter.scope.deniedLevelIds}::int[])`);
  }
  const direction = sorting.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const { rows } = await sql<OrderRow>`
    with picked as (
      select o.id, ${groupKey(sorting, companyId, userId)} as grp, count(*) over () as total,
        row_number() over (order by ${groupOrder(sorting, companyId, userId)} asc nulls first,
          ${sortKey(sorting, companyId, userId)} ${direction}, o.id ${direction}) as position
      from service_orders o
      join resources r on r.company_id = o.company_id and r.id = o.resource_id
      join levels lv on lv.company_id = r.company_id and lv.id = r.level_id
      where ${sql.join(where, sql` and `)}
      order by position
      limit ${perPage} offset ${(page - 1) * perPage}
    )
    select o.id as order_id, ${resourceName(companyId, userId)} as resource, o.resource_id, r.level_id,
      (with recursive up(id, parent_id, depth) as (
          select l.id, l.parent_id, 0 from levels l where l.company_id = r.company_id and l.id = r.level_id
          union all
          select l.id, l.parent_id, up.depth + 1 from levels l join up on l.id = up.parent_id
          where l.company_id = r.company_id),
        named as (select up.depth, up.parent_id, ${levelName(companyId, userId)} as name from up)
        select json_build_object('path', string_agg(name, ' / ' order by depth desc),
          'address', max(name) filter (where parent_id is null))
        from named) as place,
      u.id as request_by_id, nullif(btrim(u.first_name || ' ' || u.last_name), '') as request_by_name,
      o.created_at, o.declaration_id,
      case when d.id is null then null else json_build_object('starts_at', d.starts_at, 'ends_at', d.ends_at,
        'subject', case when d.is_private and d.user_id <> ${userId} then '' else coalesce(d.subject, '') end) end as booking,
      o.delivery_at, lv.timezone, o.notes, o.status, cu.code as currency,
      (select json_agg(json_build_object('id', oi.id, 'service_item_id', oi.service_item_id,
          'name', ${itemName(companyId, userId, sql`oi.service_item_id`)}, 'quantity', oi.quantity,
          'unit_price_cents', oi.unit_price_cents, 'notes', oi.notes, 'status', oi.status) order by oi.id)
        from service_order_items oi where oi.company_id = o.company_id and oi.service_order_id = o.id) as items,
      picked.grp, picked.total
    from picked
    join service_orders o on o.company_id = ${companyId} and o.id = picked.id
    join resources r on r.company_id = o.company_id and r.id = o.resource_id
    join levels lv on lv.company_id = r.company_id and lv.id = r.level_id
    join currencies cu on cu.id = o.currency_id
    left join users u on u.company_id = o.company_id and u.id = o.ordered_by
    left join declarations d on d.company_id = o.company_id and d.id = o.declaration_id
    order by picked.position`.execute(db);
  return {
    total: Number(rows[0]?.total ?? 0),
    orders: rows.map((row) => {
      const items = (row.items ?? []).map((item) => ({
        ...item,
        name: item.name ?? `Item ${item.service_item_id}`,
        total_cents: item.status === 'cancelled' ? 0 : item.quantity * item.unit_price_cents,
      }));
      return {
        order_id: row.order_id,
        resource: row.resource,
        resource_id: row.resource_id,
        level_id: row.level_id,
        path: row.place?.path ?? '',
        address: row.place?.address ?? '',
        request_by: { id: row.request_by_id, name: row.request_by_name ?? 'Removed user' },
        created_at: new Date(row.created_at).toISOString(),
        declaration_id: row.declaration_id,
        booking: row.booking
          ? {
              starts_at: new Date(row.booking.starts_at).toISOString(),
              ends_at: new Date(row.booking.ends_at).toISOString(),
              subject: row.booking.subject,
            }
          : null,
        delivery_at: new Date(row.delivery_at).toISOString(),
        timezone: row.timezone,
        notes: row.notes,
        status: row.status,
        total_cents: orderTotal(items),
        currency: row.currency,
        items,
        group: row.grp,
      };
    }),
  };
}
