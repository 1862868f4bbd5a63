import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, freshIp } from '../../../../test/support/server-factories';
import type { DeclarationList } from '../../../shared/contract/declarations';
import {
  devicePaths,
  displayPaths,
  type Device,
  type DeviceList,
  type DeviceTemplate,
  type DeviceUserList,
  type DeviceWithCode,
  type DisplayPage,
} from '../../../shared/contract/devices';
import type { KioskDesk } from '../../../shared/contract/visitors';
import { givenFloor } from '../declarations/declarations.fixtures';
import { caller, givenDesk, visitorActors, type VisitorActors } from '../visitors/visitors.fixtures';

const path = (template: string, values: Record<string, string | number>) =>
  template.replace(/:(\w+)/g, (_whole, key: string) => String(values[key]));

describeEachDatabase('devices and room displays', (server) => {
  let actors: VisitorActors;
  let employeeId: number;
  let roomId: number;
  let otherRoomId: number;
  let display: DeviceTemplate;
  const asAdmin = caller(server, () => actors.admin);
  const asEmployee = caller(server, () => actors.employee);
  const asGlobex = caller(server, () => actors.globex, 'globex');
  const publicCall = (method: 'GET' | 'POST', url: string, body?: unknown, subdomain = 'acme') =>
    call(server(), method, url, { subdomain, ip: freshIp(), ...(body === undefined ? {} : { body }) });

  const templateBody = (extra: Partial<DeviceTemplate> = {}) => ({
    name: 'Room panel',
    device_type: 'DISPLAY',
    language_id: null,
    accent: 'teal',
    actions: ['book_now', 'check_in', 'check_out'],
    durations: [15, 30, 60],
    is_default: false,
    ...extra,
  });

  async function registered(name: string, resourceId = roomId): Promise<DeviceWithCode> {
    const response = await asAdmin('POST', devicePaths.devices, {
      name,
      resource_id: resourceId,
      template_id: display.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<DeviceWithCode>();
  }

  async function withBooker(device: Device, userId = employeeId) {
    const response = await asAdmin('POST', devicePaths.users, {
      model_id: device.id,
      type: 'booker',
      user_ids: [userId],
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  beforeAll(async () => {
    actors = await visitorActors(server());
    const employee = await server()
      .db.kysely.selectFrom('users')
      .select('id')
      .where('email', '=', ACCOUNTS.employee)
      .executeTakeFirstOrThrow();
    employeeId = employee.id;
    const floor = await givenFloor(server());
    roomId = await floor.resource('Display room', 'room');
    otherRoomId = await floor.resource('Room next door', 'room');
    const response = await asAdmin('POST', devicePaths.templates, templateBody({ is_default: true }));
    expect(response.statusCode, response.body).toBe(201);
    display = response.json<DeviceTemplate>();
  });

  describe(`${devicePaths.templates}`, () => {
    it('keeps one default per device type: a new default replaces the old one', async () => {
      const second = await asAdmin(
        'POST',
        devicePaths.templates,
        templateBody({ name: 'Lobby panel', is_default: true }),
      );
      expect(second.statusCode, second.body).toBe(201);
      const listed = (await asAdmin('GET', `${devicePaths.templates}?device_type=DISPLAY`)).json<{
        data: DeviceTemplate[];
      }>();
      expect(listed.data.filter((template) => template.is_default).map((template) => template.name)).toEqual([
        'Lobby panel',
      ]);
      // back to the first as the default, for the rest of the file
      const back = await asAdmin(
        'PUT',
        path(devicePaths.template, { id: display.id }),
        templateBody({ is_default: true }),
      );
      expect(back.json<DeviceTemplate>().is_default).toBe(true);
    });

    it('answers 422 naming the field for actions the type does not offer, a book-now without lengths, an unknown language, and changes nothing', async () => {
      const before = (await asAdmin('GET', devicePaths.templates)).json<{ data: DeviceTemplate[] }>().data
        .length;
      const errors = expectErrorShape(
        await asAdmin(
          'POST',
          devicePaths.templates,
          templateBody({ actions: ['book_now', 'scan'], durations: [], language_id: 99_999 }),
        ),
        422,
      ).errors;
      expect(errors).toMatchObject({
        actions: ['Actions is not valid.'],
        durations: ['This field is required.'],
        language_id: ['Language id is not valid.'],
      });
      expectErrorShape(await asAdmin('POST', devicePaths.templates, templateBody({ name: ' ' })), 422);
      expectErrorShape(
        await asAdmin('POST', devicePaths.templates, { ...templateBody(), durations: [45] }),
        422,
      );
      expect(
        (await asAdmin('GET', devicePaths.templates)).json<{ data: DeviceTemplate[] }>().data.length,
      ).toBe(before);
    });
  });

  describe(`${devicePaths.devices}`, () => {
    it('registers a display bound to a room; its code is answered once, as the address the tablet opens', async () => {
      const device = await registered('Panel at Display room');
      expect(device.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(device.url).toMatch(new RegExp(`^http://acme\\..+/display/${device.code}$`));
      expect(device).toMatchObject({ resource: { id: roomId, name: 'Display room' }, state: 'never' });
      const listed = (await asAdmin('GET', devicePaths.devices)).json<DeviceList>();
      const row = listed.data.find((candidate) => candidate.id === device.id)!;
      expect(row).not.toHaveProperty('code');
      // only its digest is kept
      const stored = await server()
        .db.kysely.selectFrom('devices')
        .select('code_digest')
        .where('id', '=', device.id)
        .executeTakeFirstOrThrow();
      expect(stored.code_digest).not.toContain(device.code);
    });

    it('shows a display online after its heartbeat, and offline after five minutes without one', async () => {
      const device = await registered('Heartbeat panel');
      expect((await publicCall('POST', path(displayPaths.heartbeat, { code: device.code }))).statusCode).toBe(
        200,
      );
      const state = async () =>
        (await asAdmin('GET', devicePaths.devices))
          .json<DeviceList>()
          .data.find((row) => row.id === device.id)!;
      expect(await state()).toMatchObject({ state: 'online', last_heartbeat_at: expect.any(String) });
      await server()
        .db.kysely.updateTable('devices')
        .set({ last_heartbeat_at: new Date(Date.now() - 6 * 60_000) })
        .where('id', '=', device.id)
        .execute();
      expect((await state()).state).toBe('offline');
    });

    it('refuses a new code’s predecessor at once: the old address is a 404, the new one opens the room', async () => {
      const device = await registered('Regenerated panel');
      const renewed = await asAdmin('POST', path(devicePaths.code, { id: device.id }));
      expect(renewed.statusCode, renewed.body).toBe(200);
      const fresh = renewed.json<DeviceWithCode>();
      expect(fresh.code).not.toBe(device.code);
      expectErrorShape(await publicCall('GET', path(displayPaths.page, { code: device.code })), 404);
      expect((await publicCall('GET', path(displayPaths.page, { code: fresh.code }))).statusCode).toBe(200);
    });

    it('refuses a removed display’s code', async () => {
      const device = await registered('Removed panel');
      expect((await asAdmin('DELETE', path(devicePaths.device, { id: device.id }))).statusCode).toBe(200);
      expectErrorShape(await publicCall('GET', path(displayPaths.page, { code: device.code })), 404);
    });

    it('answers 422 for a resource or template that is not the company’s, and registers nothing', async () => {
      const before = (await asAdmin('GET', devicePaths.devices)).json<DeviceList>().data.length;
      const errors = expectErrorShape(
        await asAdmin('POST', devicePaths.devices, {
          name: 'Nowhere',
          resource_id: 999_999,
          template_id: 999_999,
        }),
        422,
      ).errors;
      expect(Object.keys(errors ?? {}).sort()).toEqual(['resource_id', 'template_id']);
      expectErrorShape(
        await asAdmin('POST', devicePaths.devices, { name: '', resource_id: roomId, template_id: null }),
        422,
      );
      expect((await asAdmin('GET', devicePaths.devices)).json<DeviceList>().data.length).toBe(before);
    });
  });

  describe(`${devicePaths.users}`, () => {
    it('sets a display’s booker (one account) and its contacts', async () => {
      const device = await registered('People panel');
      await withBooker(device);
      const admin = await server()
        .db.kysely.selectFrom('users')
        .select('id')
        .where('email', '=', ACCOUNTS.acmeAdmin)
        .executeTakeFirstOrThrow();
      await asAdmin('POST', devicePaths.users, {
        model_id: device.id,
        type: 'contact',
        user_ids: [admin.id],
      });
      const users = (
        await asAdmin('GET', `${devicePaths.users}?model_id=${device.id}`)
      ).json<DeviceUserList>();
      expect(users.data.map((user) => [user.user_id, user.type]).sort()).toEqual(
        [
          [employeeId, 'booker'],
          [admin.id, 'contact'],
        ].sort(),
      );
      expect(
        expectErrorShape(
          await asAdmin('POST', devicePaths.users, {
            model_id: device.id,
            type: 'booker',
            user_ids: [employeeId, admin.id],
          }),
          422,
        ).errors,
      ).toEqual({ user_ids: ['A display books for one account only.'] });
    });
  });

  describe('permissions and other companies', () => {
    it('refuses every devices route to someone without DEVICES (403)', async () => {
      const device = await registered('Guarded panel');
      const calls: Array<[string, string, unknown?]> = [
        ['GET', devicePaths.templates],
        ['POST', devicePaths.templates, templateBody()],
        ['PUT', path(devicePaths.template, { id: display.id }), templateBody()],
        ['GET', devicePaths.devices],
        ['POST', devicePaths.devices, { name: 'X', resource_id: roomId, template_id: null }],
        [
          'PUT',
          path(devicePaths.device, { id: device.id }),
          { name: 'X', resource_id: roomId, template_id: null },
        ],
        ['POST', path(devicePaths.code, { id: device.id })],
        ['DELETE', path(devicePaths.device, { id: device.id })],
        ['GET', `${devicePaths.users}?model_id=${device.id}`],
        ['POST', devicePaths.users, { model_id: device.id, type: 'booker', user_ids: [] }],
      ];
      for (const [method, url, body] of calls)
        expectErrorShape(await asEmployee(method as 'GET', url, body), 403);
    });

    it('finds none of another company’s devices, templates or codes (404), and changes nothing', async () => {
      const device = await registered('Acme only panel');
      const calls: Array<[string, string, unknown?]> = [
        ['PUT', path(devicePaths.template, { id: display.id }), templateBody()],
        [
          'PUT',
          path(devicePaths.device, { id: device.id }),
          { name: 'Taken', resource_id: roomId, template_id: null },
        ],
        ['POST', path(devicePaths.code, { id: device.id })],
        ['DELETE', path(devicePaths.device, { id: device.id })],
        ['GET', `${devicePaths.users}?model_id=${device.id}`],
        ['POST', devicePaths.users, { model_id: device.id, type: 'booker', user_ids: [] }],
      ];
      for (const [method, url, body] of calls) {
        const response = await asGlobex(method as 'GET', url, body);
        expect([404, 422], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
      }
      expect(
        (await asGlobex('GET', devicePaths.devices)).json<DeviceList>().data.map((row) => row.id),
      ).not.toContain(device.id);
      // acme's code on globex's host opens nothing
      expectErrorShape(
        await publicCall('GET', path(displayPaths.page, { code: device.code }), undefined, 'globex'),
        404,
      );
      // acme's token on globex's host is refused
      expectErrorShape(
        await call(server(), 'GET', devicePaths.devices, { subdomain: 'globex', token: actors.admin }),
        401,
      );
      expect((await publicCall('GET', path(displayPaths.page, { code: device.code }))).statusCode).toBe(200);
    });
  });

  describe('the display page (public)', () => {
    it('books its room now for 30 minutes through the booking engine, for its booker; the room is then taken (409)', async () => {
      const device = await registered('Booking panel');
      await withBooker(device);
      const booked = await publicCall('POST', path(displayPaths.book, { code: device.code }), {
        minutes: 30,
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const [booking] = booked.json<DeclarationList>().data;
      expect(booking).toMatchObject({
        resource: { id: roomId },
        source: 'display',
        host: { id: employeeId },
      });
      const length = Date.parse(booking!.ends_at) - Date.parse(booking!.starts_at);
      expect(length).toBeGreaterThanOrEqual(15 * 60_000);
      expect(length).toBeLessThanOrEqual(45 * 60_000);
      // the booker sees it among their bookings
      const mine = await asEmployee('GET', `/api/company/v1/declarations/${booking!.id}`);
      expect(mine.statusCode, mine.body).toBe(200);
      // the display shows it as under way
      const page = (
        await publicCall('GET', path(displayPaths.page, { code: device.code }))
      ).json<DisplayPage>();
      expect(page.bookings.map((row) => row.id)).toContain(booking!.id);
      expect(page).toMatchObject({ room: 'Display room', may_book: true, accent: 'teal' });
      expectErrorShape(
        await publicCall('POST', path(displayPaths.book, { code: device.code }), { minutes: 15 }),
        409,
      );
    });

    it('answers 422 for a length it does not offer, and 409 without a booker', async () => {
      const device = await registered('Bookerless panel', otherRoomId);
      expectErrorShape(
        await publicCall('POST', path(displayPaths.book, { code: device.code }), { minutes: 45 }),
        422,
      );
      expectErrorShape(
        await publicCall('POST', path(displayPaths.book, { code: device.code }), { minutes: 15 }),
        409,
      );
      expect(
        (await publicCall('GET', path(displayPaths.page, { code: device.code }))).json<DisplayPage>()
          .may_book,
      ).toBe(false);
    });

    it('checks in and out anonymously with its code, only bookings of its own room', async () => {
      const device = await registered('Check-in panel', otherRoomId);
      await withBooker(device);
      const booked = await publicCall('POST', path(displayPaths.book, { code: device.code }), {
        minutes: 60,
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const id = booked.json<DeclarationList>().data[0]!.id;
      // no valid code, no check-in
      expectErrorShape(
        await publicCall('POST', path(displayPaths.checkIn, { code: 'not-a-display-code' }), {
          declaration_id: id,
        }),
        404,
      );
      // another room's display cannot check this booking in
      const elsewhere = await registered('Elsewhere panel');
      expectErrorShape(
        await publicCall('POST', path(displayPaths.checkIn, { code: elsewhere.code }), {
          declaration_id: id,
        }),
        404,
      );
      const status = async () =>
        (
          await server()
            .db.kysely.selectFrom('declarations')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).status;
      expect(await status()).toBe('booked');
      const checkedIn = await publicCall('POST', path(displayPaths.checkIn, { code: device.code }), {
        declaration_id: id,
      });
      expect(checkedIn.statusCode, checkedIn.body).toBe(200);
      expect(await status()).toBe('checked_in');
      const page = (
        await publicCall('GET', path(displayPaths.page, { code: device.code }))
      ).json<DisplayPage>();
      expect(page.bookings.find((row) => row.id === id)).toMatchObject({
        status: 'checked_in',
        can_check_out: true,
      });
      expect(
        (await publicCall('POST', path(displayPaths.checkOut, { code: device.code }), { declaration_id: id }))
          .statusCode,
      ).toBe(200);
      expect(await status()).toBe('checked_out');
      expectErrorShape(
        await publicCall('POST', path(displayPaths.checkIn, { code: device.code }), { declaration_id: 'x' }),
        422,
      );
    });
  });

  describe('the reception desk’s device template', () => {
    it('makes the kiosk speak, look and offer what the template says; a display template is refused (422)', async () => {
      const created = await asAdmin('POST', devicePaths.templates, {
        ...templateBody({ name: 'Typed only kiosk', device_type: 'RECEPTION_DESK', accent: 'berry' }),
        actions: ['typed'],
        durations: [],
        language_id: actors.fr,
      });
      expect(created.statusCode, created.body).toBe(201);
      const kioskTemplate = created.json<DeviceTemplate>();
      expectErrorShape(
        await asAdmin('POST', '/api/company/v1/reception-desks', {
          translations: [{ language_id: actors.en, name: 'Wrong template desk' }],
          device_template_id: display.id,
        }),
        422,
      );
      const desk = await givenDesk(server(), actors.admin, actors.en, 'Template lobby', {
        device_template_id: kioskTemplate.id,
      });
      expect(desk.device_template_id).toBe(kioskTemplate.id);
      const code = desk.kiosk_code!;
      const kiosk = (await publicCall('GET', `/api/company/v1/reception-desk/${code}`)).json<KioskDesk>();
      expect(kiosk).toMatchObject({
        accent: 'berry',
        actions: ['typed'],
        locale: expect.stringMatching(/^fr/),
      });
      expectErrorShape(
        await publicCall('POST', `/api/company/v1/reception-desk/${code}/scan`, { code: 'abc' }),
        409,
      );
    });
  });
});
