import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { call, expectErrorShape } from '../../../../test/support/server-factories';
import { OUTLOOK_PENDING_DEFAULT } from '../../../shared/booking/outlook-pending';
import type { PresetResult } from '../../../shared/contract/bookings';
import type { OutlookMeeting } from '../../../shared/contract/outlook';
import { dayAhead, type Floor } from '../declarations/declarations.fixtures';
import { newKey, occurrence, OUTLOOK, outlookActors, outlookApi } from './outlook.fixtures';
import { MESSAGES } from './outlook.service';
import { releaseLapsedMeetings } from './outlook-pending.queries';

const MINUTE = 60_000;

describeEachDatabase('Outlook meetings pending until sent (issue 41)', (server) => {
  let employee: string;
  let admin: string;
  let globex: string;
  let floor: Floor;
  const { request, statusesOf } = outlookApi(server, () => floor);
  const meeting = async (key: string, token = employee) =>
    (await request('GET', `${OUTLOOK}/meetings/${key}`, token)).json<OutlookMeeting>();
  const book = async (room: number, date: string, from: number, key = newKey()) => {
    const answer = await request('POST', `${OUTLOOK}/resource`, employee, {
      meeting_key: key,
      resource_id: room,
      subject: 'Draft',
      occurrences: [occurrence(date, from, from + 1)],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return { key, booking: answer.json<OutlookMeeting>() };
  };
  /** The job, run as if `minutes` had passed since now. */
  const releaseAfter = (minutes: number) =>
    releaseLapsedMeetings(server().db.kysely, new Date(Date.now() + minutes * MINUTE));

  beforeAll(async () => {
    ({ employee, admin, globex, floor } = await outlookActors(server()));
  });

  it('a room booked in the pane is pending, and held: nobody else can book it meanwhile', async () => {
    const room = await floor.resource('Pending held', 'room');
    const date = dayAhead(6);
    const before = Date.now();
    const { key, booking } = await book(room, date, 9);
    expect(booking.pending).toBe(true);
    const releaseAt = Date.parse(booking.release_at!);
    expect(releaseAt).toBeGreaterThanOrEqual(before + OUTLOOK_PENDING_DEFAULT * MINUTE - 1000);
    expect(releaseAt).toBeLessThanOrEqual(Date.now() + OUTLOOK_PENDING_DEFAULT * MINUTE + 1000);
    expect((await meeting(key)).pending).toBe(true);
    const other = await request('POST', `${OUTLOOK}/resource`, admin, {
      meeting_key: newKey(),
      resource_id: room,
      occurrences: [occurrence(date, 9, 10)],
    });
    expect(other.statusCode).toBe(409);
  });

  it('a discarded draft’s booking is released by the job once the company’s wait has passed, not before', async () => {
    const room = await floor.resource('Discarded draft', 'room');
    const { key, booking } = await book(room, dayAhead(6), 11);
    const ids = booking.bookings.map((entry) => entry.id);
    expect(await releaseAfter(OUTLOOK_PENDING_DEFAULT - 1)).not.toEqual(expect.arrayContaining(ids));
    expect((await statusesOf(ids)).map((row) => row.status)).toEqual(['booked']);
    expect(await releaseAfter(OUTLOOK_PENDING_DEFAULT + 1)).toEqual(expect.arrayContaining(ids));
    expect((await statusesOf(ids)).map((row) => row.status)).toEqual(['released']);
    const after = await meeting(key);
    expect(after).toMatchObject({ resource: null, bookings: [], pending: false });
    // the room is free again for others
    const other = await request('POST', `${OUTLOOK}/resource`, admin, {
      meeting_key: newKey(),
      resource_id: room,
      occurrences: [occurrence(dayAhead(6), 11, 12)],
    });
    expect(other.statusCode, other.body).toBe(201);
    // sending the draft now is stopped with a clear message: its room is held for nobody
    const sent = expectErrorShape(await request('POST', `${OUTLOOK}/meetings/${key}/sent`, employee), 409);
    expect(sent.message).toBe(MESSAGES.holdLapsed);
  });

  it('sending confirms the booking: the job leaves it alone', async () => {
    const room = await floor.resource('Sent meeting', 'room');
    const { key, booking } = await book(room, dayAhead(7), 9);
    const sent = await request('POST', `${OUTLOOK}/meetings/${key}/sent`, employee);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<OutlookMeeting>()).toMatchObject({ pending: false, release_at: null });
    // sent again (an update): still confirmed
    expect((await request('POST', `${OUTLOOK}/meetings/${key}/sent`, employee)).statusCode).toBe(200);
    const ids = booking.bookings.map((entry) => entry.id);
    expect(await releaseAfter(10 * 24 * 60)).not.toEqual(expect.arrayContaining(ids));
    expect((await statusesOf(ids)).map((row) => row.status)).toEqual(['booked']);
    const row = await server()
      .db.kysely.selectFrom('outlook_meetings')
      .select(['confirmed_by'])
      .where('meeting_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row.confirmed_by).toBe('send');
  });

  it('a sent meeting moved in the pane stays confirmed; another room booked for it is pending again', async () => {
    const room = await floor.resource('Moved sent', 'room');
    const other = await floor.resource('Changed room', 'room');
    const date = dayAhead(8);
    const { key } = await book(room, date, 9);
    await request('POST', `${OUTLOOK}/meetings/${key}/sent`, employee);
    const moved = await request('PUT', `${OUTLOOK}/meetings/${key}`, employee, {
      occurrences: [occurrence(date, 10, 11)],
    });
    expect(moved.json<OutlookMeeting>().pending).toBe(false);
    const rebooked = await book(other, date, 10, key);
    expect(rebooked.booking.pending).toBe(true);
  });

  it('follows the company preference OutlookPendingMinutes, validated on the preferences screen', async () => {
    const put = (value: string) =>
      call(server(), 'PUT', '/api/company/v1/company-preferences/OutlookPendingMinutes', {
        subdomain: 'acme',
        token: admin,
        body: { value },
      });
    for (const value of ['4', '10081', '1.5', 'soon'])
      expect(expectErrorShape(await put(value), 422).errors).toEqual({
        value: ['The value must be a whole number from 5 to 10080.'],
      });
    expect((await put('10')).statusCode).toBe(200);
    try {
      const room = await floor.resource('Short wait', 'room');
      const { booking } = await book(room, dayAhead(9), 9);
      const ids = booking.bookings.map((entry) => entry.id);
      expect(await releaseAfter(11)).toEqual(expect.arrayContaining(ids));
    } finally {
      await put(String(OUTLOOK_PENDING_DEFAULT));
    }
  });

  it('the bookings list marks a pending meeting’s booking, and no longer once it is sent', async () => {
    const room = await floor.resource('Listed pending', 'room');
    const date = dayAhead(10);
    const { key, booking } = await book(room, date, 14);
    const preset = await request('POST', '/api/company/v1/bookings/presets', employee, {
      name: `Pending ${key}`,
      preset: { date_period: { type: 'custom', date_from: date, date_to: date }, my_bookings: true },
    });
    expect(preset.statusCode, preset.body).toBe(201);
    const rowOf = async () =>
      (await request('POST', `/api/company/v1/bookings/preset/${preset.json<{ id: number }>().id}`, employee))
        .json<PresetResult>()
        .bookings.find((row) => row.booking_id === booking.bookings[0]!.id);
    expect(await rowOf()).toMatchObject({ status: 'booked', meeting_pending: true });
    await request('POST', `${OUTLOOK}/meetings/${key}/sent`, employee);
    expect(await rowOf()).toMatchObject({ status: 'booked', meeting_pending: false });
  });

  it('only the organiser confirms their meeting; another company’s key is unknown', async () => {
    const room = await floor.resource('Not yours', 'room');
    const { key } = await book(room, dayAhead(9), 11);
    expectErrorShape(await request('POST', `${OUTLOOK}/meetings/${key}/sent`, admin), 404);
    expectErrorShape(
      await request('POST', `${OUTLOOK}/meetings/${key}/sent`, globex, undefined, 'globex'),
      404,
    );
    expect((await meeting(key)).pending).toBe(true);
  });
});
