import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestServer } from '../../../../test/support/server-app';
import { ACCOUNTS, call, signIn } from '../../../../test/support/server-factories';
import type { Declaration } from '../../../shared/contract/declarations';
import { addDays, wallClockAt, zonedInstant } from '../../../shared/time/zone';

export const ZONE = 'Europe/Zurich';
export const DECLARATIONS = '/api/company/v1/declarations';
export const PLAN = '/api/company/v1/plan';

type Kind = 'desk' | 'room' | 'shared' | 'hidden' | 'on_request' | 'priced';

/**
 * A floor of its own in acme (Zurich time, open all day, declarable) with resources made for the
 * booking rules: each test books its own resource or day, so the tests do not depend on each other.
 */
export interface Floor {
  companyId: number;
  levelId: number;
  levelName: string;
  resource(name: string, kind?: Kind): Promise<number>;
}

export async function givenFloor(server: TestServer, subdomain = 'acme'): Promise<Floor> {
  const db = server.db.kysely;
  const { id: companyId } = await db
    .selectFrom('companies')
    .select('id')
    .where('subdomain', '=', subdomain)
    .executeTakeFirstOrThrow();
  const en = await db.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirstOrThrow();
  const levelName = `Booking floor ${subdomain}`;
  const { id: levelId } = await db
    .insertInto('levels')
    .values({
      company_id: companyId,
      parent_id: null,
      kind: 'floor',
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
    .values({ company_id: companyId, level_id: levelId, language_id: en.id, name: levelName })
    .execute();
  const types = await db
    .selectFrom('resource_types')
    .select(['id', 'key'])
    .where('company_id', '=', companyId)
    .execute();
  const typeId = (key: string) => (types.find((type) => type.key === key) ?? types[0]!).id;
  const chf = await db
    .selectFrom('currencies')
    .select('id')
    .where('code', '=', 'CHF')
    .executeTakeFirstOrThrow();

  return {
    companyId,
    levelId,
    levelName,
    async resource(name, kind = 'desk') {
      const { id } = await db
        .insertInto('resources')
        .values({
          company_id: companyId,
          level_id: levelId,
          resource_type_id: typeId(kind === 'room' ? 'room' : kind === 'shared' ? 'parking' : 'desk'),
          resource_capacity_type: kind === 'shared' ? 'shared' : 'exclusive',
          resource_model:
            kind === 'hidden' ? 'not_bookable' : kind === 'on_request' ? 'on_request' : 'bookable',
          capacity: kind === 'room' ? 8 : kind === 'shared' ? 2 : 1,
          max_capacity: kind === 'room' ? 8 : kind === 'shared' ? 2 : 1,
          email: null,
          map_x: null,
          map_y: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('resource_translations')
        .values({ company_id: companyId, resource_id: id, language_id: en.id, name })
        .execute();
      if (kind === 'priced')
        await db
          .insertInto('resource_functions')
          .values({
            company_id: companyId,
            resource_id: id,
            function_key: 'currency',
            language_id: null,
            device_template_id: null,
            currency_id: chf.id,
            price_cents: 1200,
          })
          .execute();
      return id;
    },
  };
}

/** The calendar day `days` after today, in Zurich. */
export const dayAhead = (days: number) => addDays(wallClockAt(new Date(), ZONE).date, days);

/** The slot from `from` to `to` o'clock on `date`, Zurich time, as the API takes it. */
export function slot(date: string, from: number, to = from + 1) {
  return {
    datetime_from: zonedInstant(date, from * 60, ZONE).toISOString(),
    datetime_to: zonedInstant(date, to * 60, ZONE).toISOString(),
  };
}

/**
 * bookDeclarations' arguments for a plain booking of one slot of `resourceId` on the floor by
 * `userId`, for itself (no plan stamp expected, no limit, no price, no visit counted).
 */
export function plainBooking(
  floor: Floor,
  userId: number,
  resourceId: number,
  one: { datetime_from: string; datetime_to: string },
) {
  const booking = {
    companyId: floor.companyId,
    hostId: userId,
    createdBy: userId,
    resourceId,
    levelId: floor.levelId,
    levelIds: [floor.levelId],
    expectedPlanVersion: null,
    limit: null,
    currencyId: null,
    subject: '',
    isPrivate: false,
    approvalStatus: 'approved',
    exclusive: true,
    source: 'plan',
    countVisit: false,
  } as const;
  const starts = new Date(one.datetime_from);
  const ends = new Date(one.datetime_to);
  const written = [
    {
      starts_at: starts,
      ends_at: ends,
      slot_type: 'hours',
      cost_cents: null,
      day: { from: starts, to: ends },
    },
  ] as const;
  return { booking, written };
}

export function api(server: () => TestServer) {
  return {
    book: (token: string, body: unknown, subdomain = 'acme') =>
      call(server(), 'POST', DECLARATIONS, { subdomain, token, body }),
    async bookOk(token: string, body: unknown): Promise<Declaration[]> {
      const response = await call(server(), 'POST', DECLARATIONS, { subdomain: 'acme', token, body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: Declaration[] }>().data;
    },
    get: (token: string, url: string, subdomain = 'acme') => call(server(), 'GET', url, { subdomain, token }),
    post: (token: string, url: string, subdomain = 'acme') =>
      call(server(), 'POST', url, { subdomain, token }),
    remove: (token: string, url: string, subdomain = 'acme') =>
      call(server(), 'DELETE', url, { subdomain, token }),
  };
}

/**
 * A booking written straight into the table, for times the API would refuse to create (starting in
 * ten minutes, already started): check-in windows and auto-release are about such bookings.
 */
export async function insertBooking(
  server: TestServer,
  values: {
    companyId: number;
    resourceId: number;
    email: string;
    startsAt: Date;
    endsAt: Date;
    /** when it was booked; by default a day before it starts (or before now, if that is earlier) */
    createdAt?: Date;
  },
): Promise<number> {
  const db = server.db.kysely;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', values.email)
    .executeTakeFirstOrThrow();
  const { rows } = await sql<{ id: number }>`
    insert into declarations (company_id, resource_id, user_id, created_by, starts_at, ends_at, created_at)
    values (${values.companyId}, ${values.resourceId}, ${user.id}, ${user.id}, ${values.startsAt}, ${values.endsAt},
      ${values.createdAt ?? new Date(Math.min(values.startsAt.getTime(), Date.now()) - 86_400_000)})
    returning id`.execute(db);
  return rows[0]!.id;
}

export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** What every declarations test file starts from: the demo accounts signed in, and a floor of its own. */
export async function declarationActors(
  server: TestServer,
): Promise<{ admin: string; employee: string; globex: string; floor: Floor }> {
  const admin = await signIn(server, ACCOUNTS.acmeAdmin);
  const employee = await signIn(server, ACCOUNTS.employee);
  const globex = await signIn(server, ACCOUNTS.globexAdmin, 'globex');
  const floor = await givenFloor(server);
  return { admin, employee, globex, floor };
}

/** How many active (booked or checked-in) bookings a resource has. */
export function activeCounter(server: () => TestServer) {
  return async (resourceId: number) => {
    const { rows } = await sql<{ count: string | number }>`
      select count(*) as count from declarations
      where resource_id = ${resourceId} and status in ('booked', 'checked_in')`.execute(server().db.kysely);
    return Number(rows[0]!.count);
  };
}
