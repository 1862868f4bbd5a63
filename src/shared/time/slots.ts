import { isoWeekday, minutesOf, timeOf, wallClockAt, zonedInstant } from './zone';

/** spec §9 default slots, the values of the AvailableSlots and DefaultSlot preferences. */
export const SLOT_TYPES = ['all-day', 'half-day', 'hours', '30-minutes', '15-minutes'] as const;
export type SlotType = (typeof SLOT_TYPES)[number];

const STEP_MINUTES: Partial<Record<SlotType, number>> = { hours: 60, '30-minutes': 30, '15-minutes': 15 };

/** A weekly window when the resource can be booked (resource_availabilities). */
export interface WeeklyWindow {
  weekdays: readonly number[];
  time_from: string;
  time_to: string;
  date_from: string | null;
  date_to: string | null;
}

/** An interval when it cannot be booked whatever the windows say, as instants. */
export interface Closure {
  starts_at: Date;
  ends_at: Date;
}

export interface DayPlan {
  /** the calendar date in the level's zone */
  date: string;
  timeZone: string;
  /** the level's working hours; '23:59' as the end means the end of the day */
  working_hours_from: string;
  working_hours_to: string;
  type: SlotType;
  /** where a half day splits (the AfternoonFrom preference), 'HH:MM' */
  afternoon_from: string;
  windows: readonly WeeklyWindow[];
  closures: readonly Closure[];
}

export interface Slot {
  /** wall-clock labels in the level's zone */
  from: string;
  to: string;
  datetime_from: Date;
  datetime_to: Date;
  available: boolean;
}

/** The working day in minutes past midnight; a last minute of 23:59 stands for midnight. */
function workingSpan(plan: DayPlan): [number, number] {
  const to = plan.working_hours_to === '23:59' ? 1440 : minutesOf(plan.working_hours_to);
  return [minutesOf(plan.working_hours_from), to];
}

/** The parts of the day the weekly windows open (none defined: the whole working day). */
function openSpans(plan: DayPlan, [dayFrom, dayTo]: [number, number]): Array<[number, number]> {
  const weekday = isoWeekday(plan.date);
  const applicable = plan.windows.filter(
    (window) =>
      (window.date_from === null || window.date_from <= plan.date) &&
      (window.date_to === null || plan.date <= window.date_to),
  );
  if (applicable.length === 0) return [[dayFrom, dayTo]];
  return applicable
    .filter((window) => window.weekdays.includes(weekday))
    .map((window): [number, number] => [
      Math.max(dayFrom, minutesOf(window.time_from)),
      Math.min(dayTo, window.time_to === '23:59' ? 1440 : minutesOf(window.time_to)),
    ])
    .filter(([from, to]) => from < to);
}

/** The slot boundaries of the day, in minutes past midnight, before availability is applied. */
function boundaries(plan: DayPlan, [dayFrom, dayTo]: [number, number]): Array<[number, number]> {
  if (plan.type === 'all-day') return [[dayFrom, dayTo]];
  if (plan.type === 'half-day') {
    const split = minutesOf(plan.afternoon_from);
    if (split <= dayFrom || split >= dayTo) return [[dayFrom, dayTo]];
    return [
      [dayFrom, split],
      [split, dayTo],
    ];
  }
  const step = STEP_MINUTES[plan.type]!;
  const result: Array<[number, number]> = [];
  for (let from = dayFrom; from < dayTo; from += step) result.push([from, Math.min(from + step, dayTo)]);
  return result;
}

/** A slot's edges: wall-clock minutes past the day's midnight (1440: its end) and instants. */
interface Edges {
  from: number;
  to: number;
  datetime_from: Date;
  datetime_to: Date;
}

const MINUTE_MS = 60_000;

/** Minutes past the plan's midnight of an instant of its day on the zone's clock; the next day's midnight is 1440. */
function wallMinutes(plan: DayPlan, instant: Date): number {
  const clock = wallClockAt(instant, plan.timeZone);
  return clock.date > plan.date ? 1440 : minutesOf(clock.time);
}

/**
 * The slots' edges. On a day whose clock jumps (a daylight-saving change inside the working day),
 * hour and shorter slots step through real time and are labelled with the clock: the hour the
 * clock skips gets no slot, the hour it repeats gets two, and no two slots share an instant. Other
 * slots are cut on the clock.
 */
function slotEdges(plan: DayPlan, span: [number, number]): Edges[] {
  const start = zonedInstant(plan.date, span[0], plan.timeZone);
  const end = zonedInstant(plan.date, span[1], plan.timeZone);
  const step = STEP_MINUTES[plan.type];
  const regular = end.getTime() - start.getTime() === (span[1] - span[0]) * MINUTE_MS;
  if (step === undefined || regular)
    return boundaries(plan, span).map(([from, to]) => ({
      from,
      to,
      datetime_from: zonedInstant(plan.date, from, plan.timeZone),
      datetime_to: zonedInstant(plan.date, to, plan.timeZone),
    }));
  const edges: Edges[] = [];
  for (let at = start.getTime(); at < end.getTime(); at += step * MINUTE_MS) {
    const datetime_from = new Date(at);
    const datetime_to = new Date(Math.min(at + step * MINUTE_MS, end.getTime()));
    const from = wallMinutes(plan, datetime_from);
    // Where the clock jumps, the end reads as it would have without the jump, or later:
    // 01:30–03:00 before a skipped hour, 02:45–03:00 before a repeated one (not 02:00).
    const to = Math.max(wallMinutes(plan, datetime_to), from + (datetime_to.getTime() - at) / MINUTE_MS);
    edges.push({ from, to, datetime_from, datetime_to });
  }
  return edges;
}

/**
 * The day's slots of a resource (spec §7 slots/{type}/{id}): cut from the level's working hours by
 * the slot type, in the level's zone, each an exact pair of instants (slotEdges: on a day with a
 * daylight-saving change, whole and half days are an hour shorter or longer, shorter slots follow
 * real time). A slot is available when the weekly windows open all of it (on the clock) and no
 * closure touches it.
 */
export function buildSlots(plan: DayPlan): Slot[] {
  const span = workingSpan(plan);
  if (span[0] >= span[1]) return [];
  const open = openSpans(plan, span);
  const slots: Slot[] = [];
  for (const { from, to, datetime_from, datetime_to } of slotEdges(plan, span)) {
    if (datetime_to <= datetime_from) continue; // swallowed by a spring-forward gap
    const covered = open.some(([openFrom, openTo]) => openFrom <= from && to <= openTo);
    const closed = plan.closures.some(
      (closure) => closure.starts_at < datetime_to && datetime_from < closure.ends_at,
    );
    slots.push({
      from: timeOf(from),
      to: to === 1440 ? '24:00' : timeOf(to),
      datetime_from,
      datetime_to,
      available: covered && !closed,
    });
  }
  return slots;
}
