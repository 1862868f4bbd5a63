import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type { Declaration } from '../../../shared/contract/declarations';
import { MESSAGES } from './declarations.rules';
import { zonedInstant } from '../../../shared/time/zone';
import { api, dayAhead, givenFloor, plainBooking, slot, ZONE, type Floor } from './declarations.fixtures';
import { bookDeclarations } from './booking-writes.queries';

/**
 * The statements the app sends for the requests of `work` (node-postgres carries both databases'
 * queries), without the background analysis the bookings written may set off (planner-statistics.ts).
 */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const texts: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args as [string | { text?: string }];
    texts.push(typeof first === 'string' ? first : (first?.text ?? ''));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return texts.filter(
    (text) =>
      !/^analyze \(skip_locked\) "declarations"$|from pg_class where oid = to_regclass\(/.test(text.trim()),
  );
}

describeEachDatabase('bookings from memory (migration 0029, booking-memory.ts)', (server) => {
  let employee: string;
  let floor: Floor;
  const http = api(server);
  const db = () => server().db.kysely;
  let undo: Array<() => Promise<unknown>> = [];

  /** The per-user limit (planResourceLimit) of the employee's roles; answers a function that restores it. */
  const setLimit = async (value: number | null) => {
    const { rows } = await sql<{
      company_id: number;
      role_id: number;
      permission_id: number;
      value: number | null;
    }>`
      update role_permissions rp set value = ${value}
      from permissions p, user_container_roles cr, user_container_members m, users u, role_permissions old
      where p.id = rp.permission_id and p.type = 'NUMERICAL'
        and cr.company_id = rp.company_id and cr.role_id = rp.role_id
        and m.company_id = cr.company_id and m.container_id = cr.container_id
        and u.id = m.user_id and u.email = ${ACCOUNTS.employee}
        and old.company_id = rp.company_id and old.role_id = rp.role_id and old.permission_id = rp.permission_id
      returning rp.company_id, rp.role_id, rp.permission_id, old.value`.execute(db());
    expect(rows.length).toBeGreaterThan(0);
    return async () => {
      for (const row of rows)
        await db()
          .updateTable('role_permissions')
          .set({ value: row.value })
          .where('company_id', '=', row.company_id)
          .where('role_id', '=', row.role_id)
          .where('permission_id', '=', row.permission_id)
          .execute();
    };
  };

  beforeAll(async () => {
    employee = await signIn(server(), ACCOUNTS.employee);
    floor = await givenFloor(server());
    // The demo employee may hold one place a day; these tests book several a day.
    await setLimit(100);
  });
  afterEach(async () => {
    for (const step of undo.reverse()) await step();
    undo = [];
  });

  /**
   * Desks of their own on the floor (adding a resource gives the company a new booking stamp), then
   * two bookings: the first keeps the token's snapshot (it authenticates from the database), the
   * second the company's and the floor's memory. Answers the desks after the two booked.
   */
  const desksAndWarm = async (name: string, date: string, count: number) => {
    const desks: number[] = [];
    for (let index = 0; index < count + 2; index += 1)
      desks.push(await floor.resource(`${name} ${index + 1}`));
    await http.bookOk(employee, { resource_id: desks[0], slots: [slot(date, 7)] });
    await http.bookOk(employee, { resource_id: desks[1], slots: [slot(date, 8)] });
    return desks.slice(2) as [number, ...number[]];
  };

  it('books in one statement once the token and the floor are known', async () => {
    const date = dayAhead(3);
    const [desk] = await desksAndWarm('Memory desk', date, 1);
    let booked: Declaration[] = [];
    const statements = await statementsDuring(async () => {
      booked = await http.bookOk(employee, { resource_id: desk, slots: [slot(date, 9)] });
    });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/book_declarations/);
    expect(booked[0]).toMatchObject({
      resource: { id: desk, name: 'Memory desk 3', path: `${floor.levelName} / Memory desk 3` },
      host: { name: 'Emil Employee' },
      starts_at: slot(date, 9).datetime_from,
    });
  });

  it("books another day of a known floor reading only that day's closures, and honours them", async () => {
    const date = dayAhead(16);
    const next = dayAhead(17);
    const [desk, other] = await desksAndWarm('Day desk', date, 2);
    // A closure of the desk on the next day (a new plan stamp: the memory is read afresh) ...
    await db()
      .insertInto('resource_unavailabilities')
      .values({
        company_id: floor.companyId,
        resource_id: desk,
        starts_at: zonedInstant(next, 9 * 60, ZONE),
        ends_at: zonedInstant(next, 10 * 60, ZONE),
      })
      .execute();
    // ... which then knows the floor on the first day again.
    await http.bookOk(employee, { resource_id: other, slots: [slot(date, 10)] });
    await http.bookOk(employee, { resource_id: other, slots: [slot(date, 11)] });
    const statements = await statementsDuring(async () => {
      await http.bookOk(employee, { resource_id: desk, slots: [slot(next, 11)] });
    });
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/resource_unavailabilities/);
    expect(statements[0]).not.toMatch(/resource_translations/);
    expect(statements[1]).toMatch(/book_declarations/);
    const closed = await http.book(employee, { resource_id: desk, slots: [slot(next, 9)] });
    expect(expectErrorShape(closed, 422).errors).toEqual({ 'slots.0': [MESSAGES.slotNotAvailable] });
  });

  it('reads a floor not known yet once for the bookings asked for at once, not once each', async () => {
    const other = await givenFloor(server());
    const desks: number[] = [];
    for (let index = 0; index < 8; index += 1) desks.push(await other.resource(`Once desk ${index + 1}`));
    const date = dayAhead(18);
    // The session and the company's memory at the new stamps, the first floor's day known.
    await desksAndWarm('Once warm desk', date, 0);
    const statements = await statementsDuring(() =>
      Promise.all(desks.map((desk) => http.bookOk(employee, { resource_id: desk, slots: [slot(date, 9)] }))),
    );
    const floorReads = statements.filter((text) => /resource_translations/.test(text));
    const closureReads = statements.filter((text) => /resource_unavailabilities/.test(text));
    expect([floorReads.length, closureReads.length]).toEqual([1, 1]);
  });

  it('answers a double booking the write refused as it is (409), in that one statement: the write found the session and the stamps current', async () => {
    const date = dayAhead(15);
    const [desk] = await desksAndWarm('Taken desk', date, 1);
    await http.bookOk(employee, { resource_id: desk, slots: [slot(date, 9)] });
    let response: Awaited<ReturnType<typeof http.book>> | undefined;
    const statements = await statementsDuring(async () => {
      response = await http.book(employee, { resource_id: desk, slots: [slot(date, 9)] });
    });
    expect(expectErrorShape(response!, 409).message).toBe(
      'Taken desk 3 is already booked from 09:00 to 10:00.',
    );
    expect(statements).toHaveLength(1);
  });

  it('refuses a caller whose permission was taken away meanwhile (403), though their session was kept', async () => {
    const date = dayAhead(4);
    const [desk] = await desksAndWarm('Revoked desk', date, 1);
    const { rows } = await sql<{ company_id: number; role_id: number; permission_id: number }>`
      update role_permissions rp set is_active = false
      from permissions p, user_container_roles cr, user_container_members m, users u
      where p.id = rp.permission_id and p.name = 'PLAN'
        and cr.company_id = rp.company_id and cr.role_id = rp.role_id
        and m.company_id = cr.company_id and m.container_id = cr.container_id
        and u.id = m.user_id and u.email = ${ACCOUNTS.employee} and rp.is_active
      returning rp.company_id, rp.role_id, rp.permission_id`.execute(db());
    expect(rows.length).toBeGreaterThan(0);
    undo.push(() =>
      sql`update role_permissions set is_active = true
        where (company_id, role_id, permission_id) in (select * from unnest(
          ${rows.map((row) => row.company_id)}::int[], ${rows.map((row) => row.role_id)}::int[],
          ${rows.map((row) => row.permission_id)}::int[]))`.execute(db()),
    );
    expectErrorShape(await http.book(employee, { resource_id: desk, slots: [slot(date, 9)] }), 403);
  });

  it('refuses a session that was ended meanwhile (401)', async () => {
    const date = dayAhead(5);
    const desks = [await floor.resource('Ended desk 1'), await floor.resource('Ended desk 2')];
    const token = await signIn(server(), ACCOUNTS.employee);
    await http.bookOk(token, { resource_id: desks[0], slots: [slot(date, 8)] });
    const logout = await call(server(), 'GET', '/api/company/v1/auth/logout', { subdomain: 'acme', token });
    expect(logout.statusCode).toBe(200);
    expectErrorShape(await http.book(token, { resource_id: desks[1], slots: [slot(date, 9)] }), 401);
  });

  it("takes a preference changed meanwhile: an hour slot the user's slot types no longer offer is refused", async () => {
    const date = dayAhead(6);
    const [desk] = await desksAndWarm('Preference desk', date, 1);
    const user = await db()
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', ACCOUNTS.employee)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('user_preferences')
      .values({ company_id: user.company_id!, user_id: user.id, key: 'AvailableSlots', value: 'all-day' })
      .onConflict((conflict) =>
        conflict.columns(['company_id', 'user_id', 'key']).doUpdateSet({ value: 'all-day' }),
      )
      .execute();
    undo.push(() =>
      db()
        .deleteFrom('user_preferences')
        .where('user_id', '=', user.id)
        .where('key', '=', 'AvailableSlots')
        .execute(),
    );
    const response = await http.book(employee, { resource_id: desk, slots: [slot(date, 9)] });
    expect(expectErrorShape(response, 422).errors).toEqual({ 'slots.0': ['This slot cannot be booked.'] });
  });

  it('takes a resource closed to booking meanwhile (the plan stamp): 403', async () => {
    const date = dayAhead(7);
    const [desk] = await desksAndWarm('Closed desk', date, 1);
    await db()
      .updateTable('resources')
      .set({ resource_model: 'not_bookable' })
      .where('id', '=', desk)
      .execute();
    const response = await http.book(employee, { resource_id: desk, slots: [slot(date, 9)] });
    expect(expectErrorShape(response, 403).message).toBe('This resource cannot be booked.');
  });

  it('charges a price set meanwhile and names a resource as it was renamed meanwhile', async () => {
    const date = dayAhead(8);
    const [desk] = await desksAndWarm('Price desk', date, 1);
    const chf = await db()
      .selectFrom('currencies')
      .select('id')
      .where('code', '=', 'CHF')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('resource_functions')
      .values({
        company_id: floor.companyId,
        resource_id: desk,
        function_key: 'currency',
        currency_id: chf.id,
        price_cents: 600,
      })
      .execute();
    await db()
      .updateTable('resource_translations')
      .set({ name: 'Window desk' })
      .where('resource_id', '=', desk)
      .execute();
    const [booked] = await http.bookOk(employee, {
      resource_id: desk,
      slots: [slot(date, 9), slot(date, 10)],
    });
    expect(booked).toMatchObject({
      resource: { name: 'Window desk' },
      cost: { cents: 1200, currency: 'CHF' },
    });
  });

  it("never takes another company's snapshot: the same token on globex's host is not a session there (401)", async () => {
    const date = dayAhead(9);
    const globexFloor = await givenFloor(server(), 'globex');
    const globexDesk = await globexFloor.resource('Globex desk');
    await desksAndWarm('Tenant desk', date, 0);
    const response = await http.book(employee, { resource_id: globexDesk, slots: [slot(date, 9)] }, 'globex');
    expectErrorShape(response, 401);
  });

  describe('bookings written together (book_declarations_batch)', () => {
    it('writes each request by itself when their batch fails as a whole: one bad request fails alone', async () => {
      const date = dayAhead(14);
      const desks = [
        await floor.resource('Alone desk 1'),
        await floor.resource('Alone desk 2'),
        await floor.resource('Alone desk 3'),
      ];
      const user = await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', ACCOUNTS.employee)
        .executeTakeFirstOrThrow();
      const one = slot(date, 9);
      const booking = (resourceId: number, session: string | null) => {
        const plain = plainBooking(floor, user.id, resourceId, one);
        return bookDeclarations(
          db(),
          {
            ...plain.booking,
            // Not a uuid: the statement is refused before any item runs.
            fromMemory: session === null ? null : { session, bookingVersion: '1' },
          },
          plain.written,
        );
      };
      // Asked for in one turn of the event loop: one batch.
      const outcomes = await Promise.allSettled([
        booking(desks[0]!, null),
        booking(desks[1]!, 'not-a-session'),
        booking(desks[2]!, null),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      for (const outcome of [outcomes[0]!, outcomes[2]!])
        expect(outcome).toMatchObject({ value: { outcome: 'booked' } });
    });

    it('books twenty desks asked for at once, each once', async () => {
      const date = dayAhead(10);
      const desks = await desksAndWarm('Batch desk', date, 20);
      const answers = await Promise.all(
        desks.map((desk) => http.book(employee, { resource_id: desk, slots: [slot(date, 9)] })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(desks.map(() => 201));
      const ids = answers.map((answer) => answer.json<{ data: Declaration[] }>().data[0]!.resource.id);
      expect(ids).toEqual(desks);
    });

    it('lets one of twenty bookings of one desk and slot asked for at once through; the others hear whose slot it is (409)', async () => {
      const date = dayAhead(11);
      const [desk] = await desksAndWarm('Raced desk', date, 1);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => http.book(employee, { resource_id: desk, slots: [slot(date, 9)] })),
      );
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
      for (const answer of answers.filter((one) => one.statusCode !== 201))
        expect(expectErrorShape(answer, 409).message).toBe(
          'Raced desk 3 is already booked from 09:00 to 10:00.',
        );
    });

    it('counts the per-user limit across bookings written together: three places a day, two held, two more asked for at once', async () => {
      const date = dayAhead(12);
      const desks = await desksAndWarm('Limit desk', date, 2);
      undo.push(await setLimit(3));
      // The warm-up holds two places that day; the limit is three: one more fits, not two.
      const answers = await Promise.all(
        desks.map((desk) => http.book(employee, { resource_id: desk, slots: [slot(date, 11)] })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409)!;
      expect(expectErrorShape(refused, 409).message).toBe(
        `You can book at most 3 places a day and already hold 3 on ${date}.`,
      );
    });
  });
});
