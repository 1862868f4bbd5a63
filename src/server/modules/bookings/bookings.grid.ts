// GET bookings/grid/{presetId}, POST bookings/grid-bookings, GET bookings/show-grid (spec §7, §3).
import { hiddenLevelIds } from '../../permissions/scoped';
import {
  CHECK_IN_EARLY_MINUTES,
  CHECK_IN_GRACE_KEY,
  countsTowardsLimit,
  planResourceLimit,
  readGraceMinutes,
} from '../../../shared/booking/declaration-rules';
import { readBookingPreferences } from '../../../shared/booking/preferences';
import type {
  Grid,
  GridBooking,
  GridBookings,
  GridBookingsBody,
  GridQuery,
  GridResource,
  ShowGrid,
} from '../../../shared/contract/bookings';
import {
  bookingGaps,
  clockLabel,
  dayInMinutes,
  formatWallClock,
  anyZoneDay,
  GRID_DEFAULTS,
  gridDay,
  hourMarks,
  minuteInGrid,
  toResourceClock,
  userTimeFormat,
  withMeridiem,
  type GridDay,
  type ResourceClock,
} from '../../../shared/time/grid';
import type { Slot } from '../../../shared/time/slots';
import { minutesOf, wallClockAt } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import { resourceSlots } from '../declarations';
import { describeResources, editable } from './bookings.list';
import { presetDay, viewerSettings } from './bookings.queries';
import { presetResourcesCounted, type PresetResource } from './preset-resources.queries';
import { delegatorsUnless, mayChangeOthers, periodLabel, seesEveryone } from './bookings.rules';
import { listPresets } from './presets.queries';
import { ownPreset } from './presets.service';

const GRID_PREFERENCES = [
  'DateFormat',
  'TimeFormat',
  'DateTimeMode',
  'AvailableSlots',
  'AfternoonFrom',
  CHECK_IN_GRACE_KEY,
];
const MINUTE_MS = 60_000;
// Ours: a grid day holds at most this many bookings (far above a day of a thousand resources).
const MAX_GRID_BOOKINGS = 20_000;

interface Viewer {
  timezone: string;
  dateFormat: string;
  timeFormat: string;
  stepMinutes: number;
  afternoonFrom: string;
  graceMinutes: number;
}

async function viewer(ctx: ServiceContext): Promise<Viewer> {
  const settings = await viewerSettings(ctx.db, ctx, GRID_PREFERENCES);
  const preferences = readBookingPreferences(settings.preferences);
  // The finest slot type the user may book sets the drag step; days and half days only: hours.
  const steps = { '15-minutes': 15, '30-minutes': 30, hours: 60 } as const;
  const step = Math.min(
    ...preferences.availableSlots.map((type) => (type in steps ? steps[type as keyof typeof steps] : 60)),
  );
  return {
    timezone: settings.timezone,
    dateFormat: settings.preferences.DateFormat || GRID_DEFAULTS.dateFormat,
    // the user's clock (an 'h' format or DateTimeMode am-pm: 12-hour); AM/PM added where written
    timeFormat: userTimeFormat(preferences),
    stepMinutes: step,
    afternoonFrom: preferences.afternoonFrom,
    graceMinutes: readGraceMinutes(settings.preferences[CHECK_IN_GRACE_KEY]),
  };
}

/** A resource's grid day: the day's instants and its open spans (working hours, windows, closures). */
interface ResourceDay {
  day: GridDay;
  open: Array<{ from: Date; to: Date }>;
  /** the open spans as the resource's wall clock ('HH:mm', the day's end '24:00') */
  shown: { start: string | null; end: string | null; open: Array<{ from: string; to: string }> };
  /** the day and its open spans as minutes (GridResource day_start, day_minutes, open_minutes) */
  minutes: ReturnType<typeof dayInMinutes>;
}

function openSpans(slots: readonly Slot[]): Array<{ from: Date; to: Date }> {
  const spans: Array<{ from: Date; to: Date }> = [];
  for (const slot of slots) {
    if (!slot.available) continue;
    const last = spans.at(-1);
    if (last && last.to.getTime() === slot.datetime_from.getTime()) last.to = slot.datetime_to;
    else spans.push({ from: slot.datetime_from, to: slot.datetime_to });
  }
  return spans;
}

/** A wall-clock 'HH:mm' of an instant of the grid day; the day's end reads '24:00'. */
function clockInDay(instant: Date, day: GridDay, timeZone: string): string {
  if (instant.getTime() >= day.end.getTime()) return clockLabel(1440);
  return clockLabel(minutesOf(toResourceClock(instant, timeZone).time));
}

/**
 * Each resource's grid day and its open spans, from the windows and closures read with it. Resources
 * built alike (same zone, hours, windows and closures: resourceSlots answers the same array) share
 * one ResourceDay, so a floor of a thousand desks computes its day's spans and labels once.
 */
function resourceDays(
  resources: readonly PresetResource[],
  date: string,
  afternoonFrom: string,
): Map<number, ResourceDay> {
  const days = new Map<string, GridDay>();
  const result = new Map<number, ResourceDay>();
  const daysOf = new Map<Slot[], ResourceDay>();
  // Resources without windows and closures of their own: their level's zone and hours decide.
  const plainDays = new Map<string, ResourceDay>();
  for (const resource of resources) {
    const plainKey =
      resource.windows.length === 0 && resource.closures.length === 0
        ? `${resource.timezone}|${resource.working_hours_from}|${resource.working_hours_to}`
        : null;
    const plain = plainKey === null ? undefined : plainDays.get(plainKey);
    if (plain) {
      result.set(resource.id, plain);
      continue;
    }
    let day = days.get(resource.timezone);
    if (!day) {
      day = gridDay(date, resource.timezone);
      days.set(resource.timezone, day);
    }
    const { start, end } = day;
    const slots = resourceSlots(
      resource,
      date,
      '15-minutes',
      afternoonFrom,
      resource.windows,
      resource.closures.filter((closure) => closure.starts_at < end && closure.ends_at > start),
    );
    let built = daysOf.get(slots);
    if (!built) {
      const open = openSpans(slots);
      const gridDayOf = day;
      const label = (instant: Date) => clockInDay(instant, gridDayOf, resource.timezone);
      built = {
        day,
        open,
        shown: {
          start: open.length > 0 ? label(open[0]!.from) : null,
          end: open.length > 0 ? label(open.at(-1)!.to) : null,
          open: open.map((span) => ({ from: label(span.from), to: label(span.to) })),
        },
        minutes: dayInMinutes(day, open),
      };
      daysOf.set(slots, built);
    }
    if (plainKey !== null) plainDays.set(plainKey, built);
    result.set(resource.id, built);
  }
  return result;
}

interface ShownInstant {
  clock: ResourceClock;
  /** the wall clock in the user's time format */
  text: string;
}

/**
 * An instant as a zone's wall clock, computed once per zone and instant for one answer: a grid's
 * thousands of bookings start and end on a few quarter hours.
 */
function instantReader(timeFormat: string): (instant: Date, timeZone: string) => ShownInstant {
  const pattern = withMeridiem(timeFormat);
  const zones = new Map<string, Map<number, ShownInstant>>();
  return (instant, timeZone) => {
    let zone = zones.get(timeZone);
    if (!zone) {
      zone = new Map();
      zones.set(timeZone, zone);
    }
    const at = instant.getTime();
    let shown = zone.get(at);
    if (!shown) {
      const clock = toResourceClock(instant, timeZone);
      shown = { clock, text: formatWallClock(clock.date, clock.time, pattern) };
      zone.set(at, shown);
    }
    return shown;
  };
}

/** ISO texts of instants, each written once for one answer. */
function isoWriter(): (instant: Date) => string {
  const written = new Map<number, string>();
  return (instant) => {
    const at = instant.getTime();
    let text = written.get(at);
    if (text === undefined) {
      text = instant.toISOString();
      written.set(at, text);
    }
    return text;
  };
}

/** GridQuery's window as the queries take it; none when neither bound is given. */
function rowWindow(query: { offset?: number; limit?: number }) {
  return query.offset === undefined && query.limit === undefined
    ? null
    : { offset: query.offset ?? 0, limit: query.limit ?? null };
}

/**
 * GET bookings/grid/{presetId}?date: the preset's resources for the day (default today, the user's
 * zone), or the window of them the query names.
 */
export async function grid(
  ctx: ServiceContext,
  presetId: number,
  query: GridQuery,
  now = new Date(),
): Promise<Grid> {
  const preset = await ownPreset(ctx, presetId);
  const who = await viewer(ctx);
  const day = query.date ?? wallClockAt(now, who.timezone).date;
  const { resources, total } = await presetResourcesCounted(ctx.db, ctx, preset.preset, {
    hiddenLevels: await hiddenLevelIds(ctx),
    openBetween: anyZoneDay(day),
    window: rowWindow(query),
  });
  const days = resourceDays(resources, day, who.afternoonFrom);
  const described = await describeResources(ctx, resources);
  const limit = planResourceLimit(ctx.permissions);
  const data: GridResource[] = resources.map((resource) => {
    const { shown, minutes } = days.get(resource.id)!;
    const base = described.get(resource.id)!;
    const exclusive = resource.resource_capacity_type === 'exclusive';
    return {
      id: resource.id,
      name: base.name,
      path: base.path,
      level_id: resource.level_id,
      capacity: resource.capacity,
      exclusive,
      start: GRID_DEFAULTS.start,
      end: GRID_DEFAULTS.end,
      timezone: resource.timezone,
      date_format: who.dateFormat,
      time_format: who.timeFormat,
      resource_start: shown.start,
      resource_end: shown.end,
      limits: {
        step_minutes: who.stepMinutes,
        per_day:
          limit !== null && countsTowardsLimit({ exclusive, capacity: resource.capacity }) ? limit : null,
        open: shown.open,
      },
      ...minutes,
    };
  });
  const first = data[0];
  return {
    preset_id: preset.id,
    date: day,
    date_label: periodLabel({ date_from: day, date_to: day }, who.dateFormat),
    total,
    hours: first ? hourMarks(day, first.timezone, withMeridiem(who.timeFormat)) : [],
    data,
  };
}

/**
 * POST bookings/grid-bookings: the bookings holding (or having held) the preset's resources (or the
 * window of them the body names) on the day, times as each resource's wall clock. Everyone's bookings fill the grid; for a user with
 * MY_BOOKINGS alone, other people's show neither subject nor host (ours: they see the time taken).
 */
export async function gridBookings(
  ctx: ServiceContext,
  body: GridBookingsBody,
  now = new Date(),
): Promise<GridBookings> {
  const preset = await ownPreset(ctx, body.preset_id);
  const who = await viewer(ctx);
  // Every instant the day can cover in any zone; each resource's own day is picked out below.
  const wide = anyZoneDay(body.date);
  const { resources, bookings } = await presetDay(
    ctx.db,
    ctx,
    preset.preset,
    { only: body.resource_ids ?? null, names: false, openBetween: wide, window: rowWindow(body) },
    {
      from: wide.from,
      to: wide.to,
      statuses: ['booked', 'checked_in', 'checked_out'],
      approvalStatuses: ['pending', 'approved'],
      hostIds: null,
      limit: MAX_GRID_BOOKINGS,
    },
  );
  if (resources.length === 0) return { data: [] };
  const days = resourceDays(resources, body.date, who.afternoonFrom);
  const byResource = new Map<number, typeof bookings>();
  for (const booking of bookings) {
    const { day } = days.get(booking.resource_id)!;
    if (booking.starts_at >= day.end || booking.ends_at <= day.start) continue;
    const list = byResource.get(booking.resource_id) ?? [];
    list.push(booking);
    byResource.set(booking.resource_id, list);
  }
  const everyone = seesEveryone(ctx);
  const changesOthers = mayChangeOthers(ctx);
  // The bookings of the people who delegated MY_BOOKINGS to the caller are shown and changed as theirs.
  const delegators = await delegatorsUnless(
    ctx,
    (everyone && changesOthers) || bookings.every((booking) => booking.user_id === ctx.userId),
  );
  const changesFor = (hostId: number) => changesOthers || delegators.has(hostId);
  const shownAt = instantReader(who.timeFormat);
  const iso = isoWriter();
  const nowMs = now.getTime();
  const data: GridBooking[] = [];
  for (const resource of resources) {
    const list = byResource.get(resource.id);
    if (!list) continue;
    const { day, open } = days.get(resource.id)!;
    // spec §9: the resource's start and end are the edges; closed all day: the day's.
    const edgeStart = open[0]?.from ?? day.start;
    const edgeEnd = open.at(-1)?.to ?? day.end;
    const gaps = bookingGaps(list, edgeStart, edgeEnd);
    list.forEach((booking, index) => {
      const from = shownAt(booking.starts_at, resource.timezone);
      const to = shownAt(booking.ends_at, resource.timezone);
      const gap = gaps[index]!;
      const mine = booking.user_id === ctx.userId;
      const visible = mine || everyone || delegators.has(booking.user_id);
      const start = booking.starts_at.getTime();
      const waiting = booking.status === 'booked' && booking.approval_status === 'approved';
      const autoRelease = waiting && who.graceMinutes > 0;
      // As auto-release counts it: from the start, or from when it was made or approved if later.
      const graceFrom = booking.grace_from?.getTime() ?? start;
      data.push({
        id: booking.id,
        resource_id: resource.id,
        starts: from.text,
        ends: to.text,
        datetime_from: from.clock.iso,
        datetime_to: to.clock.iso,
        start_minute: minuteInGrid(booking.starts_at, day),
        end_minute: minuteInGrid(booking.ends_at, day),
        auto_release: autoRelease,
        pre_check_in:
          waiting && nowMs >= start - CHECK_IN_EARLY_MINUTES * MINUTE_MS && nowMs < booking.ends_at.getTime(),
        expiring_warning:
          autoRelease && nowMs >= graceFrom && nowMs < graceFrom + who.graceMinutes * MINUTE_MS,
        previous_booking_in_minutes: gap.previous_booking_in_minutes,
        next_booking_in_minutes: gap.next_booking_in_minutes,
        limits: { from: iso(gap.limits.from), to: iso(gap.limits.to) },
        offset: from.clock.offset,
        subject: booking.is_private && !mine ? '' : visible ? booking.subject : '',
        is_private: booking.is_private,
        host: visible ? { id: booking.user_id, name: booking.host_name } : { id: 0, name: '' },
        status: booking.status,
        approval_status: booking.approval_status,
        source: booking.source,
        mine,
        can_edit: editable(ctx, booking, now, changesFor),
      });
    });
  }
  return { data };
}

/**
 * GET bookings/show-grid. Ours (spec silent): the grid is offered to users who see everyone's
 * bookings (BOOKINGS read), the assistants and facility managers it is for, and opens with their
 * first active preset.
 */
export async function showGrid(ctx: ServiceContext): Promise<ShowGrid> {
  const presets = await listPresets(ctx.db, ctx);
  const first = presets.find((preset) => preset.is_active);
  return { show_grid: seesEveryone(ctx), preset_id: first?.id ?? null };
}
