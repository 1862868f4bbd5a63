import type { Options } from 'rrule';
import { RRule } from '../../shared/time/recurrence';
import { addDays, isKnownZone, wallClockAt, zonedInstant } from '../../shared/time/zone';
import { eventOf, parseDateTime, vevents, type CalendarEvent, type ContentLine } from './icalendar';

/** One occurrence of an iCalendar object's event: a one-off event is its own single occurrence. */
export interface Occurrence {
  /** the occurrence's original start (RECURRENCE-ID); null for an event that does not recur */
  recurrenceId: Date | null;
  event: CalendarEvent;
}

/**
 * Ours: at most this many occurrences of one object are read in a window (the soonest). A daily
 * meeting over the sync window's year is 366; a room calendar holds nothing denser that is real.
 */
export const MAX_OCCURRENCES_PER_OBJECT = 1_000;

const DAY_MS = 86_400_000;

/** DTSTART's wall clock and the zone its recurrence is computed in (RFC 5545 §3.3.10). */
interface Anchor {
  zone: string;
  date: string;
  minutes: number;
  allDay: boolean;
}

function anchorOf(line: ContentLine, fallbackZone: string): Anchor | null {
  const value = line.value.trim();
  const dateOnly = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (dateOnly) {
    const [, y, m, d] = dateOnly;
    return { zone: fallbackZone, date: `${y}-${m}-${d}`, minutes: 0, allDay: true };
  }
  const dateTime = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/.exec(value);
  if (!dateTime) return null;
  const [, y, mo, d, h, mi, , z] = dateTime;
  // in UTC: recurs in UTC; with a zone: in it (an unknown one, a Windows name say, read as UTC as
  // parseDateTime does); floating: in the calendar's zone
  const tzid = line.params.TZID;
  const zone = z === 'Z' ? 'UTC' : tzid ? (isKnownZone(tzid) ? tzid : 'UTC') : fallbackZone;
  return { zone, date: `${y}-${mo}-${d}`, minutes: Number(h) * 60 + Number(mi), allDay: false };
}

/** rrule works on "floating" dates: the wall clock written in a Date's UTC fields. */
const floating = (date: string, minutes = 0) => new Date(Date.parse(`${date}T00:00:00Z`) + minutes * 60_000);

function floatingAt(instant: Date, zone: string): Date {
  const clock = wallClockAt(instant, zone);
  const [h, m] = clock.time.split(':').map(Number);
  return floating(clock.date, h! * 60 + m!);
}

/** Ours: repeats more often than hourly are no room meetings; such an RRULE is read as unreadable. */
const FINEST_FREQUENCY = RRule.HOURLY;
/**
 * Ours: at most this many dates of a rule are stepped through, from its DTSTART, before the window
 * ends (an hourly series begun eleven years before it); a rule needing more stops there.
 */
const MAX_RULE_STEPS = 100_000;

/** The RRULE's options, its UNTIL (when written in UTC, an instant) made the anchor zone's wall clock. */
function ruleOptions(value: string, anchor: Anchor): Partial<Options> | null {
  let options: Partial<Options>;
  try {
    options = RRule.parseString(value);
  } catch {
    return null;
  }
  // RRule's frequencies count down from YEARLY (0) to SECONDLY (6)
  if (options.freq === undefined || options.freq > FINEST_FREQUENCY) return null;
  // a daily or hourly set holds the day's or hour's one time: positions in it are no meeting's
  if (options.bysetpos !== undefined && options.bysetpos !== null && options.freq >= RRule.DAILY) return null;
  delete options.dtstart;
  delete options.tzid;
  const until = /(?:^|;)UNTIL=(\d{8})(T\d{6}(Z?))?/i.exec(value);
  if (until && options.until) {
    const [, , time, z] = until;
    if (z) options.until = floatingAt(options.until, anchor.zone);
    // a date alone: that whole day
    else if (!time) options.until = new Date(options.until.getTime() + DAY_MS - 1);
  }
  return { ...options, dtstart: floating(anchor.date, anchor.minutes) };
}

/** The instants of RDATE or EXDATE properties (lists of DATE-TIME or DATE; PERIODs left out). */
function instantsOf(lines: readonly ContentLine[], name: string, fallbackZone: string): Date[] {
  return lines
    .filter((line) => line.name === name && line.params.VALUE?.toUpperCase() !== 'PERIOD')
    .flatMap((line) => line.value.split(',').map((value) => ({ ...line, value })))
    .map((line) => parseDateTime(line, fallbackZone))
    .filter((instant): instant is Date => instant !== null);
}

/**
 * Whether the rule's filters let any date through (30 February does not). rrule looks for the
 * dates of a rule until the year 9999 whatever its UNTIL, which a daily rule without any takes
 * seconds to find out; a yearly rule with the same filters (a wider set: no BYSETPOS) finds out in
 * a tenth of that.
 */
function anyDate(options: Partial<Options>): boolean {
  const probe = new RRule({
    ...options,
    freq: RRule.YEARLY,
    interval: 1,
    bysetpos: null,
    count: 1,
    until: null,
  });
  return probe.all().length > 0;
}

/** The rule's starts up to `to` (never past it: a rule whose dates never come stops there too). */
function ruleStarts(options: Partial<Options>, anchor: Anchor, to: Date): Date[] {
  if (!anyDate(options)) return [];
  // zone offsets are under a day: the floating end two days on, then each instant is checked
  const end = new Date(to.getTime() + 2 * DAY_MS);
  const rule = new RRule({ ...options, until: options.until && options.until < end ? options.until : end });
  const starts: Date[] = [];
  let steps = 0;
  rule.all((date) => {
    const day = date.toISOString().slice(0, 10);
    const minutes = date.getUTCHours() * 60 + date.getUTCMinutes();
    starts.push(zonedInstant(day, anchor.allDay ? 0 : minutes, anchor.zone));
    steps += 1;
    return steps < MAX_RULE_STEPS;
  });
  return starts;
}

/** Every occurrence up to `to` (the dates before the window too), overrides applied; unsorted. */
function expand(text: string, to: Date, fallbackZone: string): Occurrence[] {
  const components = vevents(text);
  const master = components.find((lines) => !lines.some((line) => line.name === 'RECURRENCE-ID'));
  const overrides = new Map<number, CalendarEvent>();
  for (const lines of components) {
    const ridLine = lines.find((line) => line.name === 'RECURRENCE-ID');
    const rid = ridLine ? parseDateTime(ridLine, fallbackZone) : null;
    const event = rid ? eventOf(lines, fallbackZone) : null;
    if (rid && event) overrides.set(rid.getTime(), { ...event, recurrenceId: rid });
  }
  const base = master ? eventOf(master, fallbackZone) : null;
  const startLine = master?.find((line) => line.name === 'DTSTART');
  const anchor = startLine ? anchorOf(startLine, fallbackZone) : null;
  const ruleLine = master?.find((line) => line.name === 'RRULE');
  const options = ruleLine && anchor ? ruleOptions(ruleLine.value, anchor) : null;
  const extra = master ? instantsOf(master, 'RDATE', fallbackZone) : [];
  const found: Occurrence[] = [];
  if (base && anchor && (options || extra.length > 0)) {
    const duration = base.end.getTime() - base.start.getTime();
    const days = Math.max(1, Math.round(duration / DAY_MS));
    // DTSTART is the first instance of a set made of RDATEs alone (RFC 5545 §3.8.5.2)
    const starts = options ? ruleStarts(options, anchor, to) : [base.start];
    const excluded = new Set(instantsOf(master!, 'EXDATE', fallbackZone).map((instant) => instant.getTime()));
    const seen = new Set<number>();
    for (const start of [...starts, ...extra]) {
      const at = start.getTime();
      if (excluded.has(at) || seen.has(at)) continue;
      seen.add(at);
      const end = anchor.allDay
        ? zonedInstant(addDays(wallClockAt(start, anchor.zone).date, days), 0, anchor.zone)
        : new Date(at + duration);
      found.push({ recurrenceId: start, event: overrides.get(at) ?? { ...base, start, end } });
      overrides.delete(at);
    }
  } else if (base) {
    // a one-off event
    return [{ recurrenceId: null, event: base }];
  }
  // an override whose original time was not among the dates read (moved into the window), or a lone one
  for (const [rid, event] of overrides) found.push({ recurrenceId: new Date(rid), event });
  return found;
}

/**
 * The occurrences of an iCalendar object's event that overlap `window`, soonest first (RFC 5545
 * §3.8.5): the master VEVENT's RRULE and RDATE, less its EXDATE; an overriding VEVENT (one with a
 * RECURRENCE-ID) replaces the occurrence it names, or cancels it (STATUS:CANCELLED, kept here with
 * that status). A recurrence is computed on its DTSTART's wall clock in DTSTART's zone, so a 09:00
 * weekly meeting stays at 09:00 across a daylight-saving change, and lasts what the first one does.
 */
export function occurrencesIn(
  text: string,
  window: { from: Date; to: Date },
  fallbackZone = 'UTC',
): Occurrence[] {
  return expand(text, window.to, fallbackZone)
    .filter(({ event }) => event.start < window.to && event.end > window.from)
    .sort((a, b) => a.event.start.getTime() - b.event.start.getTime())
    .slice(0, MAX_OCCURRENCES_PER_OBJECT);
}

/** The occurrence whose original start is `recurrenceId`, wherever it was moved, or null. */
export function occurrenceAt(text: string, recurrenceId: Date, fallbackZone = 'UTC'): CalendarEvent | null {
  const at = recurrenceId.getTime();
  return (
    expand(text, new Date(at + DAY_MS), fallbackZone).find((one) => one.recurrenceId?.getTime() === at)
      ?.event ?? null
  );
}

/**
 * The RECURRENCE-ID property naming the occurrence that starts at `recurrenceId`, in the form of
 * the master's DTSTART (a date, a zone's wall clock, or UTC), as RFC 5545 §3.8.4.4 asks, so that
 * every client matches it to its occurrence.
 */
export function recurrenceIdProperty(text: string, recurrenceId: Date, fallbackZone = 'UTC'): string {
  const master = vevents(text).find((lines) => !lines.some((line) => line.name === 'RECURRENCE-ID'));
  const startLine = master?.find((line) => line.name === 'DTSTART');
  const anchor = startLine ? anchorOf(startLine, fallbackZone) : null;
  const compact = (date: string) => date.replaceAll('-', '');
  if (anchor?.allDay)
    return `RECURRENCE-ID;VALUE=DATE:${compact(wallClockAt(recurrenceId, anchor.zone).date)}`;
  const tzid = startLine?.params.TZID;
  if (anchor && tzid && anchor.zone === tzid) {
    const clock = wallClockAt(recurrenceId, tzid);
    return `RECURRENCE-ID;TZID=${tzid}:${compact(clock.date)}T${clock.time.replace(':', '')}00`;
  }
  return `RECURRENCE-ID:${recurrenceId
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`;
}
