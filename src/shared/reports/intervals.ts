/**
 * Report intervals (spec §3 report payload interval_id) and the rule of spec §4: "a shorter date
 * range deselects a longer interval and selects a shorter one". An interval is usable when the range
 * holds at least two of it (one point is no chart); hours only up to 31 days (a month of hours is
 * already 744 points).
 */
export const INTERVALS = [
  { id: 1, key: 'hour', minDays: 1, maxDays: 31 },
  { id: 2, key: 'day', minDays: 2, maxDays: Infinity },
  { id: 3, key: 'week', minDays: 14, maxDays: Infinity },
  { id: 4, key: 'month', minDays: 56, maxDays: Infinity },
] as const;

export type IntervalId = (typeof INTERVALS)[number]['id'];
export type IntervalKey = (typeof INTERVALS)[number]['key'];

export const intervalKey = (id: number): IntervalKey =>
  INTERVALS.find((entry) => entry.id === id)?.key ?? 'day';

/** Days from `from` to `to`, both counted ('2026-01-01'..'2026-01-01' is 1). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export function usableIntervals(days: number): IntervalId[] {
  return INTERVALS.filter((entry) => days >= entry.minDays && days <= entry.maxDays).map((entry) => entry.id);
}

/**
 * The interval to show for a range of `days`: the current one while it stays usable; otherwise the
 * longest usable one shorter than it (the range shrank), else the shortest usable one (it grew).
 */
export function pickInterval(days: number, current: number): IntervalId {
  const usable = usableIntervals(days);
  if ((usable as number[]).includes(current)) return current as IntervalId;
  const shorter = usable.filter((id) => id < current);
  if (shorter.length > 0) return shorter[shorter.length - 1]!;
  return usable[0] ?? 1;
}
