import { sql } from 'kysely';
import type { TestServer } from '../../../../test/support/server-app';
import { ACCOUNTS, companyApi, signIn } from '../../../../test/support/server-factories';
import { bookingsPath, type BookingPreset, type PresetFiltersInput } from '../../../shared/contract/bookings';
import type { Declaration } from '../../../shared/contract/declarations';
import { zonedInstant } from '../../../shared/time/zone';
import { givenFloor, type Floor } from '../declarations/declarations.fixtures';

export const B = bookingsPath;

export const ZURICH = 'Europe/Zurich';
export const NEW_YORK = 'America/New_York';

/** What every bookings test file starts from: the demo accounts signed in, and a floor of its own. */
export async function bookingActors(server: TestServer): Promise<{
  admin: string;
  employee: string;
  reception: string;
  globex: string;
  employeeId: number;
  floor: Floor;
}> {
  const admin = await signIn(server, ACCOUNTS.acmeAdmin);
  const employee = await signIn(server, ACCOUNTS.employee);
  const reception = await signIn(server, ACCOUNTS.reception);
  const globex = await signIn(server, ACCOUNTS.globexAdmin, 'globex');
  const employeeId = await userId(server, ACCOUNTS.employee);
  const floor = await givenFloor(server);
  return { admin, employee, reception, globex, employeeId, floor };
}

/** The slot from `from` to `to` (hours, fractions allowed) on `date` in `zone`, as the API takes it. */
export function slotIn(zone: string, date: string, from: number, to = from + 1) {
  return {
    datetime_from: zonedInstant(date, Math.round(from * 60), zone).toISOString(),
    datetime_to: zonedInstant(date, Math.round(to * 60), zone).toISOString(),
  };
}

/** Quarter-hour slots from `from` to `to` (hours) in `zone`, as the grid sends a drag. */
export function quarters(zone: string, date: string, from: number, to: number) {
  const slots = [];
  for (let at = from; at < to; at += 0.25) slots.push(slotIn(zone, date, at, at + 0.25));
  return slots;
}

export function bookingsApi(server: () => TestServer) {
  const { request, expectStatus } = companyApi(server);
  return {
    request,
    expectStatus,
    async preset(token: string, name: string, preset: PresetFiltersInput = {}): Promise<BookingPreset> {
      return expectStatus<BookingPreset>(await request(token, 'POST', `${B}/presets`, { name, preset }), 201);
    },
    async store(token: string, body: Record<string, unknown>): Promise<Declaration> {
      const created = expectStatus<{ data: Declaration[] }>(
        await request(token, 'POST', `${B}/store`, body),
        201,
      );
      return created.data[0]!;
    },
  };
}

export async function userId(server: TestServer, email: string): Promise<number> {
  const row = await server.db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sets one of the user's preferences (as the preferences screen would). */
export async function setUserPreference(server: TestServer, email: string, key: string, value: string) {
  const db = server.db.kysely;
  const user = await db
    .selectFrom('users')
    .select(['id', 'company_id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  await sql`
    insert into user_preferences (company_id, user_id, key, value, is_automatic)
    values (${user.company_id}, ${user.id}, ${key}, ${value}, false)
    on conflict (company_id, user_id, key) do update set value = excluded.value`.execute(db);
}

/** Turns one permission of a company role on or off (for MY_BOOKINGS-only and no-permission cases). */
export async function setRolePermission(
  server: TestServer,
  subdomain: string,
  roleName: string,
  permission: string,
  active: boolean,
) {
  await sql`
    update role_permissions rp set is_active = ${active}
    from roles r, permissions p, companies c
    where rp.role_id = r.id and rp.permission_id = p.id and rp.company_id = c.id
      and c.subdomain = ${subdomain} and r.name = ${roleName} and p.name = ${permission}`.execute(
    server.db.kysely,
  );
}
