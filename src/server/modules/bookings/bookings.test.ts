import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type {
  BookingPreset,
  BookingPresetList,
  Grid,
  GridBookings,
  PresetResult,
  ResourcesAvailability,
  ShowGrid,
} from '../../../shared/contract/bookings';
import type { Declaration } from '../../../shared/contract/declarations';
import { gridDay, hourMarks } from '../../../shared/time/grid';
import { wallClockAt } from '../../../shared/time/zone';
import { dayAhead, givenFloor, type Floor } from '../declarations/declarations.fixtures';
import {
  B,
  bookingsApi,
  quarters,
  setRolePermission,
  setUserPreference,
  slotIn,
  userId,
} from './bookings.fixtures';

const ZURICH = 'Europe/Zurich';
const NEW_YORK = 'America/New_York';

describeEachDatabase('bookings', (server) => {
  const api = bookingsApi(server);
  const { request, expectStatus } = api;
  let admin: string;
  let employee: string;
  let reception: string;
  let globex: string;
  let employeeId: number;
  let floor: Floor;

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    reception = await signIn(server(), ACCOUNTS.reception);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    employeeId = await userId(server(), ACCOUNTS.employee);
    floor = await givenFloor(server());
  });

  describe('presets (spec §3 booking preset, §4 activate, deactivate, reorder)', () => {
    it('adds a preset last and active, with every filter defaulted', async () => {
      const first = await api.preset(employee, 'First');
      const second = await api.preset(employee, '  Second  ', { my_bookings: true });
      expect(second).toMatchObject({ name: 'Second', is_active: true, order: first.order + 1 });
      expect(first.preset).toEqual({
        levels: [],
        resource_types: [],
        capacity: null,
        resources: [],
        date_period: { type: 'today' },
        declaration_status: [],
        declaration_approval_status: [],
        my_bookings: false,
      });
    });

    it('needs a name: 422 "This field is required." (spec §5 presets need a name)', async () => {
      for (const name of ['', '   ']) {
        const error = expectErrorShape(await request(employee, 'POST', `${B}/presets`, { name }), 422);
        expect(error.errors).toEqual({ name: ['This field is required.'] });
      }
      const edit = await api.preset(employee, 'Named');
      const error = expectErrorShape(
        await request(employee, 'PUT', `${B}/presets/${edit.id}`, { name: '' }),
        422,
      );
      expect(error.errors).toEqual({ name: ['This field is required.'] });
    });

    it('refuses a custom period without its dates, or ending before it starts', async () => {
      const missing = expectErrorShape(
        await request(employee, 'POST', `${B}/presets`, {
          name: 'P',
          preset: { date_period: { type: 'custom' } },
        }),
        422,
      );
      expect(missing.errors).toMatchObject({
        'preset.date_period.date_from': ['This field is required.'],
        'preset.date_period.date_to': ['This field is required.'],
      });
      const backwards = expectErrorShape(
        await request(employee, 'POST', `${B}/presets`, {
          name: 'P',
          preset: { date_period: { type: 'custom', date_from: '2026-12-10', date_to: '2026-12-01' } },
        }),
        422,
      );
      expect(backwards.errors?.['preset.date_period.date_to']).toBeDefined();
    });

    it('edits, deactivates, activates and deletes a preset', async () => {
      const preset = await api.preset(employee, 'Edit me');
      const edited = expectStatus<BookingPreset>(
        await request(employee, 'PUT', `${B}/presets/${preset.id}`, {
          name: 'Edited',
          preset: { capacity: 4, my_bookings: true },
        }),
        200,
      );
      expect(edited).toMatchObject({ name: 'Edited', preset: { capacity: 4, my_bookings: true } });
      const off = expectStatus<BookingPreset>(
        await request(employee, 'POST', `${B}/presets/${preset.id}/deactivate`),
        200,
      );
      expect(off.is_active).toBe(false);
      const on = expectStatus<BookingPreset>(
        await request(employee, 'POST', `${B}/presets/${preset.id}/activate`),
        200,
      );
      expect(on.is_active).toBe(true);
      expectStatus(await request(employee, 'DELETE', `${B}/presets/${preset.id}`), 200);
      expectErrorShape(await request(employee, 'DELETE', `${B}/presets/${preset.id}`), 404);
    });

    it('reorders the presets, all or nothing', async () => {
      const a = await api.preset(admin, 'Order A');
      const b = await api.preset(admin, 'Order B');
      const list = expectStatus<BookingPresetList>(
        await request(admin, 'POST', `${B}/presets/order`, {
          order: [
            { id: a.id, order: 1 },
            { id: b.id, order: 0 },
          ],
        }),
        200,
      );
      const names = list.data.map((preset) => preset.name);
      expect(names.indexOf('Order B')).toBeLessThan(names.indexOf('Order A'));
      const foreign = await api.preset(employee, 'Not admin');
      const refused = expectErrorShape(
        await request(admin, 'POST', `${B}/presets/order`, {
          order: [
            { id: a.id, order: 5 },
            { id: foreign.id, order: 6 },
          ],
        }),
        422,
      );
      expect(refused.errors).toEqual({ 'order.1.id': ['Preset not found.'] });
      const after = expectStatus<BookingPresetList>(await request(admin, 'GET', `${B}/presets`), 200);
      expect(after.data.find((preset) => preset.id === a.id)!.order).toBe(1);
    });

    it('adds and reorders at once without clashing: distinct orders, no deadlock (the owner’s lock)', async () => {
      const added = await Promise.all(
        ['Rush 1', 'Rush 2', 'Rush 3', 'Rush 4'].map((name) => api.preset(admin, name)),
      );
      expect(new Set(added.map((preset) => preset.order)).size).toBe(4);
      const [a, b] = added;
      const swaps = await Promise.all(
        Array.from({ length: 6 }, (_, round) =>
          request(admin, 'POST', `${B}/presets/order`, {
            order:
              round % 2 === 0
                ? [
                    { id: a!.id, order: 0 },
                    { id: b!.id, order: 1 },
                  ]
                : [
                    { id: b!.id, order: 0 },
                    { id: a!.id, order: 1 },
                  ],
          }),
        ),
      );
      expect(swaps.map((answer) => answer.statusCode)).toEqual(swaps.map(() => 200));
    });

    it("keeps a user's presets their own: another user's is not found", async () => {
      const mine = await api.preset(employee, 'Private preset');
      expectErrorShape(await request(admin, 'PUT', `${B}/presets/${mine.id}`, { name: 'Taken' }), 404);
      expectErrorShape(await request(admin, 'POST', `${B}/preset/${mine.id}`), 404);
      const list = expectStatus<BookingPresetList>(await request(admin, 'GET', `${B}/presets`), 200);
      expect(list.data.map((preset) => preset.id)).not.toContain(mine.id);
    });
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

  describe('permissions (spec §6 BOOKINGS, MY_BOOKINGS)', () => {
    let desk: number;
    const day = dayAhead(4);

    beforeAll(async () => {
      desk = await floor.resource('Permission desk');
    });

    it('refuses a user with neither BOOKINGS nor MY_BOOKINGS (403)', async () => {
      expectErrorShape(await request(reception, 'GET', `${B}/presets`), 403);
      expectErrorShape(await request(reception, 'GET', `${B}/show-grid`), 403);
      expectErrorShape(
        await request(reception, 'POST', `${B}/store`, {
          resource_id: desk,
          slots: [slotIn(ZURICH, day, 9)],
        }),
        403,
      );
    });

    it("MY_BOOKINGS alone: the caller's own bookings only, no grid offered, no booking for others", async () => {
      const theirs = await api.store(admin, {
        resource_id: desk,
        slots: [slotIn(ZURICH, day, 8)],
        subject: 'Admin meeting',
      });
      const mine = await api.store(employee, { resource_id: desk, slots: [slotIn(ZURICH, day, 10)] });
      const preset = await api.preset(employee, 'Only mine', {
        resources: [desk],
        date_period: { type: 'custom', date_from: day, date_to: day },
      });
      await setRolePermission(server(), 'acme', 'Employee', 'BOOKINGS', false);
      try {
        const result = expectStatus<PresetResult>(
          await request(employee, 'POST', `${B}/preset/${preset.id}`),
          200,
        );
        expect(result.bookings.map((row) => row.booking_id)).toEqual([mine.id]);
        expectErrorShape(await request(employee, 'GET', `${B}/${theirs.id}`), 404);
        const show = expectStatus<ShowGrid>(await request(employee, 'GET', `${B}/show-grid`), 200);
        expect(show.show_grid).toBe(false);
        const forAdmin = expectErrorShape(
          await request(employee, 'POST', `${B}/store`, {
            resource_id: desk,
            slots: [slotIn(ZURICH, day, 12)],
            host_id: await userId(server(), ACCOUNTS.acmeAdmin),
          }),
          403,
        );
        expect(forAdmin.message).toBe('You are not allowed to book on behalf of someone else.');
        // The grid still shows the time taken, without whose it is.
        const cells = expectStatus<GridBookings>(
          await request(employee, 'POST', `${B}/grid-bookings`, { preset_id: preset.id, date: day }),
          200,
        );
        const other = cells.data.find((cell) => cell.id === theirs.id)!;
        expect(other).toMatchObject({ subject: '', host: { id: 0, name: '' }, mine: false, can_edit: false });
      } finally {
        await setRolePermission(server(), 'acme', 'Employee', 'BOOKINGS', true);
      }
    });

    it('books on behalf of someone else with BOOKINGS create (host_id)', async () => {
      const forEmployee = await api.store(admin, {
        resource_id: desk,
        slots: [slotIn(ZURICH, day, 14)],
        host_id: employeeId,
      });
      expect(forEmployee.host).toEqual({ id: employeeId, name: 'Emil Employee' });
      const created = await server()
        .db.kysely.selectFrom('declarations')
        .select(['user_id', 'created_by'])
        .where('id', '=', forEmployee.id)
        .executeTakeFirstOrThrow();
      expect(created).toEqual({
        user_id: employeeId,
        created_by: await userId(server(), ACCOUNTS.acmeAdmin),
      });
      const unknown = expectErrorShape(
        await request(admin, 'POST', `${B}/store`, {
          resource_id: desk,
          slots: [slotIn(ZURICH, day, 15)],
          host_id: 999_999,
        }),
        422,
      );
      expect(unknown.errors).toEqual({ host_id: ['The selected host is not valid.'] });
    });

    it('books for someone else while booking the same shared resource for oneself: both, no deadlock', async () => {
      // The caller's own row is checked by the other booking's foreign key (created_by): the locks
      // must not block that check.
      const rounds = await Promise.all(
        Array.from({ length: 8 }, async (_, round) => ({
          resource: await floor.resource(`Shared both ${round}`, 'shared'),
          date: dayAhead(70 + round),
        })),
      );
      const answers = await Promise.all(
        rounds.flatMap(({ resource, date }) => [
          request(admin, 'POST', `${B}/store`, {
            resource_id: resource,
            slots: [slotIn(ZURICH, date, 9)],
            host_id: employeeId,
          }),
          request(admin, 'POST', `${B}/store`, { resource_id: resource, slots: [slotIn(ZURICH, date, 10)] }),
        ]),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    });

    it("refuses to move another person's booking to a new host without BOOKINGS update (403)", async () => {
      const own = await api.store(employee, { resource_id: desk, slots: [slotIn(ZURICH, day, 16)] });
      const refused = expectErrorShape(
        await request(employee, 'PUT', `${B}/${own.id}`, {
          host_id: await userId(server(), ACCOUNTS.acmeAdmin),
        }),
        403,
      );
      expect(refused.message).toBe('You are not allowed to book on behalf of someone else.');
      const adminOwn = await api.store(admin, { resource_id: desk, slots: [slotIn(ZURICH, day, 17)] });
      expectErrorShape(await request(employee, 'PUT', `${B}/${adminOwn.id}`, { subject: 'Mine now' }), 403);
    });

    it('hands a private booking to another host without its subject: the new host never reads the old one’s', async () => {
      const secret = await api.store(employee, {
        resource_id: desk,
        slots: [slotIn(ZURICH, day, 20)],
        subject: 'Doctor appointment',
        is_private: true,
      });
      const adminId = await userId(server(), ACCOUNTS.acmeAdmin);
      const handed = expectStatus<Declaration>(
        await request(admin, 'PUT', `${B}/${secret.id}`, { host_id: adminId }),
        200,
      );
      expect(handed).toMatchObject({ host: { id: adminId }, subject: '', is_private: true });
      // Handed back, it does not carry the secret either: it is gone with the first hand-over.
      const back = expectStatus<Declaration>(
        await request(admin, 'PUT', `${B}/${secret.id}`, { host_id: employeeId }),
        200,
      );
      expect(back.subject).toBe('');
    });

    it('books for someone else within that person’s per-user limit, not the caller’s', async () => {
      // The employee holds one place that day, their limit; the admin's own limit is far higher.
      const held = dayAhead(60);
      await api.store(employee, {
        resource_id: await floor.resource('Host limit 1'),
        slots: [slotIn(ZURICH, held, 9)],
      });
      const refused = expectErrorShape(
        await request(admin, 'POST', `${B}/store`, {
          resource_id: await floor.resource('Host limit 2'),
          slots: [slotIn(ZURICH, held, 11)],
          host_id: employeeId,
        }),
        409,
      );
      expect(refused.message).toMatch(/^You can book at most 1 place a day/);
    });

    it("keeps a private booking's subject and privacy when someone other than its host saves it", async () => {
      const secret = await api.store(employee, {
        resource_id: desk,
        slots: [slotIn(ZURICH, day, 18)],
        subject: 'Interview',
        is_private: true,
      });
      // The admin's edit form shows a blank subject and sends it back with the new time.
      const moved = expectStatus<Declaration>(
        await request(admin, 'PUT', `${B}/${secret.id}`, {
          slots: [slotIn(ZURICH, day, 19)],
          subject: '',
          is_private: false,
        }),
        200,
      );
      expect(moved).toMatchObject({ subject: '', is_private: true });
      expect(moved.starts_at).toBe(slotIn(ZURICH, day, 19).datetime_from);
      const stored = await server()
        .db.kysely.selectFrom('declarations')
        .select(['subject', 'is_private', 'starts_at'])
        .where('id', '=', secret.id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ subject: 'Interview', is_private: true });
      // Its host still changes both.
      const mine = expectStatus<Declaration>(
        await request(employee, 'PUT', `${B}/${secret.id}`, { subject: 'Team interview', is_private: false }),
        200,
      );
      expect(mine).toMatchObject({ subject: 'Team interview', is_private: false });
    });
  });

  describe('store, edit, resize and delete (spec §7, §3 resize payload)', () => {
    // The employee may hold one personal place a day (PLAN value 1): their bookings here are all
    // on one desk; the admin's (no practical limit) move between desks.
    let desk: number;
    let neighbour: number;
    const day = dayAhead(6);

    beforeAll(async () => {
      desk = await floor.resource('Resize desk');
      neighbour = await floor.resource('Resize neighbour');
    });

    it("marks a booking made from the grid with the source 'grid'", async () => {
      const fromGrid = await api.store(employee, {
        resource_id: desk,
        slots: quarters(ZURICH, day, 7, 8),
        is_grid: true,
      });
      expect(fromGrid).toMatchObject({ source: 'grid', starts_at: slotIn(ZURICH, day, 7).datetime_from });
      const fromList = await api.store(admin, { resource_id: neighbour, slots: [slotIn(ZURICH, day, 7)] });
      expect(fromList.source).toBe('plan');
    });

    it('resizes validly: the booking keeps its id and start and takes the new end', async () => {
      const booking = await api.store(employee, {
        resource_id: desk,
        slots: quarters(ZURICH, day, 9, 10),
        is_grid: true,
      });
      const resized = expectStatus<Declaration>(
        await request(employee, 'PUT', `${B}/resize`, {
          id: booking.id,
          resource_id: desk,
          slots: quarters(ZURICH, day, 9, 10.75),
          is_grid: true,
        }),
        200,
      );
      expect(resized).toMatchObject({
        id: booking.id,
        starts_at: slotIn(ZURICH, day, 9).datetime_from,
        ends_at: slotIn(ZURICH, day, 10.75).datetime_from,
      });
    });

    it('refuses a resize into another booking with 409 naming resource and slot, and changes nothing', async () => {
      const blocker = await api.store(admin, { resource_id: desk, slots: [slotIn(ZURICH, day, 12)] });
      const booking = await api.store(employee, { resource_id: desk, slots: [slotIn(ZURICH, day, 11)] });
      const refused = expectErrorShape(
        await request(employee, 'PUT', `${B}/resize`, {
          id: booking.id,
          resource_id: desk,
          slots: [slotIn(ZURICH, day, 11, 12.5)],
          is_grid: true,
        }),
        409,
      );
      expect(refused.message).toBe('Resize desk is already booked from 12:00 to 13:00.');
      const after = expectStatus<Declaration>(await request(employee, 'GET', `${B}/${booking.id}`), 200);
      expect(after).toMatchObject({ starts_at: booking.starts_at, ends_at: booking.ends_at });
      expect(blocker.id).toBeGreaterThan(0);
    });

    it('refuses a move that would give the host a second place that day (per-user limit)', async () => {
      const booking = await api.store(employee, { resource_id: desk, slots: [slotIn(ZURICH, day, 21)] });
      const refused = expectErrorShape(
        await request(employee, 'PUT', `${B}/${booking.id}`, { resource_id: neighbour }),
        409,
      );
      expect(refused.message).toMatch(/^You can book at most 1 place a day/);
      const after = expectStatus<Declaration>(await request(employee, 'GET', `${B}/${booking.id}`), 200);
      expect(after.resource.id).toBe(desk);
    });

    it('of two moves into one day sent at once, the per-user limit lets one through (the host’s lock)', async () => {
      // Several pairs at once, each on its own days: a race shows in some of them without the lock.
      const pairs = await Promise.all(
        Array.from({ length: 6 }, async (_, pair) => {
          const [dayA, dayB, dayC] = [
            dayAhead(40 + 3 * pair),
            dayAhead(41 + 3 * pair),
            dayAhead(42 + 3 * pair),
          ];
          const a = await api.store(employee, {
            resource_id: await floor.resource(`Limit race ${pair}a`),
            slots: [slotIn(ZURICH, dayA, 9)],
          });
          const b = await api.store(employee, {
            resource_id: await floor.resource(`Limit race ${pair}b`),
            slots: [slotIn(ZURICH, dayB, 9)],
          });
          return { a, b, dayC };
        }),
      );
      const answers = await Promise.all(
        pairs.flatMap(({ a, b, dayC }) => [
          request(employee, 'PUT', `${B}/${a.id}`, { slots: [slotIn(ZURICH, dayC, 9)] }),
          request(employee, 'PUT', `${B}/${b.id}`, { slots: [slotIn(ZURICH, dayC, 11)] }),
        ]),
      );
      for (let pair = 0; pair < pairs.length; pair += 1)
        expect([answers[2 * pair]!.statusCode, answers[2 * pair + 1]!.statusCode].sort()).toEqual([200, 409]);
      for (const { dayC } of pairs) {
        const { rows } = await sql<{ count: string | number }>`
          select count(distinct resource_id) as count from declarations
          where user_id = ${employeeId} and status = 'booked'
            and starts_at >= ${new Date(slotIn(ZURICH, dayC, 0).datetime_from)}
            and starts_at < ${new Date(slotIn(ZURICH, dayC, 23).datetime_to)}`.execute(server().db.kysely);
        expect(Number(rows[0]!.count)).toBe(1);
      }
    });

    it('moves a booking to another resource, refusing one that is taken', async () => {
      const taken = await api.store(admin, { resource_id: neighbour, slots: [slotIn(ZURICH, day, 14)] });
      const booking = await api.store(admin, { resource_id: desk, slots: [slotIn(ZURICH, day, 14)] });
      const refused = expectErrorShape(
        await request(admin, 'PUT', `${B}/${booking.id}`, { resource_id: neighbour }),
        409,
      );
      expect(refused.message).toBe('Resize neighbour is already booked from 14:00 to 15:00.');
      const moved = expectStatus<Declaration>(
        await request(admin, 'PUT', `${B}/${booking.id}`, {
          resource_id: neighbour,
          slots: [slotIn(ZURICH, day, 15)],
          subject: 'Moved',
        }),
        200,
      );
      expect(moved).toMatchObject({
        resource: { id: neighbour },
        subject: 'Moved',
        starts_at: slotIn(ZURICH, day, 15).datetime_from,
      });
      expect(taken.id).toBeGreaterThan(0);
    });

    it('asks for approval anew when a booking moves onto an on-request resource or to a new time on one', async () => {
      const onRequest = await floor.resource('Resize request room', 'on_request');
      const approvedDesk = await api.store(admin, { resource_id: desk, slots: [slotIn(ZURICH, day, 20)] });
      expect(approvedDesk.approval_status).toBe('approved');
      const onto = expectStatus<Declaration>(
        await request(admin, 'PUT', `${B}/${approvedDesk.id}`, { resource_id: onRequest }),
        200,
      );
      expect(onto.approval_status).toBe('pending');
      // An approver approves it; a new time on that resource is a new request again.
      await server()
        .db.kysely.updateTable('declarations')
        .set({ approval_status: 'approved' })
        .where('id', '=', approvedDesk.id)
        .execute();
      const later = expectStatus<Declaration>(
        await request(admin, 'PUT', `${B}/${approvedDesk.id}`, { slots: [slotIn(ZURICH, day, 21)] }),
        200,
      );
      expect(later.approval_status).toBe('pending');
      // Back on a bookable resource, it no longer waits for anyone.
      const back = expectStatus<Declaration>(
        await request(admin, 'PUT', `${B}/${approvedDesk.id}`, { resource_id: neighbour }),
        200,
      );
      expect(back.approval_status).toBe('approved');
    });

    it('refuses slots apart, over two days, off the quarter hours or in the past (422)', async () => {
      const booking = await api.store(employee, { resource_id: desk, slots: [slotIn(ZURICH, day, 17)] });
      const resize = (slots: unknown) =>
        request(employee, 'PUT', `${B}/resize`, { id: booking.id, resource_id: desk, slots });
      const apart = expectErrorShape(await resize([slotIn(ZURICH, day, 17), slotIn(ZURICH, day, 19)]), 422);
      expect(apart.errors).toEqual({ slots: ['The slots must follow each other.'] });
      const twoDays = expectErrorShape(await resize([slotIn(ZURICH, day, 17, 25)]), 422);
      expect(twoDays.errors).toEqual({ slots: ['A booking starts and ends on the same day.'] });
      const offStep = expectErrorShape(await resize([slotIn(ZURICH, day, 17, 18.1)]), 422);
      expect(offStep.errors?.slots?.[0]).toMatch(/^Resize desk cannot be booked from 17:00 to 18:06\.$/);
      const past = expectErrorShape(await resize([slotIn(ZURICH, dayAhead(-1), 9)]), 422);
      expect(past.errors).toEqual({ slots: ['This slot is in the past.'] });
      const backwards = expectErrorShape(
        await resize([
          {
            datetime_from: slotIn(ZURICH, day, 18).datetime_from,
            datetime_to: slotIn(ZURICH, day, 17).datetime_from,
          },
        ]),
        422,
      );
      expect(backwards.errors).toEqual({ 'slots.0.datetime_to': ['This slot cannot be booked.'] });
    });

    it('deletes (cancels) a booking; a cancelled one can no longer be resized (409)', async () => {
      const booking = await api.store(employee, { resource_id: desk, slots: [slotIn(ZURICH, day, 20)] });
      const cancelled = expectStatus<Declaration>(
        await request(employee, 'DELETE', `${B}/${booking.id}`),
        200,
      );
      expect(cancelled.status).toBe('cancelled');
      expectErrorShape(
        await request(employee, 'PUT', `${B}/resize`, {
          id: booking.id,
          resource_id: desk,
          slots: [slotIn(ZURICH, day, 20, 21)],
        }),
        409,
      );
    });
  });

  describe('resources-availability and declaration cost', () => {
    let free: number;
    let busy: number;
    let priced: number;
    let preset: BookingPreset;
    let adminsBooking: number;
    const day = dayAhead(7);

    beforeAll(async () => {
      const level = await givenFloor(server());
      free = await level.resource('Availability free');
      busy = await level.resource('Availability busy');
      priced = await level.resource('Availability priced', 'priced');
      adminsBooking = (await api.store(admin, { resource_id: busy, slots: [slotIn(ZURICH, day, 9)] })).id;
      preset = await api.preset(employee, 'Availability', { levels: [level.levelId] });
    });

    it('names which resources of the preset are free for the slots, and why not', async () => {
      const result = expectStatus<ResourcesAvailability>(
        await request(employee, 'POST', `${B}/resources-availability`, {
          preset: preset.id,
          type: 'hours',
          slots: [slotIn(ZURICH, day, 9)],
        }),
        200,
      );
      const byId = new Map(result.data.map((entry) => [entry.id, entry]));
      expect(byId.get(free)).toMatchObject({ available: true, reason: null });
      expect(byId.get(busy)).toMatchObject({
        available: false,
        reason: 'Availability busy is already booked from 09:00 to 10:00.',
      });
      const notASlot = expectStatus<ResourcesAvailability>(
        await request(employee, 'POST', `${B}/resources-availability`, {
          preset: preset.id,
          type: 'hours',
          slots: [slotIn(ZURICH, day, 9.5, 10.5)],
        }),
        200,
      );
      expect(notASlot.data.every((entry) => !entry.available)).toBe(true);
    });

    it('does not count the booking being edited against itself (declaration_id)', async () => {
      const booking = await api.store(employee, { resource_id: free, slots: [slotIn(ZURICH, day, 11)] });
      const body = { preset: preset.id, type: 'hours', slots: [slotIn(ZURICH, day, 11)] };
      const without = expectStatus<ResourcesAvailability>(
        await request(employee, 'POST', `${B}/resources-availability`, body),
        200,
      );
      expect(without.data.find((entry) => entry.id === free)!.available).toBe(false);
      const editing = expectStatus<ResourcesAvailability>(
        await request(employee, 'POST', `${B}/resources-availability`, {
          ...body,
          declaration_id: booking.id,
        }),
        200,
      );
      expect(editing.data.find((entry) => entry.id === free)!.available).toBe(true);
      // Only a booking the caller may change is set aside: someone else's still takes its slot.
      const others = expectStatus<ResourcesAvailability>(
        await request(employee, 'POST', `${B}/resources-availability`, {
          preset: preset.id,
          type: 'hours',
          slots: [slotIn(ZURICH, day, 9)],
          declaration_id: adminsBooking,
        }),
        200,
      );
      expect(others.data.find((entry) => entry.id === busy)!.available).toBe(false);
    });

    it('prices the slots by the resource price per hour (null when free)', async () => {
      const cost = expectStatus<{ cost: unknown }>(
        await request(employee, 'POST', `${B}/declaration-cost`, {
          resource_id: priced,
          slots: [slotIn(ZURICH, day, 9), slotIn(ZURICH, day, 10, 10.5)],
        }),
        200,
      );
      expect(cost.cost).toEqual({ cents: 1800, currency: 'CHF' });
      const none = expectStatus<{ cost: unknown }>(
        await request(employee, 'POST', `${B}/declaration-cost`, {
          resource_id: free,
          slots: [slotIn(ZURICH, day, 9)],
        }),
        200,
      );
      expect(none.cost).toBeNull();
    });

    it('refuses to price a slot longer than a day: 422, not an answer too large to send', async () => {
      const error = expectErrorShape(
        await request(employee, 'POST', `${B}/declaration-cost`, {
          resource_id: priced,
          slots: [{ datetime_from: '2030-01-01T00:00:00Z', datetime_to: '2300-01-01T00:00:00Z' }],
        }),
        422,
      );
      expect(error.errors).toEqual({ 'slots.0': ['A booking starts and ends on the same day.'] });
    });

    it('refuses a booking costing more than a booking records with a field error, writing nothing', async () => {
      const level = await givenFloor(server());
      const luxury = await level.resource('Availability luxury', 'priced');
      // the highest price per hour a resource may have (1,000,000.00)
      await server()
        .db.kysely.updateTable('resource_functions')
        .set({ price_cents: 100_000_000 })
        .where('resource_id', '=', luxury)
        .execute();
      const wholeDay = Array.from({ length: 24 }, (_, hour) => slotIn(ZURICH, day, hour));
      const refused = expectErrorShape(
        await request(admin, 'POST', `${B}/store`, { resource_id: luxury, slots: wholeDay }),
        422,
      );
      expect(refused.errors).toEqual({
        slots: ['This booking would cost more than a booking can record: book a shorter time.'],
      });
      const { rows } = await sql<{ count: number }>`
        select count(*)::int as count from declarations where resource_id = ${luxury}`.execute(
        server().db.kysely,
      );
      expect(rows[0]!.count).toBe(0);
      // an hour of it books
      await api.store(admin, { resource_id: luxury, slots: [slotIn(ZURICH, day, 9)] });
    });
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

  describe('tenant isolation: a globex token never reaches acme data', () => {
    let acmePreset: BookingPreset;
    let acmeBooking: Declaration;
    let acmeDesk: number;
    const day = dayAhead(9);

    beforeAll(async () => {
      acmeDesk = await floor.resource('Isolation desk');
      acmePreset = await api.preset(admin, 'Acme only', { resources: [acmeDesk] });
      acmeBooking = await api.store(admin, {
        resource_id: acmeDesk,
        slots: [slotIn(ZURICH, day, 9)],
        subject: 'Acme',
      });
    });

    it('answers 404 for every acme preset, booking and resource id', async () => {
      const g = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
        request(globex, method, url, body, 'globex');
      const calls = [
        await g('PUT', `${B}/presets/${acmePreset.id}`, { name: 'Stolen' }),
        await g('POST', `${B}/presets/${acmePreset.id}/activate`),
        await g('POST', `${B}/presets/${acmePreset.id}/deactivate`),
        await g('DELETE', `${B}/presets/${acmePreset.id}`),
        await g('POST', `${B}/preset/${acmePreset.id}`),
        await g('GET', `${B}/${acmeBooking.id}`),
        await g('PUT', `${B}/${acmeBooking.id}`, { subject: 'Stolen' }),
        await g('DELETE', `${B}/${acmeBooking.id}`),
        await g('PUT', `${B}/resize`, {
          id: acmeBooking.id,
          resource_id: acmeDesk,
          slots: [slotIn(ZURICH, day, 9, 11)],
        }),
        await g('GET', `${B}/grid/${acmePreset.id}?date=${day}`),
        await g('POST', `${B}/grid-bookings`, { preset_id: acmePreset.id, date: day }),
        await g('POST', `${B}/resources-availability`, {
          preset: acmePreset.id,
          type: 'hours',
          slots: [slotIn(ZURICH, day, 10)],
        }),
        await g('POST', `${B}/declaration-cost`, { resource_id: acmeDesk, slots: [slotIn(ZURICH, day, 10)] }),
        await g('POST', `${B}/store`, { resource_id: acmeDesk, slots: [slotIn(ZURICH, day, 10)] }),
      ];
      for (const response of calls) {
        expectErrorShape(response, 404);
        expect(response.body).not.toContain('Acme');
      }
      const reorder = await g('POST', `${B}/presets/order`, { order: [{ id: acmePreset.id, order: 0 }] });
      expectErrorShape(reorder, 422);
      const list = expectStatus<BookingPresetList>(await g('GET', `${B}/presets`), 200);
      expect(list.data.map((preset) => preset.id)).not.toContain(acmePreset.id);
      const show = expectStatus<ShowGrid>(await g('GET', `${B}/show-grid`), 200);
      expect(show.preset_id).not.toBe(acmePreset.id);
      const untouched = expectStatus<Declaration>(await request(admin, 'GET', `${B}/${acmeBooking.id}`), 200);
      expect(untouched).toMatchObject({ subject: 'Acme', status: 'booked', ends_at: acmeBooking.ends_at });
    });

    it('refuses a globex token on the acme host', async () => {
      const response = await request(globex, 'GET', `${B}/presets`, undefined, 'acme');
      expect([401, 403]).toContain(response.statusCode);
    });
  });
});
