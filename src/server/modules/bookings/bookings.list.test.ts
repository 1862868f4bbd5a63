import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS } from '../../../../test/support/server-factories';
import type { BookingPreset, PresetResult } from '../../../shared/contract/bookings';
import type { Declaration } from '../../../shared/contract/declarations';
import { dayAhead, givenFloor, type Floor } from '../declarations/declarations.fixtures';
import {
  B,
  bookingActors,
  bookingsApi,
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
  let employeeId: number;
  let floor: Floor;

  beforeAll(async () => {
    ({ admin, employee, employeeId, floor } = await bookingActors(server()));
  });

  describe('bookings per preset: every filter (spec §3 preset filters)', () => {
    let desk: number;
    let room: number;
    let onRequest: number;
    let otherFloor: Floor;
    let otherDesk: number;
    let subDesk: number;
    let deskType: number;
    const day = dayAhead(3);
    const period = { type: 'custom', date_from: day, date_to: day } as const;
    const ids = (result: PresetResult) => result.bookings.map((row) => row.booking_id).sort((x, y) => x - y);
    const run = async (token: string, preset: BookingPreset, extend = 0) =>
      expectStatus<PresetResult>(
        await request(token, 'POST', `${B}/preset/${preset.id}${extend ? `?extend_period=${extend}` : ''}`),
        200,
      );
    const booked: Record<string, Declaration> = {};

    beforeAll(async () => {
      desk = await floor.resource('Filter desk');
      room = await floor.resource('Filter room', 'room');
      onRequest = await floor.resource('Filter request desk', 'on_request');
      otherFloor = await givenFloor(server());
      otherDesk = await otherFloor.resource('Other floor desk');
      // a sublevel of the other floor, with a desk of its own
      const db = server().db.kysely;
      const { rows } = await sql<{ id: number }>`
        insert into levels (company_id, parent_id, kind, timezone, country_id, working_hours_from,
          working_hours_to, is_declarable, is_directly_declarable, map_id)
        select company_id, id, 'zone', timezone, country_id, working_hours_from, working_hours_to,
          is_declarable, is_directly_declarable, map_id from levels where id = ${otherFloor.levelId}
        returning id`.execute(db);
      subDesk = await otherFloor.resource('Sublevel desk');
      await sql`update resources set level_id = ${rows[0]!.id} where id = ${subDesk}`.execute(db);
      const type = await server()
        .db.kysely.selectFrom('resources')
        .select('resource_type_id')
        .where('id', '=', desk)
        .executeTakeFirstOrThrow();
      deskType = type.resource_type_id;
      booked.desk = await api.store(admin, {
        resource_id: desk,
        slots: [slotIn(ZURICH, day, 9)],
        subject: 'Desk',
      });
      booked.room = await api.store(employee, { resource_id: room, slots: [slotIn(ZURICH, day, 10)] });
      booked.request = await api.store(admin, { resource_id: onRequest, slots: [slotIn(ZURICH, day, 11)] });
      booked.other = await api.store(admin, { resource_id: otherDesk, slots: [slotIn(ZURICH, day, 12)] });
      booked.sub = await api.store(admin, { resource_id: subDesk, slots: [slotIn(ZURICH, day, 13)] });
      booked.later = await api.store(admin, { resource_id: desk, slots: [slotIn(ZURICH, dayAhead(5), 9)] });
      booked.cancelled = await api.store(admin, { resource_id: desk, slots: [slotIn(ZURICH, day, 15)] });
      expectStatus(await request(admin, 'DELETE', `${B}/${booked.cancelled.id}`), 200);
    });

    it('levels: the bookings on the levels and their sublevels', async () => {
      const result = await run(
        admin,
        await api.preset(admin, 'Levels', { levels: [otherFloor.levelId], date_period: period }),
      );
      expect(ids(result)).toEqual([booked.other!.id, booked.sub!.id]);
      const both = await run(
        admin,
        await api.preset(admin, 'Both levels', {
          levels: [floor.levelId, otherFloor.levelId],
          date_period: period,
        }),
      );
      expect(ids(both)).toEqual(
        [booked.desk!.id, booked.room!.id, booked.request!.id, booked.other!.id, booked.sub!.id].sort(
          (x, y) => x - y,
        ),
      );
    });

    it('resource_types: the bookings of resources of those types', async () => {
      const result = await run(
        admin,
        await api.preset(admin, 'Types', {
          levels: [floor.levelId],
          resource_types: [deskType],
          date_period: period,
        }),
      );
      expect(ids(result)).toContain(booked.desk!.id);
      expect(ids(result)).not.toContain(booked.room!.id);
    });

    it('capacity: resources seating at least that many', async () => {
      const result = await run(
        admin,
        await api.preset(admin, 'Capacity', { levels: [floor.levelId], capacity: 8, date_period: period }),
      );
      expect(ids(result)).toEqual([booked.room!.id]);
    });

    it('resources: only the resources named', async () => {
      const result = await run(
        admin,
        await api.preset(admin, 'Resources', { resources: [desk], date_period: period }),
      );
      expect(ids(result)).toEqual([booked.desk!.id]);
      expect(result.resources.map((resource) => resource.id)).toEqual([desk]);
    });

    it('date_period: the days of the period, pushed later by extend_period', async () => {
      const preset = await api.preset(admin, 'Period', { resources: [desk], date_period: period });
      expect(ids(await run(admin, preset))).toEqual([booked.desk!.id]);
      const extended = await run(admin, preset, 2);
      expect(ids(extended)).toEqual([booked.desk!.id, booked.later!.id]);
      expect(extended.end_date).toBe(dayAhead(5));
      expect(extended.date_label).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4} – \d{1,2}\.\d{1,2}\.\d{4}$/);
      const today = await run(admin, await api.preset(admin, 'Today', { resources: [desk] }));
      expect(ids(today)).toEqual([]);
      const nextWeek = await run(
        admin,
        await api.preset(admin, 'Next days', { resources: [desk], date_period: { type: 'next-7-days' } }),
      );
      expect(ids(nextWeek)).toEqual([booked.desk!.id, booked.later!.id]);
    });

    it('declaration_status: the statuses named; none named leaves the cancelled ones out', async () => {
      const all = await run(
        admin,
        await api.preset(admin, 'Any status', { resources: [desk], date_period: period }),
      );
      expect(ids(all)).not.toContain(booked.cancelled!.id);
      const cancelled = await run(
        admin,
        await api.preset(admin, 'Cancelled', {
          resources: [desk],
          declaration_status: ['cancelled'],
          date_period: period,
        }),
      );
      expect(ids(cancelled)).toEqual([booked.cancelled!.id]);
      expect(cancelled.bookings[0]!.status).toBe('cancelled');
    });

    it('declaration_approval_status: pending bookings of on-request resources', async () => {
      const result = await run(
        admin,
        await api.preset(admin, 'Pending', {
          levels: [floor.levelId],
          declaration_approval_status: ['pending'],
          date_period: period,
        }),
      );
      expect(ids(result)).toEqual([booked.request!.id]);
      expect(result.bookings[0]!.approval_status).toBe('pending');
    });

    it("my_bookings: only the caller's own bookings", async () => {
      const result = await run(
        admin,
        await api.preset(admin, 'Mine', { levels: [floor.levelId], my_bookings: true, date_period: period }),
      );
      expect(ids(result)).toEqual([booked.desk!.id, booked.request!.id].sort((x, y) => x - y));
      const everyone = await run(
        admin,
        await api.preset(admin, 'Everyone', { levels: [floor.levelId], date_period: period }),
      );
      expect(ids(everyone)).toContain(booked.room!.id);
    });

    it('answers the columns of §3 and hides a private subject from all but its host', async () => {
      const secret = await api.store(employee, {
        resource_id: room,
        slots: [slotIn(ZURICH, day, 16)],
        subject: 'Secret',
        is_private: true,
      });
      const preset = { resources: [room], date_period: period };
      const byAdmin = await run(admin, await api.preset(admin, 'Private (admin)', preset));
      const row = byAdmin.bookings.find((entry) => entry.booking_id === secret.id)!;
      expect(row).toMatchObject({
        resource: { id: room, name: 'Filter room', timezone: ZURICH, capacity: 8 },
        subject: '',
        is_private: true,
        host: { id: employeeId, name: 'Emil Employee' },
        start_time: slotIn(ZURICH, day, 16).datetime_from,
        cost: null,
        status: 'booked',
        approval_status: 'approved',
      });
      expect(row.resource.path).toBe(`${floor.levelName} / Filter room`);
      expect(row.start_label).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4} 16:00$/);
      const byHost = await run(employee, await api.preset(employee, 'Private (host)', preset));
      expect(byHost.bookings.find((entry) => entry.booking_id === secret.id)!.subject).toBe('Secret');
      const shown = expectStatus<Declaration>(await request(admin, 'GET', `${B}/${secret.id}`), 200);
      expect(shown.subject).toBe('');
    });

    it('sorts by the BookingFirstSortField, then the BookingSecondSortField preference', async () => {
      const preset = await api.preset(admin, 'Sorted', {
        levels: [floor.levelId, otherFloor.levelId],
        date_period: period,
      });
      await setUserPreference(server(), ACCOUNTS.acmeAdmin, 'BookingFirstSortField', 'host');
      await setUserPreference(server(), ACCOUNTS.acmeAdmin, 'BookingSecondSortField', 'booking_id');
      const byHost = await run(admin, preset);
      expect(byHost).toMatchObject({ sort_field_first: 'host', sort_field_second: 'booking_id' });
      const hosts = byHost.bookings.map((row) => row.host.name);
      expect(hosts).toEqual([...hosts].sort());
      const adaRows = byHost.bookings
        .filter((row) => row.host.name === 'Ada Admin')
        .map((row) => row.booking_id);
      expect(adaRows).toEqual([...adaRows].sort((x, y) => x - y));

      await setUserPreference(server(), ACCOUNTS.acmeAdmin, 'BookingFirstSortField', 'resource');
      await setUserPreference(server(), ACCOUNTS.acmeAdmin, 'BookingSecondSortField', 'start_time');
      const byResource = await run(admin, preset);
      const names = byResource.bookings.map((row) => row.resource.name);
      expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
      expect(byResource.resources.map((resource) => resource.name)).toEqual([...new Set(names)]);
      expect(byResource.total_number_of_bookings).toBe(byResource.bookings.length);
      expect(byResource.booking_title).toBe('Sorted');

      await setUserPreference(server(), ACCOUNTS.acmeAdmin, 'BookingFirstSortField', 'start_time');
      await setUserPreference(server(), ACCOUNTS.acmeAdmin, 'BookingSecondSortField', 'resource');
      const byStart = await run(admin, preset);
      const starts = byStart.bookings.map((row) => row.start_time);
      expect(starts).toEqual([...starts].sort());
    });

    it('answers the first rows in the preferences’ order, not the first by time, when there are more', async () => {
      const big = await givenFloor(server());
      const alpha = await big.resource('Alpha desk');
      const zulus: number[] = [];
      for (let index = 0; index < 20; index += 1) zulus.push(await big.resource(`Zulu desk ${index}`));
      // a day and a host (not the admin, whose place limit it would use up) no other test books
      const bigDay = dayAhead(45);
      const host = await userId(server(), ACCOUNTS.reception);
      // 1,000 quarter hours on the Zulu desks from 00:00, then Alpha's one booking at 16:00, the last.
      await sql`
        insert into declarations (company_id, resource_id, user_id, created_by, starts_at, ends_at)
        select ${big.companyId}, (${zulus}::int[])[1 + n % 20], ${host}, ${host},
          ${slotIn(ZURICH, bigDay, 0).datetime_from}::timestamptz + (n / 20) * interval '15 minutes',
          ${slotIn(ZURICH, bigDay, 0).datetime_from}::timestamptz + (n / 20 + 1) * interval '15 minutes'
        from generate_series(0, 999) n`.execute(server().db.kysely);
      const last = await api.store(admin, { resource_id: alpha, slots: [slotIn(ZURICH, bigDay, 16)] });
      const preset = await api.preset(admin, 'Over a thousand', {
        levels: [big.levelId],
        date_period: { type: 'custom', date_from: bigDay, date_to: bigDay },
      });
      await setUserPreference(server(), ACCOUNTS.acmeAdmin, 'BookingFirstSortField', 'resource');
      await setUserPreference(server(), ACCOUNTS.acmeAdmin, 'BookingSecondSortField', 'start_time');
      try {
        const result = await run(admin, preset);
        expect(result.total_number_of_bookings).toBe(1001);
        expect(result.bookings).toHaveLength(1000);
        expect(result.bookings[0]).toMatchObject({ booking_id: last.id, resource: { name: 'Alpha desk' } });
        expect(result.bookings[0]!.start_label).toMatch(/ 16:00$/);
        expect(result.resources[0]!.name).toBe('Alpha desk');
      } finally {
        await setUserPreference(server(), ACCOUNTS.acmeAdmin, 'BookingFirstSortField', 'start_time');
        await setUserPreference(server(), ACCOUNTS.acmeAdmin, 'BookingSecondSortField', 'resource');
      }
    });
  });
});
