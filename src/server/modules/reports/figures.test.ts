import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, signIn } from '../../../../test/support/server-factories';
import { givenFloor, type Floor } from '../declarations/declarations.fixtures';
import { userId } from '../bookings/bookings.fixtures';
import {
  at,
  directFigures,
  insertRaw,
  pctOf,
  reportsApi,
  type DirectResource,
  type RawBooking,
} from './reports.fixtures';

const ZONE = 'Europe/Zurich';

/**
 * The kept figures against a minute-by-minute count of the same bookings (issue 44 acceptance):
 * over the spring-forward and fall-back days, bookings across midnight, partial hours, a closure,
 * a shared resource's two seats, check-ins, a check-out, a no-show, a cancellation and a rejection.
 */
describeEachDatabase('reports: figures against a direct computation', (server) => {
  const api = reportsApi(server);
  let admin: string;
  let floor: Floor;
  let host: number;
  const direct: DirectResource[] = [];

  async function book(resource: DirectResource, booking: Omit<RawBooking, 'resourceId' | 'userId'>) {
    await insertRaw(server(), floor.companyId, { ...booking, resourceId: resource.id, userId: host });
    const status = booking.status ?? 'booked';
    const counted = status !== 'cancelled' && booking.approval !== 'rejected';
    const bookedEnd = status === 'released' ? booking.releasedAt! : booking.endsAt;
    const used =
      counted && (status === 'checked_in' || status === 'checked_out')
        ? ([
            booking.checkedInAt! > booking.startsAt ? booking.checkedInAt! : booking.startsAt,
            booking.endsAt,
          ] as [Date, Date])
        : null;
    resource.bookings.push({ booked: counted ? [booking.startsAt, bookedEnd] : null, used });
  }

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    host = await userId(server(), ACCOUNTS.employee);
    floor = await givenFloor(server());
    const desk = (id: number): DirectResource => ({ id, seats: 1, zone: ZONE, bookings: [], closures: [] });
    const [a, b, c] = [
      desk(await floor.resource('Desk A')),
      desk(await floor.resource('Desk B')),
      desk(await floor.resource('Desk C')),
    ];
    const shared: DirectResource = { ...desk(await floor.resource('Parking', 'shared')), seats: 2 };
    direct.push(a, b, c, shared);

    // spring forward, 29 March 2026: 02:00 does not exist; 01:00–04:00 lasts two real hours
    await book(a, { startsAt: at(ZONE, '2026-03-29', 1), endsAt: at(ZONE, '2026-03-29', 4) });
    // across midnight, partial hours, checked in late
    await book(a, {
      startsAt: at(ZONE, '2026-03-29', 22.5),
      endsAt: at(ZONE, '2026-03-30', 1.25),
      status: 'checked_in',
      checkedInAt: at(ZONE, '2026-03-29', 22.75),
    });
    await book(b, {
      startsAt: at(ZONE, '2026-03-30', 9.25),
      endsAt: at(ZONE, '2026-03-30', 10.75),
      status: 'checked_out',
      checkedInAt: at(ZONE, '2026-03-30', 9),
    });
    // a no-show released after 15 minutes, a cancellation, a rejection
    await book(b, {
      startsAt: at(ZONE, '2026-03-30', 13),
      endsAt: at(ZONE, '2026-03-30', 17),
      status: 'released',
      releasedAt: at(ZONE, '2026-03-30', 13.25),
    });
    await book(c, {
      startsAt: at(ZONE, '2026-03-30', 8),
      endsAt: at(ZONE, '2026-03-30', 12),
      status: 'cancelled',
    });
    await book(c, {
      startsAt: at(ZONE, '2026-03-28', 8),
      endsAt: at(ZONE, '2026-03-28', 12),
      approval: 'rejected',
    });
    // two seats of the shared resource at once
    await book(shared, { startsAt: at(ZONE, '2026-03-30', 8), endsAt: at(ZONE, '2026-03-30', 12) });
    await book(shared, { startsAt: at(ZONE, '2026-03-30', 10), endsAt: at(ZONE, '2026-03-30', 14) });
    // fall back, 25 October 2026: 02:00–03:00 happens twice; 01:00–04:00 lasts four real hours
    await book(b, { startsAt: at(ZONE, '2026-10-25', 1), endsAt: at(ZONE, '2026-10-25', 4) });
    // a closure of desk C through the afternoon of 30 March
    const closure: [Date, Date] = [at(ZONE, '2026-03-30', 12.5), at(ZONE, '2026-03-30', 18)];
    await server()
      .db.kysely.insertInto('resource_unavailabilities')
      .values({
        company_id: floor.companyId,
        resource_id: c.id,
        starts_at: closure[0],
        ends_at: closure[1],
        reason: 'Works',
      })
      .execute();
    c.closures.push(closure);
  });

  const windows = [
    { from: '2026-03-28', to: '2026-03-31', fromHour: 0, toHour: 24, interval: 2 },
    { from: '2026-03-29', to: '2026-03-30', fromHour: 8, toHour: 18, interval: 1 },
    { from: '2026-10-24', to: '2026-10-26', fromHour: 0, toHour: 24, interval: 1 },
  ];

  for (const window of windows)
    it(`matches the direct count from ${window.from} to ${window.to}, ${window.fromHour}:00–${window.toHour}:00`, async () => {
      const payload = {
        location_ids: [floor.levelId],
        datetime_from: `${window.from}T${String(window.fromHour).padStart(2, '0')}:00`,
        datetime_to: `${window.to}T${String(window.toHour).padStart(2, '0')}:00`,
        interval_id: window.interval,
      };
      const expected = directFigures(direct, window);
      const dashboard = await api.calculate(admin, { ...payload, section: 'dashboard' });
      let open = 0;
      let booked = 0;
      let used = 0;
      for (const resource of direct) {
        const totals = expected.perResource.get(resource.id)!;
        const row = dashboard.by_resource!.find((entry) => entry.id === resource.id)!;
        expect(row.booked_pct, `booked, resource ${resource.id}`).toBeCloseTo(
          pctOf(totals.booked, totals.open),
          5,
        );
        expect(row.used_pct, `used, resource ${resource.id}`).toBeCloseTo(pctOf(totals.used, totals.open), 5);
        open += totals.open;
        booked += totals.booked;
        used += totals.used;
      }
      expect(dashboard.summary).toMatchObject({
        booked_pct: pctOf(booked, open),
        used_pct: pctOf(used, open),
      });
      expect(dashboard.summary!.capacity_hours).toBeCloseTo(open / 3600, 2);

      const mam = await api.calculate(admin, { ...payload, section: 'min_max_average' });
      const byHour = new Map<string, number[]>();
      for (const [key, cell] of [...expected.cells.entries()].sort()) {
        if (cell.open <= 0) continue;
        const hour = `${key.slice(11)}:00`;
        byHour.set(hour, [...(byHour.get(hour) ?? []), pctOf(cell.booked, cell.open)]);
      }
      expect(mam.by_hour!.map((row) => [row.key, row.min, row.max])).toEqual(
        [...byHour.entries()].sort().map(([key, values]) => [key, Math.min(...values), Math.max(...values)]),
      );
    });

  it('counts no-shows, check-ins and bookings, not cancelled or rejected ones', async () => {
    const result = await api.calculate(admin, {
      section: 'dashboard',
      location_ids: [floor.levelId],
      datetime_from: '2026-03-28T00:00',
      datetime_to: '2026-03-31T24:00',
    });
    // a: 2, b: 2 (one released), shared: 2; c's cancelled and rejected bookings do not count
    expect(result.summary).toMatchObject({ bookings: 6, check_ins: 2, no_shows: 1 });
  });

  describe('the daylight-saving days', () => {
    it('gives the skipped hour no capacity and the repeated hour twice', async () => {
      const spring = await api.calculate(admin, {
        section: 'min_max_average',
        location_ids: [floor.levelId],
        datetime_from: '2026-03-29T00:00',
        datetime_to: '2026-03-29T24:00',
        interval_id: 1,
      });
      expect(spring.by_hour!.map((row) => row.key)).not.toContain('02:00');
      const autumn = await api.calculate(admin, {
        section: 'dashboard',
        location_ids: [floor.levelId],
        datetime_from: '2026-10-25T00:00',
        datetime_to: '2026-10-25T24:00',
      });
      // 25 hours that day, for five seats
      expect(autumn.summary!.capacity_hours).toBe(25 * 5);
      expect(autumn.summary!.booked_hours).toBe(4);
    });
  });
});
