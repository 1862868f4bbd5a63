import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import { givenResource } from './resource-settings.fixtures';

const resourceUrl = (id: number) => `/api/company/v1/resources/${id}`;

describeEachDatabase('resource availability and capacity for a time', (server) => {
  let admin: string;
  let employee: string;
  let resource: number;

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) =>
    call(server(), method, url, { subdomain: 'acme', token, body });
  const ok = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
    const response = await send(method, url, body);
    expect(response.statusCode, response.body).toBe(method === 'POST' ? 201 : 200);
    return response.json<T>();
  };
  const errorsOf = async (method: 'POST' | 'PUT', url: string, body: unknown) =>
    expectErrorShape(await send(method, url, body), 422).errors;

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    resource = await givenResource(server(), 'acme', { capacity: 8, max_capacity: 10 });
  });

  describe('POST/GET/PUT/DELETE resources/{id}/availabilities (spec §2 availability)', () => {
    const url = () => `${resourceUrl(resource)}/availabilities`;
    const window = {
      weekdays: [5, 1, 3, 1],
      time_from: '07:00',
      time_to: '19:30',
      date_from: '2026-01-01',
      date_to: '2026-06-30',
    };

    it('keeps a weekly window with its weekdays once each, Monday first, and answers it in the list', async () => {
      const created = await ok<{ id: number }>('POST', url(), window);
      expect(created).toEqual({
        id: expect.any(Number),
        resource_id: resource,
        weekdays: [1, 3, 5],
        time_from: '07:00',
        time_to: '19:30',
        date_from: '2026-01-01',
        date_to: '2026-06-30',
      });
      const list = await ok<{ data: unknown[] }>('GET', url());
      expect(list.data).toContainEqual(created);
    });

    it('accepts a window without dates (every week, open-ended)', async () => {
      const created = await ok('POST', url(), { weekdays: [6, 7], time_from: '09:00', time_to: '12:00' });
      expect(created).toMatchObject({ weekdays: [6, 7], date_from: null, date_to: null });
    });

    it('changes and deletes a window', async () => {
      const created = await ok<{ id: number }>('POST', url(), window);
      const changed = await ok('PUT', `${url()}/${created.id}`, {
        ...window,
        weekdays: [2],
        time_to: '18:00',
      });
      expect(changed).toMatchObject({ id: created.id, weekdays: [2], time_to: '18:00' });
      expect(await ok('DELETE', `${url()}/${created.id}`)).toEqual({ message: 'Deleted.' });
      const list = await ok<{ data: Array<{ id: number }> }>('GET', url());
      expect(list.data.map((item) => item.id)).not.toContain(created.id);
      expectErrorShape(await send('DELETE', `${url()}/${created.id}`), 404);
    });

    it('answers 422 when the end time is not after the start time, and writes nothing', async () => {
      const before = await ok<{ data: unknown[] }>('GET', url());
      for (const time_to of ['07:00', '06:59'])
        expect(await errorsOf('POST', url(), { ...window, time_to })).toEqual({
          time_to: ['The end time must be after the start time.'],
        });
      expect((await ok<{ data: unknown[] }>('GET', url())).data).toHaveLength(before.data.length);
    });

    it('answers 422 when the end date is before the start date, or a date does not exist', async () => {
      expect(await errorsOf('POST', url(), { ...window, date_to: '2025-12-31' })).toEqual({
        date_to: ['The end date cannot be before the start date.'],
      });
      expect(await errorsOf('POST', url(), { ...window, date_from: '2026-02-30' })).toEqual({
        date_from: ['The date is not valid.'],
      });
      expect(await errorsOf('POST', url(), { ...window, date_to: '30.06.2026' })).toEqual({
        date_to: ['The date is not valid.'],
      });
    });

    it('answers 422 for no weekday, a weekday outside 1–7 or a time that is not HH:MM', async () => {
      expect(await errorsOf('POST', url(), { ...window, weekdays: [] })).toEqual({
        weekdays: ['This field is required.'],
      });
      expect(Object.keys((await errorsOf('POST', url(), { ...window, weekdays: [0, 8] }))!)).toEqual([
        'weekdays.0',
        'weekdays.1',
      ]);
      expect(await errorsOf('POST', url(), { ...window, time_from: '7:00' })).toEqual({
        time_from: ['Time is not valid.'],
      });
    });

    it('refuses an employee without RESOURCES (403) and an unknown resource (404)', async () => {
      expectErrorShape(await send('GET', url(), undefined, employee), 403);
      expectErrorShape(await send('POST', url(), window, employee), 403);
      expectErrorShape(await send('GET', `${resourceUrl(999_999)}/availabilities`), 404);
      expectErrorShape(await send('POST', `${resourceUrl(999_999)}/availabilities`, window), 404);
    });

    it('answers 404 for a window of another resource', async () => {
      const other = await givenResource(server(), 'acme');
      const created = await ok<{ id: number }>('POST', url(), window);
      expectErrorShape(await send('PUT', `${resourceUrl(other)}/availabilities/${created.id}`, window), 404);
      expectErrorShape(await send('DELETE', `${resourceUrl(other)}/availabilities/${created.id}`), 404);
    });
  });

  describe('POST/GET/PUT/DELETE resources/{id}/unavailabilities', () => {
    const url = () => `${resourceUrl(resource)}/unavailabilities`;
    const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

    it('answers instants in UTC, whatever offset they were sent with', async () => {
      const created = await ok('POST', url(), {
        starts_at: '2030-03-02T09:00:00+02:00',
        ends_at: '2030-03-02T17:30:00+02:00',
        reason: '  Carpet cleaning  ',
      });
      expect(created).toEqual({
        id: expect.any(Number),
        resource_id: resource,
        starts_at: '2030-03-02T07:00:00.000Z',
        ends_at: '2030-03-02T15:30:00.000Z',
        reason: 'Carpet cleaning',
      });
    });

    it('lists those not ended by default, and those overlapping from–to when asked', async () => {
      const past = await ok<{ id: number }>('POST', url(), {
        starts_at: '2020-01-01T08:00:00Z',
        ends_at: '2020-01-02T08:00:00Z',
      });
      const running = await ok<{ id: number }>('POST', url(), { starts_at: future(-1), ends_at: future(1) });
      const later = await ok<{ id: number }>('POST', url(), { starts_at: future(40), ends_at: future(41) });
      const ids = async (query = '') =>
        (await ok<{ data: Array<{ id: number }> }>('GET', `${url()}${query}`)).data.map((item) => item.id);
      const current = await ids();
      expect(current).toEqual(expect.arrayContaining([running.id, later.id]));
      expect(current).not.toContain(past.id);
      expect(await ids('?from=2019-12-31T00:00:00Z&to=2020-01-01T12:00:00Z')).toEqual([past.id]);
      const window = await ids(`?from=${encodeURIComponent(future(0))}&to=${encodeURIComponent(future(30))}`);
      expect(window).toContain(running.id);
      expect(window).not.toContain(later.id);
      expect(
        expectErrorShape(await send('GET', `${url()}?from=2020-01-02T00:00:00Z&to=2020-01-01T00:00:00Z`), 422)
          .errors,
      ).toEqual({
        to: ['The end must be after the start.'],
      });
    });

    it('changes and deletes an unavailability', async () => {
      const created = await ok<{ id: number }>('POST', url(), { starts_at: future(2), ends_at: future(3) });
      const changed = await ok('PUT', `${url()}/${created.id}`, {
        starts_at: '2031-01-01T10:00:00Z',
        ends_at: '2031-01-01T11:00:00Z',
        reason: 'Works',
      });
      expect(changed).toMatchObject({
        id: created.id,
        starts_at: '2031-01-01T10:00:00.000Z',
        reason: 'Works',
      });
      await ok('DELETE', `${url()}/${created.id}`);
      expectErrorShape(
        await send('PUT', `${url()}/${created.id}`, { starts_at: future(2), ends_at: future(3) }),
        404,
      );
    });

    it('answers 422 when the end is not after the start, or an instant is not ISO 8601', async () => {
      // one instant for both: two readings of the clock may be a millisecond apart
      const instant = future(2);
      expect(await errorsOf('POST', url(), { starts_at: instant, ends_at: instant })).toEqual({
        ends_at: ['The end must be after the start.'],
      });
      expect(await errorsOf('POST', url(), { starts_at: '2030-01-01 10:00', ends_at: future(2) })).toEqual({
        starts_at: ['The date is not valid.'],
      });
    });
  });

  describe('POST/GET/PUT/DELETE resources/{id}/date-capacities (spec §2 capacity "time")', () => {
    const url = () => `${resourceUrl(resource)}/date-capacities`;

    it('keeps a capacity between two dates, listed by date', async () => {
      const later = await ok('POST', url(), { date_from: '2030-08-01', date_to: '2030-08-31', capacity: 2 });
      const earlier = await ok('POST', url(), {
        date_from: '2030-07-01',
        date_to: '2030-07-10',
        capacity: 0,
      });
      expect(earlier).toEqual({
        id: expect.any(Number),
        resource_id: resource,
        date_from: '2030-07-01',
        date_to: '2030-07-10',
        capacity: 0,
      });
      const list = await ok<{ data: unknown[] }>('GET', url());
      expect(list.data).toEqual([earlier, later]);
    });

    it('refuses a capacity whose dates overlap another one of the resource (422 at date_from)', async () => {
      await ok('POST', url(), { date_from: '2031-03-10', date_to: '2031-03-20', capacity: 4 });
      for (const [date_from, date_to] of [
        ['2031-03-20', '2031-03-25'],
        ['2031-03-01', '2031-03-10'],
        ['2031-03-12', '2031-03-13'],
        ['2031-03-01', '2031-04-01'],
      ])
        expect(await errorsOf('POST', url(), { date_from, date_to, capacity: 4 })).toEqual({
          date_from: ['Another capacity already covers some of these dates.'],
        });
      // The days just before and after are free.
      await ok('POST', url(), { date_from: '2031-03-21', date_to: '2031-03-22', capacity: 4 });
      await ok('POST', url(), { date_from: '2031-03-09', date_to: '2031-03-09', capacity: 4 });
      // Another resource's capacities are its own.
      const other = await givenResource(server(), 'acme', { max_capacity: 5 });
      await ok('POST', `${resourceUrl(other)}/date-capacities`, {
        date_from: '2031-03-10',
        date_to: '2031-03-20',
        capacity: 5,
      });
    });

    it('lets only one of two simultaneous overlapping capacities in', async () => {
      const both = await Promise.all(
        [3, 4].map((capacity) =>
          send('POST', url(), { date_from: '2034-05-01', date_to: '2034-05-31', capacity }),
        ),
      );
      expect(both.map((response) => response.statusCode).sort()).toEqual([201, 422]);
    });

    it('lets a capacity change its own dates, but not onto another one', async () => {
      const first = await ok<{ id: number }>('POST', url(), {
        date_from: '2032-01-01',
        date_to: '2032-01-10',
        capacity: 3,
      });
      await ok('POST', url(), { date_from: '2032-02-01', date_to: '2032-02-10', capacity: 3 });
      expect(
        await ok('PUT', `${url()}/${first.id}`, {
          date_from: '2032-01-05',
          date_to: '2032-01-20',
          capacity: 6,
        }),
      ).toMatchObject({ date_from: '2032-01-05', date_to: '2032-01-20', capacity: 6 });
      expect(
        await errorsOf('PUT', `${url()}/${first.id}`, {
          date_from: '2032-01-05',
          date_to: '2032-02-01',
          capacity: 6,
        }),
      ).toEqual({ date_from: ['Another capacity already covers some of these dates.'] });
      await ok('DELETE', `${url()}/${first.id}`);
      expectErrorShape(await send('DELETE', `${url()}/${first.id}`), 404);
    });

    it('answers 422 for a capacity above the maximum capacity, or dates in the wrong order', async () => {
      expect(
        await errorsOf('POST', url(), { date_from: '2033-01-01', date_to: '2033-01-02', capacity: 11 }),
      ).toEqual({
        capacity: ['The capacity cannot be more than the maximum capacity (10).'],
      });
      expect(
        await errorsOf('POST', url(), { date_from: '2033-01-02', date_to: '2033-01-01', capacity: 1 }),
      ).toEqual({
        date_to: ['The end date cannot be before the start date.'],
      });
      expect(await errorsOf('POST', url(), { date_from: '2033-01-01', capacity: 1 })).toEqual({
        date_to: ['This field is required.'],
      });
    });
  });
});
