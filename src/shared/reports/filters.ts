import { addDays } from '../time/zone';
import { daysInRange, INTERVALS, pickInterval } from './intervals';

/**
 * spec §3 report filters (slug, selected, value, date_start, date_end, hoursInterval, excludes,
 * includes, type) and the rules of spec §4 that run whenever one is selected. Plain data and pure
 * functions: the screens keep the list in state, the server answers the defaults, a preset stores it.
 */
export type FilterSlug = 'locations' | 'types' | 'dates' | 'intervals' | 'alarm';
export type FilterType = 'single' | 'multi' | 'number-range';

export interface ReportFilter {
  id: string;
  slug: FilterSlug;
  type: FilterType;
  selected: boolean;
  /** ids for locations and types, the interval id for intervals, [min, max] % for alarm */
  value: number | number[] | null;
  date_start?: string;
  date_end?: string;
  /** [from, to) as 'HH:mm', to may be '24:00' */
  hoursInterval?: [string, string];
  /** filters cleared when this one is selected */
  excludes: string[];
  /** filters selected with this one */
  includes: string[];
}

const DATE_PRESETS = ['today', 'week', 'month', 'quarter', 'year', 'custom'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The range a date preset names on `today` (the week starts on Monday, spec §9). */
export function presetRange(preset: DatePreset, today: string): [string, string] {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const pad = (n: number) => String(n).padStart(2, '0');
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  switch (preset) {
    case 'today':
    case 'custom':
      return [today, today];
    case 'week':
      return [addDays(today, -weekday), addDays(today, 6 - weekday)];
    case 'month':
      return [
        `${year}-${pad(month)}-01`,
        addDays(`${month === 12 ? year + 1 : year}-${pad((month % 12) + 1)}-01`, -1),
      ];
    case 'quarter': {
      const first = Math.floor((month - 1) / 3) * 3 + 1;
      const next = first + 3;
      return [
        `${year}-${pad(first)}-01`,
        addDays(`${next > 12 ? year + 1 : year}-${pad(((next - 1) % 12) + 1)}-01`, -1),
      ];
    }
    case 'year':
      return [`${year}-01-01`, `${year}-12-31`];
  }
}

/** The filters a report starts from: this month, by day, everything, working hours 08:00–18:00. */
export function defaultFilters(today: string): ReportFilter[] {
  const hours: [string, string] = ['08:00', '18:00'];
  const dates = DATE_PRESETS.map((preset): ReportFilter => {
    const [start, end] = presetRange(preset, today);
    return {
      id: `dates-${preset}`,
      slug: 'dates',
      type: 'single',
      selected: preset === 'month',
      value: null,
      date_start: start,
      date_end: end,
      hoursInterval: hours,
      excludes: [],
      includes: [],
    };
  });
  const intervals = INTERVALS.map((interval): ReportFilter => ({
    id: `intervals-${interval.key}`,
    slug: 'intervals',
    type: 'single',
    selected: interval.key === 'day',
    value: interval.id,
    excludes: [],
    includes: [],
  }));
  return [
    {
      id: 'locations',
      slug: 'locations',
      type: 'multi',
      selected: false,
      value: [],
      excludes: [],
      includes: [],
    },
    { id: 'types', slug: 'types', type: 'multi', selected: false, value: [], excludes: [], includes: [] },
    ...dates,
    ...intervals,
    // an alarm (occupancy outside a range) clears the interval choice it does not need, and asks for
    // a whole period: selecting it selects this month by day
    {
      id: 'alarm',
      slug: 'alarm',
      type: 'number-range',
      selected: false,
      value: [0, 100],
      excludes: ['intervals-hour'],
      includes: ['intervals-day'],
    },
  ];
}

function setSelected(
  filters: ReportFilter[],
  id: string,
  selected: boolean,
  seen: Set<string>,
): ReportFilter[] {
  const target = filters.find((filter) => filter.id === id);
  if (!target || seen.has(id)) return filters;
  seen.add(id);
  let next = filters.map((filter) => {
    if (filter.id === id) return { ...filter, selected };
    // spec §4: single-type filters of one kind are mutually exclusive
    if (selected && target.type === 'single' && filter.type === 'single' && filter.slug === target.slug)
      return { ...filter, selected: false };
    return filter;
  });
  if (!selected) return next;
  // spec §4: a filter's excludes clear others and its includes force others on
  for (const excluded of target.excludes) next = setSelected(next, excluded, false, seen);
  for (const included of target.includes) next = setSelected(next, included, true, seen);
  return next;
}

/** Selects (or, for multi and number-range filters, toggles) a filter and applies spec §4. */
export function selectFilter(filters: ReportFilter[], id: string): ReportFilter[] {
  const target = filters.find((filter) => filter.id === id);
  if (!target) return filters;
  const selected = target.type === 'single' ? true : !target.selected;
  return followDates(setSelected(filters, id, selected, new Set()));
}

/** Sets a filter's value (locations, types, alarm), selecting it when the value says something. */
export function setFilterValue(
  filters: ReportFilter[],
  id: string,
  value: ReportFilter['value'],
): ReportFilter[] {
  const meaningful = Array.isArray(value) ? value.length > 0 : value !== null;
  return filters.map((filter) => (filter.id === id ? { ...filter, value, selected: meaningful } : filter));
}

/** A custom range (and hours): the custom date filter is selected, and the interval follows. */
export function setCustomRange(
  filters: ReportFilter[],
  start: string,
  end: string,
  hours?: [string, string],
): ReportFilter[] {
  const withRange = filters.map((filter) =>
    filter.id === 'dates-custom'
      ? { ...filter, date_start: start, date_end: end, ...(hours ? { hoursInterval: hours } : {}) }
      : filter,
  );
  return selectFilter(withRange, 'dates-custom');
}

export function selectedDates(filters: ReportFilter[]): ReportFilter | undefined {
  return filters.find((filter) => filter.slug === 'dates' && filter.selected);
}

/** spec §4: a shorter date range deselects a longer interval and selects a shorter one. */
function followDates(filters: ReportFilter[]): ReportFilter[] {
  const dates = selectedDates(filters);
  if (!dates?.date_start || !dates.date_end) return filters;
  const current = filters.find((filter) => filter.slug === 'intervals' && filter.selected);
  const wanted = pickInterval(daysInRange(dates.date_start, dates.date_end), Number(current?.value ?? 2));
  return filters.map((filter) =>
    filter.slug === 'intervals' ? { ...filter, selected: filter.value === wanted } : filter,
  );
}

/** What the filters ask of a calculation (spec §3 report payload), for `section`. */
export function payloadOf<S extends string>(filters: ReportFilter[], section: S, query = '') {
  const dates = selectedDates(filters);
  const start = dates?.date_start ?? '';
  const end = dates?.date_end ?? start;
  const [from, to] = dates?.hoursInterval ?? ['00:00', '24:00'];
  const valueOf = (id: string) => filters.find((filter) => filter.id === id && filter.selected)?.value;
  const ids = (id: string) => {
    const value = valueOf(id);
    return Array.isArray(value) ? value : [];
  };
  const alarm = valueOf('alarm');
  const interval = filters.find((filter) => filter.slug === 'intervals' && filter.selected)?.value;
  return {
    section,
    query,
    location_ids: ids('locations'),
    type_ids: ids('types'),
    alarm: Array.isArray(alarm) && alarm.length === 2 ? ([alarm[0]!, alarm[1]!] as [number, number]) : null,
    days: [0, 1, 2, 3, 4, 5, 6],
    datetime_from: `${start}T${from}`,
    datetime_to: `${end}T${to}`,
    interval_id: typeof interval === 'number' ? interval : 2,
  };
}
