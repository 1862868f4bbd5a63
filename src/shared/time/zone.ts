/**
 * Wall-clock times in a named IANA zone ↔ instants, with the platform's Intl data only, so the
 * server and the browser compute the same slots. A calendar date is 'YYYY-MM-DD', a time 'HH:MM'.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface WallClock {
  date: string;
  time: string;
  /** seconds, for exactness of offsets */
  second: number;
}

// Asking Intl is the costly part of every conversion here, and the same few instants (slot and day
// boundaries) are converted again and again: the latest answers are kept, per zone and instant.
const REMEMBERED = 4_096;
const clocks = new Map<string, Readonly<WallClock>>();
const instants = new Map<string, number>();

function remember<T>(memo: Map<string, T>, key: string, value: T): T {
  if (memo.size >= REMEMBERED) memo.delete(memo.keys().next().value!);
  memo.set(key, value);
  return value;
}

/** What a clock in `timeZone` shows at `instant`. */
export function wallClockAt(instant: Date, timeZone: string): Readonly<WallClock> {
  const key = `${instant.getTime()}|${timeZone}`;
  const known = clocks.get(key);
  if (known) return known;
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return remember(
    clocks,
    key,
    Object.freeze({
      date: `${parts.year}-${parts.month}-${parts.day}`,
      time: `${parts.hour}:${parts.minute}`,
      second: Number(parts.second),
    }),
  );
}

/** The zone's offset from UTC at `instant`, in minutes (Zurich in summer: 120). */
export function offsetMinutesAt(instant: Date, timeZone: string): number {
  const clock = wallClockAt(instant, timeZone);
  const asUtc = Date.UTC(
    Number(clock.date.slice(0, 4)),
    Number(clock.date.slice(5, 7)) - 1,
    Number(clock.date.slice(8, 10)),
    Number(clock.time.slice(0, 2)),
    Number(clock.time.slice(3, 5)),
    clock.second,
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** Minutes since midnight of 'HH:MM'. */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** 'HH:MM' of minutes since midnight (0 … 1439). */
export function timeOf(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The calendar date `days` after `date`. */
export function addDays(date: string, days: number): string {
  const utc = new Date(`${date}T00:00:00Z`);
  utc.setUTCDate(utc.getUTCDate() + days);
  return utc.toISOString().slice(0, 10);
}

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * The instant a clock in `timeZone` shows `date` at `minutes` past midnight (minutes may be 1440:
 * the next midnight). A time skipped by a daylight-saving change moves forward by the gap (02:30
 * on a spring-forward night is 03:30); a repeated time is its first occurrence.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const key = `${date}|${minutes}|${timeZone}`;
  let instant = instants.get(key);
  if (instant === undefined) instant = remember(instants, key, instantOf(date, minutes, timeZone).getTime());
  return new Date(instant);
}

function instantOf(date: string, minutes: number, timeZone: string): Date {
  const naive = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
    0,
    minutes,
  );
  // The offset just before and just after the wanted wall time; they differ only around a change.
  const before = offsetMinutesAt(new Date(naive - 12 * 3_600_000), timeZone);
  const after = offsetMinutesAt(new Date(naive + 12 * 3_600_000), timeZone);
  const early = naive - before * 60_000;
  if (before === after) return new Date(early);
  const late = naive - after * 60_000;
  const readsAsWanted = (instant: number) =>
    offsetMinutesAt(new Date(instant), timeZone) * 60_000 + instant === naive;
  if (readsAsWanted(early)) return new Date(early); // first occurrence of a repeated time
  if (readsAsWanted(late)) return new Date(late);
  // In the gap: the wall time never shows; the same distance past the change.
  return new Date(early);
}

/** The zone this platform runs in (a browser's, the server's), UTC if it names none. */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Whether `timeZone` is a zone this platform knows. */
export function isKnownZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}
