import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type { OutlookPlaces } from '../../../shared/contract/outlook';
import { zonedInstant } from '../../../shared/time/zone';
import { dayAhead, givenFloor, slot, ZONE, type Floor } from '../declarations/declarations.fixtures';
import { OUTLOOK, outlookActors, outlookApi } from './outlook.fixtures';

const PLACES = `${OUTLOOK}/places`;
type Errors = { data: { errors: Record<string, string[]> } };

// Issue 41, what peers offer in the pane: a desk or a parking place for the meeting day.
describeEachDatabase('Outlook add-in: a desk or parking place for the meeting day', (server) => {
  let employee: string;
  let teammate: string;
  let reception: string;
  let globex: string;
  let floor: Floor;
  const { request } = outlookApi(server, () => floor);
  const db = () => server().db.kysely;
  const list = async (date: string, kind: 'desk' | 'parking', token = employee) => {
    const response = await request('GET', `${PLACES}?date=${date}&kind=${kind}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OutlookPlaces>();
  };
  const book = (resourceId: number, date: string, token = employee) =>
    request('POST', PLACES, token, { resource_id: resourceId, date });
  const bookingsOf = (resourceId: number) =>
    db()
      .selectFrom('declarations')
      .select(['id', 'user_id', 'starts_at', 'ends_at', 'source', 'status'])
      .where('resource_id', '=', resourceId)
      .where('status', '=', 'booked')
      .execute();

  beforeAll(async () => {
    ({ employee, globex, floor } = await outlookActors(server()));
    reception = await signIn(server(), ACCOUNTS.reception);
    teammate = await signIn(server(), ACCOUNTS.teammate);
  });

  it('lists the day’s free desks, favourites first, and books one for the whole day through the engine', async () => {
    const date = dayAhead(9);
    const plain = await floor.resource('Places desk A');
    const liked = await floor.resource('Places desk B');
    const taken = await floor.resource('Places desk C');
    const room = await floor.resource('Places room', 'room');
    const favored = await request('POST', `/api/company/v1/resources/${liked}/favor`, employee);
    expect(favored.statusCode, favored.body).toBe(200);
    try {
      // a colleague holds desk C for the morning: not free for the day
      const colleague = await request('POST', '/api/company/v1/declarations', teammate, {
        resource_id: taken,
        slots: [slot(date, 9, 10)],
      });
      expect(colleague.statusCode, colleague.body).toBe(201);

      const before = await list(date, 'desk');
      expect(before.booked).toBeNull();
      const ids = before.data.map((place) => place.id);
      expect(ids).toContain(plain);
      expect(ids).not.toContain(taken);
      expect(ids).not.toContain(room);
      expect(ids.indexOf(liked)).toBe(0);
      expect(before.data[0]!.is_favorite).toBe(true);
      expect(before.data.find((place) => place.id === plain)!.level.name).toBe(floor.levelName);

      const booked = await book(plain, date);
      expect(booked.statusCode, booked.body).toBe(201);
      const answer = booked.json<OutlookPlaces>();
      expect(answer.booked?.place?.id).toBe(plain);
      expect(answer.data).toEqual([]);
      // the whole day of the floor (open round the clock in the fixture), one booking, from Outlook
      const rows = await bookingsOf(plain);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.source).toBe('outlook');
      expect(new Date(rows[0]!.starts_at).toISOString()).toBe(zonedInstant(date, 0, ZONE).toISOString());
      expect(new Date(rows[0]!.ends_at).toISOString()).toBe(answer.booked!.booking.end);
      expect(answer.booked!.booking.start).toBe(zonedInstant(date, 0, ZONE).toISOString());
    } finally {
      await request('POST', `/api/company/v1/resources/${liked}/disfavor`, employee);
    }
  });

  it('answers the user’s own place for the day instead of the list, and refuses a second one', async () => {
    const date = dayAhead(10);
    const desk = await floor.resource('Places own desk');
    const other = await floor.resource('Places other desk');
    expect((await book(desk, date)).statusCode).toBe(201);
    const again = await list(date, 'desk');
    expect(again.booked?.booking.resource_id).toBe(desk);
    expect(again.booked?.place?.name).toBe('Places own desk');
    expect(again.data).toEqual([]);
    // another day, or the other kind, still lists
    expect((await list(dayAhead(11), 'desk')).booked).toBeNull();
    expect((await list(date, 'parking')).booked).toBeNull();
    const second = await book(other, date);
    expectErrorShape(second, 409);
    expect(await bookingsOf(other)).toEqual([]);
  });

  it('lists parking places by their type and keeps the engine’s per-user limit', async () => {
    const date = dayAhead(12);
    const bay = await floor.resource('Places bay', 'shared');
    const parking = await list(date, 'parking');
    expect(parking.data.map((place) => place.id)).toContain(bay);
    expect(parking.data.every((place) => place.resource_type.key === 'parking')).toBe(true);
    // the employee may hold one personal place a day (PLAN 1): a desk first, then the bay is refused
    const desk = await floor.resource('Places limit desk');
    expect((await book(desk, date)).statusCode).toBe(201);
    const refused = await book(bay, date);
    expectErrorShape(refused, 409);
    expect(await bookingsOf(bay)).toEqual([]);
  });

  it('answers 422 with field errors for the date, the kind and the resource', async () => {
    const desk = await floor.resource('Places invalid');
    const room = await floor.resource('Places invalid room', 'room');
    for (const [query, field] of [
      ['date=2026-02-30&kind=desk', 'date'],
      ['date=tomorrow&kind=desk', 'date'],
      ['kind=desk', 'date'],
      [`date=${dayAhead(3)}&kind=room`, 'kind'],
      [`date=${dayAhead(3)}`, 'kind'],
    ] as const) {
      const response = await request('GET', `${PLACES}?${query}`, employee);
      expectErrorShape(response, 422);
      expect(Object.keys(response.json<Errors>().data.errors), query).toEqual([field]);
    }
    for (const [body, field] of [
      [{ resource_id: desk, date: '2026-13-01' }, 'date'],
      [{ resource_id: 'x', date: dayAhead(3) }, 'resource_id'],
      [{ resource_id: room, date: dayAhead(3) }, 'resource_id'],
      // a day gone by is the engine's refusal, answered on the date
      [{ resource_id: desk, date: dayAhead(-2) }, 'date'],
      // past the company's booking horizon
      [{ resource_id: desk, date: dayAhead(4000) }, 'date'],
    ] as const) {
      const response = await request('POST', PLACES, employee, body);
      expectErrorShape(response, 422);
      expect(Object.keys(response.json<Errors>().data.errors), JSON.stringify(body)).toEqual([field]);
    }
    expect(await bookingsOf(desk)).toEqual([]);
    expect(await bookingsOf(room)).toEqual([]);
  });

  it('is refused to a role that may not book, and keeps companies apart', async () => {
    const date = dayAhead(13);
    const desk = await floor.resource('Places isolated');
    expectErrorShape(await request('GET', `${PLACES}?date=${date}&kind=desk`, reception), 403);
    expectErrorShape(await book(desk, date, reception), 403);
    // another company's resource is unknown here, and another company's places never listed
    const globexFloor = await givenFloor(server(), 'globex');
    const theirs = await globexFloor.resource('Places globex desk');
    const unknown = await book(theirs, date);
    expectErrorShape(unknown, 404);
    expect(unknown.body).not.toContain('Places globex desk');
    const mine = await request('GET', `${PLACES}?date=${date}&kind=desk`, globex, undefined, 'globex');
    expect(mine.statusCode, mine.body).toBe(200);
    const seen = mine.json<OutlookPlaces>().data.map((place) => place.id);
    expect(seen).toContain(theirs);
    expect(seen).not.toContain(desk);
    expectErrorShape(await request('POST', PLACES, globex, { resource_id: desk, date }, 'globex'), 404);
    // another company's session is refused on this company's address
    const crossed = await request('GET', `${PLACES}?date=${date}&kind=desk`, globex);
    expect([401, 403]).toContain(crossed.statusCode);
    expect(await bookingsOf(desk)).toEqual([]);
    expect(await bookingsOf(theirs)).toEqual([]);
  });
});
