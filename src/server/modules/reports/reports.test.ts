import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type {
  ReportFilterList,
  ReportPayloadInput,
  ReportResult,
  ReportSettings,
  TechnicalList,
} from '../../../shared/contract/reports';
import { wallClockAt } from '../../../shared/time/zone';
import { setRolePermission, userId } from '../bookings/bookings.fixtures';
import {
  api as declarationsApi,
  DECLARATIONS,
  givenFloor,
  slot,
  ZONE,
  type Floor,
} from '../declarations/declarations.fixtures';
import { at, insertRaw, R, reportsApi } from './reports.fixtures';

describeEachDatabase('reports', (server) => {
  const api = reportsApi(server);
  const { request, expectStatus } = api;
  let admin: string;
  let employee: string;
  let globex: string;
  let floor: Floor;

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    floor = await givenFloor(server());
  });

  const today = () => wallClockAt(new Date(), ZONE).date;
  const thisDay = (extra: Record<string, unknown> = {}) =>
    ({
      section: 'dashboard',
      location_ids: [floor.levelId],
      datetime_from: `${today()}T00:00`,
      datetime_to: `${today()}T24:00`,
      ...extra,
    }) as ReportPayloadInput;

  describe('POST reports/calculate is live (issue 44: not a daily refresh)', () => {
    it('shows a booking made, then its check-in, in the next calculation', async () => {
      const desk = await floor.resource('Desk Live');
      const before = await api.calculate(admin, thisDay());
      const hour = Number(wallClockAt(new Date(), ZONE).time.slice(0, 2));
      const http = declarationsApi(server);
      const [booked] = await http.bookOk(employee, {
        resource_id: desk,
        slots: [slot(today(), hour, hour === 23 ? 23 + 59 / 60 : hour + 1)],
      });
      // (the floor's day ends at 23:59)
      const after = await api.calculate(admin, thisDay());
      expect(after.summary!.bookings).toBe(before.summary!.bookings + 1);
      expect(after.summary!.booked_hours).toBeGreaterThan(before.summary!.booked_hours);
      expect(after.by_resource!.find((row) => row.id === desk)!.booked_pct).toBeGreaterThan(0);

      expect((await http.post(employee, `${DECLARATIONS}/${booked!.id}/check-in`)).statusCode).toBe(200);
      const checkedIn = await api.calculate(admin, thisDay());
      expect(checkedIn.summary!.check_ins).toBe(before.summary!.check_ins + 1);
      expect(checkedIn.by_resource!.find((row) => row.id === desk)!.used_pct).toBeGreaterThan(0);

      // checked out: the unused rest is no longer held
      expect((await http.post(employee, `${DECLARATIONS}/${booked!.id}/check-out`)).statusCode).toBe(200);
      const out = await api.calculate(admin, thisDay());
      expect(out.summary!.booked_hours).toBeLessThan(after.summary!.booked_hours);
    });
  });

  describe('permissions (spec §2: REPORTS, and REPORTS_BOOKINGS for the reservations)', () => {
    it('refuses a user without REPORTS with 403 on every call', async () => {
      for (const [method, url, body] of [
        ['POST', `${R}/calculate`, thisDay()],
        ['POST', `${R}/export`, thisDay()],
        ['GET', `${R}/settings`, undefined],
        ['GET', `${R}/filters?section=dashboard`, undefined],
        ['GET', `${R}/presets/dashboard`, undefined],
      ] as const)
        expectErrorShape(await request(employee, method, url, body), 403);
    });

    it('refuses the reservations reports without REPORTS_BOOKINGS, keeping the settings', async () => {
      await setRolePermission(server(), 'acme', 'Administrator', 'REPORTS_BOOKINGS', false);
      try {
        const fresh = await signIn(server(), ACCOUNTS.acmeAdmin);
        expectErrorShape(await request(fresh, 'POST', `${R}/calculate`, thisDay()), 403);
        expectErrorShape(await request(fresh, 'GET', `${R}/presets/dashboard`), 403);
        expectStatus(await request(fresh, 'GET', `${R}/settings`), 200);
      } finally {
        await setRolePermission(server(), 'acme', 'Administrator', 'REPORTS_BOOKINGS', true);
      }
    });

    it('answers 422 for another company’s level, and never counts its bookings', async () => {
      const other = await givenFloor(server(), 'globex');
      const error = expectErrorShape(
        await request(admin, 'POST', `${R}/calculate`, thisDay({ location_ids: [other.levelId] })),
        422,
      );
      expect(error.errors).toEqual({ location_ids: ['The location is not valid.'] });
      const everything = expectStatus<ReportResult>(
        await request(globex, 'POST', `${R}/calculate`, { ...thisDay(), location_ids: [] }, 'globex'),
        200,
      );
      expect(everything.by_resource!.some((row) => row.level_id === floor.levelId)).toBe(false);
    });
  });

  describe('the payload (spec §3 report payload)', () => {
    it('answers 422 with the field for an end before the start, a range over a year, no day', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ datetime_from: '2026-03-10T08:00', datetime_to: '2026-03-09T18:00' }, 'datetime_to'],
        [{ datetime_from: '2025-01-01T00:00', datetime_to: '2026-03-09T24:00' }, 'datetime_to'],
        [{ datetime_from: '2026-03-10T18:00', datetime_to: '2026-03-12T08:00' }, 'datetime_to'],
        [{ datetime_from: '2026-03-10T08:30' }, 'datetime_from'],
        [{ days: [] }, 'days'],
        [
          { datetime_from: '2026-01-01T00:00', datetime_to: '2026-03-01T24:00', interval_id: 1 },
          'interval_id',
        ],
        [{ section: 'nothing' }, 'section'],
      ];
      for (const [change, field] of cases) {
        const error = expectErrorShape(await request(admin, 'POST', `${R}/calculate`, thisDay(change)), 422);
        expect(Object.keys(error.errors ?? {}), JSON.stringify(change)).toContain(field);
      }
    });

    it('keeps only the chosen weekdays and hours (technical list, 100 a page, spec §9)', async () => {
      const desk = await floor.resource('Desk Weekdays');
      const host = await userId(server(), ACCOUNTS.employee);
      // Monday 2 and Tuesday 3 March 2026, 09:00 and 19:00
      for (const [day, hour] of [
        ['2026-03-02', 9],
        ['2026-03-02', 19],
        ['2026-03-03', 9],
      ] as const)
        await insertRaw(server(), floor.companyId, {
          resourceId: desk,
          userId: host,
          startsAt: at(ZONE, day, hour),
          endsAt: at(ZONE, day, hour + 1),
        });
      const list = expectStatus<TechnicalList>(
        await request(admin, 'POST', `${R}/technical-list?per_page=100&page=1`, {
          section: 'technical_list',
          location_ids: [floor.levelId],
          query: 'weekdays',
          days: [0],
          datetime_from: '2026-03-01T08:00',
          datetime_to: '2026-03-08T18:00',
        }),
        200,
      );
      expect(list.meta).toMatchObject({ total: 1, per_page: 100, current_page: 1 });
      expect(list.data[0]).toMatchObject({
        resource: 'Desk Weekdays',
        starts_at: at(ZONE, '2026-03-02', 9).toISOString(),
      });
      expectErrorShape(await request(admin, 'POST', `${R}/technical-list?per_page=101`, thisDay()), 422);
    });
  });

  describe('GET and POST reports/settings (spec §3 report settings)', () => {
    it('answers the colours, changes one, and refuses a colour that is not #rrggbb', async () => {
      const initial = expectStatus<ReportSettings>(await request(admin, 'GET', `${R}/settings`), 200);
      expect(initial).toMatchObject({
        demo: false,
        min_average_max_report_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      });
      const saved = expectStatus<ReportSettings>(
        await request(admin, 'POST', `${R}/settings`, { historical_occupancy_report_color: '#ABCDEF' }),
        200,
      );
      expect(saved).toEqual({ ...initial, historical_occupancy_report_color: '#abcdef' });
      const error = expectErrorShape(
        await request(admin, 'POST', `${R}/settings`, { prediction_daily_report_color: 'red' }),
        422,
      );
      expect(error.errors).toEqual({
        prediction_daily_report_color: ['The colour must be written #rrggbb.'],
      });
      const globexSettings = expectStatus<ReportSettings>(
        await request(globex, 'GET', `${R}/settings`, undefined, 'globex'),
        200,
      );
      expect(globexSettings.historical_occupancy_report_color).not.toBe('#abcdef');
    });
  });

  describe('filters and presets (spec §3 filter preset, §4 report filters)', () => {
    it('answers the default filters of a section', async () => {
      const filters = expectStatus<ReportFilterList>(
        await request(admin, 'GET', `${R}/filters?section=min_max_average`),
        200,
      );
      expect(filters.data.filter((filter) => filter.slug === 'dates' && filter.selected)).toHaveLength(1);
      expect(filters.data.map((filter) => filter.slug)).toEqual(
        expect.arrayContaining(['locations', 'types', 'dates', 'intervals', 'alarm']),
      );
    });

    it('saves presets selected, one at a time per section; activates, reorders and deletes them; each user sees only theirs', async () => {
      const filters = expectStatus<ReportFilterList>(
        await request(admin, 'GET', `${R}/filters?section=occupancy_historical`),
        200,
      ).data;
      const floorFilters = filters.map((filter) =>
        filter.id === 'locations' ? { ...filter, selected: true, value: [floor.levelId] } : filter,
      );
      const add = async (name: string) =>
        expectStatus<{ id: number; is_active: boolean; order: number }>(
          await request(admin, 'POST', `${R}/presets`, {
            name,
            section: 'occupancy_historical',
            preset: { filters: floorFilters },
          }),
          201,
        );
      const first = await add('My floor');
      const second = await add('Again');
      expect(second).toMatchObject({ is_active: true, order: first.order + 1 });
      const listed = async () =>
        expectStatus<{ data: Array<{ id: number; is_active: boolean }> }>(
          await request(admin, 'GET', `${R}/presets/occupancy_historical`),
          200,
        ).data;
      expect((await listed()).filter((preset) => preset.is_active).map((preset) => preset.id)).toEqual([
        second.id,
      ]);

      expectStatus(await request(admin, 'GET', `${R}/presets/activate/${first.id}`), 200);
      expect((await listed()).filter((preset) => preset.is_active).map((preset) => preset.id)).toEqual([
        first.id,
      ]);
      const shown = expectStatus<ReportFilterList>(
        await request(admin, 'GET', `${R}/search-filters/occupancy_historical`),
        200,
      );
      expect(shown.data.find((filter) => filter.id === 'locations')?.value).toEqual([floor.levelId]);

      const reordered = expectStatus<{ data: Array<{ id: number }> }>(
        await request(admin, 'POST', `${R}/presets/order`, {
          section: 'occupancy_historical',
          order: [
            { id: second.id, ordering: 0 },
            { id: first.id, ordering: 1 },
          ],
        }),
        200,
      );
      expect(reordered.data.map((preset) => preset.id).slice(0, 2)).toEqual([second.id, first.id]);

      // presets need a name (spec §5); another user's preset is not found
      const unnamed = expectErrorShape(
        await request(admin, 'POST', `${R}/presets`, {
          name: ' ',
          section: 'dashboard',
          preset: { filters: [] },
        }),
        422,
      );
      expect(unnamed.errors).toEqual({ name: ['This field is required.'] });
      const reporter = await signIn(server(), ACCOUNTS.acmeAdmin);
      expect(reporter).toBeTruthy();
      expectErrorShape(
        await request(globex, 'GET', `${R}/presets/activate/${first.id}`, undefined, 'globex'),
        404,
      );
      expectErrorShape(await request(globex, 'DELETE', `${R}/presets/${first.id}`, undefined, 'globex'), 404);
      const misordered = expectErrorShape(
        await request(
          globex,
          'POST',
          `${R}/presets/order`,
          { section: 'occupancy_historical', order: [{ id: first.id, ordering: 3 }] },
          'globex',
        ),
        422,
      );
      expect(misordered.errors).toEqual({ 'order.0.id': ['The preset was not found.'] });

      expectStatus(await request(admin, 'DELETE', `${R}/presets/${first.id}`), 200);
      expect((await listed()).map((preset) => preset.id)).not.toContain(first.id);
    });
  });

  describe('POST reports/export (spec §9)', () => {
    it('streams CurrentExport.csv with a byte order mark, formula cells neutralised', async () => {
      const desk = await floor.resource('=HYPERLINK("x")');
      const host = await userId(server(), ACCOUNTS.employee);
      await insertRaw(server(), floor.companyId, {
        resourceId: desk,
        userId: host,
        startsAt: at(ZONE, '2026-02-02', 9),
        endsAt: at(ZONE, '2026-02-02', 10),
      });
      const response = await call(server(), 'POST', `${R}/export`, {
        subdomain: 'acme',
        token: admin,
        body: {
          section: 'technical_list',
          location_ids: [floor.levelId],
          datetime_from: '2026-02-01T00:00',
          datetime_to: '2026-02-28T24:00',
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toBe('attachment; filename="CurrentExport.csv"');
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines[0]).toBe(
        'id,resource,level,type,host,starts_at,ends_at,status,approval_status,checked_in_at,checked_out_at',
      );
      expect(lines.some((line) => line.includes(`"'=HYPERLINK(""x"")"`))).toBe(true);
      expect(lines.some((line) => /(^|,)=/.test(line))).toBe(false);

      const figures = await call(server(), 'POST', `${R}/export?filename=floor.csv`, {
        subdomain: 'acme',
        token: admin,
        body: {
          section: 'dashboard',
          location_ids: [floor.levelId],
          datetime_from: '2026-02-01T00:00',
          datetime_to: '2026-02-28T24:00',
        },
      });
      expect(figures.headers['content-disposition']).toBe('attachment; filename="floor.csv"');
      expect(figures.body).toContain('resource,');
    });
  });

  describe('GET reports/levels/finder (the location filter)', () => {
    it('answers the top levels, then a level’s children with their resources counted', async () => {
      const top = expectStatus<{ data: Array<{ id: number; name: string }> }>(
        await request(admin, 'GET', `${R}/levels/finder`),
        200,
      );
      expect(top.data.some((level) => level.id === floor.levelId)).toBe(true);
      const children = expectStatus<{ data: unknown[] }>(
        await request(admin, 'GET', `${R}/levels/${floor.levelId}/finder`),
        200,
      );
      expect(children.data).toEqual([]);
      expectErrorShape(
        await request(globex, 'GET', `${R}/levels/${floor.levelId}/finder`, undefined, 'globex'),
        404,
      );
    });
  });
});
