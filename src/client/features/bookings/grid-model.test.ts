import { describe, expect, it } from 'vitest';
import type { Grid, GridBooking, GridResource } from '../../../shared/contract/bookings';
import { dayInMinutes, gridDay, hourMarks, minuteInGrid, withMeridiem } from '../../../shared/time/grid';
import { slotsOf, toGridRows } from './grid-model';

type ResourceOfDay = Omit<GridResource, 'day_start' | 'day_minutes' | 'open_minutes'>;

function resource(overrides: Partial<ResourceOfDay> = {}): ResourceOfDay {
  return {
    id: 1,
    name: 'Desk F.01',
    path: 'Acme HQ / Building A / Floor 1',
    level_id: 5,
    capacity: 1,
    exclusive: true,
    start: '00:00',
    end: '00:00',
    timezone: 'Europe/Zurich',
    date_format: 'd.M.yyyy',
    time_format: 'HH:mm',
    resource_start: '07:00',
    resource_end: '19:00',
    limits: { step_minutes: 15, per_day: null, open: [{ from: '07:00', to: '19:00' }] },
    ...overrides,
  };
}

function booking(overrides: Partial<GridBooking>): GridBooking {
  return {
    id: 10,
    resource_id: 1,
    starts: '09:00',
    ends: '10:00',
    datetime_from: '2026-11-24T09:00:00+01:00',
    datetime_to: '2026-11-24T10:00:00+01:00',
    start_minute: 540,
    end_minute: 600,
    auto_release: false,
    pre_check_in: false,
    expiring_warning: false,
    previous_booking_in_minutes: 120,
    next_booking_in_minutes: 540,
    limits: { from: '2026-11-24T07:00:00+01:00', to: '2026-11-24T19:00:00+01:00' },
    offset: 60,
    subject: 'Planning',
    is_private: false,
    host: { id: 3, name: 'Erin Employee' },
    status: 'booked',
    approval_status: 'approved',
    source: 'grid',
    mine: true,
    can_edit: true,
    ...overrides,
  };
}

/** The grid answer, each resource's day in minutes and the hour marks worked out as the server does. */
function grid(resources: ResourceOfDay[], date = '2026-11-24'): Grid {
  const data = resources.map((shown) => {
    const day = gridDay(date, shown.timezone);
    const open = shown.limits.open.map((window) => {
      const { start, end } = gridDay(date, shown.timezone, window.from, window.to);
      return { from: start, to: end };
    });
    return { ...shown, ...dayInMinutes(day, open) };
  });
  const first = data[0];
  const hours = first ? hourMarks(date, first.timezone, withMeridiem(first.time_format)) : [];
  return { preset_id: 1, date, date_label: date, total: data.length, hours, data };
}

/**
 * The grid and its bookings as the server answers them: each booking's start_minute and end_minute
 * worked out from its instants on its resource's day, clipped to it.
 */
function served(answer: Grid, bookings: GridBooking[]): [Grid, GridBooking[]] {
  const dayOf = new Map(
    answer.data.map((shown) => {
      const start = new Date(shown.day_start);
      return [shown.id, { start, end: new Date(start.getTime() + shown.day_minutes * 60_000) }];
    }),
  );
  return [
    answer,
    bookings.map((booking) => {
      const day = dayOf.get(booking.resource_id)!;
      return {
        ...booking,
        start_minute: minuteInGrid(new Date(booking.datetime_from), day),
        end_minute: minuteInGrid(new Date(booking.datetime_to), day),
      };
    }),
  ];
}

describe('grid rows', () => {
  it('places each booking at its resource’s wall clock, whatever zone the browser runs in', () => {
    const newYork = resource({ id: 2, name: 'Desk NY-1', timezone: 'America/New_York' });
    const rows = toGridRows(
      ...served(grid([resource(), newYork]), [
        booking({}),
        // 09:00 in New York is 15:00 in Zurich: the row shows 09:00.
        booking({
          id: 11,
          resource_id: 2,
          datetime_from: '2026-11-24T14:00:00Z',
          datetime_to: '2026-11-24T15:30:00Z',
          starts: '09:00',
          ends: '10:30',
        }),
      ]),
    );
    expect(rows.map((row) => row.blocks.map((block) => block.span))).toEqual([
      [{ start: 540, end: 600 }],
      [{ start: 540, end: 630 }],
    ]);
    expect(rows[1]!.formatMinute(540)).toBe('09:00');
    expect(rows[0]!.open).toEqual({ start: 420, end: 1140 });
  });

  it('marks someone else’s booking the caller may not see as hidden (no subject, no host), and only that one', () => {
    const [row] = toGridRows(grid([resource()]), [
      booking({}),
      booking({
        id: 12,
        start_minute: 660,
        end_minute: 720,
        starts: '11:00',
        ends: '12:00',
        datetime_from: '2026-11-24T11:00:00+01:00',
        datetime_to: '2026-11-24T12:00:00+01:00',
        subject: '',
        host: { id: 0, name: '' },
        mine: false,
        can_edit: false,
      }),
      booking({
        id: 13,
        start_minute: 780,
        end_minute: 840,
        starts: '13:00',
        ends: '14:00',
        datetime_from: '2026-11-24T13:00:00+01:00',
        datetime_to: '2026-11-24T14:00:00+01:00',
        subject: '',
        is_private: true,
        host: { id: 4, name: 'Pia Private' },
        mine: false,
        can_edit: false,
      }),
    ]);
    expect(row!.blocks.map((block) => [block.id, block.hidden, block.title])).toEqual([
      [10, false, 'Planning'],
      [12, true, ''],
      [13, false, 'Pia Private'],
    ]);
  });

  it('gives the closed time between two openings as not selectable', () => {
    const split = resource({
      limits: {
        step_minutes: 30,
        per_day: null,
        open: [
          { from: '08:00', to: '12:00' },
          { from: '13:00', to: '24:00' },
        ],
      },
    });
    const [row] = toGridRows(grid([split]), []);
    expect(row!.open).toEqual({ start: 480, end: 1440 });
    expect(row!.closed).toEqual([{ start: 720, end: 780 }]);
    expect(row!.step).toBe(30);
  });

  it('clips a booking that runs over midnight to the day and drops one that lies outside it', () => {
    const rows = toGridRows(
      ...served(grid([resource()]), [
        booking({ id: 1, datetime_from: '2026-11-24T22:00:00Z', datetime_to: '2026-11-25T02:00:00Z' }),
        booking({ id: 2, datetime_from: '2026-11-25T08:00:00Z', datetime_to: '2026-11-25T09:00:00Z' }),
      ]),
    );
    expect(rows[0]!.blocks.map((block) => [block.id, block.span])).toEqual([[1, { start: 1380, end: 1440 }]]);
  });

  it('leaves out cancelled and released bookings: their time is free again', () => {
    const rows = toGridRows(grid([resource()]), [
      booking({ id: 1, status: 'cancelled' }),
      booking({ id: 2, status: 'released' }),
      booking({ id: 3, status: 'checked_in' }),
    ]);
    expect(rows[0]!.blocks.map((block) => block.id)).toEqual([3]);
  });

  it('names a private booking whose subject is not shown by its host, and keeps the server’s gaps', () => {
    const [row] = toGridRows(grid([resource()]), [
      booking({ subject: '', is_private: true, can_edit: false }),
    ]);
    expect(row!.blocks[0]).toMatchObject({
      title: 'Erin Employee',
      editable: false,
      previousGap: 120,
      nextGap: 540,
    });
  });

  it('is 23 hours long on the spring-forward day, and places its bookings by real time', () => {
    const rows = toGridRows(
      ...served(grid([resource()], '2026-03-29'), [
        // 04:00 in Zurich after the clocks went forward at 02:00: 180 minutes of real time in.
        booking({ datetime_from: '2026-03-29T04:00:00+02:00', datetime_to: '2026-03-29T05:00:00+02:00' }),
      ]),
    );
    expect(rows[0]!.dayMinutes).toBe(1380);
    expect(rows[0]!.blocks[0]!.span).toEqual({ start: 180, end: 240 });
    expect(rows[0]!.formatMinute(180)).toBe('04:00');
  });

  it('shows a 12-hour time format with AM/PM', () => {
    const rows = toGridRows(grid([resource({ time_format: 'h:mm' })]), []);
    expect(rows[0]!.formatMinute(13 * 60 + 30)).toBe('1:30 PM');
  });
});

describe('slots of a span', () => {
  it('cuts the span into the resource’s steps as UTC instants', () => {
    const [row] = toGridRows(grid([resource()]), []);
    expect(slotsOf(row!, { start: 540, end: 585 })).toEqual([
      { datetime_from: '2026-11-24T08:00:00.000Z', datetime_to: '2026-11-24T08:15:00.000Z' },
      { datetime_from: '2026-11-24T08:15:00.000Z', datetime_to: '2026-11-24T08:30:00.000Z' },
      { datetime_from: '2026-11-24T08:30:00.000Z', datetime_to: '2026-11-24T08:45:00.000Z' },
    ]);
  });
});
