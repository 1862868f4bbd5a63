import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import { AWAITING_CLEANING_MESSAGE, CLEAN_BEFORE_BOOKING_KEY } from '../../../shared/booking/cleaning';
import type { CleanResources } from '../../../shared/contract/cleaning';
import {
  api,
  dayAhead,
  givenFloor,
  insertBooking,
  minutesFromNow,
  slot,
  type Floor,
} from './declarations.fixtures';

const CLEAN = '/api/company/v1/declarations/clean-resources';
const PREFERENCE = `/api/company/v1/company-preferences/${CLEAN_BEFORE_BOOKING_KEY}`;

describeEachDatabase('cleaning after use', (server) => {
  const http = api(server);
  let admin: string;
  let employee: string;
  let globex: string;
  let floor: Floor;

  const listed = async (token = admin, query = '') => {
    const response = await call(server(), 'GET', `${CLEAN}${query}`, { subdomain: 'acme', token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CleanResources>();
  };
  const markCleaned = (resourceId: number, token = admin, subdomain = 'acme') =>
    call(server(), 'POST', `${CLEAN}/${resourceId}`, { subdomain, token, body: {} });
  const setRule = async (value: '0' | '1') => {
    const response = await call(server(), 'PUT', PREFERENCE, {
      subdomain: 'acme',
      token: admin,
      body: { value },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** a booking of the desk by the employee that ended `minutesAgo` minutes ago */
  const usedUntil = (desk: number, minutesAgo: number) =>
    insertBooking(server(), {
      companyId: floor.companyId,
      resourceId: desk,
      email: ACCOUNTS.employee,
      startsAt: minutesFromNow(-minutesAgo - 60),
      endsAt: minutesFromNow(-minutesAgo),
    });

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    floor = await givenFloor(server());
  });

  describe(`GET ${CLEAN}`, () => {
    it('lists a resource whose booking ended, with when its use ended, and not one never used', async () => {
      const used = await floor.resource('Clean desk used');
      const unused = await floor.resource('Clean desk unused');
      await usedUntil(used, 30);
      const answer = await listed(admin, `?level_id=${floor.levelId}`);
      const row = answer.data.find((candidate) => candidate.id === used);
      expect(row).toMatchObject({ name: 'Clean desk used', level_id: floor.levelId, last_cleaning: null });
      expect(Date.parse(row!.used_until)).toBeLessThan(Date.now());
      expect(answer.data.some((candidate) => candidate.id === unused)).toBe(false);
    });

    it('lists a checked-out booking from its check-out, and not a cancelled or a current one', async () => {
      const checkedOut = await floor.resource('Clean desk checked out');
      const cancelled = await floor.resource('Clean desk cancelled');
      const current = await floor.resource('Clean desk in use');
      const id = await insertBooking(server(), {
        companyId: floor.companyId,
        resourceId: checkedOut,
        email: ACCOUNTS.employee,
        startsAt: minutesFromNow(-60),
        endsAt: minutesFromNow(60),
      });
      await server()
        .db.kysely.updateTable('declarations')
        .set({
          status: 'checked_out',
          checked_out_at: minutesFromNow(-5),
          checked_in_at: minutesFromNow(-55),
        })
        .where('id', '=', id)
        .execute();
      const gone = await usedUntil(cancelled, 10);
      await server()
        .db.kysely.updateTable('declarations')
        .set({ status: 'cancelled' })
        .where('id', '=', gone)
        .execute();
      await insertBooking(server(), {
        companyId: floor.companyId,
        resourceId: current,
        email: ACCOUNTS.employee,
        startsAt: minutesFromNow(-30),
        endsAt: minutesFromNow(30),
      });
      const ids = (await listed(admin, `?level_id=${floor.levelId}`)).data.map((row) => row.id);
      expect(ids).toContain(checkedOut);
      expect(ids).not.toContain(cancelled);
      expect(ids).not.toContain(current);
    });

    it('answers 422 with the field named for a level id that is not one', async () => {
      const response = await call(server(), 'GET', `${CLEAN}?level_id=abc`, {
        subdomain: 'acme',
        token: admin,
      });
      expect(expectErrorShape(response, 422).errors).toHaveProperty('level_id');
    });

    it('refuses a user without CLEAN (403) and another company’s token (401)', async () => {
      expectErrorShape(await call(server(), 'GET', CLEAN, { subdomain: 'acme', token: employee }), 403);
      expectErrorShape(await call(server(), 'GET', CLEAN, { subdomain: 'acme', token: globex }), 401);
    });

    it('never lists acme’s resources to another company', async () => {
      const used = await floor.resource('Clean desk acme only');
      await usedUntil(used, 15);
      const response = await call(server(), 'GET', CLEAN, { subdomain: 'globex', token: globex });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<CleanResources>().data.map((row) => row.id)).not.toContain(used);
      expect(response.body).not.toContain('Clean desk');
    });
  });

  describe(`POST ${CLEAN}/{id}`, () => {
    it('records who cleaned it and when, and takes it off the list', async () => {
      const desk = await floor.resource('Clean desk to mark');
      await usedUntil(desk, 20);
      const response = await markCleaned(desk);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ resource_id: desk, cleaned_by: 'Ada Admin' });
      expect((await listed()).data.map((row) => row.id)).not.toContain(desk);
    });

    it('answers 403 without CLEAN, 404 for another company’s resource, and changes nothing', async () => {
      const desk = await floor.resource('Clean desk refused');
      await usedUntil(desk, 20);
      expectErrorShape(await markCleaned(desk, employee), 403);
      expectErrorShape(await markCleaned(desk, globex, 'globex'), 404);
      expectErrorShape(await markCleaned(desk, globex), 401);
      expectErrorShape(await markCleaned(2_000_000_000), 404);
      expect((await listed()).data.map((row) => row.id)).toContain(desk);
    });
  });

  describe('the CleanBeforeBooking rule in the booking engine', () => {
    it('booked and ended → awaits cleaning → refused while the rule is on → cleaned → bookable', async () => {
      const desk = await floor.resource('Clean desk rule');
      const later = slot(dayAhead(3), 9);
      await usedUntil(desk, 5);
      // the rule off (every company starts so): bookable although used
      const first = await http.book(employee, { resource_id: desk, slots: [slot(dayAhead(2), 9)] });
      expect(first.statusCode, first.body).toBe(201);

      await setRule('1');
      try {
        const refused = await http.book(employee, { resource_id: desk, slots: [later] });
        expect(expectErrorShape(refused, 409).message).toBe(AWAITING_CLEANING_MESSAGE);
        const german = await call(server(), 'POST', '/api/company/v1/declarations?lang=de', {
          subdomain: 'acme',
          token: employee,
          body: { resource_id: desk, slots: [later] },
        });
        expect(expectErrorShape(german, 409).message).not.toBe(AWAITING_CLEANING_MESSAGE);
        expect((await listed()).clean_before_booking).toBe(true);

        expect((await markCleaned(desk)).statusCode).toBe(201);
        const booked = await http.book(employee, { resource_id: desk, slots: [later] });
        expect(booked.statusCode, booked.body).toBe(201);
      } finally {
        await setRule('0');
      }
    });

    it('shows the refusal on the plan’s map markers while the rule is on', async () => {
      const desk = await floor.resource('Clean desk on plan');
      await usedUntil(desk, 5);
      const markers = async () => {
        const response = await http.get(
          employee,
          `/api/company/v1/plan/occupancy/level/${floor.levelId}/resources`,
        );
        expect(response.statusCode, response.body).toBe(200);
        return response
          .json<{ data: Array<{ resource_id: number; awaiting_cleaning: boolean }> }>()
          .data.find((row) => row.resource_id === desk);
      };
      expect(await markers()).toMatchObject({ awaiting_cleaning: false });
      await setRule('1');
      try {
        expect(await markers()).toMatchObject({ awaiting_cleaning: true });
        await markCleaned(desk);
        expect(await markers()).toMatchObject({ awaiting_cleaning: false });
      } finally {
        await setRule('0');
      }
    });
  });
});
