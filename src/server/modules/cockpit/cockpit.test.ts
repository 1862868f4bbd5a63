import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addContainer, addRole, addUser } from '../../../../test/support/access-factories';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import { WIDGET_ITEMS } from '../../../shared/cockpit/widgets';
import {
  activatePath,
  cockpitPaths,
  itemPath,
  itemsOfPath,
  itemsOrderPath,
  type ItemFigure,
  type WidgetItemList,
  type WidgetList,
  type WidgetTypeList,
} from '../../../shared/contract/cockpit';
import { wallClockAt, addDays, zonedInstant } from '../../../shared/time/zone';
import { api as declarationsApi, DECLARATIONS, slot, ZONE } from '../declarations/declarations.fixtures';
import { cockpitApi, givenSite, type Site } from './cockpit.fixtures';

describeEachDatabase('cockpit', (server) => {
  const cockpit = cockpitApi(server);
  const { send, ok } = cockpit;
  let admin: string;
  let employee: string;
  let globex: string;

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
  });

  const today = () => wallClockAt(new Date(), ZONE).date;
  /** a slot of today that has begun: the current hour (to 23:59 in the last one) */
  const thisHour = () => {
    const hour = Number(wallClockAt(new Date(), ZONE).time.slice(0, 2));
    return slot(today(), hour, hour === 23 ? 23 + 59 / 60 : hour + 1);
  };

  describe('spec §2 /cockpit needs COCKPIT', () => {
    it('refuses every cockpit call to a user without COCKPIT with 403, changing nothing', async () => {
      const widget = await cockpit.widget(admin, 'occupancy');
      const calls: Array<[method: 'GET' | 'POST', url: string, body?: unknown]> = [
        ['GET', cockpitPaths.widgets],
        ['GET', cockpitPaths.widgetTypes],
        ['POST', activatePath(widget.id), { is_active: true }],
        ['POST', cockpitPaths.widgetsOrder, { order: [{ id: widget.id, order: 0 }] }],
        ['GET', itemsOfPath(widget.id)],
        ['POST', cockpitPaths.items, { widget_id: widget.id, items: ['today'] }],
        ['POST', itemsOrderPath(widget.id), { order: [{ id: 'today', order: 0 }] }],
        ['GET', itemPath(widget.id, 'today')],
      ];
      for (const [method, url, body] of calls) expectErrorShape(await send(employee, method, url, body), 403);
      expect(await cockpit.widget(admin, 'occupancy')).toEqual(widget);
    });
  });

  describe('each user arranges their own cockpit (spec §3 cockpit widget: id, type, is_active, items)', () => {
    it('starts with every widget type off, each with all its items, and offers the types the viewer may use', async () => {
      const types = await ok<WidgetTypeList>(admin, 'GET', cockpitPaths.widgetTypes);
      expect(types.data).toEqual([
        { id: 'occupancy', is_active: true },
        { id: 'bookings', is_active: true },
        { id: 'visitors', is_active: true },
        { id: 'services', is_active: true },
      ]);
      const widgets = await cockpit.widgets(admin);
      expect(widgets.map((widget) => widget.type).sort()).toEqual([
        'bookings',
        'occupancy',
        'services',
        'visitors',
      ]);
      const visitors = widgets.find((widget) => widget.type === 'visitors')!;
      expect(visitors.items.map((item) => item.id)).toEqual([...WIDGET_ITEMS.visitors]);
    });

    it('adds a widget at the end, takes one off, and keeps the order it is given', async () => {
      const before = await cockpit.widgets(admin);
      const occupancy = before.find((widget) => widget.type === 'occupancy')!;
      const visitors = before.find((widget) => widget.type === 'visitors')!;
      await ok(admin, 'POST', activatePath(occupancy.id), { is_active: true });
      const added = await ok<{ is_active: boolean; order: number }>(
        admin,
        'POST',
        activatePath(visitors.id),
        {
          is_active: true,
        },
      );
      expect(added.is_active).toBe(true);
      const active = (await cockpit.widgets(admin)).filter((widget) => widget.is_active);
      expect(active.map((widget) => widget.type)).toEqual(['occupancy', 'visitors']);

      const reordered = await ok<WidgetList>(admin, 'POST', cockpitPaths.widgetsOrder, {
        order: [
          { id: visitors.id, order: 0 },
          { id: occupancy.id, order: 1 },
        ],
      });
      expect(reordered.data.filter((widget) => widget.is_active).map((widget) => widget.type)).toEqual([
        'visitors',
        'occupancy',
      ]);

      await ok(admin, 'POST', activatePath(visitors.id), { is_active: false });
      expect((await cockpit.widgets(admin)).filter((w) => w.is_active).map((w) => w.type)).toEqual([
        'occupancy',
      ]);
      // another user's cockpit is their own
      expect((await cockpit.widgets(globex, 'globex')).filter((w) => w.is_active)).toEqual([]);
    });

    it('chooses the items a widget shows and their order', async () => {
      const bookings = await cockpit.widget(admin, 'bookings');
      const chosen = await ok<WidgetItemList>(admin, 'POST', cockpitPaths.items, {
        widget_id: bookings.id,
        items: ['no_shows', 'check_in_rate'],
      });
      expect(chosen.data.map((item) => [item.id, item.is_active])).toEqual([
        ['no_shows', true],
        ['check_in_rate', true],
        ['bookings_today', false],
        ['awaiting_approval', false],
      ]);
      await ok(admin, 'POST', itemsOrderPath(bookings.id), {
        order: [
          { id: 'check_in_rate', order: 0 },
          { id: 'no_shows', order: 1 },
        ],
      });
      expect((await cockpit.widget(admin, 'bookings')).items.map((item) => item.id)).toEqual([
        'check_in_rate',
        'no_shows',
      ]);
      const listed = await ok<WidgetItemList>(admin, 'GET', itemsOfPath(bookings.id));
      expect(listed.data.filter((item) => item.is_active).map((item) => item.id)).toEqual([
        'check_in_rate',
        'no_shows',
      ]);
    });
  });

  describe('bad input is a 422 with the field named, changing nothing', () => {
    it('refuses bodies that do not fit, unknown and repeated items, widgets that are not the viewer’s', async () => {
      const widgets = await cockpit.widgets(admin);
      const visitors = widgets.find((widget) => widget.type === 'visitors')!;
      const foreign = (await cockpit.widgets(globex, 'globex'))[0]!;
      const cases: Array<[method: 'POST', url: string, body: unknown, field: string]> = [
        ['POST', activatePath(visitors.id), { is_active: 'yes' }, 'is_active'],
        ['POST', activatePath(visitors.id), { is_active: true, extra: 1 }, 'extra'],
        ['POST', cockpitPaths.widgetsOrder, { order: [] }, 'order'],
        [
          'POST',
          cockpitPaths.widgetsOrder,
          {
            order: [
              { id: visitors.id, order: 0 },
              { id: visitors.id, order: 1 },
            ],
          },
          'order',
        ],
        ['POST', cockpitPaths.widgetsOrder, { order: [{ id: foreign.id, order: 0 }] }, 'order'],
        ['POST', cockpitPaths.items, { widget_id: visitors.id, items: ['today'] }, 'items'],
        ['POST', cockpitPaths.items, { widget_id: visitors.id, items: ['arrived', 'arrived'] }, 'items'],
        ['POST', cockpitPaths.items, { widget_id: visitors.id, items: ['nonsense'] }, 'items.0'],
        ['POST', cockpitPaths.items, { widget_id: foreign.id, items: [] }, 'widget_id'],
        ['POST', cockpitPaths.items, { items: [] }, 'widget_id'],
        ['POST', itemsOrderPath(visitors.id), { order: [{ id: 'today', order: 0 }] }, 'order'],
      ];
      const unknown = expectErrorShape(await send(admin, 'GET', itemPath(visitors.id, 'nonsense')), 422);
      expect(Object.keys(unknown.errors ?? {})).toEqual(['itemId']);
      for (const [method, url, body, field] of cases) {
        const error = expectErrorShape(await send(admin, method, url, body), 422);
        expect(Object.keys(error.errors ?? {}), `${url} ${JSON.stringify(body)}`).toContain(field);
      }
      expect(await cockpit.widgets(admin)).toEqual(widgets);
    });

    it('answers 404 for another company’s widget or an item its type does not have', async () => {
      const foreign = (await cockpit.widgets(globex, 'globex'))[0]!;
      for (const [method, url, body] of [
        ['GET', itemsOfPath(foreign.id)],
        ['GET', itemPath(foreign.id, WIDGET_ITEMS[foreign.type][0])],
        ['POST', activatePath(foreign.id), { is_active: true }],
        ['POST', itemsOrderPath(foreign.id), { order: [{ id: WIDGET_ITEMS[foreign.type][0], order: 0 }] }],
      ] as const)
        expectErrorShape(await send(admin, method, url, body), 404);
      const occupancy = await cockpit.widget(admin, 'occupancy');
      expectErrorShape(await send(admin, 'GET', itemPath(occupancy.id, 'expected')), 404);
      expect(
        (await cockpit.widgets(globex, 'globex')).find((widget) => widget.id === foreign.id)!.is_active,
      ).toBe(false);
    });
  });

  describe('GET item/{widgetId}/{itemId}: live figures', () => {
    let site: Site;
    beforeAll(async () => {
      site = await givenSite(server(), `Cockpit site ${Date.now().toString(36)}`);
    });

    const siteRow = (figure: ItemFigure, id = site.siteId) => figure.rows.find((row) => row.id === id);

    it('shows today’s occupancy of a site and its floors as a direct count of its bookings gives it', async () => {
      const http = declarationsApi(server);
      const date = today();
      await http.bookOk(employee, {
        resource_id: site.desks[0][0],
        slots: [slot(addDays(date, 1), 9, 10), slot(addDays(date, 1), 10, 11)],
      });
      await http.bookOk(admin, { resource_id: site.desks[0][1], slots: [thisHour()] });
      await http.bookOk(employee, { resource_id: site.desks[1][0], slots: [thisHour()] });

      const occupancy = await cockpit.widget(admin, 'occupancy');
      const figure = await cockpit.figure(admin, occupancy.id, 'today');
      const from = zonedInstant(date, 0, ZONE);
      const to = zonedInstant(addDays(date, 1), 0, ZONE);
      const counted = async (levelIds: number[]) => {
        const { rows } = await sql<{ seconds: number | null }>`
          select sum(extract(epoch from least(d.ends_at, ${to}) - greatest(d.starts_at, ${from})))::float8 as seconds
          from declarations d join resources r on r.company_id = d.company_id and r.id = d.resource_id
          where d.company_id = ${site.companyId} and r.level_id = any (${levelIds}::int[])
            and d.status in ('booked', 'checked_in', 'checked_out') and d.approval_status <> 'rejected'
            and d.starts_at < ${to} and d.ends_at > ${from}`.execute(server().db.kysely);
        return rows[0]?.seconds ?? 0;
      };
      const pct = (seconds: number, seats: number) => Math.round((seconds / (seats * 86_400)) * 1000) / 10;
      const row = siteRow(figure)!;
      expect(row.value).toBe(pct(await counted(site.floorIds), 4));
      expect(row.value).toBeGreaterThan(0);
      expect(row.rows!.map((floor) => [floor.id, floor.value])).toEqual([
        [site.floorIds[0], pct(await counted([site.floorIds[0]]), 2)],
        [site.floorIds[1], pct(await counted([site.floorIds[1]]), 2)],
      ]);
      expect(figure.unit).toBe('percent');
      expect(figure.from).toBe(date);

      // the week holds tomorrow's booking too
      const week = await cockpit.figure(admin, occupancy.id, 'week');
      expect(siteRow(week)!.value).toBeGreaterThan(0);
      expect(week.to >= week.from).toBe(true);
    });

    it('counts a booking made, then its check-in, in the next figures (issue 46)', async () => {
      const bookings = await cockpit.widget(admin, 'bookings');
      const before = await cockpit.figure(admin, bookings.id, 'bookings_today');
      const rateBefore = await cockpit.figure(admin, bookings.id, 'check_in_rate');
      const http = declarationsApi(server);
      // (the employee holds today's one place already)
      const teammate = await signIn(server(), ACCOUNTS.teammate);
      const [booked] = await http.bookOk(teammate, { resource_id: site.desks[1][1], slots: [thisHour()] });

      const after = await cockpit.figure(admin, bookings.id, 'bookings_today');
      expect(siteRow(after)!.value).toBe((siteRow(before)?.value ?? 0) + 1);
      expect(after.value).toBe((before.value ?? 0) + 1);

      expect((await http.post(teammate, `${DECLARATIONS}/${booked!.id}/check-in`)).statusCode).toBe(200);
      const rate = await cockpit.figure(admin, bookings.id, 'check_in_rate');
      expect(siteRow(rate)!.value).toBeGreaterThan(siteRow(rateBefore)?.value ?? 0);
    });

    it('leaves out of a restricted manager’s figures the floors they may not see (LEVEL_VIEW)', async () => {
      const db = server().db.kysely;
      const role = await addRole(db, site.companyId, 'USER', [
        { name: 'COCKPIT' },
        { name: 'BOOKINGS', crud: 'r' },
      ]);
      const inside = await addUser(db, site.companyId);
      const outside = await addUser(db, site.companyId);
      await addContainer(db, site.companyId, 'USER', { users: [inside.id, outside.id], roles: [role] });
      const view = await addRole(db, site.companyId, 'LEVEL', [{ name: 'LEVEL_VIEW' }]);
      await addContainer(db, site.companyId, 'LEVEL', {
        users: [inside.id],
        levels: [site.floorIds[1]],
        roles: [view],
      });
      const insider = await signIn(server(), inside.email);
      const outsider = await signIn(server(), outside.email);

      const figureOf = async (token: string, item: string) =>
        cockpit.figure(
          token,
          (await cockpit.widget(token, item === 'today' ? 'occupancy' : 'bookings')).id,
          item,
        );
      const seen = await figureOf(insider, 'today');
      const restricted = await figureOf(outsider, 'today');
      expect(siteRow(seen)!.rows!.map((floor) => floor.id)).toEqual(site.floorIds);
      expect(siteRow(restricted)!.rows!.map((floor) => floor.id)).toEqual([site.floorIds[0]]);
      // the site's figure is over floor 1 alone: its booked share of two desks, not of four
      expect(siteRow(restricted)!.value).toBe(siteRow(seen)!.rows![0]!.value);
      const counts = await figureOf(outsider, 'bookings_today');
      const all = await figureOf(insider, 'bookings_today');
      expect(siteRow(counts)!.value).toBeLessThan(siteRow(all)!.value!);

      // without a visitors or services permission those widgets are not theirs
      const types = await ok<WidgetTypeList>(outsider, 'GET', cockpitPaths.widgetTypes);
      expect(types.data.filter((type) => type.is_active).map((type) => type.id)).toEqual([
        'occupancy',
        'bookings',
      ]);
      expect((await cockpit.widgets(outsider)).map((widget) => widget.type)).toEqual([
        'occupancy',
        'bookings',
      ]);
    });
  });
});
