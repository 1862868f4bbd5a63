import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type { AutoReleaseReport } from '../../../shared/contract/services-report';
import { dayAhead, slot } from '../declarations/declarations.fixtures';
import { book, givenCatering, ok, orderOk, SERVICES, type Catering } from './services.fixtures';

const REPORT = '/api/company/v1/reports/services/auto-release';
const DELIVERED = 4;

describeEachDatabase('the services auto-release report', (server) => {
  let admin: string;
  let employee: string;
  let globex: string;
  let catering: Catering;
  const date = dayAhead(1);

  const release = (declarationId: number) =>
    server()
      .db.kysely.updateTable('declarations')
      .set({ status: 'released', released_at: new Date() })
      .where('id', '=', declarationId)
      .execute();
  const coffee = async (from: number, quantity: number) => {
    const booking = await book(server(), employee, catering.room, slot(date, from));
    const order = await orderOk(server(), employee, {
      resource_id: catering.room,
      declaration_id: booking,
      items: [{ service_item_id: catering.coffee.id, quantity }],
    });
    return { booking, order };
  };
  const report = (token: string, body: unknown, subdomain = 'acme') =>
    call(server(), 'POST', REPORT, { subdomain, token, body });

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    catering = await givenCatering(server(), admin);
    // a no-show whose coffee the release cancelled in time: saved
    const saved = await coffee(8, 8);
    await release(saved.booking);
    // a no-show whose coffee was already delivered: wasted
    const wasted = await coffee(10, 2);
    await ok(server(), admin, 'PUT', `${SERVICES}/orders/${wasted.order.order_id}/status/${DELIVERED}`);
    await release(wasted.booking);
    // a meeting that took place
    await coffee(12, 1);
  });

  it('counts the orders of the period, and of the released bookings what was saved and what was wasted', async () => {
    const answer = await report(admin, {
      date_from: date,
      date_to: date,
      location_ids: [catering.floor.levelId],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const figures = answer.json<AutoReleaseReport>();
    const expected = {
      orders: 3,
      ordered_cents: 11 * 350,
      released: 2,
      saved: 1,
      saved_cents: 8 * 350,
      wasted: 1,
      wasted_cents: 2 * 350,
    };
    expect(figures.currency).toBe('CHF');
    expect(figures.summary).toEqual(expected);
    expect(figures.by_resource).toEqual([
      {
        resource_id: catering.room,
        resource: expect.any(String),
        path: catering.floor.levelName,
        ...expected,
      },
    ]);
    expect(figures.by_type).toEqual([
      { service_type_id: catering.cateringTypeId, name: expect.any(String), ...expected },
    ]);
    expect(figures.by_day).toEqual([{ date, ...expected }]);
  });

  it('leaves out other days and other service types', async () => {
    const other = await report(admin, {
      date_from: dayAhead(2),
      date_to: dayAhead(3),
      location_ids: [catering.floor.levelId],
    });
    expect(other.json<AutoReleaseReport>().summary.orders).toBe(0);
    const equipment = await server()
      .db.kysely.selectFrom('service_types')
      .select('id')
      .where('company_id', '=', catering.floor.companyId)
      .where('key', '<>', 'catering')
      .executeTakeFirstOrThrow();
    const typed = await report(admin, {
      date_from: date,
      date_to: date,
      location_ids: [catering.floor.levelId],
      service_type_ids: [equipment.id],
    });
    expect(typed.json<AutoReleaseReport>().summary.orders).toBe(0);
  });

  it('answers 422 with field errors for bad dates, a period too long and unknown ids', async () => {
    expect(
      expectErrorShape(await report(admin, { date_from: 'tomorrow', date_to: date }), 422).errors,
    ).toEqual({
      date_from: ['The date is not valid.'],
    });
    expect(
      expectErrorShape(await report(admin, { date_from: date, date_to: dayAhead(0) }), 422).errors,
    ).toEqual({
      date_to: ['The end date must not be before the start date.'],
    });
    expect(
      expectErrorShape(await report(admin, { date_from: dayAhead(-400), date_to: date }), 422).errors,
    ).toEqual({ date_to: ['The period must be at most 366 days.'] });
    expect(
      expectErrorShape(await report(admin, { date_from: date, date_to: date, location_ids: [0] }), 422)
        .errors?.['location_ids.0'],
    ).toBeDefined();
    expectErrorShape(await report(admin, { date_to: date }), 422);
  });

  it('needs REPORTS and REPORTS_SERVICES (403), and another company’s ids are not valid there', async () => {
    expectErrorShape(await report(employee, { date_from: date, date_to: date }), 403);
    const foreign = await report(
      globex,
      { date_from: date, date_to: date, location_ids: [catering.floor.levelId] },
      'globex',
    );
    expect(expectErrorShape(foreign, 422).errors).toEqual({ location_ids: ['The location is not valid.'] });
    const theirs = await report(globex, { date_from: date, date_to: date }, 'globex');
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json<AutoReleaseReport>().by_resource.map((row) => row.resource_id)).not.toContain(
      catering.room,
    );
  });
});
