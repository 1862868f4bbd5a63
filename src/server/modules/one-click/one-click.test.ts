import { beforeAll, describe, expect, it } from 'vitest';
import type { DeclarationList } from '../../../shared/contract/declarations';
import type { InfoWidget, LevelWidget, OneClickWidgets, Periods } from '../../../shared/contract/one-click';
import { ONE_CLICK_MESSAGES } from '../../../shared/one-click/rules';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import { givenFloor, type Floor } from '../declarations/declarations.fixtures';

const ONE_CLICK = '/api/company/v1/one-click';

describeEachDatabase('one-click widgets and the one tap', (server) => {
  let employee: string;
  let admin: string;
  let reception: string;
  let globex: string;
  let floor: Floor;
  let desks: number[];
  let globexLevel: number;

  const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(server(), method, `${ONE_CLICK}${url}`, { subdomain: 'acme', token, body });

  beforeAll(async () => {
    employee = await signIn(server(), ACCOUNTS.employee, 'acme');
    admin = await signIn(server(), ACCOUNTS.acmeAdmin, 'acme');
    reception = await signIn(server(), ACCOUNTS.reception, 'acme');
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    floor = await givenFloor(server());
    desks = [await floor.resource('One-click desk 1'), await floor.resource('One-click desk 2')];
    globexLevel = (await givenFloor(server(), 'globex')).levelId;
  });

  describe(`GET ${ONE_CLICK}/widgets`, () => {
    it('starts a page with the user widgets and the persons section switched on, and nothing else', async () => {
      const response = await as(admin, 'GET', '/widgets');
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<OneClickWidgets>();
      expect(page.persons.is_active).toBe(true);
      expect(page.user_widgets.map((widget) => [widget.name, widget.is_active])).toEqual([
        ['spacePass', true],
        ['findPerson', true],
        ['persons', true],
      ]);
      expect([page.plans, page.maps, page.info]).toEqual([[], [], []]);
    });

    it('refuses a user without ONE-CLICK (403) on every one-click call', async () => {
      for (const [method, url] of [
        ['GET', '/widgets'],
        ['GET', '/plans'],
        ['POST', '/plans'],
        ['POST', '/info'],
        ['POST', '/positions'],
        ['GET', '/contacts'],
      ] as const)
        expectErrorShape(await as(reception, method, url, method === 'POST' ? {} : undefined), 403);
    });
  });

  describe(`POST ${ONE_CLICK}/users`, () => {
    it('switches a user widget off for that user alone', async () => {
      const off = await as(employee, 'POST', '/users', { name: 'findPerson', is_active: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json<OneClickWidgets>().user_widgets.find((w) => w.name === 'findPerson')?.is_active).toBe(
        false,
      );
      const persons = await as(employee, 'POST', '/users', { name: 'persons', is_active: false });
      expect(persons.json<OneClickWidgets>().persons.is_active).toBe(false);
      const theirs = (await as(admin, 'GET', '/widgets')).json<OneClickWidgets>();
      expect(theirs.user_widgets.every((widget) => widget.is_active)).toBe(true);
      expectErrorShape(await as(employee, 'POST', '/users', { name: 'weather', is_active: true }), 422);
      await as(employee, 'POST', '/users', { name: 'findPerson', is_active: true });
      await as(employee, 'POST', '/users', { name: 'persons', is_active: true });
    });
  });

  describe(`POST ${ONE_CLICK}/plans and /maps`, () => {
    it('adds a plan widget for a level that can be booked, named after the level', async () => {
      const response = await as(employee, 'POST', '/plans', { level_id: floor.levelId });
      expect(response.statusCode, response.body).toBe(201);
      const widget = response.json<LevelWidget>();
      expect(widget).toMatchObject({
        kind: 1,
        level_id: floor.levelId,
        level_name: floor.levelName,
        title: '',
      });
      const list = (await as(employee, 'GET', '/plans')).json<{ data: LevelWidget[] }>();
      expect(list.data.map((row) => row.id)).toContain(widget.id);
      // another person's page does not hold it
      expect((await as(admin, 'GET', '/plans')).json<{ data: LevelWidget[] }>().data).toEqual([]);
    });

    it('answers 422 for a level that cannot be booked, and for a map widget on a level without a map, adding nothing', async () => {
      const closed = await server()
        .db.kysely.updateTable('levels')
        .set({ is_declarable: false })
        .where('id', '=', floor.levelId)
        .execute();
      expect(closed.length).toBe(1);
      try {
        const refused = expectErrorShape(await as(admin, 'POST', '/plans', { level_id: floor.levelId }), 422);
        expect(refused.errors?.level_id).toEqual([ONE_CLICK_MESSAGES.declarableLevel]);
      } finally {
        await server()
          .db.kysely.updateTable('levels')
          .set({ is_declarable: true })
          .where('id', '=', floor.levelId)
          .execute();
      }
      const noMap = expectErrorShape(await as(admin, 'POST', '/maps', { level_id: floor.levelId }), 422);
      expect(noMap.errors?.level_id).toEqual([ONE_CLICK_MESSAGES.levelWithMap]);
      expectErrorShape(await as(admin, 'POST', '/plans', { level_id: 'first' }), 422);
      const page = await as(admin, 'GET', '/widgets');
      expect(page.json<OneClickWidgets>().plans, page.body).toEqual([]);
    });

    it("refuses another company's level (422) and never shows or changes another company's widget (404)", async () => {
      expectErrorShape(await as(employee, 'POST', '/plans', { level_id: globexLevel }), 422);
      const mine = (await as(employee, 'GET', '/plans')).json<{ data: LevelWidget[] }>().data[0]!;
      const fromGlobex = (method: 'PUT' | 'DELETE' | 'POST', url: string, body?: unknown) =>
        call(server(), method, `${ONE_CLICK}${url}`, { subdomain: 'globex', token: globex, body });
      expectErrorShape(await fromGlobex('PUT', `/plans/${mine.id}`, { level_id: globexLevel }), 404);
      expectErrorShape(await fromGlobex('DELETE', `/plans/${mine.id}`), 404);
      expectErrorShape(await fromGlobex('POST', `/plans/${mine.id}/book`, {}), 404);
      // nor a colleague's of the same company
      expectErrorShape(await as(admin, 'DELETE', `/plans/${mine.id}`), 404);
      expect((await as(employee, 'GET', '/plans')).json<{ data: LevelWidget[] }>().data[0]?.id).toBe(mine.id);
    });
  });

  describe(`POST ${ONE_CLICK}/plans/{id}/book`, () => {
    it("books the user's default slot on the widget's level with one tap, on a free place, and says so when repeated", async () => {
      const widget = (await as(employee, 'GET', '/plans')).json<{ data: LevelWidget[] }>().data[0]!;
      const periods = (await as(employee, 'GET', `/periods?level_id=${floor.levelId}`)).json<Periods>();
      expect(periods.default).toBe(true);
      expect(periods.next).not.toBeNull();
      const next = periods.slots[periods.next!]!;
      const booked = await as(employee, 'POST', `/plans/${widget.id}/book`, {});
      expect(booked.statusCode, booked.body).toBe(201);
      const [booking] = booked.json<DeclarationList>().data;
      expect(desks).toContain(booking!.resource.id);
      expect(new Date(booking!.starts_at).toISOString()).toBe(next.datetime_from);
      // the pass of the booking is there (the passes feature)
      const pass = await call(server(), 'GET', `/api/company/v1/space-passes/${booking!.id}`, {
        subdomain: 'acme',
        token: employee,
      });
      expect(pass.statusCode, pass.body).toBe(200);
      // the next tap offers the period after the one booked; the booked one, chosen again, is refused plainly
      const after = (await as(employee, 'GET', `/periods?level_id=${floor.levelId}`)).json<Periods>();
      expect(after.next === null || after.slots[after.next]!.datetime_from > next.datetime_from).toBe(true);
      const again = expectErrorShape(
        await as(employee, 'POST', `/plans/${widget.id}/book`, {
          datetime_from: next.datetime_from,
          datetime_to: next.datetime_to,
        }),
        409,
      );
      expect(again.message).toBe(ONE_CLICK_MESSAGES.alreadyBooked);
    });

    it('books the slot the user chose, and refuses a slot the booking engine refuses with its own message', async () => {
      const widget = (await as(admin, 'POST', '/plans', { level_id: floor.levelId })).json<LevelWidget>();
      const periods = (await as(admin, 'GET', `/periods?level_id=${floor.levelId}`)).json<Periods>();
      const last = periods.slots.at(-1)!;
      const chosen = await as(admin, 'POST', `/plans/${widget.id}/book`, {
        datetime_from: last.datetime_from,
        datetime_to: last.datetime_to,
      });
      expect(chosen.statusCode, chosen.body).toBe(201);
      // an hour in the past is not a slot the engine books
      const past = await as(admin, 'POST', `/plans/${widget.id}/book`, {
        datetime_from: new Date(Date.now() - 3 * 3_600_000).toISOString(),
        datetime_to: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      });
      expectErrorShape(past);
      expectErrorShape(
        await as(admin, 'POST', `/plans/${widget.id}/book`, { datetime_from: last.datetime_from }),
        422,
      );
    });

    it('refuses a user without ONE-CLICK', async () => {
      const widget = (await as(employee, 'GET', '/plans')).json<{ data: LevelWidget[] }>().data[0]!;
      expectErrorShape(await as(reception, 'POST', `/plans/${widget.id}/book`, {}), 403);
    });
  });

  describe(`POST ${ONE_CLICK}/info`, () => {
    it('answers 422 with every field error and adds nothing for an empty title, a bad address or a taken link name', async () => {
      const bad = expectErrorShape(
        await as(employee, 'POST', '/info', {
          title: ' ',
          url: 'javascript:alert(1)',
          url_link_name: 'Wi Fi',
        }),
        422,
      );
      expect(bad.errors).toMatchObject({
        title: ['This field is required.'],
        url: [ONE_CLICK_MESSAGES.url],
        url_link_name: [ONE_CLICK_MESSAGES.linkNameFormat],
      });
      const reserved = expectErrorShape(
        await as(employee, 'POST', '/info', { title: 'Settings', url_link_name: 'settings' }),
        422,
      );
      expect(reserved.errors?.url_link_name).toEqual([ONE_CLICK_MESSAGES.linkNameReserved]);
      expect((await as(employee, 'GET', '/info')).json<{ data: InfoWidget[] }>().data).toEqual([]);
    });

    it('adds, changes and deletes an info widget with its own address', async () => {
      const added = await as(employee, 'POST', '/info', {
        title: 'Wi-Fi',
        content: 'Network: Acme-Guest',
        url: 'https://acme.example/wifi',
        url_link_name: 'wifi',
      });
      expect(added.statusCode, added.body).toBe(201);
      const info = added.json<InfoWidget>();
      const taken = expectErrorShape(
        await as(employee, 'POST', '/info', { title: 'Other', url_link_name: 'wifi' }),
        422,
      );
      expect(taken.errors?.url_link_name).toEqual([ONE_CLICK_MESSAGES.linkNameTaken]);
      // another person may use the same address on their own page
      expect((await as(admin, 'POST', '/info', { title: 'Wi-Fi', url_link_name: 'wifi' })).statusCode).toBe(
        201,
      );
      const changed = await as(employee, 'PUT', `/info/${info.id}`, {
        title: 'Guest Wi-Fi',
        content: 'Network: Acme-Guest, password at reception',
        url: null,
        url_link_name: 'wifi',
      });
      expect(changed.json<InfoWidget>()).toMatchObject({
        title: 'Guest Wi-Fi',
        url: null,
        url_link_name: 'wifi',
      });
      expect((await as(employee, 'DELETE', `/info/${info.id}`)).statusCode).toBe(200);
      expectErrorShape(await as(employee, 'DELETE', `/info/${info.id}`), 404);
    });
  });

  describe(`POST ${ONE_CLICK}/positions`, () => {
    it('orders the whole page, and refuses a list that leaves out or repeats a widget (422, order unchanged)', async () => {
      const page = (await as(employee, 'GET', '/widgets')).json<OneClickWidgets>();
      const ids = [
        ...page.plans.map((w) => w.id),
        ...page.info.map((w) => w.id),
        ...page.user_widgets.flatMap((w) => (w.id === null ? [] : [w.id])),
      ];
      const reversed = [...ids].reverse();
      expectErrorShape(await as(employee, 'POST', '/positions', { ids: ids.slice(1) }), 422);
      expectErrorShape(await as(employee, 'POST', '/positions', { ids: [...ids, ids[0]] }), 422);
      const ordered = await as(employee, 'POST', '/positions', { ids: reversed });
      expect(ordered.statusCode, ordered.body).toBe(200);
      const after = ordered.json<OneClickWidgets>();
      const byOrder = [...after.plans, ...after.info, ...after.user_widgets.filter((w) => w.id !== null)]
        .sort((a, b) => a.ordering - b.ordering)
        .map((w) => w.id);
      expect(byOrder).toEqual(reversed);
    });
  });
});
