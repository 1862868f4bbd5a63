// spec §7 Outlook (POST resource, GET resources): rooms for a meeting, booked as the scheduler's series.
import { canSeeResource } from '../../../shared/permissions/scoped-access';
import { scopedFactsFor } from '../../permissions/scoped';
import type {
  BookOutlookResourceBody,
  CheckOutlookResourceBody,
  LinkOutlookItemBody,
  MoveOutlookMeetingBody,
  OccurrenceConflict,
  OutlookCheck,
  OutlookFilters,
  OutlookHorizon,
  OutlookMeeting,
  OutlookMeetingList,
  OutlookMeetingsQuery,
  OutlookResourcesQuery,
  OutlookRoom,
  OutlookRoomList,
} from '../../../shared/contract/outlook';
import type { ServiceContext } from '../../context';
import { rowsWritten } from '../../db/planner-statistics';
import { HttpError, notFound, unprocessable } from '../../http/errors';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { wallClockAt } from '../../../shared/time/zone';
import { answeringDoubleBooking, bookingTarget } from '../declarations';
import {
  bookSeriesIn,
  checkSeriesIn,
  roomsAbleToHold,
  SeriesRefused,
  type SeriesConflict,
  type SeriesInput,
} from '../scheduler';
import {
  BOOKING_HORIZON_KEY,
  horizonEnd,
  lastBookableDay,
  readHorizonDays,
} from '../../../shared/booking/booking-horizon';
import type { FieldErrors } from '../../../shared/validation';
import { detachOrders, pairReplacements, reattachOrders } from '../services';
import { companyPreferenceText, confirmMeeting, releaseAt } from './outlook-pending.queries';
import {
  findRooms,
  lockMeeting,
  meetingBookings,
  meetingOf,
  organizerMeetingKeys,
  searchFilters,
} from './outlook.queries';

export const MESSAGES = {
  roomNotFound: 'Resource not found.',
  meetingNotFound: 'This meeting has no booking.',
  alternativeNotInMeeting: 'This date is not one of the meeting’s occurrences.',
  holdLapsed:
    'The room was held for this meeting until it was sent, and that time has passed: open Workplace in the meeting and book a room again.',
  beyondHorizon: (lastDay: string) =>
    `Bookings can be made up to ${lastDay}: this occurrence is later. Book it again later.`,
} as const;

/** GET outlook/horizon: the company's BookingHorizonDays (the pane cuts a series there). */
export async function horizon(ctx: ServiceContext): Promise<OutlookHorizon> {
  return { days: readHorizonDays(await companyPreferenceText(ctx.db, ctx.companyId, BOOKING_HORIZON_KEY)) };
}

/**
 * 422 for every occurrence starting after the company's horizon: past the end of its last bookable
 * day on the room's clock (the pane cuts a series there before it asks).
 */
async function refuseBeyondHorizon(
  ctx: ServiceContext,
  resourceId: number,
  occurrences: readonly { start: string }[],
): Promise<void> {
  const { days } = await horizon(ctx);
  const zone = (await bookingTarget(ctx.db, ctx.companyId, resourceId))?.timezone ?? 'UTC';
  const now = new Date();
  const end = horizonEnd(now, days, zone).getTime();
  const errors: FieldErrors = {};
  occurrences.forEach((occurrence, index) => {
    if (Date.parse(occurrence.start) >= end)
      errors[`occurrences.${index}.start`] = [MESSAGES.beyondHorizon(lastBookableDay(now, days, zone))];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/** GET outlook/resources */
export async function searchRooms(
  ctx: ServiceContext,
  query: OutlookResourcesQuery,
): Promise<OutlookRoomList> {
  const start = new Date(query.start);
  const end = new Date(query.end);
  const rooms = await findRooms(ctx.db, ctx.companyId, ctx.userId, {
    // The seats wanted: advanced search's own figure, else the in-person attendees; either may be
    // fewer than the meeting's invitees (remote attendees need no seat).
    seats: query.capacity ?? query.attendees ?? 1,
    levelId: query.level_id,
    resourceTypeId: query.resource_type,
    attributeIds: query.resource_attribute ?? [],
    freeDuring: [{ start, end }],
  });
  // Only what booking would accept (roomsAbleToHold asks the booking's rule): kept for a role or a
  // container, assigned outside its holders' breaks, closed then, or full is not proposed.
  const able = await roomsAbleToHold(
    ctx.db,
    ctx,
    rooms.map((room) => room.id),
    start,
    end,
  );
  return { data: rooms.filter((room) => able.has(room.id)) };
}

/** GET outlook/resources/{id}: one room's details, free or not (the pane's info screen). */
export async function roomInfo(ctx: ServiceContext, id: number): Promise<OutlookRoom> {
  const [room] = await findRooms(ctx.db, ctx.companyId, ctx.userId, { seats: 0, resourceIds: [id] });
  if (!room || !canSeeResource(await scopedFactsFor(ctx), { level_id: room.level.id }))
    throw notFound(MESSAGES.roomNotFound);
  return room;
}

/** The organizer's meeting, or 404: nobody else reads or changes it (another company's key is unknown). */
async function ownMeeting(ctx: ServiceContext, key: string) {
  const meeting = await meetingOf(ctx.db, ctx.companyId, key);
  if (!meeting || meeting.organizer_id !== ctx.userId) throw notFound(MESSAGES.meetingNotFound);
  return meeting;
}

/** GET outlook/meetings/{key}: the room the server holds for the meeting. */
export async function getMeeting(ctx: ServiceContext, key: string): Promise<OutlookMeeting> {
  const meeting = await ownMeeting(ctx, key);
  const bookings = await meetingBookings(ctx.db, ctx.companyId, key, true, ctx.userId);
  const resource =
    meeting.resource_id === null ? null : await roomInfo(ctx, meeting.resource_id).catch(() => null);
  return {
    meeting_key: key,
    item_id: meeting.item_id,
    resource,
    bookings,
    pending: meeting.pending_since !== null && bookings.length > 0,
    release_at:
      meeting.pending_since === null
        ? null
        : (await releaseAt(ctx.db, ctx.companyId, meeting.pending_since)).toISOString(),
    awaiting_approval: bookings.some((booking) => booking.approval_status === 'pending'),
    declined:
      bookings.length === 0 &&
      (await meetingBookings(ctx.db, ctx.companyId, key)).some(
        (booking) => booking.approval_status === 'rejected',
      ),
  };
}

/**
 * POST outlook/meetings/{key}/sent: the add-in's send handler says the meeting went out with its
 * room; the meeting's pending bookings are confirmed. Sent again (an update), it stays confirmed.
 * A meeting whose hold lapsed before it was sent holds nothing any more: 409, and the handler
 * stops the send so that the organiser books again instead of inviting a room held for nobody.
 */
export async function confirmSent(ctx: ServiceContext, key: string): Promise<OutlookMeeting> {
  await ownMeeting(ctx, key);
  await ctx.db.transaction().execute(async (tx) => {
    await lockMeeting(tx, ctx.companyId, key);
    // the row too: the release job claims meetings by row lock, not by the meeting's lock
    const meeting = await meetingOf(tx, ctx.companyId, key, true);
    const holding = await meetingBookings(tx, ctx.companyId, key, true);
    if (!meeting || meeting.resource_id === null || holding.length === 0)
      throw new HttpError(409, MESSAGES.holdLapsed);
    if (meeting.pending_since === null) return;
    await confirmMeeting(tx, ctx.companyId, key, 'send');
  });
  return getMeeting(ctx, key);
}

/**
 * GET outlook/meetings: the organizer's meetings holding a room; by `item_id`, the one kept for that
 * Outlook item. The pane asks this when the item has no meeting key (Outlook never kept it).
 */
export async function listMeetings(
  ctx: ServiceContext,
  query: OutlookMeetingsQuery,
): Promise<OutlookMeetingList> {
  const keys = await organizerMeetingKeys(ctx.db, ctx.companyId, ctx.userId, query.item_id ?? null);
  const data: OutlookMeeting[] = [];
  for (const key of keys) data.push(await getMeeting(ctx, key));
  return { data };
}

/**
 * PUT outlook/meetings/{key}/item: the Outlook item the meeting is, once Outlook has saved it; its
 * bookings carry it as their external reference, as those booked for a saved item do.
 */
export async function linkItem(
  ctx: ServiceContext,
  key: string,
  body: LinkOutlookItemBody,
): Promise<OutlookMeeting> {
  await ownMeeting(ctx, key);
  await ctx.db.transaction().execute(async (tx) => {
    await lockMeeting(tx, ctx.companyId, key);
    const ids = await holdingIds(tx, ctx.companyId, key);
    await tx
      .updateTable('outlook_meetings')
      .set({ item_id: body.item_id, updated_at: new Date() })
      .where('company_id', '=', ctx.companyId)
      .where('meeting_key', '=', key)
      .execute();
    if (ids.length > 0)
      await tx
        .updateTable('declarations')
        .set({ external_ref: body.item_id })
        .where('company_id', '=', ctx.companyId)
        .where('id', 'in', ids)
        .execute();
  });
  return getMeeting(ctx, key);
}

/** Thrown to roll a dry run back. */
class DryRun extends Error {}

/**
 * POST outlook/check: each occurrence the room cannot hold, by date, with a suggested room (same
 * level first, seating the attendees): the scheduler's series check, inside a transaction that
 * sets the meeting's own bookings aside first (so they do not count against it) and rolls back.
 */
export async function checkRoom(ctx: ServiceContext, body: CheckOutlookResourceBody): Promise<OutlookCheck> {
  await roomInfo(ctx, body.resource_id);
  await refuseBeyondHorizon(ctx, body.resource_id, body.occurrences);
  const input = seriesOf(
    {
      meeting_key: body.meeting_key ?? 'dry-run-key',
      resource_id: body.resource_id,
      occurrences: body.occurrences,
    },
    body.attendees ?? null,
  );
  let conflicts: SeriesConflict[] = [];
  try {
    await ctx.db.transaction().execute(async (tx) => {
      const own =
        body.meeting_key &&
        (await meetingOf(tx, ctx.companyId, body.meeting_key))?.organizer_id === ctx.userId
          ? await holdingIds(tx, ctx.companyId, body.meeting_key)
          : [];
      await setHolding(tx, ctx.companyId, own, false);
      conflicts = await checkSeriesIn(tx, ctx, input, new Date());
      throw new DryRun();
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  const answer: OccurrenceConflict[] = [];
  for (const conflict of conflicts)
    answer.push({
      start: conflict.start.toISOString(),
      end: conflict.end.toISOString(),
      date: conflict.date,
      message: conflict.message,
      alternative: conflict.alternative
        ? await roomInfo(ctx, conflict.alternative.id).catch(() => null)
        : null,
    });
  return { conflicts: answer };
}

/** The series the scheduler's booking takes: each occurrence in the chosen room or its date's alternative. */
function seriesOf(body: BookOutlookResourceBody, attendees: number | null): SeriesInput {
  const starts = new Set(body.occurrences.map((occurrence) => new Date(occurrence.start).getTime()));
  const alternatives = new Map<number, number>();
  (body.alternatives ?? []).forEach((alternative, index) => {
    const at = new Date(alternative.start).getTime();
    if (!starts.has(at))
      throw unprocessable({ [`alternatives.${index}.start`]: [MESSAGES.alternativeNotInMeeting] });
    alternatives.set(at, alternative.resource_id);
  });
  return {
    subject: body.subject ?? '',
    isPrivate: false,
    source: 'outlook',
    attendees,
    occurrences: body.occurrences.map((occurrence) => {
      const start = new Date(occurrence.start);
      return {
        start,
        end: new Date(occurrence.end),
        resourceIds: [alternatives.get(start.getTime()) ?? body.resource_id],
      };
    }),
  };
}

/** A single meeting's refusal names its one conflict; a series' names every date (SeriesRefused). */
function refusalOf(error: unknown, occurrences: number): unknown {
  if (!(error instanceof SeriesRefused) || occurrences > 1 || error.conflicts.length !== 1) return error;
  return new HttpError(409, error.conflicts[0]!.message, error.errors);
}

/**
 * The meeting's live bookings; with `from`, only those still to come (replacing them leaves the ones
 * begun or over as history).
 */
const bookingsAhead = (tx: Kysely<Database>, companyId: number, key: string, from: Date | null = null) =>
  meetingBookings(tx, companyId, key, true).then((bookings) =>
    bookings
      .filter((booking) => from === null || Date.parse(booking.start) > from.getTime())
      .map((booking) => ({ id: booking.id, start: new Date(booking.start) })),
  );
const holdingIds = (tx: Kysely<Database>, companyId: number, key: string) =>
  bookingsAhead(tx, companyId, key).then((bookings) => bookings.map((booking) => booking.id));

/**
 * Replaces the meeting's bookings still to come by the series' in ONE transaction: the old ones are
 * cancelled first (a meeting moved by half an hour overlaps its old time), then every occurrence is
 * booked through the scheduler's series booking, all or nothing; a refusal rolls the cancellation
 * back too, so nothing is lost.
 */
async function replaceBookings(
  ctx: ServiceContext,
  key: string,
  body: BookOutlookResourceBody,
  itemId: string | null,
  pending: boolean,
): Promise<OutlookMeeting> {
  const input = seriesOf(body, null);
  await refuseBeyondHorizon(ctx, body.resource_id, body.occurrences);
  let written = 0;
  try {
    await answeringDoubleBooking((attempting) =>
      ctx.db.transaction().execute(async (tx) => {
        await lockMeeting(tx, ctx.companyId, key);
        const existing = await meetingOf(tx, ctx.companyId, key);
        if (existing && existing.organizer_id !== ctx.userId) throw notFound(MESSAGES.meetingNotFound);
        const now = new Date();
        const ahead = existing ? await bookingsAhead(tx, ctx.companyId, key, now) : [];
        const old = ahead.map((booking) => booking.id);
        // the meeting's service orders follow its new bookings (cancelling the old would cancel them)
        const orders = await detachOrders(tx, ctx.companyId, old);
        await setHolding(tx, ctx.companyId, old, false);
        const booked = await bookSeriesIn(tx, ctx, input, now, attempting);
        await reattachOrders(
          tx,
          ctx.companyId,
          orders,
          pairReplacements(
            ahead,
            booked.map((entry) => ({ id: entry.declaration_id, start: entry.start })),
          ),
        );
        written = booked.length;
        const made = booked.map((entry) => entry.declaration_id);
        await tx
          .insertInto('outlook_meetings')
          .values({
            company_id: ctx.companyId,
            meeting_key: key,
            organizer_id: ctx.userId,
            item_id: itemId,
            resource_id: body.resource_id,
            pending_since: pending ? now : null,
          })
          .onConflict((on) =>
            on.columns(['company_id', 'meeting_key']).doUpdateSet({
              resource_id: body.resource_id,
              item_id: itemId,
              updated_at: new Date(),
              // a room booked in the pane is held until the meeting is sent; a move keeps the state
              ...(pending ? { pending_since: now, confirmed_at: null, confirmed_by: null } : {}),
            }),
          )
          .execute();
        if (old.length > 0)
          await tx
            .deleteFrom('outlook_meeting_bookings')
            .where('company_id', '=', ctx.companyId)
            .where('meeting_key', '=', key)
            .where('declaration_id', 'in', old)
            .execute();
        await tx
          .insertInto('outlook_meeting_bookings')
          .values(made.map((id) => ({ company_id: ctx.companyId, meeting_key: key, declaration_id: id })))
          .execute();
        if (itemId !== null)
          await tx
            .updateTable('declarations')
            .set({ external_ref: itemId })
            .where('company_id', '=', ctx.companyId)
            .where('id', 'in', made)
            .execute();
      }),
    );
  } catch (error) {
    throw refusalOf(error, body.occurrences.length);
  }
  void rowsWritten(ctx.db, 'declarations', written);
  return getMeeting(ctx, key);
}

/** Cancels the bookings (inside the caller's transaction). */
async function setHolding(
  db: Kysely<Database>,
  companyId: number,
  ids: readonly number[],
  holding: boolean,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('declarations')
    .set(
      holding ? { status: 'booked', cancelled_at: null } : { status: 'cancelled', cancelled_at: new Date() },
    )
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

/** POST outlook/resource: books the room for the meeting (again, if it had one: the new one replaces it). */
export function bookRoom(ctx: ServiceContext, body: BookOutlookResourceBody): Promise<OutlookMeeting> {
  return replaceBookings(ctx, body.meeting_key, body, body.item_id ?? null, true);
}

/** PUT outlook/meetings/{key}: the meeting's time or series changed; its room follows. */
export async function moveMeeting(
  ctx: ServiceContext,
  key: string,
  body: MoveOutlookMeetingBody,
): Promise<OutlookMeeting> {
  const meeting = await ownMeeting(ctx, key);
  if (meeting.resource_id === null) throw notFound(MESSAGES.roomNotFound);
  // An occurrence that had another room (the alternative chosen for it) keeps it. A series moved in
  // time keeps its occurrences' order: the nth takes the nth's room. Otherwise (occurrences added or
  // dropped) each keeps the room of its date, on the room's clock: a UTC date would hand a meeting
  // near midnight the room of its neighbour.
  const holding = await meetingBookings(ctx.db, ctx.companyId, key, true);
  const roomOf = (booking: (typeof holding)[number]) =>
    booking.resource_id !== null && booking.resource_id !== meeting.resource_id ? booking.resource_id : null;
  let alternativeFor: (start: string, index: number) => number | null;
  if (holding.length === body.occurrences.length) {
    const byStart = body.occurrences.map((_, index) => index);
    byStart.sort((a, b) => Date.parse(body.occurrences[a]!.start) - Date.parse(body.occurrences[b]!.start));
    const rank = new Map(byStart.map((index, place) => [index, place]));
    alternativeFor = (_start, index) => roomOf(holding[rank.get(index)!]!);
  } else {
    const zone = (await bookingTarget(ctx.db, ctx.companyId, meeting.resource_id))?.timezone ?? 'UTC';
    const dayOf = (instant: string) => wallClockAt(new Date(instant), zone).date;
    const byDay = new Map(holding.map((booking) => [dayOf(booking.start), roomOf(booking)]));
    alternativeFor = (start) => byDay.get(dayOf(start)) ?? null;
  }
  return replaceBookings(
    ctx,
    key,
    {
      meeting_key: key,
      resource_id: meeting.resource_id,
      occurrences: body.occurrences,
      subject: body.subject,
      alternatives: body.occurrences.flatMap((occurrence, index) => {
        const resourceId = alternativeFor(occurrence.start, index);
        return resourceId === null ? [] : [{ start: occurrence.start, resource_id: resourceId }];
      }),
    },
    meeting.item_id,
    false,
  );
}

/**
 * DELETE outlook/meetings/{key}: the room left the meeting: its bookings still ahead are cancelled,
 * and the meeting forgets the room, together. What has happened stays as it was: a booking that is
 * over, or checked in (someone is in the room), is not rewritten as cancelled.
 */
export async function removeMeeting(ctx: ServiceContext, key: string): Promise<OutlookMeeting> {
  await ownMeeting(ctx, key);
  const now = Date.now();
  await ctx.db.transaction().execute(async (tx) => {
    await lockMeeting(tx, ctx.companyId, key);
    const bookings = await meetingBookings(tx, ctx.companyId, key, true);
    const ahead = bookings.filter((booking) => booking.status === 'booked' && Date.parse(booking.end) > now);
    await setHolding(
      tx,
      ctx.companyId,
      ahead.map((booking) => booking.id),
      false,
    );
    await tx
      .updateTable('outlook_meetings')
      .set({ resource_id: null, pending_since: null, updated_at: new Date() })
      .where('company_id', '=', ctx.companyId)
      .where('meeting_key', '=', key)
      .execute();
  });
  return getMeeting(ctx, key);
}

/** GET outlook/filters */
export function filters(ctx: ServiceContext): Promise<OutlookFilters> {
  return searchFilters(ctx.db, ctx.companyId, ctx.userId);
}
