import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type { SpacePass } from '../../../shared/contract/passes';
import {
  api,
  dayAhead,
  DECLARATIONS,
  givenFloor,
  insertBooking,
  minutesFromNow,
  slot,
  type Floor,
} from '../declarations/declarations.fixtures';
import type { GeneralPermission } from '../../../shared/permissions';
import { qrSvg } from '../qr-codes';
import { getPass, passQrCode, revokePass } from './passes.service';

const PASSES = '/api/company/v1/space-passes';

describeEachDatabase('space passes', (server) => {
  let admin: string;
  let employee: string;
  let globex: string;
  let floor: Floor;
  const http = api(server);
  // the employee may hold one place a day (their PLAN value): each API booking of theirs has its own day

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    floor = await givenFloor(server());
  });

  /** A service context for a user holding only `permissions` (the demo roles all read bookings). */
  const asUserWith = async (email: string, permissions: GeneralPermission[]) => {
    const user = await server()
      .db.kysely.selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return {
      db: server().db.kysely,
      companyId: user.company_id!,
      userId: user.id,
      permissions,
      origin: 'http://acme.workplace.localhost',
    };
  };
  const grant = (permission: string): GeneralPermission => ({
    permission,
    type: 'NUMERICAL',
    is_active: true,
    create: false,
    read: false,
    update: false,
    delete: false,
    value: null,
  });

  const passesOf = async (token: string) => {
    const response = await http.get(token, PASSES);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SpacePass[] }>().data;
  };
  const passOf = async (token: string, id: number) => {
    const response = await http.get(token, `${PASSES}/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SpacePass>();
  };
  const bookedNow = (resourceId: number, email: string = ACCOUNTS.employee) =>
    insertBooking(server(), {
      companyId: floor.companyId,
      resourceId,
      email,
      startsAt: minutesFromNow(-30),
      endsAt: minutesFromNow(60),
    });

  describe(`GET ${PASSES}`, () => {
    it('lists the holder’s bookings that are not over as passes, the current one first (spec §2 /pass)', async () => {
      const tomorrow = await floor.resource('Desk P1');
      const today = await floor.resource('Desk P2');
      const [later] = await http.bookOk(employee, { resource_id: tomorrow, slots: [slot(dayAhead(1), 9)] });
      const current = await bookedNow(today);

      const passes = (await passesOf(employee)).filter((pass) => [later!.id, current].includes(pass.id));
      expect(passes.map((pass) => pass.id)).toEqual([current, later!.id]);
      expect(passes[0]).toMatchObject({
        declaration_id: current,
        status: 'valid',
        declaration_status: 'booked',
        resource: { id: today, name: 'Desk P2' },
        levels: [{ id: floor.levelId, name: floor.levelName }],
        timezone: 'Europe/Zurich',
        revoked_at: null,
        qr_code_url: `${PASSES}/${current}/qr-code`,
      });
      expect(passes[0]!.actions_url).toMatch(new RegExp(`^https?://acme\\.[^/]+/actions/${current}$`));
      expect(passes[1]).toMatchObject({
        status: 'upcoming',
        starts_at: slot(dayAhead(1), 9).datetime_from,
        ends_at: slot(dayAhead(1), 9).datetime_to,
      });
    });

    it('leaves out other people’s bookings, cancelled ones and those that are over', async () => {
      const desk = await floor.resource('Desk P3');
      const [theirs] = await http.bookOk(admin, { resource_id: desk, slots: [slot(dayAhead(2), 9)] });
      const [cancelled] = await http.bookOk(employee, { resource_id: desk, slots: [slot(dayAhead(2), 11)] });
      expect((await http.remove(employee, `${DECLARATIONS}/${cancelled!.id}`)).statusCode).toBe(200);
      const over = await insertBooking(server(), {
        companyId: floor.companyId,
        resourceId: desk,
        email: ACCOUNTS.employee,
        startsAt: minutesFromNow(-120),
        endsAt: minutesFromNow(-60),
      });
      const ids = (await passesOf(employee)).map((pass) => pass.id);
      expect(ids).not.toContain(theirs!.id);
      expect(ids).not.toContain(cancelled!.id);
      expect(ids).not.toContain(over);
      expect((await passOf(employee, cancelled!.id)).status).toBe('cancelled');
      expect((await passOf(employee, over)).status).toBe('expired');
    });

    it('shows an on-request booking awaiting approval as pending, without a QR code', async () => {
      const desk = await floor.resource('Desk P4', 'on_request');
      const [booking] = await http.bookOk(employee, { resource_id: desk, slots: [slot(dayAhead(3), 10)] });
      expect(await passOf(employee, booking!.id)).toMatchObject({ status: 'pending', qr_code_url: null });
      expectErrorShape(await http.get(employee, `${PASSES}/${booking!.id}/qr-code`), 404);
    });
  });

  describe(`GET ${PASSES}/{id}`, () => {
    it('answers 404 for another user’s pass to a user without BOOKINGS read', async () => {
      const desk = await floor.resource('Desk P5');
      const [theirs] = await http.bookOk(admin, { resource_id: desk, slots: [slot(dayAhead(1), 9)] });
      const planOnly = await asUserWith(ACCOUNTS.employee, [grant('PLAN')]);
      await expect(getPass(planOnly, theirs!.id)).rejects.toMatchObject({
        statusCode: 404,
        message: 'This pass was not found.',
      });
      await expect(passQrCode(planOnly, theirs!.id)).rejects.toMatchObject({ statusCode: 404 });
      await expect(revokePass(planOnly, theirs!.id)).rejects.toMatchObject({ statusCode: 404 });
    });

    it('lets a user with BOOKINGS read check someone’s pass (reception at the door)', async () => {
      const desk = await floor.resource('Desk P6');
      const [mine] = await http.bookOk(employee, { resource_id: desk, slots: [slot(dayAhead(4), 9)] });
      expect(await passOf(admin, mine!.id)).toMatchObject({
        status: 'upcoming',
        holder: { name: expect.any(String) },
      });
      // but the list stays the caller's own
      expect((await passesOf(admin)).map((pass) => pass.id)).not.toContain(mine!.id);
    });

    it('answers 404 for another company’s pass', async () => {
      const desk = await floor.resource('Desk P7');
      const current = await bookedNow(desk);
      expectErrorShape(await http.get(globex, `${PASSES}/${current}`, 'globex'), 404);
      expectErrorShape(await http.remove(globex, `${PASSES}/${current}`, 'globex'), 404);
      expectErrorShape(await http.get(globex, `${PASSES}/${current}/qr-code`, 'globex'), 404);
      expect((await passesOf(employee)).map((pass) => pass.id)).toContain(current);
    });
  });

  describe(`GET ${PASSES}/{id}/qr-code`, () => {
    it('draws the booking’s actions address as an SVG QR code', async () => {
      const desk = await floor.resource('Desk P8');
      const current = await bookedNow(desk);
      const pass = await passOf(employee, current);
      const image = await http.get(employee, `${PASSES}/${current}/qr-code`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(image.headers['cache-control']).toBe('no-store');
      expect(image.body).toBe(qrSvg(pass.actions_url));
    });
  });

  describe(`DELETE ${PASSES}/{id}`, () => {
    it('revokes the pass, not the booking: it leaves the list and loses its QR code', async () => {
      const desk = await floor.resource('Desk P9');
      const current = await bookedNow(desk);
      const response = await http.remove(employee, `${PASSES}/${current}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<SpacePass>()).toMatchObject({ status: 'revoked', qr_code_url: null });
      expect(response.json<SpacePass>().revoked_at).not.toBeNull();

      expect((await passesOf(employee)).map((pass) => pass.id)).not.toContain(current);
      expectErrorShape(await http.get(employee, `${PASSES}/${current}/qr-code`), 404);
      const booking = await http.get(employee, `${DECLARATIONS}/${current}`);
      expect(booking.json()).toMatchObject({ status: 'booked', can_check_in: true });
    });

    it('answers 409 for a pass revoked already or over, and changes nothing', async () => {
      const desk = await floor.resource('Desk P10');
      const current = await bookedNow(desk);
      expect((await http.remove(employee, `${PASSES}/${current}`)).statusCode).toBe(200);
      const before = (await passOf(employee, current)).revoked_at;
      expect(expectErrorShape(await http.remove(employee, `${PASSES}/${current}`), 409).message).toBe(
        'This pass is over already and cannot be revoked.',
      );
      expect((await passOf(employee, current)).revoked_at).toBe(before);
    });

    it('answers 403 to someone else revoking without BOOKINGS update', async () => {
      const desk = await floor.resource('Desk P12');
      const [theirs] = await http.bookOk(admin, { resource_id: desk, slots: [slot(dayAhead(1), 10)] });
      expect(expectErrorShape(await http.remove(employee, `${PASSES}/${theirs!.id}`), 403).message).toBe(
        'Only the holder of this pass may revoke it.',
      );
      expect((await passOf(admin, theirs!.id)).status).toBe('upcoming');
    });

    it('lets a user with BOOKINGS update revoke someone’s pass', async () => {
      const desk = await floor.resource('Desk P11');
      const [mine] = await http.bookOk(employee, { resource_id: desk, slots: [slot(dayAhead(5), 9)] });
      expect((await http.remove(admin, `${PASSES}/${mine!.id}`)).statusCode).toBe(200);
      expect((await passOf(employee, mine!.id)).status).toBe('revoked');
    });
  });

  it('answers 401 without a token', async () => {
    expectErrorShape(await call(server(), 'GET', PASSES, { subdomain: 'acme' }), 401);
  });
});
