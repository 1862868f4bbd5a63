import { expect } from 'vitest';
import type { TestServer } from '../../../../test/support/server-app';
import { call } from '../../../../test/support/server-factories';
import type { WidgetType } from '../../../shared/cockpit/widgets';
import {
  itemPath,
  cockpitPaths,
  type ItemFigure,
  type Widget,
  type WidgetList,
} from '../../../shared/contract/cockpit';
import { ZONE } from '../declarations/declarations.fixtures';

/**
 * A site of its own in acme (Zurich time, open all day) with two floors, each with desks: what the
 * cockpit's occupancy is shown by.
 */
export interface Site {
  companyId: number;
  siteId: number;
  floorIds: [number, number];
  desks: [number[], number[]];
}

export async function givenSite(server: TestServer, name: string, desksPerFloor = 2): Promise<Site> {
  const db = server.db.kysely;
  const { id: companyId } = await db
    .selectFrom('companies')
    .select('id')
    .where('subdomain', '=', 'acme')
    .executeTakeFirstOrThrow();
  const en = await db.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirstOrThrow();
  const desk = await db
    .selectFrom('resource_types')
    .select('id')
    .where('company_id', '=', companyId)
    .where('key', '=', 'desk')
    .executeTakeFirstOrThrow();
  const level = async (parentId: number | null, levelName: string, kind: 'site' | 'floor') => {
    const { id } = await db
      .insertInto('levels')
      .values({
        company_id: companyId,
        parent_id: parentId,
        kind,
        timezone: ZONE,
        country_id: null,
        working_hours_from: '00:00',
        working_hours_to: '23:59',
        is_declarable: true,
        is_directly_declarable: false,
        map_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('level_translations')
      .values({ company_id: companyId, level_id: id, language_id: en.id, name: levelName })
      .execute();
    return id;
  };
  const desks = async (levelId: number, prefix: string) => {
    const ids: number[] = [];
    for (let index = 1; index <= desksPerFloor; index += 1) {
      const { id } = await db
        .insertInto('resources')
        .values({
          company_id: companyId,
          level_id: levelId,
          resource_type_id: desk.id,
          resource_capacity_type: 'exclusive',
          resource_model: 'bookable',
          capacity: 1,
          max_capacity: 1,
          email: null,
          map_x: null,
          map_y: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('resource_translations')
        .values({
          company_id: companyId,
          resource_id: id,
          language_id: en.id,
          name: `${prefix} desk ${index}`,
        })
        .execute();
      ids.push(id);
    }
    return ids;
  };
  const siteId = await level(null, name, 'site');
  const first = await level(siteId, `${name} floor 1`, 'floor');
  const second = await level(siteId, `${name} floor 2`, 'floor');
  return {
    companyId,
    siteId,
    floorIds: [first, second],
    desks: [await desks(first, `${name} 1`), await desks(second, `${name} 2`)],
  };
}

/** The cockpit calls as one user on a company host. */
export function cockpitApi(server: () => TestServer) {
  const send = (token: string, method: 'GET' | 'POST', url: string, body?: unknown, subdomain = 'acme') =>
    call(server(), method, url, { subdomain, token, body });
  const ok = async <T>(
    token: string,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    subdomain = 'acme',
  ): Promise<T> => {
    const response = await send(token, method, url, body, subdomain);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  };
  return {
    send,
    ok,
    widgets: async (token: string, subdomain = 'acme') =>
      (await ok<WidgetList>(token, 'GET', cockpitPaths.widgets, undefined, subdomain)).data,
    async widget(token: string, type: WidgetType): Promise<Widget> {
      const widgets = await ok<WidgetList>(token, 'GET', cockpitPaths.widgets);
      return widgets.data.find((widget) => widget.type === type)!;
    },
    figure: async (token: string, widgetId: number, itemId: string) =>
      ok<ItemFigure>(token, 'GET', itemPath(widgetId, itemId)),
  };
}
