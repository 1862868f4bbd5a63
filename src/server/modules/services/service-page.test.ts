import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type { ServicePage, ServiceProblem } from '../../../shared/contract/service-page';
import type { ServiceOrder } from '../../../shared/contract/services';
import { dayAhead, slot } from '../declarations/declarations.fixtures';
import { ensureQrCode } from '../qr-codes/qr-codes.queries';
import { book, givenCatering, ok, SERVICES, type Catering } from './services.fixtures';
import { SERVICE_PAGE_LIMIT } from './service-page.service';

const PAGE = '/api/company/v1/service';

describeEachDatabase('the public /service/{code} page', (server) => {
  let admin: string;
  let employee: string;
  let teammate: string;
  let globex: string;
  let catering: Catering;
  let code: string;
  let levelCode: string;
  let globexCode: string;

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    teammate = await signIn(server(), ACCOUNTS.teammate);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    catering = await givenCatering(server(), admin);
    const db = server().db.kysely;
    code = await ensureQrCode(db, catering.floor.companyId, 1, catering.room);
    levelCode = await ensureQrCode(db, catering.floor.companyId, 2, catering.floor.levelId);
    const globexResource = await db
      .selectFrom('resources as r')
      .innerJoin('companies as c', 'c.id', 'r.company_id')
      .select(['r.id', 'r.company_id'])
      .where('c.subdomain', '=', 'globex')
      .executeTakeFirstOrThrow();
    globexCode = await ensureQrCode(db, globexResource.company_id, 1, globexResource.id);
  });

  const get = (token: string, which = code, subdomain = 'acme') =>
    call(server(), 'GET', `${PAGE}/${encodeURIComponent(which)}`, { subdomain, token });
  const post = (token: string, path: string, body: unknown, which = code) =>
    call(server(), 'POST', `${PAGE}/${encodeURIComponent(which)}/${path}`, {
      subdomain: 'acme',
      token,
      body,
    });

  it('shows the resource, its menu and only the caller’s own bookings and orders of it', async () => {
    const mine = await book(server(), employee, catering.room, slot(dayAhead(1), 9, 10));
    // someone else's booking and order of the same room are not shown
    const theirs = await book(server(), teammate, catering.room, slot(dayAhead(1), 11, 12));
    await ok<ServiceOrder>(server(), teammate, 'POST', `${PAGE}/${code}/orders`, {
      declaration_id: theirs,
      items: [{ service_item_id: catering.coffee.id, quantity: 2 }],
    });
    const page = await ok<ServicePage>(server(), employee, 'GET', `${PAGE}/${code}`);
    expect(page.resource).toMatchObject({ id: catering.room, path: catering.floor.levelName });
    expect(page.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([catering.coffee.id, catering.cake.id]),
    );
    expect(page.items.every((item) => item.is_active && item.service_type.key === 'catering')).toBe(true);
    expect(page.service_types.map((type) => type.key)).toEqual(['catering']);
    expect(page.bookings.map((booking) => booking.id)).toEqual([mine]);
    expect(page.orders).toEqual([]);
    expect(page.may_order_without_booking).toBe(false);
    const asProvider = await ok<ServicePage>(server(), admin, 'GET', `${PAGE}/${code}`);
    expect(asProvider.may_order_without_booking).toBe(true);
  });

  it('orders coffee with the caller’s booking of the resource; the order is theirs and the provider’s', async () => {
    const booking = await book(server(), employee, catering.room, slot(dayAhead(1), 14, 15));
    const placed = await ok<ServiceOrder>(server(), employee, 'POST', `${PAGE}/${code}/orders`, {
      declaration_id: booking,
      items: [{ service_item_id: catering.coffee.id, quantity: 4 }],
      notes: 'At the door',
    });
    expect(placed).toMatchObject({ resource_id: catering.room, declaration_id: booking, total_cents: 1400 });
    const page = await ok<ServicePage>(server(), employee, 'GET', `${PAGE}/${code}`);
    expect(page.orders.map((o) => o.order_id)).toContain(placed.order_id);
    const queue = await ok<{ data: ServiceOrder[] }>(server(), admin, 'GET', `${SERVICES}/orders`);
    expect(queue.data.map((o) => o.order_id)).toContain(placed.order_id);
  });

  it('refuses bad orders with field errors, nothing written', async () => {
    const booking = await book(server(), employee, catering.room, slot(dayAhead(2), 9, 10));
    const before = await server()
      .db.kysely.selectFrom('service_orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const zero = await post(employee, 'orders', {
      declaration_id: booking,
      items: [{ service_item_id: catering.coffee.id, quantity: 0 }],
    });
    expect(expectErrorShape(zero, 422).errors).toEqual({
      'items.0.quantity': ['The quantity must be a whole number of 1 or more.'],
    });
    const noItems = await post(employee, 'orders', { declaration_id: booking, items: [] });
    expect(expectErrorShape(noItems, 422).errors).toEqual({ items: ['This field is required.'] });
    // the resource comes from the code: a resource_id in the body is not taken
    const smuggled = await post(employee, 'orders', {
      resource_id: catering.bareRoom,
      declaration_id: booking,
      items: [{ service_item_id: catering.coffee.id, quantity: 1 }],
    });
    expectErrorShape(smuggled, 422);
    // without a booking only a provider orders
    expectErrorShape(
      await post(employee, 'orders', { items: [{ service_item_id: catering.coffee.id, quantity: 1 }] }),
      403,
    );
    // another's booking is not the caller's
    const teammateBooking = await book(server(), teammate, catering.room, slot(dayAhead(2), 11, 12));
    expect(
      expectErrorShape(
        await post(employee, 'orders', {
          declaration_id: teammateBooking,
          items: [{ service_item_id: catering.coffee.id, quantity: 1 }],
        }),
        422,
      ).errors,
    ).toEqual({ declaration_id: ['Booking not found.'] });
    const after = await server()
      .db.kysely.selectFrom('service_orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('takes a problem report for the providers, who list and resolve it', async () => {
    const reported = await ok<ServiceProblem>(server(), employee, 'POST', `${PAGE}/${code}/problems`, {
      service_type_id: catering.cateringTypeId,
      description: '  The coffee machine leaks  ',
    });
    expect(reported).toMatchObject({
      resource_id: catering.room,
      description: 'The coffee machine leaks',
      service_type: { key: 'catering' },
      resolved_at: null,
    });
    const open = await ok<{ data: ServiceProblem[] }>(server(), admin, 'GET', `${SERVICES}/problems`);
    expect(open.data.map((problem) => problem.id)).toContain(reported.id);
    const resolved = await ok<ServiceProblem>(
      server(),
      admin,
      'PUT',
      `${SERVICES}/problems/${reported.id}/resolve`,
    );
    expect(resolved.resolved_at).not.toBeNull();
    const still = await ok<{ data: ServiceProblem[] }>(server(), admin, 'GET', `${SERVICES}/problems`);
    expect(still.data.map((problem) => problem.id)).not.toContain(reported.id);
  });

  it('mails a reported problem to the providers who serve the resource, not to the reporter or anyone else', async () => {
    const db = server().db.kysely;
    const before = await db.selectFrom('outbox').select(db.fn.max('id').as('id')).executeTakeFirstOrThrow();
    const reported = await ok<ServiceProblem>(server(), employee, 'POST', `${PAGE}/${code}/problems`, {
      description: 'The screen stays black',
    });
    const mails = await db
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'text_body', 'company_id'])
      .where('id', '>', String(before.id ?? 0))
      .where('subject', 'like', 'Problem reported:%')
      .execute();
    const to = mails.map((mail) => mail.to_address);
    expect(to).toContain(ACCOUNTS.acmeAdmin);
    expect(to).not.toContain(ACCOUNTS.employee);
    expect(to).not.toContain(ACCOUNTS.teammate);
    expect(to).not.toContain(ACCOUNTS.globexAdmin);
    expect(mails.every((mail) => mail.company_id === catering.floor.companyId)).toBe(true);
    const mail = mails.find((candidate) => candidate.to_address === ACCOUNTS.acmeAdmin)!;
    expect(mail.subject).toBe(`Problem reported: ${reported.resource}`);
    expect(mail.text_body).toContain('The screen stays black');
    expect(mail.text_body).toContain('/services');
    // a refused report mails no one
    await post(employee, 'problems', { description: '   ' });
    const after = await db
      .selectFrom('outbox')
      .select(db.fn.countAll<number>().as('count'))
      .where('id', '>', String(before.id ?? 0))
      .where('subject', 'like', 'Problem reported:%')
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(mails.length);
  });

  it('refuses a blank problem or a service the resource does not offer (422)', async () => {
    expect(expectErrorShape(await post(employee, 'problems', { description: '   ' }), 422).errors).toEqual({
      description: ['This field is required.'],
    });
    const equipment = await server()
      .db.kysely.selectFrom('service_types')
      .select('id')
      .where('company_id', '=', catering.floor.companyId)
      .where('key', '<>', 'catering')
      .executeTakeFirstOrThrow();
    expect(
      expectErrorShape(
        await post(employee, 'problems', { service_type_id: equipment.id, description: 'Broken' }),
        422,
      ).errors,
    ).toEqual({ service_type_id: ['This resource does not offer this service.'] });
    expectErrorShape(await post(employee, 'problems', { description: 'x'.repeat(2001) }), 422);
  });

  it('the providers’ problem list needs SERVICES: read to list, update to resolve (403)', async () => {
    expectErrorShape(
      await call(server(), 'GET', `${SERVICES}/problems`, { subdomain: 'acme', token: employee }),
      403,
    );
    const reported = await ok<ServiceProblem>(server(), employee, 'POST', `${PAGE}/${code}/problems`, {
      description: 'Blinds stuck',
    });
    expectErrorShape(
      await call(server(), 'PUT', `${SERVICES}/problems/${reported.id}/resolve`, {
        subdomain: 'acme',
        token: employee,
      }),
      403,
    );
    // another company's problem is unknown
    expectErrorShape(
      await call(server(), 'PUT', `${SERVICES}/problems/${reported.id}/resolve`, {
        subdomain: 'globex',
        token: globex,
      }),
      404,
    );
    const globexList = await ok<{ data: ServiceProblem[] }>(
      server(),
      globex,
      'GET',
      `${SERVICES}/problems`,
      undefined,
      200,
      'globex',
    );
    expect(globexList.data.map((problem) => problem.id)).not.toContain(reported.id);
  });

  it('another company’s code, a level’s code or an unknown code is a 404; signed out is a 401', async () => {
    expectErrorShape(await get(employee, globexCode), 404);
    expectErrorShape(await get(globex, code, 'globex'), 404);
    expectErrorShape(await get(employee, levelCode), 404);
    expectErrorShape(await get(employee, 'no-such-code'), 404);
    expectErrorShape(await post(employee, 'problems', { description: 'x' }, globexCode), 404);
    expectErrorShape(
      await post(
        employee,
        'orders',
        { items: [{ service_item_id: catering.coffee.id, quantity: 1 }] },
        globexCode,
      ),
      404,
    );
    expectErrorShape(await call(server(), 'GET', `${PAGE}/${code}`, { subdomain: 'acme' }), 401);
  });

  it('is rate-limited per code and caller (429 with Retry-After)', async () => {
    let last = await get(teammate);
    for (let index = 1; index <= SERVICE_PAGE_LIMIT.reads && last.statusCode === 200; index += 1)
      last = await get(teammate);
    expectErrorShape(last, 429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // another caller of the same code is not held up
    expect((await get(employee)).statusCode).toBe(200);
  });
});
