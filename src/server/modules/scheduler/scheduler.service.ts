// spec §7 Scheduler (GET, POST, resources, attendees): the browser app's meeting scheduler.
import { mayBookResource, canSeeResource } from '../../../shared/permissions/scoped-access';
import { scopedFactsFor } from '../../permissions/scoped';
import { sql } from 'kysely';
import type {
  PreviewOccurrence,
  SchedulerMeeting,
  SchedulerMeetingList,
  SchedulerPersonList,
  SchedulerPreview,
  SchedulerRecurrence,
  SchedulerResource,
  SchedulerResourceList,
  SchedulerResourcesQuery,
  SchedulerStateParsed,
  SchedulerAttendee,
  SchedulerReceptionDeskList,
} from '../../../shared/contract/scheduler';
import {
  expandSchedulerRecurrence,
  singleOccurrence,
  type Occurrence,
} from '../../../shared/time/recurrence';
import { isKnownZone } from '../../../shared/time/zone';
import type { FieldErrors } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import { rowsWritten } from '../../db/planner-statistics';
import type { AppDeps } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import { deskRows } from '../reception-desks';
import { cancelMeetingVisits, checkMeetingVisitors, registerMeetingVisitors } from '../visitors';
import { answeringDoubleBooking, notifyChanged } from '../declarations';
import {
  selectMeetings,
  selectPeople,
  selectRooms,
  usersOf,
  workingHoursOf,
  type MeetingRow,
} from './scheduler.queries';
import { orderMeetingServices } from './meeting-services';
import { bookSeriesIn, checkSeries, type SeriesInput } from './series';

export const SCHEDULER_MESSAGES = {
  notFound: 'Meeting not found.',
  roomNotFound: 'Room not found.',
  unknownUser: 'This person is not a user of the company.',
  unknownZone: 'Unknown time zone.',
  duplicateRoom: 'A room is chosen twice.',
  serviceRoomNotInMeeting: 'Services are delivered to one of the meeting’s rooms.',
  alternativeNotInMeeting: 'This room is not one of the meeting’s rooms.',
  alternativeTwice: 'This room is already one of the meeting’s rooms on that date.',
} as const;

/** Every occurrence of the state's meeting in its zone (a single meeting is a series of one). */
async function occurrencesOf(ctx: ServiceContext, state: SchedulerStateParsed): Promise<Occurrence[]> {
  let { startTime, endTime } = state.dateTime;
  let timeZone = state.timezone;
  if (state.allDay) {
    // Decision (spec silent): all day is the rooms' working day, from the earliest to the latest level
    // hours, on the rooms' clock when they share one (a meeting planned from another zone would
    // otherwise take 08:00–18:00 on its own clock, hours the rooms are closed).
    const hours = await workingHoursOf(ctx.db, ctx.companyId, state.rooms);
    if (hours) {
      startTime = hours.from;
      endTime = hours.to === '23:59' ? '00:00' : hours.to;
      if (hours.zones.length === 1) timeZone = hours.zones[0]!;
    }
  }
  const time = { startTime, endTime, timeZone };
  const expansion = state.recurrence
    ? expandSchedulerRecurrence(state.recurrence, time)
    : singleOccurrence(state.dateTime.date, time);
  if (!expansion.ok) throw unprocessable(expansion.errors);
  return expansion.occurrences;
}

/** The checks zod cannot make: zone, people of the company, rooms chosen once, services to its rooms. */
async function validateState(ctx: ServiceContext, state: SchedulerStateParsed): Promise<void> {
  const errors: FieldErrors = {};
  if (!isKnownZone(state.timezone)) errors.timezone = [SCHEDULER_MESSAGES.unknownZone];
  if (new Set(state.rooms).size !== state.rooms.length) errors.rooms = [SCHEDULER_MESSAGES.duplicateRoom];
  state.services.forEach((line, index) => {
    if (line.resource_id !== null && !state.rooms.includes(line.resource_id))
      errors[`services.${index}.resource_id`] = [SCHEDULER_MESSAGES.serviceRoomNotInMeeting];
  });
  const userIds = [
    ...(state.host ? [state.host.id] : []),
    ...state.attendees.flatMap((attendee) => (attendee.user_id === null ? [] : [attendee.user_id])),
  ];
  const known = await usersOf(ctx.db, ctx.companyId, userIds);
  if (state.host && !known.has(state.host.id)) errors['host.id'] = [SCHEDULER_MESSAGES.unknownUser];
  state.attendees.forEach((attendee, index) => {
    if (attendee.user_id !== null && !known.has(attendee.user_id))
      errors[`attendees.${index}.user_id`] = [SCHEDULER_MESSAGES.unknownUser];
  });
  await checkMeetingVisitors(ctx, state.attendees, errors);
  for (const [date, replaced] of Object.entries(state.alternatives))
    for (const original of Object.keys(replaced))
      if (!state.rooms.includes(Number(original)))
        errors[`alternatives.${date}.${original}`] = [SCHEDULER_MESSAGES.alternativeNotInMeeting];
  // An alternative that is another of the date's rooms would book one room once for two.
  for (const [date, replaced] of Object.entries(state.alternatives)) {
    const rooms = roomsOn(state, date);
    for (const [original, alternative] of Object.entries(replaced))
      if (rooms.filter((room) => room === alternative).length > 1)
        errors[`alternatives.${date}.${original}`] ??= [SCHEDULER_MESSAGES.alternativeTwice];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/** The rooms of one occurrence: the meeting's, each replaced by the alternative chosen for that date. */
const roomsOn = (state: SchedulerStateParsed, date: string) =>
  state.rooms.map((id) => state.alternatives[date]?.[String(id)] ?? id);

async function seriesOf(ctx: ServiceContext, state: SchedulerStateParsed): Promise<SeriesInput> {
  await validateState(ctx, state);
  const occurrences = await occurrencesOf(ctx, state);
  return {
    subject: state.subject,
    isPrivate: state.privateMeeting,
    source: 'scheduler',
    // The organiser counts when not listed; optional attendees count too (they may come).
    attendees: Math.max(1, state.attendees.length + 1),
    occurrences: occurrences.map((occurrence) => ({
      start: occurrence.start,
      end: occurrence.end,
      resourceIds: roomsOn(state, occurrence.date),
    })),
  };
}

/** POST scheduler/preview: every occurrence with its rooms and every conflict with its alternative. */
export async function previewMeeting(
  ctx: ServiceContext,
  state: SchedulerStateParsed,
  now = new Date(),
): Promise<SchedulerPreview> {
  const series = await seriesOf(ctx, state);
  const conflicts = await checkSeries(ctx, series, now);
  const rooms = new Map((await selectRooms(ctx.db, ctx, {})).map((room) => [room.id, room.name] as const));
  const occurrences: PreviewOccurrence[] = series.occurrences.map((occurrence, index) => ({
    index,
    date: wallDate(occurrence.start, state.timezone),
    start: occurrence.start.toISOString(),
    end: occurrence.end.toISOString(),
    rooms: occurrence.resourceIds.map((id, position) => {
      const conflict = conflicts.find((c) => c.occurrence === index && c.resource_id === id);
      const original = state.rooms[position]!;
      return {
        id,
        name: conflict?.resource_name ?? rooms.get(id) ?? `Resource ${id}`,
        replaces: original === id ? null : original,
        conflict: conflict
          ? { reason: conflict.reason, message: conflict.message, alternative: conflict.alternative }
          : null,
      };
    }),
  }));
  return { occurrences, conflicts: conflicts.length };
}

const wallDate = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);

/**
 * POST scheduler: books every room of every occurrence and stores the meeting, in one transaction;
 * a conflict anywhere refuses all of it (409 naming each date) and nothing is written.
 */
export async function createMeeting(
  ctx: ServiceContext,
  deps: Pick<AppDeps, 'mailer'>,
  state: SchedulerStateParsed,
  now = new Date(),
): Promise<SchedulerMeeting> {
  const series = await seriesOf(ctx, state);
  let written = 0;
  const id = await answeringDoubleBooking((attempting) =>
    ctx.db.transaction().execute(async (tx) => {
      const booked = await bookSeriesIn(tx, ctx, series, now, attempting);
      written = booked.length;
      await orderMeetingServices(tx, ctx, state, series, booked, now);
      // Raw SQL: the tables are 0016's (see scheduler.queries.ts for their reads).
      const { rows } = await sql<{ id: number }>`
        insert into scheduler_meetings (company_id, organizer_id, host_id, subject, notes, timezone, all_day,
          private_meeting, teams, date, start_time, end_time, recurrence, attendees)
        values (${ctx.companyId}, ${ctx.userId}, ${state.host?.id ?? ctx.userId}, ${state.subject.trim()},
          ${state.notes}, ${state.timezone}, ${state.allDay}, ${state.privateMeeting}, ${state.teams},
          ${state.recurrence?.dateRange.start ?? state.dateTime.date}, ${state.dateTime.startTime},
          ${state.dateTime.endTime}, ${state.recurrence ? JSON.stringify(state.recurrence) : null}::jsonb,
          ${JSON.stringify(state.attendees)}::jsonb)
        returning id`.execute(tx);
      const meeting = rows[0]!;
      await sql`
        insert into scheduler_meeting_bookings (company_id, meeting_id, occurrence, declaration_id)
        select ${ctx.companyId}, ${meeting.id}, occurrence, declaration_id
        from unnest(${booked.map((b) => b.occurrence)}::int[], ${booked.map((b) => b.declaration_id)}::int[])
          as t(occurrence, declaration_id)`.execute(tx);
      // External attendees registered at a reception desk: their visits are part of the same write.
      await registerMeetingVisitors(
        ctx,
        tx,
        deps,
        { id: meeting.id, hostId: state.host?.id ?? ctx.userId, occurrences: series.occurrences },
        state.attendees,
      );
      return meeting.id;
    }),
  );
  void rowsWritten(ctx.db, 'declarations', written);
  return getMeeting(ctx, id);
}

function toMeeting(row: MeetingRow): SchedulerMeeting {
  const occurrences = new Map<number, SchedulerMeeting['occurrences'][number]>();
  for (const booking of row.bookings) {
    const start = new Date(booking.starts_at);
    const occurrence = occurrences.get(booking.occurrence) ?? {
      date: wallDate(start, row.timezone),
      start: start.toISOString(),
      end: new Date(booking.ends_at).toISOString(),
      rooms: [],
    };
    occurrence.rooms.push({
      id: booking.resource_id,
      name: booking.resource_name,
      declaration_id: booking.declaration_id,
      status: booking.status,
    });
    occurrences.set(booking.occurrence, occurrence);
  }
  return {
    id: row.id,
    subject: row.subject,
    notes: row.notes,
    timezone: row.timezone,
    all_day: row.all_day,
    private_meeting: row.private_meeting,
    teams: row.teams,
    date: row.date,
    start_time: row.start_time,
    end_time: row.end_time,
    recurrence: (row.recurrence as SchedulerRecurrence | null) ?? null,
    attendees: (row.attendees as SchedulerAttendee[] | null) ?? [],
    host: { id: row.host_id, name: row.host_name },
    organizer: { id: row.organizer_id, name: row.organizer_name },
    occurrences: [...occurrences.entries()].sort(([a], [b]) => a - b).map(([, occurrence]) => occurrence),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** GET scheduler/{id}: a meeting the caller organises or hosts (others' are not found). */
export async function getMeeting(ctx: ServiceContext, id: number): Promise<SchedulerMeeting> {
  const [row] = await selectMeetings(ctx.db, ctx, { id, mine: true });
  if (!row) throw notFound(SCHEDULER_MESSAGES.notFound);
  return toMeeting(row);
}

/** GET scheduler: the caller's meetings (organised or hosted) that are not over. */
export async function listMeetings(ctx: ServiceContext, now = new Date()): Promise<SchedulerMeetingList> {
  const rows = await selectMeetings(ctx.db, ctx, { mine: true, endingAfter: now });
  return { data: rows.map(toMeeting) };
}

/** GET scheduler/resources: the rooms a meeting can book. */
export async function listRooms(
  ctx: ServiceContext,
  query: SchedulerResourcesQuery,
): Promise<SchedulerResourceList> {
  const [facts, rooms] = await Promise.all([
    scopedFactsFor(ctx),
    selectRooms(ctx.db, ctx, { levelId: query.level_id, capacity: query.capacity, query: query.query }),
  ]);
  return {
    data: rooms.filter((room) => mayBookResource(facts, { id: room.id, level_id: room.level.id })),
  };
}

/** GET scheduler/resources/{id}: one room (resource-info). */
export async function getRoom(ctx: ServiceContext, id: number): Promise<SchedulerResource> {
  const [room] = await selectRooms(ctx.db, ctx, { resourceId: id });
  if (!room || !canSeeResource(await scopedFactsFor(ctx), { level_id: room.level.id }))
    throw notFound(SCHEDULER_MESSAGES.roomNotFound);
  return room;
}

/** GET scheduler/attendees: people of the company by name or email. */
export async function searchPeople(ctx: ServiceContext, query: string): Promise<SchedulerPersonList> {
  return { data: await selectPeople(ctx.db, ctx.companyId, query) };
}

/**
 * DELETE scheduler/{id}: the organiser or host cancels the meeting: its bookings not yet over are
 * cancelled, its visitors' expected visits too (each visitor mailed), and the meeting is removed, in
 * one transaction.
 */
export async function cancelMeeting(
  ctx: ServiceContext,
  deps: Pick<AppDeps, 'mailer'>,
  id: number,
  now = new Date(),
): Promise<{ message: string }> {
  const [row] = await selectMeetings(ctx.db, ctx, { id, mine: true });
  if (!row) throw notFound(SCHEDULER_MESSAGES.notFound);
  await ctx.db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ id: number; resource_id: number; level_id: number }>`
      update declarations d set status = 'cancelled', cancelled_at = ${now}
      from scheduler_meeting_bookings b, resources r
      where b.company_id = ${ctx.companyId} and b.meeting_id = ${id}
        and d.company_id = b.company_id and d.id = b.declaration_id
        and r.company_id = d.company_id and r.id = d.resource_id
        and d.status = 'booked' and d.ends_at > ${now}
      returning d.id, d.resource_id, r.level_id`.execute(tx);
    for (const booking of rows)
      await notifyChanged(tx, {
        action: 'cancelled',
        id: booking.id,
        company_id: ctx.companyId,
        resource_id: booking.resource_id,
        level_id: booking.level_id,
      });
    await cancelMeetingVisits(ctx, tx, deps, id);
    await sql`delete from scheduler_meetings where company_id = ${ctx.companyId} and id = ${id}`.execute(tx);
  });
  return { message: 'The meeting was cancelled.' };
}

/** GET scheduler/reception-desks: the company's desks, named in the caller's language. */
export async function schedulerReceptionDesks(ctx: ServiceContext): Promise<SchedulerReceptionDeskList> {
  const language = await ctx.db
    .selectFrom('users')
    .select('language_id')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', ctx.userId)
    .executeTakeFirst();
  const rows = await deskRows(ctx.db, ctx.companyId, language?.language_id ?? null);
  return { data: rows.map((desk) => ({ id: desk.id, name: desk.name })) };
}
