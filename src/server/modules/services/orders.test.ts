import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type { HistoryEntry, ServiceOrder } from '../../../shared/contract/services';
import { dayAhead, slot } from '../declarations/declarations.fixtures';
import {
  book,
  BOOKINGS,
  givenCatering,
  ok,
  order,
  orderOk,
  SERVICES,
  type Catering,
} from './services.fixtures';

const CONFIRMED = 2;
const IN_PREPARATION = 3;
const DELIVERED = 4;
const CANCELLED = 5;

describeEachDatabase('service orders', (server) => {
  let admin: string;
  let employee: string;
  let reception: string;
  let globex: string;
  let catering: Catering;
  let employeeId: number;

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    reception = await signIn(server(), ACCOUNTS.reception);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    catering = await givenCatering(server(), admin);
    employeeId = (
      await server()
        .db.kysely.selectFrom('users')
        .select('id')
        .where('email', '=', ACCOUNTS.employee)
        .executeTakeFirstOrThrow()
    ).id;
  });

  const coffeeFor = (declarationId: number, quantity: unknown = 8, extra: Record<string, unknown> = {}) => ({
    resource_id: catering.room,
    declaration_id: declarationId,
    items: [{ service_item_id: catering.coffee.id, quantity }],
    ...extra,
  });

  describe(`POST ${SERVICES}/orders`, () => {
    it('orders coffee for 8 with a meeting: delivered at its start, requested, the total shown', async () => {
      const date = dayAhead(1);
      const booking = await book(server(), employee, catering.room, slot(date, 10, 11));
      const placed = await orderOk(server(), employee, coffeeFor(booking, 8, { notes: 'Oat milk' }));
      expect(placed).toMatchObject({
        resource_id: catering.room,
        declaration_id: booking,
        delivery_at: slot(date, 10).datetime_from,
        status: 'requested',
        notes: 'Oat milk',
        total_cents: 2800,
        currency: 'CHF',
        request_by: { id: employeeId, name: 'Emil Employee' },
        path: catering.floor.levelName,
        items: [
          { service_item_id: catering.coffee.id, name: catering.coffee.name, quantity: 8, total_cents: 2800 },
        ],
      });
      const mine = await ok<{ data: ServiceOrder[] }>(
        server(),
        employee,
        'GET',
        `${SERVICES}/my-orders?declaration_id=${booking}`,
      );
      expect(mine.data.map((o) => o.order_id)).toEqual([placed.order_id]);
    });

    it('refuses quantities that are not whole and positive, naming the field', async () => {
      const booking = await book(server(), employee, catering.room, slot(dayAhead(1), 12, 13));
      for (const quantity of [0, -2, 1.5, '3'])
        expect(
          expectErrorShape(await order(server(), employee, coffeeFor(booking, quantity)), 422).errors,
        ).toEqual({
          'items.0.quantity': ['The quantity must be a whole number of 1 or more.'],
        });
    });

    it('refuses a delivery outside the booking, an item past its lead time, an item not offered there', async () => {
      const tomorrow = dayAhead(1);
      const booking = await book(server(), employee, catering.room, slot(tomorrow, 16, 17));
      const outside = await order(
        server(),
        employee,
        coffeeFor(booking, 2, { delivery_at: slot(tomorrow, 17).datetime_from }),
      );
      expect(expectErrorShape(outside, 422).errors).toEqual({
        delivery_at: ['The delivery time must lie within the booking.'],
      });
      // cake is ordered a day ahead: a meeting starting in two or three hours is too soon
      const start = new Date(Math.ceil((Date.now() + 2 * 3_600_000) / 3_600_000) * 3_600_000);
      const soon = await book(server(), employee, catering.room, {
        datetime_from: start.toISOString(),
        datetime_to: new Date(start.getTime() + 3_600_000).toISOString(),
      });
      const late = await order(server(), employee, {
        resource_id: catering.room,
        declaration_id: soon,
        items: [{ service_item_id: catering.cake.id, quantity: 1 }],
      });
      expect(expectErrorShape(late, 422).errors).toEqual({
        'items.0.service_item_id': [
          `“${catering.cake.name}” must be ordered at least 24 h before the booking starts.`,
        ],
      });
      const bare = await book(server(), employee, catering.bareRoom, slot(tomorrow, 9, 10));
      const notOffered = await order(server(), employee, {
        resource_id: catering.bareRoom,
        declaration_id: bare,
        items: [{ service_item_id: catering.coffee.id, quantity: 1 }],
      });
      expect(expectErrorShape(notOffered, 422).errors).toEqual({
        'items.0.service_item_id': [`“${catering.coffee.name}” is not offered at this resource.`],
      });
      const rows = await server()
        .db.kysely.selectFrom('service_orders')
        .select('id')
        .where('declaration_id', 'in', [booking, soon, bare])
        .execute();
      expect(rows).toEqual([]);
    });

    it('refuses ordering for someone else’s booking, and an order without a booking to an employee', async () => {
      const booking = await book(server(), admin, catering.room, slot(dayAhead(2), 8, 9));
      expect(expectErrorShape(await order(server(), employee, coffeeFor(booking)), 422).errors).toEqual({
        declaration_id: ['Booking not found.'],
      });
      const walkUp = await order(server(), employee, {
        resource_id: catering.room,
        delivery_at: slot(dayAhead(2), 9).datetime_from,
        items: [{ service_item_id: catering.coffee.id, quantity: 1 }],
      });
      expect(expectErrorShape(walkUp, 403).message).toBe('You may only order for your own bookings.');
    });
  });

  describe('the providers’ work queue and status changes', () => {
    let placed: ServiceOrder;
    let booking: number;

    beforeAll(async () => {
      booking = await book(server(), employee, catering.room, slot(dayAhead(3), 10, 11));
      placed = await orderOk(server(), employee, coffeeFor(booking, 8));
    });

    it('lists the orders between today −7 and +7 days by default, order_id descending, pages of 200', async () => {
      const queue = await ok<{ data: ServiceOrder[]; meta: { per_page: number } }>(
        server(),
        admin,
        'GET',
        `${SERVICES}/orders`,
      );
      expect(queue.meta.per_page).toBe(200);
      expect(queue.data[0]!.order_id).toBe(placed.order_id);
      const ids = queue.data.map((o) => o.order_id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const later = await ok<{ data: ServiceOrder[] }>(
        server(),
        admin,
        'GET',
        `${SERVICES}/orders?start=${dayAhead(8)}&end=${dayAhead(20)}`,
      );
      expect(later.data.map((o) => o.order_id)).not.toContain(placed.order_id);
    });

    it('sorts and groups as asked (sortBy, sortOrder, groupBy), each row naming its group', async () => {
      const grouped = await ok<{ data: ServiceOrder[] }>(
        server(),
        admin,
        'GET',
        `${SERVICES}/orders?groupBy=date&sortBy=delivery_at&sortOrder=asc`,
      );
      const groups = grouped.data.map((o) => o.group!);
      expect(groups).toEqual([...groups].sort());
      expect(grouped.data.find((o) => o.order_id === placed.order_id)!.group).toBe(dayAhead(3));
      const bad = await call(
        server(),
        'GET',
        `${SERVICES}/orders?sortBy=price&groupBy=planet&start=2026-13-40`,
        {
          subdomain: 'acme',
          token: admin,
        },
      );
      expect(Object.keys(expectErrorShape(bad, 422).errors!).sort()).toEqual(['groupBy', 'sortBy']);
      const badDate = await call(server(), 'GET', `${SERVICES}/orders?start=2026-13-40`, {
        subdomain: 'acme',
        token: admin,
      });
      expect(expectErrorShape(badDate, 422).errors).toEqual({ start: ['Start is not valid.'] });
    });

    it('is refused to someone without SERVICES (403), and the orderer cannot confirm', async () => {
      expectErrorShape(
        await call(server(), 'GET', `${SERVICES}/orders`, { subdomain: 'acme', token: employee }),
        403,
      );
      expectErrorShape(
        await call(server(), 'PUT', `${SERVICES}/orders/${placed.order_id}/status/${CONFIRMED}`, {
          subdomain: 'acme',
          token: employee,
        }),
        403,
      );
      expectErrorShape(
        await call(server(), 'GET', `${SERVICES}/orders/${placed.order_id}`, {
          subdomain: 'acme',
          token: reception,
        }),
        404,
      );
    });

    it('confirms, prepares and delivers: history says who did what when, the orderer gets a mail each time', async () => {
      const confirmed = await ok<ServiceOrder>(
        server(),
        admin,
        'PUT',
        `${SERVICES}/orders/${placed.order_id}/status/${CONFIRMED}`,
      );
      expect(confirmed.status).toBe('confirmed');
      expect(confirmed.items.every((item) => item.status === 'confirmed')).toBe(true);
      const itemId = confirmed.items[0]!.id;
      const preparing = await ok<ServiceOrder>(
        server(),
        admin,
        'PUT',
        `${SERVICES}/orders/${placed.order_id}/serviceitems/${itemId}/status/${IN_PREPARATION}`,
      );
      expect(preparing.status).toBe('in_preparation');
      const delivered = await ok<ServiceOrder>(
        server(),
        admin,
        'PUT',
        `${SERVICES}/orders/${placed.order_id}/status/${DELIVERED}`,
      );
      expect(delivered.status).toBe('delivered');
      const final = await call(server(), 'PUT', `${SERVICES}/orders/${placed.order_id}/status/${CANCELLED}`, {
        subdomain: 'acme',
        token: admin,
      });
      expect(expectErrorShape(final, 409).message).toBe(
        'This order is delivered or cancelled: its status can no longer change.',
      );
      const history = await ok<{ data: HistoryEntry[] }>(
        server(),
        employee,
        'GET',
        `${SERVICES}/history?service_order_id=${placed.order_id}`,
      );
      expect(
        history.data.map((entry) => [
          entry.action,
          entry.status,
          entry.item?.id ?? null,
          entry.changed_by?.name,
        ]),
      ).toEqual([
        ['created', 'requested', null, 'Emil Employee'],
        ['status', 'confirmed', null, 'Ada Admin'],
        ['status', 'in_preparation', itemId, 'Ada Admin'],
        ['status', 'delivered', null, 'Ada Admin'],
      ]);
      const mails = await server()
        .db.kysely.selectFrom('outbox')
        .select('subject')
        .where('to_address', '=', ACCOUNTS.employee)
        .where('subject', 'like', `%order ${placed.order_id}%`)
        .orderBy('id')
        .execute();
      expect(mails.map((mail) => mail.subject)).toEqual([
        `Your order ${placed.order_id} is confirmed`,
        `8 × ${catering.coffee.name} of your order ${placed.order_id} is in preparation`,
        `Your order ${placed.order_id} is delivered`,
      ]);
    });

    it('lets the orderer cancel their own order; an unknown status id is not found', async () => {
      const other = await orderOk(server(), employee, coffeeFor(booking, 2));
      expectErrorShape(
        await call(server(), 'PUT', `${SERVICES}/orders/${other.order_id}/status/9`, {
          subdomain: 'acme',
          token: admin,
        }),
        404,
      );
      const cancelled = await ok<ServiceOrder>(
        server(),
        employee,
        'PUT',
        `${SERVICES}/orders/${other.order_id}/status/${CANCELLED}`,
      );
      expect(cancelled).toMatchObject({ status: 'cancelled', total_cents: 0 });
    });
  });

  describe('an order follows its booking', () => {
    it('moving the meeting from 10:00 to 14:00 moves the delivery; cancelling it cancels the order', async () => {
      const date = dayAhead(4);
      const booking = await book(server(), employee, catering.room, slot(date, 10, 11));
      const placed = await orderOk(
        server(),
        employee,
        coffeeFor(booking, 8, {
          delivery_at: new Date(Date.parse(slot(date, 10).datetime_from) + 15 * 60_000).toISOString(),
        }),
      );
      await ok(server(), employee, 'PUT', `${BOOKINGS}/${booking}`, { slots: [slot(date, 14, 15)] });
      const moved = await ok<ServiceOrder>(server(), admin, 'GET', `${SERVICES}/orders/${placed.order_id}`);
      expect(moved.delivery_at).toBe(
        new Date(Date.parse(slot(date, 14).datetime_from) + 15 * 60_000).toISOString(),
      );
      expect(moved.status).toBe('requested');

      await ok(server(), employee, 'DELETE', `${BOOKINGS}/${booking}`);
      const cancelled = await ok<ServiceOrder>(
        server(),
        admin,
        'GET',
        `${SERVICES}/orders/${placed.order_id}`,
      );
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.items.every((item) => item.status === 'cancelled')).toBe(true);
      const history = await ok<{ data: HistoryEntry[] }>(
        server(),
        admin,
        'GET',
        `${SERVICES}/history?service_order_id=${placed.order_id}`,
      );
      expect(history.data.map((entry) => [entry.action, entry.changed_by])).toEqual([
        ['created', expect.objectContaining({ id: employeeId })],
        ['moved', null],
        ['cancelled_with_booking', null],
      ]);
    });
  });

  describe('the bookings list’s cost column', () => {
    it('adds the services ordered with a booking to its cost, leaving out cancelled lines', async () => {
      const day = dayAhead(6);
      const booking = await book(server(), employee, catering.room, slot(day, 10, 11));
      const placed = await orderOk(server(), employee, coffeeFor(booking, 4));
      const preset = await ok<{ id: number }>(server(), employee, 'POST', `${BOOKINGS}/presets`, {
        name: 'Catering day',
        preset: { resources: [catering.room], date_period: { type: 'custom', date_from: day, date_to: day } },
      });
      const costOf = async () =>
        (
          await ok<{ bookings: Array<{ booking_id: number; cost: unknown }> }>(
            server(),
            employee,
            'POST',
            `${BOOKINGS}/preset/${preset.id}`,
            undefined,
            200,
          )
        ).bookings.find((row) => row.booking_id === booking)!.cost;
      expect(await costOf()).toEqual({ cents: 1400, currency: 'CHF' });
      await ok(server(), employee, 'PUT', `${SERVICES}/orders/${placed.order_id}/status/${CANCELLED}`);
      expect(await costOf()).toBeNull();
    });
  });

  describe('tenancy', () => {
    it('answers 404 to another company for every route naming an order of acme’s', async () => {
      const booking = await book(server(), employee, catering.room, slot(dayAhead(5), 10, 11));
      const placed = await orderOk(server(), employee, coffeeFor(booking, 1));
      const item = placed.items[0]!.id;
      for (const [method, url] of [
        ['GET', `${SERVICES}/orders/${placed.order_id}`],
        ['GET', `${SERVICES}/history?service_order_id=${placed.order_id}`],
        ['PUT', `${SERVICES}/orders/${placed.order_id}/status/${CONFIRMED}`],
        ['PUT', `${SERVICES}/orders/${placed.order_id}/serviceitems/${item}/status/${CONFIRMED}`],
      ] as const) {
        const response = await call(server(), method, url, { subdomain: 'globex', token: globex });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.body).not.toMatch(/acme|coffee/i);
      }
      const queue = await ok<{ data: ServiceOrder[] }>(
        server(),
        globex,
        'GET',
        `${SERVICES}/orders`,
        undefined,
        200,
        'globex',
      );
      expect(queue.data).toEqual([]);
      // acme's booking and resource, named from globex: not found, nothing written
      const foreign = await order(server(), globex, coffeeFor(booking, 1), 'globex');
      expect(expectErrorShape(foreign, 422).errors).toEqual({ resource_id: ['Resource not found.'] });
    });
  });
});
