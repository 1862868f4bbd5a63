// spec §7 Outlook (POST resource, GET resources): rooms for a meeting, booked through the booking engine.
import type {
  BookOutlookResourceBody,
  CheckOutlookResourceBody,
  MoveOutlookMeetingBody,
  Occurrence,
  OccurrenceConflict,
  OutlookCheck,
  OutlookMeeting,
  OutlookResourcesQuery,
  OutlookRoom,
  OutlookRoomList,
} from '../../../shared/contract/outlook';
import { wallClockAt } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import { HttpError, notFound, unprocessable } from '../../http/errors';
import { createDeclarations } from '../declarations';
import { findRooms, meetingBookings, meetingOf, takenDuring } from './outlook.queries';

export const MESSAGES = {
  roomNotFound: 'Resource not found.',
  meetingNotFound: 'This meeting has no booking.',
  alternativeNotInMeeting: 'This date is not one of the meeting’s occurrences.',
  seriesTaken: (count: number) =>
    count === 1
      ? 'The room is taken on one date of the series: nothing was booked.'
      : `The room is taken on ${count} dates of the series: nothing was booked.`,
} as const;

// The booking engine books the company's slots; 15 minutes is the finest. A meeting that does not
// start or end on a quarter hour books the quarters it touches (ours: the room is held a little
// longer rather than refused, which is what an organizer typing 10:05 expects).
const QUARTER_MS = 15 * 60_000;

export function quarterSlots(occurrence: { start: Date; end: Date }) {
  const from = Math.floor(occurrence.start.getTime() / QUARTER_MS) * QUARTER_MS;
  const to = Math.ceil(occurrence.end.getTime() / QUARTER_MS) * QUARTER_MS;
  const slots: { datetime_from: string; datetime_to: string }[] = [];
  for (let at = from; at < to; at += QUARTER_MS)
    slots.push({
      datetime_from: new Date(at).toISOString(),
      datetime_to: new Date(at + QUARTER_MS).toISOString(),
    });
  return slots;
}

const periodsOf = (occurrences: readonly Occurrence[]) =>
  occurrences.map((occurrence) => ({ start: new Date(occurrence.start), end: new Date(occurrence.end) }));

/** GET outlook/resources */
export async function searchRooms(
  ctx: ServiceContext,
  query: OutlookResourcesQuery,
): Promise<OutlookRoomList> {
  const rooms = await findRooms(ctx.db, ctx.companyId, ctx.userId, {
    seats: Math.max(query.attendees ?? 1, query.capacity ?? 1),
    levelId: query.level_id,
    resourceTypeId: query.resource_type,
    attributeIds: query.resource_attribute ?? [],
    freeDuring: [{ start: new Date(query.start), end: new Date(query.end) }],
  });
  return { data: rooms };
}

/** GET outlook/resources/{id}: one room's details, free or not (the pane's info screen). */
export async function roomInfo(ctx: ServiceContext, id: number): Promise<OutlookRoom> {
  const [room] = await findRooms(ctx.db, ctx.companyId, ctx.userId, { seats: 0, resourceIds: [id] });
  if (!room) throw notFound(MESSAGES.roomNotFound);
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
  const bookings = await meetingBookings(ctx.db, ctx.companyId, key, true);
  const resource =
    meeting.resource_id === null ? null : await roomInfo(ctx, meeting.resource_id).catch(() => null);
  return { meeting_key: key, item_id: meeting.item_id, resource, bookings };
}

/**
 * POST outlook/check: each occurrence the room is taken for, by date, with a suggested room free
 * then: on the same level first, seating the attendees (or as many as the room does).
 */
export async function checkRoom(ctx: ServiceContext, body: CheckOutlookResourceBody): Promise<OutlookCheck> {
  const room = await roomInfo(ctx, body.resource_id);
  const own =
    body.meeting_key &&
    (await meetingOf(ctx.db, ctx.companyId, body.meeting_key))?.organizer_id === ctx.userId
      ? (await meetingBookings(ctx.db, ctx.companyId, body.meeting_key, true)).map((booking) => booking.id)
      : [];
  const periods = periodsOf(body.occurrences);
  const taken = await takenDuring(ctx.db, ctx.companyId, room.id, periods, own);
  const conflicts: OccurrenceConflict[] = [];
  for (const [index, period] of periods.entries()) {
    if (!taken[index]) continue;
    const candidates = await findRooms(ctx.db, ctx.companyId, ctx.userId, {
      seats: body.attendees ?? room.capacity,
      resourceTypeId: room.resource_type.id,
      freeDuring: [period],
      ignoreBookings: own,
    });
    const others = candidates.filter((candidate) => candidate.id !== room.id);
    const alternative = others.find((candidate) => candidate.level.id === room.level.id) ?? others[0] ?? null;
    conflicts.push({
      start: period.start.toISOString(),
      end: period.end.toISOString(),
      date: wallClockAt(period.start, room.timezone).date,
      message: `${room.name} is already booked on ${wallClockAt(period.start, room.timezone).date}.`,
      alternative,
    });
  }
  return { conflicts };
}

/** Which room each occurrence books: the chosen one, or the alternative named for its start. */
function roomPerOccurrence(body: BookOutlookResourceBody): Map<number, Occurrence[]> {
  const starts = new Set(body.occurrences.map((occurrence) => new Date(occurrence.start).getTime()));
  const alternatives = new Map<number, number>();
  (body.alternatives ?? []).forEach((alternative, index) => {
    const at = new Date(alternative.start).getTime();
    if (!starts.has(at))
      throw unprocessable({ [`alternatives.${index}.start`]: [MESSAGES.alternativeNotInMeeting] });
    alternatives.set(at, alternative.resource_id);
  });
  const byRoom = new Map<number, Occurrence[]>();
  for (const occurrence of body.occurrences) {
    const resourceId = alternatives.get(new Date(occurrence.start).getTime()) ?? body.resource_id;
    byRoom.set(resourceId, [...(byRoom.get(resourceId) ?? []), occurrence]);
  }
  return byRoom;
}

/**
 * Books every occurrence, all or nothing: each room's occurrences in one booking-engine transaction
 * (the exclusion constraint refuses a taken one); if a later room fails, the earlier rooms'
 * bookings are cancelled again before the refusal is answered.
 */
async function bookAll(
  ctx: ServiceContext,
  byRoom: Map<number, Occurrence[]>,
  subject: string | undefined,
): Promise<number[]> {
  const made: number[] = [];
  try {
    for (const [resourceId, occurrences] of byRoom) {
      const slots = occurrences.flatMap((occurrence) =>
        quarterSlots({ start: new Date(occurrence.start), end: new Date(occurrence.end) }),
      );
      const created = await createDeclarations(ctx, { resource_id: resourceId, slots, subject });
      made.push(...created.data.map((booking) => booking.id));
    }
    return made;
  } catch (error) {
    if (made.length > 0) await setHolding(ctx, made, false);
    throw error;
  }
}

/** Cancels the bookings, or (holding) takes a cancellation back. */
async function setHolding(ctx: ServiceContext, ids: readonly number[], holding: boolean): Promise<void> {
  if (ids.length === 0) return;
  await ctx.db
    .updateTable('declarations')
    .set(
      holding ? { status: 'booked', cancelled_at: null } : { status: 'cancelled', cancelled_at: new Date() },
    )
    .where('company_id', '=', ctx.companyId)
    .where('id', 'in', ids)
    .execute();
}

/** Refuses a series the room is taken for, naming every date, before anything is written. */
async function refuseTakenDates(ctx: ServiceContext, body: BookOutlookResourceBody, own: number[]) {
  if (body.occurrences.length < 2) return;
  const byRoom = roomPerOccurrence(body);
  const errors: Record<string, string[]> = {};
  let count = 0;
  for (const [resourceId, occurrences] of byRoom) {
    const room = await roomInfo(ctx, resourceId);
    const taken = await takenDuring(ctx.db, ctx.companyId, resourceId, periodsOf(occurrences), own);
    occurrences.forEach((occurrence, index) => {
      if (!taken[index]) return;
      count += 1;
      const position = body.occurrences.indexOf(occurrence);
      const date = wallClockAt(new Date(occurrence.start), room.timezone).date;
      errors[`occurrences.${position}`] = [`${room.name} is already booked on ${date}.`];
    });
  }
  if (count > 0) {
    throw new HttpError(409, MESSAGES.seriesTaken(count), errors);
  }
}

/**
 * Replaces the meeting's bookings by `byRoom`'s: the old ones are cancelled first (a meeting moved by
 * half an hour overlaps itself), and taken back if the new ones are refused: nothing is lost.
 */
async function replaceBookings(
  ctx: ServiceContext,
  key: string,
  body: BookOutlookResourceBody,
  itemId: string | null,
): Promise<OutlookMeeting> {
  const existing = await meetingOf(ctx.db, ctx.companyId, key);
  if (existing && existing.organizer_id !== ctx.userId) throw notFound(MESSAGES.meetingNotFound);
  const old = existing
    ? (await meetingBookings(ctx.db, ctx.companyId, key, true)).map((booking) => booking.id)
    : [];
  await refuseTakenDates(ctx, body, old);
  const byRoom = roomPerOccurrence(body);
  for (const resourceId of byRoom.keys()) await roomInfo(ctx, resourceId);
  await setHolding(ctx, old, false);
  let made: number[];
  try {
    made = await bookAll(ctx, byRoom, body.subject);
  } catch (error) {
    await setHolding(ctx, old, true);
    throw error;
  }
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .insertInto('outlook_meetings')
      .values({
        company_id: ctx.companyId,
        meeting_key: key,
        organizer_id: ctx.userId,
        item_id: itemId,
        resource_id: body.resource_id,
      })
      .onConflict((on) =>
        on.columns(['company_id', 'meeting_key']).doUpdateSet({
          resource_id: body.resource_id,
          item_id: itemId,
          updated_at: new Date(),
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
    await tx
      .updateTable('declarations')
      .set({ source: 'outlook', external_ref: itemId })
      .where('company_id', '=', ctx.companyId)
      .where('id', 'in', made)
      .execute();
  });
  return getMeeting(ctx, key);
}

/** POST outlook/resource: books the room for the meeting (again, if it had one: the new one replaces it). */
export function bookRoom(ctx: ServiceContext, body: BookOutlookResourceBody): Promise<OutlookMeeting> {
  return replaceBookings(ctx, body.meeting_key, body, body.item_id ?? null);
}

/** PUT outlook/meetings/{key}: the meeting's time or series changed; its room follows. */
export async function moveMeeting(
  ctx: ServiceContext,
  key: string,
  body: MoveOutlookMeetingBody,
): Promise<OutlookMeeting> {
  const meeting = await ownMeeting(ctx, key);
  if (meeting.resource_id === null) throw notFound(MESSAGES.roomNotFound);
  return replaceBookings(
    ctx,
    key,
    {
      meeting_key: key,
      resource_id: meeting.resource_id,
      occurrences: body.occurrences,
      subject: body.subject,
    },
    meeting.item_id,
  );
}

/** DELETE outlook/meetings/{key}: the room left the meeting: its bookings are cancelled. */
export async function removeMeeting(ctx: ServiceContext, key: string): Promise<OutlookMeeting> {
  await ownMeeting(ctx, key);
  const bookings = await meetingBookings(ctx.db, ctx.companyId, key, true);
  await setHolding(
    ctx,
    bookings.map((booking) => booking.id),
    false,
  );
  await ctx.db
    .updateTable('outlook_meetings')
    .set({ resource_id: null, updated_at: new Date() })
    .where('company_id', '=', ctx.companyId)
    .where('meeting_key', '=', key)
    .execute();
  return getMeeting(ctx, key);
}
