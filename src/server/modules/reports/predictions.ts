import { addDays } from '../../../shared/time/zone';

/**
 * Expected occupancy of a future day (prediction-daily, prediction-weekday), from history only:
 *
 * 1. Weekday level: the mean booked occupancy of the same weekday over the last WEEKS weeks before
 *    the forecast is made. Days with nothing open (closures, a DST-free gap) are left out, so a
 *    closed day does not pull the mean down.
 * 2. Season: when a year of history exists, that level is scaled by how the same weekdays moved a
 *    year earlier from the same weeks to the weeks around the target day (a ratio kept between
 *    SEASON_MIN and SEASON_MAX, so one odd week a year ago cannot dominate).
 *
 * The naive forecast it is measured against ("same weekday last week") is `naiveForecast`; the
 * bench backtests both on generated history (bench/reports.ts).
 */
export const WEEKS = 8;
const SEASON_MIN = 0.5;
const SEASON_MAX = 2;
const SEASON_SPAN = 14;

/** Booked % per day; null for a day with nothing open (closed, excluded). */
export type History = ReadonlyMap<string, number | null>;

function mean(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The same weekday as `day` over the `weeks` weeks up to `asOf` (inclusive), open days only. */
function sameWeekdays(history: History, day: string, asOf: string, weeks: number): number[] {
  const shift = (weekdayOf(asOf) - weekdayOf(day) + 7) % 7;
  const latest = addDays(asOf, -shift);
  const values: number[] = [];
  for (let week = 0; week < weeks; week += 1) {
    const value = history.get(addDays(latest, -7 * week));
    if (value !== null && value !== undefined) values.push(value);
  }
  return values;
}

function seasonFactor(history: History, day: string, asOf: string): number {
  const yearAgo = addDays(day, -364);
  const yearAgoAsOf = addDays(asOf, -364);
  const around: number[] = [];
  for (let offset = -SEASON_SPAN / 2; offset < SEASON_SPAN / 2; offset += 1) {
    const value = history.get(addDays(yearAgo, offset));
    if (value !== null && value !== undefined) around.push(value);
  }
  const before: number[] = [];
  for (let offset = 0; offset < WEEKS * 7; offset += 1) {
    const value = history.get(addDays(yearAgoAsOf, -offset));
    if (value !== null && value !== undefined) before.push(value);
  }
  const [then, base] = [mean(around), mean(before)];
  if (then === null || base === null || base <= 0 || around.length < SEASON_SPAN / 2) return 1;
  return Math.min(SEASON_MAX, Math.max(SEASON_MIN, then / base));
}

/** Expected booked % of `day`, knowing history up to `asOf`; null without any history. */
export function forecast(history: History, day: string, asOf: string): number | null {
  const level = mean(sameWeekdays(history, day, asOf, WEEKS));
  if (level === null) return null;
  return Math.min(100, Math.round(10 * level * seasonFactor(history, day, asOf)) / 10);
}

/** The naive forecast: what the same weekday of the last known week had. */
export function naiveForecast(history: History, day: string, asOf: string): number | null {
  return sameWeekdays(history, day, asOf, 1)[0] ?? null;
}

/** prediction-weekday: the expected occupancy of each weekday (0 = Monday) from the last weeks. */
export function weekdayProfile(history: History, asOf: string): Array<number | null> {
  return Array.from({ length: 7 }, (_, weekday) => {
    const day = addDays(asOf, (weekday - weekdayOf(asOf) + 7) % 7 || 7);
    return forecast(history, day, asOf);
  });
}
