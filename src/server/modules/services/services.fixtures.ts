import { expect } from 'vitest';
import type { TestServer } from '../../../../test/support/server-app';
import { call } from '../../../../test/support/server-factories';
import type { ServiceItem, ServiceOrder } from '../../../shared/contract/services';
import { givenFloor, type Floor } from '../declarations/declarations.fixtures';

export const SERVICES = '/api/company/v1/services';
export const BOOKINGS = '/api/company/v1/bookings';
export const DECLARATIONS = '/api/company/v1/declarations';

/** A call that must answer `status`; answers its JSON. */
export async function ok<T>(
  server: TestServer,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  status = method === 'POST' ? 201 : 200,
  subdomain = 'acme',
): Promise<T> {
  const response = await call(server, method, url, {
    subdomain,
    token,
    ...(body !== undefined ? { body } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json<T>();
}

export interface Catering {
  floor: Floor;
  room: number;
  /** a room of the same floor that offers no catering */
  bareRoom: number;
  cateringTypeId: number;
  coffee: ServiceItem;
  /** ordered at least a day ahead */
  cake: ServiceItem;
  english: number;
}

/**
 * A floor of its own with a meeting room offering catering, coffee (CHF 3.50, no lead time) and
 * cake (CHF 25, a day ahead) delivered to that room, and a second room offering nothing.
 */
export async function givenCatering(server: TestServer, admin: string): Promise<Catering> {
  const db = server.db.kysely;
  const floor = await givenFloor(server);
  const room = await floor.resource(`Catering room ${floor.levelId}`, 'room');
  const bareRoom = await floor.resource(`Bare room ${floor.levelId}`, 'room');
  const catering = await db
    .selectFrom('service_types')
    .select('id')
    .where('company_id', '=', floor.companyId)
    .where('key', '=', 'catering')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('resource_service_types')
    .values({ company_id: floor.companyId, resource_id: room, service_type_id: catering.id })
    .execute();
  const english = (
    await db.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirstOrThrow()
  ).id;
  const item = (name: string, price: number, lead: number) =>
    ok<ServiceItem>(server, admin, 'POST', `${SERVICES}/items`, {
      service_type_id: catering.id,
      translations: [{ language_id: english, name, description: `${name} for a meeting` }],
      price_cents: price,
      lead_time_minutes: lead,
      resource_ids: [room],
    });
  return {
    floor,
    room,
    bareRoom,
    cateringTypeId: catering.id,
    coffee: await item(`Coffee ${floor.levelId}`, 350, 0),
    cake: await item(`Cake ${floor.levelId}`, 2500, 1440),
    english,
  };
}

export async function book(
  server: TestServer,
  token: string,
  resourceId: number,
  slot: { datetime_from: string; datetime_to: string },
): Promise<number> {
  const created = await ok<{ data: Array<{ id: number }> }>(server, token, 'POST', DECLARATIONS, {
    resource_id: resourceId,
    slots: [slot],
  });
  return created.data[0]!.id;
}

export const order = (server: TestServer, token: string, body: Record<string, unknown>, subdomain = 'acme') =>
  call(server, 'POST', `${SERVICES}/orders`, { subdomain, token, body });

export async function orderOk(server: TestServer, token: string, body: Record<string, unknown>) {
  const response = await order(server, token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ServiceOrder>();
}
