import { describe, expect, it } from 'vitest';
import {
  availabilityBody,
  availabilityDraft,
  formatWeekdays,
  isoToLocalInput,
  localInputToIso,
  unavailabilityBody,
  unavailabilityDraft,
} from './availability';

describe('weekdays as people write them', () => {
  it('joins a run of three or more days with a dash', () => {
    expect(formatWeekdays([1, 2, 3, 4, 5], 'en-GB')).toBe('Mon–Fri');
    expect(formatWeekdays([7, 6, 5, 4, 3, 2, 1], 'en-GB')).toBe('Mon–Sun');
  });
  it('lists days that do not follow each other, and pairs', () => {
    expect(formatWeekdays([1, 3, 5], 'en-GB')).toBe('Mon, Wed, Fri');
    expect(formatWeekdays([6, 7, 1, 2, 3], 'en-GB')).toBe('Mon–Wed, Sat, Sun');
  });
  it('names the days in the user’s language, once each', () => {
    expect(formatWeekdays([2, 2, 1], 'de-CH')).toBe('Mo, Di');
    expect(formatWeekdays([1, 2, 3], 'fr-FR')).toBe('lun.–mer.');
  });
});

describe('datetime-local values and UTC instants (the browser’s zone)', () => {
  it('reads a local time in the zone and sends it as UTC', () => {
    expect(localInputToIso('2026-06-01T09:30', 'Europe/Zurich')).toBe('2026-06-01T07:30:00Z');
    expect(localInputToIso('2026-01-15T09:30', 'Europe/Zurich')).toBe('2026-01-15T08:30:00Z');
    expect(localInputToIso('2026-06-01T09:30:15', 'America/New_York')).toBe('2026-06-01T13:30:15Z');
  });
  it('shows a stored instant in the zone, and back again', () => {
    expect(isoToLocalInput('2026-06-01T07:30:00Z', 'Europe/Zurich')).toBe('2026-06-01T09:30');
    const local = '2026-10-25T01:45';
    expect(isoToLocalInput(localInputToIso(local, 'Asia/Tokyo')!, 'Asia/Tokyo')).toBe(local);
  });
  it('answers null or empty for what is not a date', () => {
    expect(localInputToIso('2026-13-01T09:30', 'Europe/Zurich')).toBeNull();
    expect(localInputToIso('tomorrow', 'Europe/Zurich')).toBeNull();
    expect(isoToLocalInput('not a date', 'Europe/Zurich')).toBe('');
  });
});

describe('an availability window (spec §2 add-availability)', () => {
  it('starts as working days 08:00–18:00 and sends weekdays once each, in order, with open dates as null', () => {
    const draft = { ...availabilityDraft(), weekdays: [5, 1, 3, 1] };
    expect(availabilityBody(draft)).toEqual({
      body: { weekdays: [1, 3, 5], time_from: '08:00', time_to: '18:00', date_from: null, date_to: null },
      errors: null,
    });
  });
  it('loads a stored window with the server’s times cut to HH:MM', () => {
    const draft = availabilityDraft({
      id: 1,
      resource_id: 2,
      weekdays: [6],
      time_from: '09:00:00',
      time_to: '12:30:00',
      date_from: '2026-06-01',
      date_to: null,
    });
    expect(draft).toEqual({
      weekdays: [6],
      time_from: '09:00',
      time_to: '12:30',
      date_from: '2026-06-01',
      date_to: '',
    });
  });
  it('needs a weekday, an end after the start and dates in order', () => {
    const result = availabilityBody({
      weekdays: [],
      time_from: '18:00',
      time_to: '08:00',
      date_from: '2026-06-30',
      date_to: '2026-06-01',
    });
    expect(result.body).toBeNull();
    expect(result.errors).toEqual({
      weekdays: ['This field is required.'],
      time_to: ['The end time must be after the start time.'],
      date_to: ['The end date cannot be before the start date.'],
    });
  });
  it('refuses a day that does not exist', () => {
    expect(availabilityBody({ ...availabilityDraft(), date_from: '2026-02-30' }).errors).toEqual({
      date_from: ['The date is not valid.'],
    });
  });
});

describe('an unavailability (spec §2 add-unavailability)', () => {
  const zone = 'Europe/Zurich';
  it('sends the local times as UTC instants and the reason trimmed', () => {
    expect(
      unavailabilityBody(
        { starts_at: '2026-06-01T08:00', ends_at: '2026-06-02T18:00', reason: ' Painting ' },
        zone,
      ),
    ).toEqual({
      body: { starts_at: '2026-06-01T06:00:00Z', ends_at: '2026-06-02T16:00:00Z', reason: 'Painting' },
      errors: null,
    });
  });
  it('needs both times, the end after the start', () => {
    expect(
      unavailabilityBody({ starts_at: '', ends_at: '2026-06-02T18:00', reason: '' }, zone).errors,
    ).toEqual({
      starts_at: ['This field is required.'],
    });
    expect(
      unavailabilityBody({ starts_at: '2026-06-02T18:00', ends_at: '2026-06-02T18:00', reason: '' }, zone)
        .errors,
    ).toEqual({ ends_at: ['The end must be after the start.'] });
  });
  it('loads a stored one in the zone; a new one starts at the next full hour and lasts a day', () => {
    const stored = unavailabilityDraft(
      {
        id: 1,
        resource_id: 2,
        starts_at: '2026-06-01T06:00:00.000Z',
        ends_at: '2026-06-01T16:00:00.000Z',
        reason: 'x',
      },
      zone,
    );
    expect(stored).toEqual({ starts_at: '2026-06-01T08:00', ends_at: '2026-06-01T18:00', reason: 'x' });
    const fresh = unavailabilityDraft(undefined, zone);
    expect(fresh.starts_at).toMatch(/T\d{2}:00$/);
    expect(
      Date.parse(localInputToIso(fresh.ends_at, zone)!) - Date.parse(localInputToIso(fresh.starts_at, zone)!),
    ).toBe(24 * 3600_000);
  });
});
