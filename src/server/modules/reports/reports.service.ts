import {
  SECTION_PERMISSION,
  type ReportPayload,
  type ReportResult,
  type ReportSection,
  type TechnicalList,
} from '../../../shared/contract/reports';
import { pageMeta } from '../../../shared/contract/common';
import { can } from '../../../shared/permissions';
import { addDays, wallClockAt } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import { forbidden, unprocessable } from '../../http/errors';
import { Figures, percent } from './figures';
import {
  bucketTotals,
  closedHours,
  containerTotals,
  wholeDays,
  zoneHours,
  type Window,
} from './figures.queries';
import { forecast, weekdayProfile, type History } from './predictions';
import { foreignIds, scopedResources, type ScopedResource } from './scope.queries';
import { bookingsPage, countBookings } from './technical-list.queries';

/** The days and hours a payload covers (spec §3 report payload). */
export function windowOf(payload: ReportPayload): Window {
  return {
    from: payload.datetime_from.slice(0, 10),
    to: payload.datetime_to.slice(0, 10),
    fromHour: Number(payload.datetime_from.slice(11, 13)),
    toHour: Number(payload.datetime_to.slice(11, 13)),
    weekdays: [...new Set(payload.days)].sort(),
  };
}

/** REPORTS on the route, and the section's own permission here (spec §2: REPORTS_BOOKINGS). */
export function requireSection(ctx: ServiceContext, section: ReportSection): void {
  if (!can(ctx.permissions ?? [], SECTION_PERMISSION[section])) throw forbidden();
}

/** The resources a payload covers; ids of levels or types that are not the company's are a 422. */
export async function scopeOf(ctx: ServiceContext, payload: ReportPayload): Promise<ScopedResource[]> {
  const errors: Record<string, string[]> = {};
  if ((await foreignIds(ctx.db, ctx.companyId, 'levels', payload.location_ids)).length > 0)
    errors.location_ids = ['The location is not valid.'];
  if ((await foreignIds(ctx.db, ctx.companyId, 'resource_types', payload.type_ids)).length > 0)
    errors.type_ids = ['The type is not valid.'];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return scopedResources(ctx.db, ctx.companyId, ctx.userId, payload);
}

async function figuresFor(
  ctx: ServiceContext,
  resources: ScopedResource[],
  window: Window,
  grain: 'hour' | 'day',
): Promise<Figures> {
  const ids = resources.map((resource) => resource.id);
  const zones = [...new Set(resources.map((resource) => resource.timezone))];
  const effective = grain === 'day' && wholeDays(window) ? 'day' : 'hour';
  const [hours, closed, totals] = [
    await zoneHours(ctx.db, zones, window, grain === 'day'),
    await closedHours(ctx.db, ctx.companyId, ids, window),
    await bucketTotals(ctx.db, ctx.companyId, ids, window, effective),
  ];
  // a day grain over part of each day still reads hours; the figures then roll hours up into days
  return new Figures({
    resources,
    zoneHours: hours,
    closed,
    totals: effective === 'hour' && grain === 'day' ? rollUp(totals) : totals,
    grain,
  });
}

function rollUp(totals: Awaited<ReturnType<typeof bucketTotals>>) {
  const byCell = new Map<string, typeof totals.byCell extends Map<string, infer T> ? T : never>();
  for (const [key, value] of totals.byCell) {
    const day = key.slice(0, 10);
    const sum = byCell.get(day);
    byCell.set(
      day,
      sum
        ? {
            booked_s: sum.booked_s + value.booked_s,
            used_s: sum.used_s + value.used_s,
            bookings: sum.bookings + value.bookings,
            check_ins: sum.check_ins + value.check_ins,
            no_shows: sum.no_shows + value.no_shows,
          }
        : value,
    );
  }
  return { byResource: totals.byResource, byCell };
}

const inAlarm = (payload: ReportPayload) => (row: { booked_pct: number }) =>
  !payload.alarm || (row.booked_pct >= payload.alarm[0] && row.booked_pct <= payload.alarm[1]);

/** Today on the clock of the company's first level (or UTC): where history ends. */
function todayFor(resources: ScopedResource[], now: Date): string {
  return wallClockAt(now, resources[0]?.timezone ?? 'UTC').date;
}

/**
 * POST reports/calculate (spec §7): the figures of one section, from the kept aggregates, as of
 * now: a booking written or checked in before the call is in them.
 */
export async function calculate(
  ctx: ServiceContext,
  payload: ReportPayload,
  page: { page: number; per_page: number },
  now = new Date(),
): Promise<ReportResult> {
  requireSection(ctx, payload.section);
  const resources = await scopeOf(ctx, payload);
  const window = windowOf(payload);
  const base = {
    section: payload.section,
    interval_id: payload.interval_id,
    calculated_at: now.toISOString(),
  };
  switch (payload.section) {
    case 'dashboard': {
      const figures = await figuresFor(ctx, resources, window, payload.interval_id === 1 ? 'hour' : 'day');
      const containers = await containerTotals(ctx.db, ctx.companyId, window);
      const booked = containers.reduce((sum, row) => sum + row.booked_s, 0);
      const used = containers.reduce((sum, row) => sum + row.used_s, 0);
      return {
        ...base,
        summary: figures.summary(),
        series: figures.series(payload.interval_id),
        by_level: figures.breakdown('level').filter(inAlarm(payload)),
        by_type: figures.breakdown('type'),
        by_resource: figures.byResource().filter(inAlarm(payload)),
        // bookings by user container: each container's share of the period's booked and used hours
        by_container: containers.map((row) => ({
          id: row.id,
          name: row.name,
          booked_pct: percent(row.booked_s, booked),
          used_pct: percent(row.used_s, used),
          bookings: row.bookings,
          no_shows: row.no_shows,
        })),
      };
    }
    case 'min_max_average': {
      const figures = await figuresFor(ctx, resources, window, 'hour');
      return {
        ...base,
        summary: figures.summary(),
        ...figures.minAverageMax(),
        by_resource: figures.byResource().filter(inAlarm(payload)),
      };
    }
    case 'occupancy_historical':
    case 'historical-real-use': {
      const figures = await figuresFor(ctx, resources, window, payload.interval_id === 1 ? 'hour' : 'day');
      return {
        ...base,
        summary: figures.summary(),
        series: figures.series(payload.interval_id),
        by_level: figures.breakdown('level').filter(inAlarm(payload)),
        by_resource: figures.byResource().filter(inAlarm(payload)),
      };
    }
    case 'occupancy_real_use': {
      const figures = await figuresFor(ctx, resources, window, 'day');
      return {
        ...base,
        summary: figures.summary(),
        by_level: figures.breakdown('level').filter(inAlarm(payload)),
        by_type: figures.breakdown('type'),
        by_resource: figures.byResource().filter(inAlarm(payload)),
      };
    }
    case 'prediction_daily':
    case 'prediction_weekday':
      return { ...base, ...(await predict(ctx, resources, payload, now)) };
    case 'technical_list': {
      const list = await technicalList(ctx, resources, window, page);
      return { ...base, rows: list.data, meta: list.meta };
    }
  }
}

async function technicalList(
  ctx: ServiceContext,
  resources: ScopedResource[],
  window: Window,
  page: { page: number; per_page: number },
): Promise<TechnicalList> {
  const ids = resources.map((resource) => resource.id);
  const total = await countBookings(ctx.db, ctx.companyId, ids, window);
  const data = await bookingsPage(ctx.db, ctx, ids, window, page.page, page.per_page);
  return { data, meta: pageMeta(page.page, page.per_page, total) };
}

/** POST reports/technical-list: the bookings themselves, 100 a page (spec §9). */
export async function technicalListOf(
  ctx: ServiceContext,
  payload: ReportPayload,
  page: { page: number; per_page: number },
): Promise<TechnicalList> {
  requireSection(ctx, 'technical_list');
  return technicalList(ctx, await scopeOf(ctx, payload), windowOf(payload), page);
}

export async function countOf(ctx: ServiceContext, payload: ReportPayload): Promise<{ count: number }> {
  requireSection(ctx, payload.section);
  const resources = await scopeOf(ctx, payload);
  return {
    count: await countBookings(
      ctx.db,
      ctx.companyId,
      resources.map((r) => r.id),
      windowOf(payload),
    ),
  };
}

export const PREDICTION_METHOD =
  'Mean booked occupancy of the same weekday over the last 8 weeks (closed days left out), scaled by how the same weeks moved a year earlier when a year of history exists.';

/** prediction-daily and prediction-weekday: history up to yesterday, forecast for the window's days. */
async function predict(ctx: ServiceContext, resources: ScopedResource[], payload: ReportPayload, now: Date) {
  const window = windowOf(payload);
  const asOf = addDays(todayFor(resources, now), -1);
  const history = await dailyHistory(ctx, resources, window, addDays(asOf, -(364 + 8 * 7)), asOf);
  if (payload.section === 'prediction_weekday')
    return {
      prediction: weekdayProfile(history, asOf).map((value, weekday) => ({
        key: String(weekday),
        expected_pct: value ?? 0,
      })),
      prediction_method: PREDICTION_METHOD,
    };
  const prediction = [];
  for (let day = window.from; day <= window.to; day = addDays(day, 1))
    if (window.weekdays.includes((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7))
      prediction.push({ key: day, expected_pct: forecast(history, day, asOf) ?? 0 });
  return { prediction, prediction_method: PREDICTION_METHOD };
}

async function dailyHistory(
  ctx: ServiceContext,
  resources: ScopedResource[],
  window: Window,
  from: string,
  to: string,
): Promise<History> {
  const figures = await figuresFor(
    ctx,
    resources,
    { ...window, from, to, weekdays: [0, 1, 2, 3, 4, 5, 6] },
    'day',
  );
  const history = new Map<string, number | null>();
  for (const [day, capacity] of figures.capacityAt)
    history.set(day, capacity > 0 ? figures.pctAt(day) : null);
  return history;
}
