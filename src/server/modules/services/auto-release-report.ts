import { sql } from 'kysely';
import type {
  AutoReleaseFigures,
  AutoReleaseFiltersParsed,
  AutoReleaseReport,
} from '../../../shared/contract/services-report';
import { can } from '../../../shared/permissions';
import type { ServiceContext } from '../../context';
import { forbidden, unprocessable } from '../../http/errors';
import { generalPermissionsOf } from '../../permissions/resolve';
import { ownIds } from './catalogue.queries';
import { levelPathOf, readerJoins, resourceNameOf } from './place-names';

/** One order line as the report reads it. */
interface LineRow {
  order_id: number;
  resource_id: number;
  day: string;
  released: boolean;
  order_cancelled: boolean;
  line_cancelled: boolean;
  cents: string;
  service_type_id: number;
}

const empty = (): AutoReleaseFigures => ({
  orders: 0,
  ordered_cents: 0,
  released: 0,
  saved: 0,
  saved_cents: 0,
  wasted: 0,
  wasted_cents: 0,
});

/** Adds one order's lines (all of one order) to `figures`: the order once, its lines' cents. */
function add(figures: AutoReleaseFigures, lines: readonly LineRow[]): void {
  const order = lines[0]!;
  const cents = (keep: (line: LineRow) => boolean) =>
    lines.filter(keep).reduce((sum, line) => sum + Number(line.cents), 0);
  figures.orders += 1;
  figures.ordered_cents += cents(() => true);
  if (!order.released) return;
  figures.released += 1;
  if (order.order_cancelled) {
    figures.saved += 1;
    figures.saved_cents += cents(() => true);
  } else {
    figures.wasted += 1;
    figures.wasted_cents += cents((line) => !line.line_cancelled);
  }
}

/**
 * POST reports/services/auto-release (REPORTS and REPORTS_SERVICES): the orders placed with a
 * booking and delivered (or due) in the period, on the resources of the chosen locations (each with
 * its subtree), counting the lines of the chosen service types; of those, the ones whose booking was
 * released: cancelled with it (saved) or delivered for nobody (wasted). Read from the orders
 * themselves: a company's orders are far fewer than its booking hours (docs/services.md).
 */
export async function autoReleaseReport(
  ctx: ServiceContext,
  filters: AutoReleaseFiltersParsed,
): Promise<AutoReleaseReport> {
  const permissions = ctx.permissions ?? (await generalPermissionsOf(ctx.db, ctx.companyId, ctx.userId));
  if (!can(permissions, 'REPORTS_SERVICES')) throw forbidden();
  const [levels, types] = await Promise.all([
    ownIds(ctx.db, ctx.companyId, 'levels', filters.location_ids),
    ownIds(ctx.db, ctx.companyId, 'service_types', filters.service_type_ids),
  ]);
  const errors: Record<string, string[]> = {};
  if (levels.size < new Set(filters.location_ids).size) errors.location_ids = ['The location is not valid.'];
  if (types.size < new Set(filters.service_type_ids).size)
    errors.service_type_ids = ['The type is not valid.'];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);

  const where = [
    sql`o.company_id = ${ctx.companyId}`,
    sql`o.declaration_id is not null`,
    // the delivery's date on its level's clock; the index on (company_id, delivery_at) narrows first
    sql`o.delivery_at >= (${filters.date_from}::date - 1)::timestamp at time zone 'UTC'`,
    sql`o.delivery_at < (${filters.date_to}::date + 2)::timestamp at time zone 'UTC'`,
    sql`(o.delivery_at at time zone lv.timezone)::date between ${filters.date_from}::date and ${filters.date_to}::date`,
  ];
  if (filters.location_ids.length > 0)
    where.push(sql`r.level_id in (with recursive down(id) as (
        select id from levels where company_id = ${ctx.companyId} and id = any(${filters.location_ids}::int[])
        union all
        select l.id from levels l join down on l.parent_id = down.id where l.company_id = ${ctx.companyId})
      select id from down)`);
  if (filters.service_type_ids.length > 0)
    where.push(sql`si.service_type_id = any(${filters.service_type_ids}::int[])`);
  const { rows } = await sql<LineRow>`
    select o.id as order_id, o.resource_id, to_char(o.delivery_at at time zone lv.timezone, 'YYYY-MM-DD') as day,
      d.status = 'released' as released, o.status = 'cancelled' as order_cancelled,
      oi.status = 'cancelled' as line_cancelled, (oi.quantity::bigint * oi.unit_price_cents)::text as cents,
      si.service_type_id
    from service_orders o
    join declarations d on d.company_id = o.company_id and d.id = o.declaration_id
    join resources r on r.company_id = o.company_id and r.id = o.resource_id
    join levels lv on lv.company_id = r.company_id and lv.id = r.level_id
    join service_order_items oi on oi.company_id = o.company_id and oi.service_order_id = o.id
    join service_items si on si.company_id = oi.company_id and si.id = oi.service_item_id
    where ${sql.join(where, sql` and `)}
    order by o.id, oi.id`.execute(ctx.db);

  const summary = empty();
  const byResource = new Map<number, AutoReleaseFigures>();
  const byType = new Map<number, AutoReleaseFigures>();
  const byDay = new Map<string, AutoReleaseFigures>();
  const figuresOf = <K>(map: Map<K, AutoReleaseFigures>, key: K) =>
    map.get(key) ?? map.set(key, empty()).get(key)!;
  for (let start = 0; start < rows.length;) {
    let end = start;
    while (end < rows.length && rows[end]!.order_id === rows[start]!.order_id) end += 1;
    const lines = rows.slice(start, end);
    add(summary, lines);
    add(figuresOf(byResource, lines[0]!.resource_id), lines);
    add(figuresOf(byDay, lines[0]!.day), lines);
    for (const typeId of new Set(lines.map((line) => line.service_type_id)))
      add(
        figuresOf(byType, typeId),
        lines.filter((line) => line.service_type_id === typeId),
      );
    start = end;
  }

  const [names, typeNames, currency] = await Promise.all([
    byResource.size === 0
      ? Promise.resolve({ rows: [] as Array<{ id: number; name: string; path: string | null }> })
      : sql<{ id: number; name: string; path: string | null }>`
          select r.id, ${resourceNameOf()} as name, ${levelPathOf()} as path
          from resources r ${readerJoins(ctx.companyId, ctx.userId)}
          where r.company_id = ${ctx.companyId} and r.id = any(${[...byResource.keys()]}::int[])`.execute(
          ctx.db,
        ),
    ctx.db
      .selectFrom('service_types')
      .select(['id', 'name'])
      .where('company_id', '=', ctx.companyId)
      .execute(),
    ctx.db
      .selectFrom('companies as c')
      .innerJoin('currencies as cu', 'cu.id', 'c.currency_id')
      .select('cu.code')
      .where('c.id', '=', ctx.companyId)
      .executeTakeFirstOrThrow(),
  ]);
  const named = new Map(names.rows.map((row) => [row.id, row]));
  const typeName = new Map(typeNames.map((row) => [row.id, row.name]));
  const wastedFirst = (a: AutoReleaseFigures, b: AutoReleaseFigures) =>
    b.wasted_cents - a.wasted_cents || b.released - a.released;
  return {
    currency: currency.code,
    summary,
    by_resource: [...byResource]
      .map(([id, figures]) => ({
        resource_id: id,
        resource: named.get(id)?.name ?? `Resource ${id}`,
        path: named.get(id)?.path ?? '',
        ...figures,
      }))
      .sort(wastedFirst),
    by_type: [...byType]
      .map(([id, figures]) => ({ service_type_id: id, name: typeName.get(id) ?? '', ...figures }))
      .sort(wastedFirst),
    by_day: [...byDay]
      .map(([date, figures]) => ({ date, ...figures }))
      .sort((a, b) => a.date.localeCompare(b.date)),
  };
}
