import { isKnownZone, zonedInstant } from '../../shared/time/zone';

/**
 * The iCalendar (RFC 5545) text of one event, as CalDAV servers store it, and the reading of the
 * events such servers hand back. Only what calendar sync needs: one VEVENT per object, times in UTC
 * when written; TZID, UTC and floating times when read.
 */
export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  /** mailto: address of who organised it */
  organizer?: string;
  /** raises with every change the organiser makes (RFC 5545 §3.8.7.4) */
  sequence?: number;
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  attendees?: CalendarAttendee[];
  /** a note to the organiser, e.g. why the room declined */
  comment?: string;
  /**
   * Read from a VEVENT that overrides one occurrence of a recurring event: its original start
   * (written by withOverride, in the form of the series' DTSTART).
   */
  recurrenceId?: Date;
}

export interface CalendarAttendee {
  address: string;
  partstat?: 'NEEDS-ACTION' | 'ACCEPTED' | 'DECLINED' | 'TENTATIVE';
  cutype?: 'INDIVIDUAL' | 'ROOM' | 'RESOURCE';
}

const PRODID = '-//Workplace//Calendar sync//EN';
const CRLF = '\r\n';
/** RFC 5545 §3.1: lines are at most 75 octets, not counting the line break */
const MAX_LINE_OCTETS = 75;

/** TEXT values (§3.3.11): backslash, semicolon, comma and line breaks are escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, char: string) => (char === 'n' || char === 'N' ? '\n' : char));
}

/** Folds one content line at 75 octets without cutting a UTF-8 character in two (§3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // continuation lines start with a space, which counts towards their 75 octets
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** A UTC DATE-TIME (§3.3.5 form #2): 20261123T083000Z. */
export function utcDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function serializeEvent(event: CalendarEvent, stamp = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcDateTime(stamp)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.organizer) lines.push(`ORGANIZER:${mailto(event.organizer)}`);
  for (const attendee of event.attendees ?? []) {
    const params = [
      attendee.cutype ? `CUTYPE=${attendee.cutype}` : null,
      attendee.partstat ? `PARTSTAT=${attendee.partstat}` : null,
    ].filter(Boolean);
    lines.push(`ATTENDEE${params.map((param) => `;${param}`).join('')}:${mailto(attendee.address)}`);
  }
  if (event.comment) lines.push(`COMMENT:${escapeText(event.comment)}`);
  if (event.sequence !== undefined) lines.push(`SEQUENCE:${event.sequence}`);
  if (event.status) lines.push(`STATUS:${event.status}`);
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/**
 * The iCalendar object `text` with `override` as the VEVENT of one occurrence (`recurrence.id`, its
 * original start, named by `recurrence.property`, the RECURRENCE-ID line in the series' form; a
 * floating or all-day one is read in `recurrence.zone`),
 * replacing one the object had for it; the rest of the object is kept as it was.
 */
export function withOverride(
  text: string,
  override: CalendarEvent,
  recurrence: { id: Date; property: string; zone?: string },
  stamp = new Date(),
): string {
  const kept: string[] = [];
  let block: string[] | null = null;
  let depth = 0;
  for (const line of unfoldedLines(text)) {
    const parsed = parseContentLine(line);
    if (!block) {
      if (parsed.name === 'BEGIN' && parsed.value.toUpperCase() === 'VEVENT') block = [line];
      else kept.push(line);
      continue;
    }
    block.push(line);
    if (parsed.name === 'BEGIN') depth += 1;
    else if (parsed.name === 'END' && depth > 0) depth -= 1;
    else if (parsed.name === 'END') {
      const rid = block.map(parseContentLine).find((one) => one.name === 'RECURRENCE-ID');
      const same = rid && parseDateTime(rid, recurrence.zone)?.getTime() === recurrence.id.getTime();
      if (!same) kept.push(...block);
      block = null;
    }
  }
  const written = unfoldedLines(serializeEvent({ ...override, recurrenceId: undefined }, stamp));
  const event = written.slice(written.indexOf('BEGIN:VEVENT'), written.indexOf('END:VEVENT') + 1);
  // RECURRENCE-ID right after UID
  event.splice(2, 0, recurrence.property);
  const end = kept.map((line) => line.toUpperCase()).lastIndexOf('END:VCALENDAR');
  kept.splice(end < 0 ? kept.length : end, 0, ...event);
  return kept.map(foldLine).join(CRLF) + CRLF;
}

function mailto(address: string): string {
  return /^mailto:/i.test(address) ? address : `mailto:${address}`;
}

export interface ContentLine {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** Unfolds (§3.1: a line break followed by a space or tab continues the line) and splits lines. */
function unfoldedLines(text: string): string[] {
  return text
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
}

function contentLines(text: string): ContentLine[] {
  return unfoldedLines(text).map(parseContentLine);
}

function parseContentLine(line: string): ContentLine {
  // the value starts at the first ':' outside a quoted parameter value
  let inQuotes = false;
  let colon = -1;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (char === '"') inQuotes = !inQuotes;
    else if (char === ':' && !inQuotes) {
      colon = i;
      break;
    }
  }
  const head = colon < 0 ? line : line.slice(0, colon);
  const value = colon < 0 ? '' : line.slice(colon + 1);
  const [name = '', ...rawParams] = splitOutsideQuotes(head, ';');
  const params: Record<string, string> = {};
  for (const raw of rawParams) {
    const eq = raw.indexOf('=');
    if (eq > 0) params[raw.slice(0, eq).toUpperCase()] = raw.slice(eq + 1).replace(/^"|"$/g, '');
  }
  return { name: name.toUpperCase(), params, value };
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  let inQuotes = false;
  for (const char of text) {
    if (char === '"') inQuotes = !inQuotes;
    if (char === separator && !inQuotes) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

/**
 * DATE-TIME or DATE of DTSTART/DTEND: UTC, with a TZID, or floating (read in `fallbackZone`). A time
 * repeated when the clocks go back is its first occurrence and a skipped one moves on by the gap
 * (RFC 5545 §3.3.5), by the zone maths that place a series' occurrences, so an EXDATE or
 * RECURRENCE-ID in that hour names the occurrence it was written for.
 */
export function parseDateTime(line: ContentLine, fallbackZone = 'UTC'): Date | null {
  const value = line.value.trim();
  const dateOnly = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  const dateTime = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/.exec(value);
  const zone = line.params.TZID ?? fallbackZone;
  // an unknown TZID (a Windows zone name, say): read as UTC rather than drop the event
  const known = isKnownZone(zone);
  if (dateOnly) {
    const [, y, m, d] = dateOnly;
    return known ? zonedInstant(`${y}-${m}-${d}`, 0, zone) : new Date(`${y}-${m}-${d}T00:00:00Z`);
  }
  if (!dateTime) return null;
  const [, y, mo, d, h, mi, s, z] = dateTime;
  if (z === 'Z' || !known) return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  const minutes = Number(h) * 60 + Number(mi);
  return new Date(zonedInstant(`${y}-${mo}-${d}`, minutes, zone).getTime() + Number(s) * 1000);
}

/** The first VEVENT of an iCalendar object, or null when it has none or lacks UID/DTSTART. */
export function parseEvent(text: string, fallbackZone = 'UTC'): CalendarEvent | null {
  const [first] = vevents(text);
  return first ? eventOf(first, fallbackZone) : null;
}

/** The properties of each VEVENT of an iCalendar object, nested components (VALARM) left out. */
export function vevents(text: string): ContentLine[][] {
  const events: ContentLine[][] = [];
  let current: ContentLine[] | null = null;
  let depth = 0;
  for (const line of contentLines(text)) {
    if (!current) {
      if (line.name === 'BEGIN' && line.value.toUpperCase() === 'VEVENT') current = [];
      continue;
    }
    if (line.name === 'BEGIN') depth += 1;
    else if (line.name === 'END' && depth > 0) depth -= 1;
    else if (line.name === 'END') {
      events.push(current);
      current = null;
    } else if (depth === 0) current.push(line);
  }
  return events;
}

/** One VEVENT's properties as an event, or null when it lacks UID or a readable DTSTART. */
export function eventOf(found: readonly ContentLine[], fallbackZone = 'UTC'): CalendarEvent | null {
  const get = (name: string) => found.find((line) => line.name === name);
  const uid = get('UID')?.value;
  const startLine = get('DTSTART');
  if (!uid || !startLine) return null;
  const start = parseDateTime(startLine, fallbackZone);
  if (!start) return null;
  const endLine = get('DTEND');
  const end =
    (endLine && parseDateTime(endLine, fallbackZone)) ?? endFromDuration(start, get('DURATION')?.value);
  const status = get('STATUS')?.value.toUpperCase();
  const sequence = get('SEQUENCE')?.value;
  const organizer = get('ORGANIZER')?.value;
  const comment = get('COMMENT')?.value;
  return {
    uid,
    start,
    end,
    summary: unescapeText(get('SUMMARY')?.value ?? ''),
    location: get('LOCATION') ? unescapeText(get('LOCATION')!.value) : undefined,
    description: get('DESCRIPTION') ? unescapeText(get('DESCRIPTION')!.value) : undefined,
    organizer: organizer ? organizer.replace(/^mailto:/i, '') : undefined,
    sequence: sequence !== undefined && /^\d+$/.test(sequence) ? Number(sequence) : undefined,
    status: status === 'CONFIRMED' || status === 'TENTATIVE' || status === 'CANCELLED' ? status : undefined,
    attendees: found
      .filter((line) => line.name === 'ATTENDEE')
      .map((line) => ({
        address: line.value.replace(/^mailto:/i, ''),
        partstat: line.params.PARTSTAT as CalendarAttendee['partstat'],
        cutype: line.params.CUTYPE as CalendarAttendee['cutype'],
      })),
    comment: comment ? unescapeText(comment) : undefined,
  };
}

/** DURATION (§3.3.6) such as PT1H30M or P1D; an event without end or duration lasts no time. */
function endFromDuration(start: Date, duration: string | undefined): Date {
  const match = duration && /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(duration);
  if (!match) return start;
  const [, w, d, h, m, s] = match.map((part) => Number(part ?? 0));
  const ms = ((((w ?? 0) * 7 + (d ?? 0)) * 24 + (h ?? 0)) * 60 + (m ?? 0)) * 60_000 + (s ?? 0) * 1000;
  return new Date(start.getTime() + ms);
}
