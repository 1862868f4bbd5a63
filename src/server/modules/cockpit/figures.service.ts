import { PERCENT_ITEMS, isWidgetItem, type WidgetItem } from '../../../shared/cockpit/widgets';
import type { FigureRow, ItemFigure } from '../../../shared/contract/cockpit';
import { SERVICE_STATUSES } from '../../../shared/contract/services';
import { can } from '../../../shared/permissions';
import { defaultQueueDates } from '../../../shared/services/queue-dates';
import { calendarDateIn } from '../../../shared/time/calendar-date';
import { addDays, zonedInstant } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import { notFound } from '../../http/errors';
import { receptionFactsOf, receptionRefusal } from '../../permissions/reception-desks';
import { hiddenLevelIds } from '../../permissions/scoped';
import { nameIn } from '../reports';
import { providerScope } from '../services';
import { sql } from 'kysely';
import { openOrderCounts } from './orders.queries';
import { pendingApprovals, placeTotals, type PlaceTotals } from './places.queries';
import { visitCounts } from './visits.queries';
import { permissionsOf } from './viewer';
import { ownWidget } from './widgets.service';

type Figure = Omit<ItemFigure, 'widget_id' | 'item_id' | 'unit' | 'calculated_at'>;

/** A share in percent with one decimal, or null when nothing could be measured. */
const share = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

async function companyZone(ctx: ServiceContext): Promise<string> {
  const { timezone } = await ctx.db
    .selectFrom('companies')
    .select('timezone')
    .where('id', '=', ctx.companyId)
    .executeTakeFirstOrThrow();
  return timezone;
}

async function levelNames(ctx: ServiceContext, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: number; name: string }>`
    select l.id, ${nameIn('level_translations', 'level_id', ctx.companyId, ctx.userId, sql`l.id`)} as name
    from levels l where l.company_id = ${ctx.companyId} and l.id = any (${[...ids]}::int[])`.execute(ctx.db);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * A figure by site and floor from the kept sums: `measure` turns a place's sums into its value.
 * A site's value is over all of its resources, floors and its own alike.
 */
async function bySiteAndFloor(
  ctx: ServiceContext,
  totals: PlaceTotals[],
  measure: (sums: PlaceTotals[]) => number | null,
  withFloors: boolean,
): Promise<Figure> {
  const siteIds = [...new Set(totals.map((row) => row.site_id))];
  const floorIds = totals.flatMap((row) => (row.floor_id === null ? [] : [row.floor_id]));
  const names = await levelNames(ctx, [...siteIds, ...floorIds]);
  const rows: FigureRow[] = siteIds
    .map((siteId) => {
      const ofSite = totals.filter((row) => row.site_id === siteId);
      return {
        id: siteId,
        name: names.get(siteId) ?? '',
        value: measure(ofSite),
        ...(withFloors
          ? {
              rows: ofSite
                .filter((row) => row.floor_id !== null)
                .map((row) => ({
                  id: row.floor_id!,
                  name: names.get(row.floor_id!) ?? '',
                  value: measure([row]),
                }))
                .sort((a, b) => a.name.localeCompare(b.name)),
            }
          : {}),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const firsts = totals.map((row) => row.first_day).sort();
  const lasts = totals.map((row) => row.last_day).sort();
  return { value: measure(totals), rows, from: firsts[0] ?? '', to: lasts.at(-1) ?? '' };
}

const sum = (rows: PlaceTotals[], key: keyof PlaceTotals) =>
  rows.reduce((total, row) => total + Number(row[key]), 0);

const MEASURES = {
  booked: (rows: PlaceTotals[]) => share(sum(rows, 'booked_s'), sum(rows, 'open_s')),
  bookings: (rows: PlaceTotals[]) => sum(rows, 'bookings'),
  no_shows: (rows: PlaceTotals[]) => sum(rows, 'no_shows'),
  check_in_rate: (rows: PlaceTotals[]) => share(sum(rows, 'started_check_ins'), sum(rows, 'started')),
};

async function occupancyFigure(ctx: ServiceContext, item: WidgetItem, now: Date): Promise<Figure> {
  const hidden = await hiddenLevelIds(ctx);
  switch (item) {
    case 'today':
    case 'week':
      return bySiteAndFloor(
        ctx,
        await placeTotals(ctx.db, ctx.companyId, hidden, now, item),
        MEASURES.booked,
        true,
      );
    case 'bookings_today':
    case 'no_shows':
    case 'check_in_rate': {
      const measure = MEASURES[item === 'bookings_today' ? 'bookings' : item];
      return bySiteAndFloor(
        ctx,
        await placeTotals(ctx.db, ctx.companyId, hidden, now, 'today', item === 'check_in_rate'),
        measure,
        false,
      );
    }
    default: {
      const counts = await pendingApprovals(ctx.db, ctx.companyId, hidden, now);
      const names = await levelNames(
        ctx,
        counts.map((row) => row.site_id),
      );
      const today = calendarDateIn(await companyZone(ctx), now);
      return {
        value: counts.reduce((total, row) => total + row.count, 0),
        rows: counts
          .map((row) => ({ id: row.site_id, name: names.get(row.site_id) ?? '', value: row.count }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        from: today,
        to: today,
      };
    }
  }
}

/** The reception desks whose visitors the viewer may read (as the reception screens decide). */
async function readableDesks(ctx: ServiceContext): Promise<Array<{ id: number; name: string }>> {
  const { rows: desks } = await sql<{ id: number; name: string }>`
    select d.id, ${nameIn('reception_desk_translations', 'reception_desk_id', ctx.companyId, ctx.userId, sql`d.id`)} as name
    from reception_desks d where d.company_id = ${ctx.companyId}`.execute(ctx.db);
  const facts = await receptionFactsOf(ctx.db, ctx.companyId, ctx.userId);
  const general = can(await permissionsOf(ctx), ['VISITOR_MANAGEMENT', 'read']);
  return desks
    .filter((desk) => receptionRefusal(facts, general, desk.id, 'read') === null)
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function visitorsFigure(ctx: ServiceContext, item: WidgetItem, now: Date): Promise<Figure> {
  const zone = await companyZone(ctx);
  const today = calendarDateIn(zone, now);
  const desks = await readableDesks(ctx);
  const counts = await visitCounts(
    ctx.db,
    ctx.companyId,
    desks.map((desk) => desk.id),
    item as 'expected' | 'arrived' | 'checked_out',
    zonedInstant(today, 0, zone),
    zonedInstant(addDays(today, 1), 0, zone),
  );
  const rows = desks.map((desk) => ({ id: desk.id, name: desk.name, value: counts.get(desk.id) ?? 0 }));
  return { value: rows.reduce((total, row) => total + row.value, 0), rows, from: today, to: today };
}

/** Open orders over the services queue's default days (spec §9: 7 before to 7 after today). */
async function servicesFigure(ctx: ServiceContext, now: Date): Promise<Figure> {
  const zone = await companyZone(ctx);
  const { start, end } = defaultQueueDates(zone, now);
  const counts = await openOrderCounts(
    ctx.db,
    ctx.companyId,
    await providerScope(ctx),
    zonedInstant(start, 0, zone),
    zonedInstant(addDays(end, 1), 0, zone),
  );
  const rows = SERVICE_STATUSES.filter((status) => counts.has(status.key)).map((status) => ({
    id: status.id,
    name: status.key,
    value: counts.get(status.key)!,
  }));
  return { value: rows.reduce((total, row) => total + row.value, 0), rows, from: start, to: end };
}

/**
 * GET cockpit/item/{widgetId}/{itemId}: the item's figure now, over what the viewer may read: the
 * levels they may see (LEVEL_VIEW), the desks whose visitors they may read, the orders they serve.
 */
export async function itemFigure(
  ctx: ServiceContext,
  widgetId: number,
  itemId: string,
  now = new Date(),
): Promise<ItemFigure> {
  const widget = await ownWidget(ctx, widgetId);
  if (!isWidgetItem(widget.type, itemId)) throw notFound();
  const figure =
    widget.type === 'visitors'
      ? await visitorsFigure(ctx, itemId, now)
      : widget.type === 'services'
        ? await servicesFigure(ctx, now)
        : await occupancyFigure(ctx, itemId, now);
  return {
    widget_id: widget.id,
    item_id: itemId,
    unit: PERCENT_ITEMS.has(itemId) ? 'percent' : 'count',
    calculated_at: now.toISOString(),
    ...figure,
  };
}
