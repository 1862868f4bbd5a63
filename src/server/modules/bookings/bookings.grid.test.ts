import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, expectErrorShape } from '../../../../test/support/server-factories';
import type {
  BookingPreset,
  BookingPresetList,
  Grid,
  GridBookings,
  ShowGrid,
} from '../../../shared/contract/bookings';
import { gridDay, hourMarks } from '../../../shared/time/grid';
import { wallClockAt } from '../../../shared/time/zone';
import { dayAhead, givenFloor, type Floor } from '../declarations/declarations.fixtures';
import {
  B,
  bookingActors,
  bookingsApi,
  NEW_YORK,
  quarters,
  setUserPreference,
  slotIn,
  userId,
  ZURICH,
} from './bookings.fixtures';

describeEachDatabase('bookings', (server) => {
  const api = bookingsApi(server);
  const { request, expectStatus } = api;
  let admin: string;
  let employee: string;

  beforeAll(async () => {
    ({ admin, employee } = await bookingActors(server()));
  });

  describe('the grid (spec §3 grid resource and grid booking, §9 grid defaults)', () => {
    let level: Floor;
    let zurichDesk: number;
    let newYorkLevel: Floor;
    let newYorkDesk: number;
    let preset: BookingPreset;
    const day = dayAhead(8);

    beforeAll(async () => {
      level = await givenFloor(server());
      zurichDesk = await level.resource('Grid desk');
      newYorkLevel = await givenFloor(server());
      await sql`update levels set timezone = ${NEW_YORK}, working_hours_from = '08:00', working_hours_to = '18:00'
        where id = ${newYorkLevel.levelId}`.execute(server().db.kysely);
      newYorkDesk = await newYorkLevel.resource('New York desk');
      preset = await api.preset(admin, 'Grid', { levels: [level.levelId, newYorkLevel.levelId] });
      await api.store(admin, { resource_id: zurichDesk, slots: [slotIn(ZURICH, day, 9)], subject: 'First' });
      await api.store(employee, {
        resource_id: zurichDesk,
        slots: quarters(ZURICH, day, 12.5, 13),
        is_grid: true,
      });
      await api.store(admin, { resource_id: newYorkDesk, slots: [slotIn(NEW_YORK, day, 10)] });
    });

    it('lists the preset resources with the grid defaults, each in its own zone and hours', async () => {
      const result = expectStatus<Grid>(
        await request(admin, 'GET', `${B}/grid/${preset.id}?date=${day}`),
        200,
      );
      expect(result.date).toBe(day);
      const zurich = result.data.find((resource) => resource.id === zurichDesk)!;
      expect(zurich).toMatchObject({
        start: '00:00',
        end: '00:00',
        timezone: ZURICH,
        date_format: 'd.M.yyyy',
        time_format: 'HH:mm',
        resource_start: '00:00',
        resource_end: '24:00',
        limits: { step_minutes: 15, open: [{ from: '00:00', to: '24:00' }] },
      });
      const newYork = result.data.find((resource) => resource.id === newYorkDesk)!;
      expect(newYork).toMatchObject({ timezone: NEW_YORK, resource_start: '08:00', resource_end: '18:00' });
      // Each day also as minutes, for the client to draw without reading zones; the hour marks in
      // the first row's zone.
      expect(zurich).toMatchObject({
        day_start: gridDay(day, ZURICH).start.toISOString(),
        day_minutes: 1440,
        open_minutes: [{ start: 0, end: 1440 }],
      });
      expect(newYork).toMatchObject({
        day_start: gridDay(day, NEW_YORK).start.toISOString(),
        open_minutes: [{ start: 480, end: 1080 }],
      });
      expect(result.hours).toEqual(hourMarks(day, result.data[0]!.timezone, 'HH:mm'));
      expect(result.hours[9]).toEqual({ minute: 540, label: '09:00' });
    });

    it("converts the bookings' UTC times to each resource's zone", async () => {
      const result = expectStatus<GridBookings>(
        await request(admin, 'POST', `${B}/grid-bookings`, { preset_id: preset.id, date: day }),
        200,
      );
      const newYork = result.data.find((booking) => booking.resource_id === newYorkDesk)!;
      expect(newYork).toMatchObject({ starts: '10:00', ends: '11:00', start_minute: 600, end_minute: 660 });
      expect(newYork.datetime_from).toMatch(new RegExp(`^${day}T10:00:00-0[45]:00$`));
      expect(newYork.offset === -300 || newYork.offset === -240).toBe(true);
      expect(new Date(newYork.datetime_from).toISOString()).toBe(slotIn(NEW_YORK, day, 10).datetime_from);
      const zurich = result.data.filter((booking) => booking.resource_id === zurichDesk);
      expect(zurich.map((booking) => [booking.starts, booking.ends])).toEqual([
        ['09:00', '10:00'],
        ['12:30', '13:00'],
      ]);
      expect(zurich[0]!.datetime_from).toMatch(new RegExp(`^${day}T09:00:00\\+0[12]:00$`));
    });

    it('writes the times on a 12-hour clock for a user in am-pm mode (spec §9 time mode)', async () => {
      await setUserPreference(server(), ACCOUNTS.acmeAdmin, 'DateTimeMode', 'am-pm');
      try {
        const grid = expectStatus<Grid>(
          await request(admin, 'GET', `${B}/grid/${preset.id}?date=${day}`),
          200,
        );
        expect(grid.data.find((resource) => resource.id === zurichDesk)!.time_format).toBe('h:mm');
        const result = expectStatus<GridBookings>(
          await request(admin, 'POST', `${B}/grid-bookings`, { preset_id: preset.id, date: day }),
          200,
        );
        const zurich = result.data.filter((booking) => booking.resource_id === zurichDesk);
        expect(zurich.map((booking) => [booking.starts, booking.ends])).toEqual([
          ['9:00 AM', '10:00 AM'],
          ['12:30 PM', '1:00 PM'],
        ]);
      } finally {
        await setUserPreference(server(), ACCOUNTS.acmeAdmin, 'DateTimeMode', 'h24');
      }
    });

    it('computes the previous and next gaps in whole minutes, the resource start and end as edges', async () => {
      const result = expectStatus<GridBookings>(
        await request(admin, 'POST', `${B}/grid-bookings`, { preset_id: preset.id, date: day }),
        200,
      );
      const zurich = result.data.filter((booking) => booking.resource_id === zurichDesk);
      expect(
        zurich.map((booking) => [booking.previous_booking_in_minutes, booking.next_booking_in_minutes]),
      ).toEqual([
        [540, 150],
        [150, 660],
      ]);
      expect(zurich[0]!.limits).toEqual({
        from: slotIn(ZURICH, day, 0).datetime_from,
        to: slotIn(ZURICH, day, 12.5).datetime_from,
      });
      const newYork = result.data.find((booking) => booking.resource_id === newYorkDesk)!;
      // 08:00 to 18:00 are the New York desk's hours
      expect([newYork.previous_booking_in_minutes, newYork.next_booking_in_minutes]).toEqual([120, 420]);
      expect(zurich[1]).toMatchObject({ source: 'grid', mine: false, host: { name: 'Emil Employee' } });
    });

    it('warns of auto-release from when a booking under way was approved, as auto-release counts it', async () => {
      // CheckInGraceMinutes is 15 (the seed): both began 30 minutes ago; one was approved 5 minutes ago.
      const now = Date.now();
      const minutes = (offset: number) => new Date(now + offset * 60_000);
      const approvedLate = await level.resource('Grace desk approved late');
      const onTime = await level.resource('Grace desk on time');
      const host = await userId(server(), ACCOUNTS.employee);
      for (const [resource, approvedAt] of [
        [approvedLate, minutes(-5)],
        [onTime, null],
      ] as const)
        await server()
          .db.kysely.insertInto('declarations')
          .values({
            company_id: level.companyId,
            resource_id: resource,
            user_id: host,
            created_by: host,
            starts_at: minutes(-30),
            ends_at: minutes(60),
            created_at: minutes(-40),
            approved_at: approvedAt,
          })
          .execute();
      const result = expectStatus<GridBookings>(
        await request(admin, 'POST', `${B}/grid-bookings`, {
          preset_id: preset.id,
          date: wallClockAt(new Date(now), ZURICH).date,
          resource_ids: [approvedLate, onTime],
        }),
        200,
      );
      const of = (resource: number) => result.data.find((booking) => booking.resource_id === resource)!;
      expect(of(approvedLate)).toMatchObject({ auto_release: true, expiring_warning: true });
      expect(of(onTime)).toMatchObject({ auto_release: true, expiring_warning: false });
    });

    it('answers only the resources named, and offers the grid with the first active preset', async () => {
      const only = expectStatus<GridBookings>(
        await request(admin, 'POST', `${B}/grid-bookings`, {
          preset_id: preset.id,
          date: day,
          resource_ids: [newYorkDesk],
        }),
        200,
      );
      expect(only.data.map((booking) => booking.resource_id)).toEqual([newYorkDesk]);
      const show = expectStatus<ShowGrid>(await request(admin, 'GET', `${B}/show-grid`), 200);
      expect(show.show_grid).toBe(true);
      const list = expectStatus<BookingPresetList>(await request(admin, 'GET', `${B}/presets`), 200);
      expect(show.preset_id).toBe(list.data.find((entry) => entry.is_active)!.id);
    });

    it('answers a window of its rows (offset, limit) with the total, and the bookings of that window only', async () => {
      const whole = expectStatus<Grid>(
        await request(admin, 'GET', `${B}/grid/${preset.id}?date=${day}`),
        200,
      );
      const total = whole.data.length;
      expect(total).toBeGreaterThanOrEqual(2);
      expect(whole.total).toBe(total);
      const windowOfGrid = async (query: string) =>
        expectStatus<Grid>(await request(admin, 'GET', `${B}/grid/${preset.id}?date=${day}&${query}`), 200);
      // The first screen is the whole grid's first rows, as the whole grid draws them, and tells how
      // many rows there are in all.
      const head = await windowOfGrid('limit=1');
      expect(head.total).toBe(total);
      expect(head.data).toEqual([whole.data[0]]);
      expect((await windowOfGrid('offset=1')).data).toEqual(whole.data.slice(1));
      expect((await windowOfGrid('offset=1&limit=1')).data).toEqual([whole.data[1]]);
      expect(await windowOfGrid(`offset=${total}&limit=3`)).toMatchObject({ total, data: [] });

      const all = expectStatus<GridBookings>(
        await request(admin, 'POST', `${B}/grid-bookings`, { preset_id: preset.id, date: day }),
        200,
      );
      const windowOf = async (window: { offset?: number; limit?: number }) =>
        expectStatus<GridBookings>(
          await request(admin, 'POST', `${B}/grid-bookings`, { preset_id: preset.id, date: day, ...window }),
          200,
        ).data;
      // The same bookings as the whole day's, gaps and all, for the rows of the window only.
      const of = (rows: Grid['data']) => {
        const ids = new Set(rows.map((resource) => resource.id));
        return all.data.filter((booking) => ids.has(booking.resource_id));
      };
      expect(all.data.length).toBeGreaterThan(0);
      expect(await windowOf({ limit: 1 })).toEqual(of(whole.data.slice(0, 1)));
      expect(await windowOf({ offset: 1, limit: 1 })).toEqual(of(whole.data.slice(1, 2)));
      const rest = await windowOf({ offset: 1 });
      expect(rest).toEqual(of(whole.data.slice(1)));
      // The windows together are the day: every booking in exactly one of them.
      const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
      expect([...(await windowOf({ limit: 1 })), ...rest].sort(byId)).toEqual([...all.data].sort(byId));
      expect(await windowOf({ offset: total })).toEqual([]);
    });

    it('refuses a window that is not whole rows: 422 on offset and limit, nothing answered', async () => {
      const grid = expectErrorShape(
        await request(admin, 'GET', `${B}/grid/${preset.id}?date=${day}&offset=-1&limit=0`),
        422,
      );
      expect(Object.keys(grid.errors ?? {}).sort()).toEqual(['limit', 'offset']);
      const bookings = expectErrorShape(
        await request(admin, 'POST', `${B}/grid-bookings`, {
          preset_id: preset.id,
          date: day,
          offset: 1.5,
          limit: 'ten',
        }),
        422,
      );
      expect(Object.keys(bookings.errors ?? {}).sort()).toEqual(['limit', 'offset']);
    });
  });
});
