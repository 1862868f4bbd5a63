import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, parseEvent, serializeEvent, unescapeText, utcDateTime } from './icalendar';

describe('iCalendar text (RFC 5545)', () => {
  it('escapes backslash, semicolon, comma and line breaks in TEXT values (§3.3.11)', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(unescapeText(escapeText('a\\b;c,d\ne'))).toBe('a\\b;c,d\ne');
  });

  it('folds lines longer than 75 octets with CRLF and a space, never inside a UTF-8 character (§3.1)', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const [index, part] of parts.entries()) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(' ')).toBe(true);
    }
    expect(parts.map((part, index) => (index > 0 ? part.slice(1) : part)).join('')).toBe(line);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('writes times in UTC with the Z suffix (§3.3.5 form #2)', () => {
    expect(utcDateTime(new Date('2026-11-23T08:30:00.000Z'))).toBe('20261123T083000Z');
  });

  it('writes a VEVENT with CRLF line ends that reads back to the same event', () => {
    const event = {
      uid: 'workplace-42@acme',
      start: new Date('2026-11-23T08:00:00Z'),
      end: new Date('2026-11-23T09:30:00Z'),
      summary: 'Board meeting; budget, Q4\nsecond line',
      location: 'Acme HQ / Building A / Floor 1 / Room 1.01',
      organizer: 'employee@acme.test',
      sequence: 2,
      status: 'CONFIRMED' as const,
      attendees: [{ address: 'room1@acme.test', cutype: 'ROOM' as const, partstat: 'ACCEPTED' as const }],
    };
    const text = serializeEvent(event, new Date('2026-11-20T00:00:00Z'));
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    expect(text).toContain('DTSTART:20261123T080000Z\r\n');
    expect(text).toContain('ORGANIZER:mailto:employee@acme.test');
    expect(parseEvent(text)).toEqual({ ...event, description: undefined, comment: undefined });
  });

  it('reads TZID, floating and all-day times, a DURATION instead of DTEND, and skips VALARM', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Zurich',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:abc',
      'DTSTART;TZID=Europe/Zurich:20261123T100000',
      'DURATION:PT1H30M',
      'SUMMARY:Long summ',
      ' ary folded',
      'BEGIN:VALARM',
      'SUMMARY:alarm',
      'END:VALARM',
      'ATTENDEE;CUTYPE=ROOM;PARTSTAT=DECLINED;CN="Room: 1":mailto:room@acme.test',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const event = parseEvent(text);
    expect(event?.start.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(event?.end.toISOString()).toBe('2026-11-23T10:30:00.000Z');
    expect(event?.summary).toBe('Long summary folded');
    expect(event?.attendees).toEqual([{ address: 'room@acme.test', cutype: 'ROOM', partstat: 'DECLINED' }]);

    const floating = parseEvent('BEGIN:VEVENT\nUID:x\nDTSTART:20260701T120000\nEND:VEVENT', 'Europe/Zurich');
    expect(floating?.start.toISOString()).toBe('2026-07-01T10:00:00.000Z');
    const allDay = parseEvent(
      'BEGIN:VEVENT\nUID:y\nDTSTART;VALUE=DATE:20261124\nDTEND;VALUE=DATE:20261125\nEND:VEVENT',
    );
    expect(allDay?.start.toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(allDay?.end.toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });

  it('reads a time the clocks repeat as its first occurrence, a skipped one as moved on by the gap, an unknown zone as UTC (§3.3.5)', () => {
    const at = (value: string) =>
      parseEvent(`BEGIN:VEVENT\nUID:z\nDTSTART;${value}\nEND:VEVENT`)?.start.toISOString();
    // 25 October 2026, 02:30 in Zurich happens twice: first at UTC+2
    expect(at('TZID=Europe/Zurich:20261025T023000')).toBe('2026-10-25T00:30:00.000Z');
    // 29 March 2026, 02:30 never shows: 03:30 summer time
    expect(at('TZID=Europe/Zurich:20260329T023000')).toBe('2026-03-29T01:30:00.000Z');
    expect(at('TZID=Europe/Zurich:20260701T120015')).toBe('2026-07-01T10:00:15.000Z');
    expect(at('TZID=W. Europe Standard Time:20260701T120000')).toBe('2026-07-01T12:00:00.000Z');
    expect(at('TZID=W. Europe Standard Time;VALUE=DATE:20260701')).toBe('2026-07-01T00:00:00.000Z');
  });

  it('answers null for an object without a VEVENT, a UID or a start', () => {
    expect(parseEvent('BEGIN:VCALENDAR\r\nEND:VCALENDAR')).toBeNull();
    expect(parseEvent('BEGIN:VEVENT\r\nDTSTART:20261123T080000Z\r\nEND:VEVENT')).toBeNull();
    expect(parseEvent('BEGIN:VEVENT\r\nUID:a\r\nEND:VEVENT')).toBeNull();
  });
});
