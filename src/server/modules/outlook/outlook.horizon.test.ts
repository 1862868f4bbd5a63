import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type { OutlookHorizon, OutlookMeeting } from '../../../shared/contract/outlook';
import { BOOKING_HORIZON_KEY, lastBookableDay } from '../../../shared/booking/booking-horizon';
import { addDays } from '../../../shared/time/zone';
import { dayAhead, ZONE, type Floor } from '../declarations/declarations.fixtures';
import { newKey, occurrence, OUTLOOK, outlookActors, outlookApi } from './outlook.fixtures';

describeEachDatabase('Outlook add-in: the booking horizon', (server) => {
  let employee: string;
  let admin: string;
  let globex: string;
  let reception: string;
  let floor: Floor;
  const { request } = outlookApi(server, () => floor);
  const setHorizon = (token: string, value: string, subdomain = 'acme') =>
    call(server(), 'PUT', `/api/company/v1/company-preferences/${BOOKING_HORIZON_KEY}`, {
      subdomain,
      token,
      body: { value },
    });

  beforeAll(async () => {
    ({ employee, admin, globex, floor } = await outlookActors(server()));
    reception = await signIn(server(), ACCOUNTS.reception);
  });

  it('answers the company’s horizon to the pane: its own company’s, and only to who may book', async () => {
    const before = await request('GET', `${OUTLOOK}/horizon`, employee);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<OutlookHorizon>()).toEqual({ days: 365 });

    expect((await setHorizon(admin, '20')).statusCode).toBe(200);
    expect((await request('GET', `${OUTLOOK}/horizon`, employee)).json<OutlookHorizon>()).toEqual({
      days: 20,
    });
    // another company keeps its own
    const other = await request('GET', `${OUTLOOK}/horizon`, globex, undefined, 'globex');
    expect(other.json<OutlookHorizon>()).toEqual({ days: 365 });
    // no PLAN permission, no horizon; no session, nothing
    expectErrorShape(await request('GET', `${OUTLOOK}/horizon`, reception), 403);
    expectErrorShape(await call(server(), 'GET', `${OUTLOOK}/horizon`, { subdomain: 'acme' }), 401);
    // a globex session on acme's host is not acme's
    const crossHost = await request('GET', `${OUTLOOK}/horizon`, globex);
    expect([401, 403]).toContain(crossHost.statusCode);
  });

  it('validates the preference on the preferences screen: 1 to 730 days', async () => {
    for (const value of ['0', '731', 'soon']) {
      const refused = await setHorizon(admin, value);
      expectErrorShape(refused, 422);
    }
    expect((await request('GET', `${OUTLOOK}/horizon`, employee)).json<OutlookHorizon>()).toEqual({
      days: 20,
    });
  });

  it('refuses (422, nothing booked) an occurrence after the horizon’s last day, in check, booking and move alike', async () => {
    // the horizon is 20 days (set above)
    const room = await floor.resource('Horizon room', 'room');
    const lastDay = lastBookableDay(new Date(), 20, ZONE);
    const within = [0, 1, 2].map((week) => occurrence(addDays(dayAhead(3), week * 7), 10, 11));
    const beyond = [...within, occurrence(addDays(lastDay, 1), 10, 11)];
    const message = `Bookings can be made up to ${lastDay}: this occurrence is later. Book it again later.`;

    const check = await request('POST', `${OUTLOOK}/check`, employee, {
      resource_id: room,
      occurrences: beyond,
    });
    expectErrorShape(check, 422);
    expect(check.json<{ data: { errors: Record<string, string[]> } }>().data.errors).toEqual({
      'occurrences.3.start': [message],
    });

    const key = newKey();
    const refused = await request('POST', `${OUTLOOK}/resource`, employee, {
      meeting_key: key,
      resource_id: room,
      occurrences: beyond,
    });
    expectErrorShape(refused, 422);
    expect(Object.keys(refused.json<{ data: { errors: object } }>().data.errors)).toEqual([
      'occurrences.3.start',
    ]);
    expectErrorShape(await request('GET', `${OUTLOOK}/meetings/${key}`, employee), 404);

    // its last day is bookable
    const upToLast = [...within, occurrence(lastDay, 10, 11)];
    const booked = await request('POST', `${OUTLOOK}/resource`, employee, {
      meeting_key: key,
      resource_id: room,
      occurrences: upToLast,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json<OutlookMeeting>().bookings).toHaveLength(4);

    // moved a day later, the last occurrence would pass the horizon: refused, the bookings stay
    const moved = await request('PUT', `${OUTLOOK}/meetings/${key}`, employee, {
      occurrences: upToLast.map((entry) => ({
        start: new Date(Date.parse(entry.start) + 86_400_000).toISOString(),
        end: new Date(Date.parse(entry.end) + 86_400_000).toISOString(),
      })),
    });
    expectErrorShape(moved, 422);
    const kept = (await request('GET', `${OUTLOOK}/meetings/${key}`, employee)).json<OutlookMeeting>();
    expect(kept.bookings.map((b) => b.start)).toEqual(upToLast.map((entry) => entry.start));

    // back to the default for the company's other tests
    expect((await setHorizon(admin, '365')).statusCode).toBe(200);
  });
});
