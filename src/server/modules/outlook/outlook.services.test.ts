import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, signIn } from '../../../../test/support/server-factories';
import type { OutlookMeeting } from '../../../shared/contract/outlook';
import type { HistoryEntry, ServiceOrder } from '../../../shared/contract/services';
import { dayAhead } from '../declarations/declarations.fixtures';
import { givenCatering, ok, orderOk, SERVICES, type Catering } from '../services/services.fixtures';
import { newKey, occurrence, OUTLOOK, outlookApi } from './outlook.fixtures';

/**
 * Catering ordered from the Outlook pane (issue 43): an order for the meeting's booking follows the
 * meeting, although the pane replaces its bookings when it moves (outlook.service.ts).
 */
describeEachDatabase('Outlook meetings with service orders', (server) => {
  let employee: string;
  let admin: string;
  let catering: Catering;
  const { request } = outlookApi(server, () => catering.floor);

  beforeAll(async () => {
    employee = await signIn(server(), ACCOUNTS.employee);
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    catering = await givenCatering(server(), admin);
  });

  const book = async (key: string, occurrences: ReturnType<typeof occurrence>[]) => {
    const answer = await request('POST', `${OUTLOOK}/resource`, employee, {
      meeting_key: key,
      resource_id: catering.room,
      occurrences,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<OutlookMeeting>();
  };
  const coffee = (declarationId: number, deliveryAt: string) =>
    orderOk(server(), employee, {
      resource_id: catering.room,
      declaration_id: declarationId,
      delivery_at: deliveryAt,
      items: [{ service_item_id: catering.coffee.id, quantity: 8 }],
    });
  const orderNow = (id: number) => ok<ServiceOrder>(server(), employee, 'GET', `${SERVICES}/orders/${id}`);

  describe('an order for the meeting’s booking', () => {
    it('moves with the meeting: its new booking, the delivery shifted as the start, history "moved"', async () => {
      const date = dayAhead(3);
      const key = newKey();
      const meeting = await book(key, [occurrence(date, 10, 11)]);
      const placed = await coffee(meeting.bookings[0]!.id, occurrence(date, 10, 11).start);
      const moved = await request('PUT', `${OUTLOOK}/meetings/${key}`, employee, {
        occurrences: [occurrence(date, 14, 15)],
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const newBooking = moved.json<OutlookMeeting>().bookings[0]!;
      const after = await orderNow(placed.order_id);
      expect(after).toMatchObject({
        declaration_id: newBooking.id,
        delivery_at: occurrence(date, 14, 15).start,
        status: 'requested',
      });
      const history = await ok<{ data: HistoryEntry[] }>(
        server(),
        employee,
        'GET',
        `${SERVICES}/history?service_order_id=${placed.order_id}`,
      );
      expect(history.data.map((entry) => entry.action)).toEqual(['created', 'moved']);
    });

    it('in a series, follows its own occurrence when the series moves a day', async () => {
      const key = newKey();
      const meeting = await book(key, [occurrence(dayAhead(4), 9), occurrence(dayAhead(5), 9)]);
      const second = meeting.bookings[1]!;
      const placed = await coffee(second.id, second.start);
      const moved = await request('PUT', `${OUTLOOK}/meetings/${key}`, employee, {
        occurrences: [occurrence(dayAhead(5), 9), occurrence(dayAhead(6), 9)],
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const after = await orderNow(placed.order_id);
      expect(after.declaration_id).toBe(moved.json<OutlookMeeting>().bookings[1]!.id);
      expect(after.delivery_at).toBe(occurrence(dayAhead(6), 9).start);
    });

    it('is cancelled with the meeting when its room leaves it, and when its occurrence is dropped', async () => {
      const key = newKey();
      const meeting = await book(key, [occurrence(dayAhead(7), 9)]);
      const placed = await coffee(meeting.bookings[0]!.id, meeting.bookings[0]!.start);
      expect((await request('DELETE', `${OUTLOOK}/meetings/${key}`, employee)).statusCode).toBe(200);
      expect(await orderNow(placed.order_id)).toMatchObject({ status: 'cancelled' });

      const series = newKey();
      const two = await book(series, [occurrence(dayAhead(8), 9), occurrence(dayAhead(10), 9)]);
      const dropped = await coffee(two.bookings[1]!.id, two.bookings[1]!.start);
      const kept = await coffee(two.bookings[0]!.id, two.bookings[0]!.start);
      const shorter = await request('PUT', `${OUTLOOK}/meetings/${series}`, employee, {
        occurrences: [occurrence(dayAhead(8), 9)],
      });
      expect(shorter.statusCode, shorter.body).toBe(200);
      expect((await orderNow(dropped.order_id)).status).toBe('cancelled');
      expect(await orderNow(kept.order_id)).toMatchObject({
        status: 'requested',
        declaration_id: shorter.json<OutlookMeeting>().bookings[0]!.id,
      });
    });

    it('a refused move leaves the order where it was', async () => {
      const date = dayAhead(11);
      const key = newKey();
      const meeting = await book(key, [occurrence(date, 9, 10)]);
      const placed = await coffee(meeting.bookings[0]!.id, meeting.bookings[0]!.start);
      const blocker = await request('POST', `${OUTLOOK}/resource`, admin, {
        meeting_key: newKey(),
        resource_id: catering.room,
        occurrences: [occurrence(date, 14, 15)],
      });
      expect(blocker.statusCode, blocker.body).toBe(201);
      const refused = await request('PUT', `${OUTLOOK}/meetings/${key}`, employee, {
        occurrences: [occurrence(date, 14, 15)],
      });
      expect(refused.statusCode).toBe(409);
      expect(await orderNow(placed.order_id)).toMatchObject({
        declaration_id: meeting.bookings[0]!.id,
        delivery_at: occurrence(date, 9, 10).start,
        status: 'requested',
      });
    });
  });
});
