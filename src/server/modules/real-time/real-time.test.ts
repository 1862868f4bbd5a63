import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type { LiveMap } from '../../../shared/contract/real-time';
import { REALTIME_CLOSE } from '../../../shared/contract/realtime';
import { events, open, until } from '../../realtime/realtime.fixtures';
import {
  DECLARATIONS,
  givenFloor,
  insertBooking,
  minutesFromNow,
} from '../declarations/declarations.fixtures';
import { WALL_GONE } from './real-time.service';

const COMPANY = '/api/company/v1';
// a 1×1 PNG
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describeEachDatabase('real-time maps', (server) => {
  let admin: string;
  let employee: string;
  let globex: string;

  const as = (token: string, subdomain = 'acme') => ({
    get: (url: string) => call(server(), 'GET', url, { subdomain, token }),
    put: (url: string, body: unknown) => call(server(), 'PUT', url, { subdomain, token, body }),
    post: (url: string, body: unknown) => call(server(), 'POST', url, { subdomain, token, body }),
  });
  const wall = (code: string, subdomain: string | null = 'acme', path = '') =>
    call(server(), 'GET', `${COMPANY}/real-time/wall/${code}${path}`, { subdomain });

  /** A floor drawn on a map of its own, with one placed desk, and the map's realtime switched on. */
  async function givenRealtimeFloor() {
    const floor = await givenFloor(server());
    const map = await as(admin).post(`${COMPANY}/maps`, { name: 'Live floor', content_base64: PNG });
    expect(map.statusCode, map.body).toBe(201);
    const mapId = map.json<{ id: number }>().id;
    const db = server().db.kysely;
    await db.updateTable('levels').set({ map_id: mapId }).where('id', '=', floor.levelId).execute();
    const desk = await floor.resource('Live desk');
    await db.updateTable('resources').set({ map_x: 0.25, map_y: 0.5 }).where('id', '=', desk).execute();
    const on = await as(admin).put(`${COMPANY}/maps/${mapId}`, { set_realtime: 1 });
    expect(on.statusCode, on.body).toBe(200);
    return { floor, mapId, desk };
  }
  const issue = async (mapId: number, token = admin) => {
    const response = await as(token).post(`${COMPANY}/maps/${mapId}/temp-token`, { realtime: true });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ access_token: string }>().access_token;
  };

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
  });

  describe(`POST ${COMPANY}/maps/{id}/temp-token`, () => {
    it('issues a 128-bit token that shows that map, without a session, and only it', async () => {
      const { mapId, desk } = await givenRealtimeFloor();
      const token = await issue(mapId);
      expect(Buffer.from(token, 'base64url')).toHaveLength(16);
      const shown = await wall(token);
      expect(shown.statusCode, shown.body).toBe(200);
      const live = shown.json<LiveMap>();
      expect(live.map.id).toBe(mapId);
      expect(live.resources).toEqual([
        { id: desk, name: 'Live desk', x: 0.25, y: 0.5, icon: expect.anything(), state: 'free' },
      ]);
      expect((await wall(token, null, '/image')).statusCode).toBe(404);
      const image = await wall(token, 'acme', '/image');
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    });

    it('answers 409 while the map’s realtime is off, and 422 without realtime true', async () => {
      const { mapId } = await givenRealtimeFloor();
      expect(
        expectErrorShape(await as(admin).post(`${COMPANY}/maps/${mapId}/temp-token`, {}), 422).errors,
      ).toHaveProperty('realtime');
      await as(admin).put(`${COMPANY}/maps/${mapId}`, { realtime: 0 });
      expect(
        expectErrorShape(await as(admin).post(`${COMPANY}/maps/${mapId}/temp-token`, { realtime: true }), 409)
          .message,
      ).toBe('Switch real-time on for this map first.');
    });

    it('refuses a user without REAL_TIME or LEVELS (403), another company’s token (401) and map (404)', async () => {
      const { mapId } = await givenRealtimeFloor();
      const reception = await signIn(server(), ACCOUNTS.reception);
      expectErrorShape(
        await as(reception).post(`${COMPANY}/maps/${mapId}/temp-token`, { realtime: true }),
        403,
      );
      expectErrorShape(await as(globex).post(`${COMPANY}/maps/${mapId}/temp-token`, { realtime: true }), 401);
      expectErrorShape(
        await as(globex, 'globex').post(`${COMPANY}/maps/${mapId}/temp-token`, { realtime: true }),
        404,
      );
    });

    it('lets a REAL_TIME holder switch realtime but not rename the map', async () => {
      const { mapId } = await givenRealtimeFloor();
      expect((await as(employee).put(`${COMPANY}/maps/${mapId}`, { realtime: 1 })).statusCode).toBe(200);
      expectErrorShape(await as(employee).put(`${COMPANY}/maps/${mapId}`, { name: 'Mine now' }), 403);
    });
  });

  describe(`GET ${COMPANY}/real-time/wall/{code}`, () => {
    it('refuses the token at once when realtime is switched off, and a replaced token at once', async () => {
      const { mapId } = await givenRealtimeFloor();
      const first = await issue(mapId);
      const second = await issue(mapId);
      expect(expectErrorShape(await wall(first), 404).message).toBe(WALL_GONE);
      expect((await wall(second)).statusCode).toBe(200);
      await as(admin).put(`${COMPANY}/maps/${mapId}`, { set_realtime: 0 });
      expect(expectErrorShape(await wall(second), 404).message).toBe(WALL_GONE);
      expect((await wall(second, 'acme', '/image')).statusCode).toBe(404);
      // switching it on again does not bring the old token back
      await as(admin).put(`${COMPANY}/maps/${mapId}`, { set_realtime: 1 });
      expect((await wall(second)).statusCode).toBe(404);
    });

    it('answers 404 to another company’s host and to a made-up token', async () => {
      const { mapId } = await givenRealtimeFloor();
      const token = await issue(mapId);
      expect(expectErrorShape(await wall(token, 'globex'), 404).message).toBe(WALL_GONE);
      expect((await wall('A'.repeat(22))).statusCode).toBe(404);
      expect((await wall(token, null)).statusCode).toBe(404);
    });

    it('shows booked, checked in and released states as they are now', async () => {
      const { floor, mapId, desk } = await givenRealtimeFloor();
      const token = await issue(mapId);
      const booking = await insertBooking(server(), {
        companyId: floor.companyId,
        resourceId: desk,
        email: ACCOUNTS.employee,
        startsAt: minutesFromNow(-5),
        endsAt: minutesFromNow(55),
      });
      const state = async () => (await wall(token)).json<LiveMap>().resources[0]!.state;
      expect(await state()).toBe('booked');
      const checkIn = await as(employee).post(`${DECLARATIONS}/${booking}/check-in`, {});
      expect(checkIn.statusCode, checkIn.body).toBe(200);
      expect(await state()).toBe('checked_in');
      await server()
        .db.kysely.updateTable('declarations')
        .set({ status: 'released' })
        .where('id', '=', booking)
        .execute();
      expect(await state()).toBe('released');
    });
  });

  describe(`GET ${COMPANY}/real-time/maps/{id}`, () => {
    it('answers REAL_TIME holders, refuses others (403) and another company’s map (404)', async () => {
      const { mapId } = await givenRealtimeFloor();
      const reception = await signIn(server(), ACCOUNTS.reception);
      expect((await as(employee).get(`${COMPANY}/real-time/maps/${mapId}`)).statusCode).toBe(200);
      expectErrorShape(await as(reception).get(`${COMPANY}/real-time/maps/${mapId}`), 403);
      expectErrorShape(await as(globex).get(`${COMPANY}/real-time/maps/${mapId}`), 401);
      expectErrorShape(await as(globex, 'globex').get(`${COMPANY}/real-time/maps/${mapId}`), 404);
    });
  });

  describe('the wall screen’s socket', () => {
    it('hears a check-in on its map, is told when realtime is switched off, and is refused after', async () => {
      const { floor, mapId, desk } = await givenRealtimeFloor();
      const token = await issue(mapId);
      const probe = await open(server().app);
      probe.send({ type: 'wall', code: token, subdomain: 'acme' });
      await until(() => probe.messages.some((m) => m.type === 'ready'), 'ready');
      const booking = await insertBooking(server(), {
        companyId: floor.companyId,
        resourceId: desk,
        email: ACCOUNTS.employee,
        startsAt: minutesFromNow(-5),
        endsAt: minutesFromNow(55),
      });
      await as(employee).post(`${DECLARATIONS}/${booking}/check-in`, {});
      await until(() => events(probe).length > 0, 'the check-in');
      expect(events(probe)[0]).toMatchObject({ data: { action: 'checked_in', resource_id: desk } });

      await as(admin).put(`${COMPANY}/maps/${mapId}`, { realtime: 0 });
      await until(() => events(probe, 'real_time_map_changed').length > 0, 'the switch');
      expect(events(probe, 'real_time_map_changed')[0]).toMatchObject({
        data: { map_id: mapId, realtime: 0 },
      });
      // the next heartbeat closes it, as an ended session's
      await server().app.realtime.beat();
      expect((await probe.closed).code).toBe(REALTIME_CLOSE.unauthorized);

      const again = await open(server().app);
      again.send({ type: 'wall', code: token, subdomain: 'acme' });
      expect((await again.closed).code).toBe(REALTIME_CLOSE.unauthorized);
    });

    it('never hears another map’s bookings, and a token is refused on another company’s host', async () => {
      const { mapId } = await givenRealtimeFloor();
      const other = await givenRealtimeFloor();
      const token = await issue(mapId);
      const probe = await open(server().app);
      probe.send({ type: 'wall', code: token, subdomain: 'acme' });
      await until(() => probe.messages.some((m) => m.type === 'ready'), 'ready');
      const booking = await insertBooking(server(), {
        companyId: other.floor.companyId,
        resourceId: other.desk,
        email: ACCOUNTS.employee,
        startsAt: minutesFromNow(-5),
        endsAt: minutesFromNow(55),
      });
      await as(employee).post(`${DECLARATIONS}/${booking}/check-in`, {});
      // a subscriber that hears everything, to know the event has gone out
      const everyone = await open(server().app);
      everyone.send({ type: 'auth', token: admin, subdomain: 'acme' });
      await until(() => everyone.messages.some((m) => m.type === 'ready'), 'ready');
      await as(employee).post(`${DECLARATIONS}/${booking}/check-out`, {});
      await until(() => events(everyone).length > 0, 'the check-out');
      expect(events(probe)).toEqual([]);
      probe.socket.close();
      everyone.socket.close();

      const abroad = await open(server().app);
      abroad.send({ type: 'wall', code: token, subdomain: 'globex' });
      expect((await abroad.closed).code).toBe(REALTIME_CLOSE.unauthorized);
    });
  });
});
