import { z } from 'zod';
import { SCHEDULER_RECURRENCE_TYPES } from '../time/recurrence';
import { email, requiredText, text } from '../validation/schemas';
import { CalendarDate } from './calendar-date';
import { COMPANY_PREFIX } from './common';
import { Id, IdText } from './ids';

/**
 * spec §2 /scheduler, §3 "Scheduler state" (attendees, dateTime, timezone, allDay, recurrence with
 * dateRange, type, days and interval, services, privateMeeting, teams, notes, host, subject) and §7
 * Scheduler (GET, POST, resources, attendees). The state adds the rooms chosen on the location
 * screen and, per occurrence date, the alternative chosen for a room that is taken that day.
 * Instants are ISO 8601 (UTC); dates and times are the meeting's wall clock in `timezone`.
 */
const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM.');

export const SCHEDULER_LIMITS = { attendees: 200, rooms: 10, notes: 2000 } as const;

export const SchedulerAttendee = z.object({
  /** a user of the company, or null for someone from outside (a visitor) */
  user_id: Id.positive().nullable(),
  email: email(),
  name: text('', 255),
  optional: z.boolean().default(false),
  /**
   * someone from outside registered as a visitor at this reception desk with the meeting (issue 42):
   * a visit per occurrence, in the booking's transaction; cancelling the meeting cancels them
   */
  reception_desk_id: Id.positive().nullable().optional(),
});
export type SchedulerAttendee = z.infer<typeof SchedulerAttendee>;

export const SchedulerRecurrence = z.object({
  dateRange: z.object({ start: CalendarDate, end: CalendarDate }),
  type: z.enum(SCHEDULER_RECURRENCE_TYPES, 'Unknown recurrence type.'),
  /** Monday 0 … Sunday 6 (spec §9) */
  days: z.array(z.number().int().min(0, 'Unknown day.').max(6, 'Unknown day.')).max(7),
  interval: z
    .number()
    .int()
    .min(1, 'The interval must be a whole number from 1 to 99.')
    .max(99, 'The interval must be a whole number from 1 to 99.'),
});
export type SchedulerRecurrence = z.infer<typeof SchedulerRecurrence>;

export const SchedulerState = z.object({
  subject: requiredText(255),
  attendees: z
    .array(SchedulerAttendee)
    .max(SCHEDULER_LIMITS.attendees, `At most ${SCHEDULER_LIMITS.attendees} attendees.`),
  /** the (first) day and the wall-clock start and end; an end at or before the start ends the next day */
  dateTime: z.object({ date: CalendarDate, startTime: Time, endTime: Time }),
  timezone: z.string().min(1, 'This field is required.').max(64),
  /** all day: the rooms' working hours of each day */
  allDay: z.boolean().default(false),
  recurrence: SchedulerRecurrence.nullable().default(null),
  /**
   * service order lines (docs/services.md): each delivered to its room (null: the first room) at the
   * start of each occurrence, ordered in the meeting's transaction
   */
  services: z
    .array(
      z.object({
        item_id: Id.positive(),
        quantity: z
          .number({ message: 'The quantity must be a whole number of 1 or more.' })
          .int('The quantity must be a whole number of 1 or more.')
          .min(1, 'The quantity must be a whole number of 1 or more.')
          .max(10_000, 'The quantity must be 10000 or less.'),
        resource_id: Id.positive().nullable().default(null),
        notes: z.string().max(1000).default(''),
      }),
    )
    .max(50)
    .default([]),
  privateMeeting: z.boolean().default(false),
  /** a Teams meeting is asked for; kept with the meeting for the calendar connector to create */
  teams: z.boolean().default(false),
  notes: text('', SCHEDULER_LIMITS.notes).default(''),
  /** the meeting's host, a user of the company; null: the organiser */
  host: z.object({ id: Id.positive() }).nullable().default(null),
  rooms: z
    .array(Id.positive())
    .min(1, 'Choose at least one room.')
    .max(SCHEDULER_LIMITS.rooms, `At most ${SCHEDULER_LIMITS.rooms} rooms.`),
  /** occurrence date → (original room id → the room booked instead that day) */
  alternatives: z.record(CalendarDate, z.record(z.string().regex(/^\d+$/), Id.positive())).default({}),
});
export type SchedulerState = z.input<typeof SchedulerState>;
export type SchedulerStateParsed = z.infer<typeof SchedulerState>;

export const ConflictReason = z.enum(['taken', 'full', 'closed', 'past']);
export const RoomAlternative = z.object({
  id: Id,
  name: z.string(),
  capacity: z.number().int(),
  level_id: Id,
  level_name: z.string(),
});

/** One occurrence as the preview shows it: each room, and what stands in its way that day. */
export const PreviewOccurrence = z.object({
  index: z.number().int(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  rooms: z.array(
    z.object({
      id: Id,
      name: z.string(),
      /** the room this one replaces that day (an alternative chosen), else null */
      replaces: Id.nullable(),
      conflict: z
        .object({ reason: ConflictReason, message: z.string(), alternative: RoomAlternative.nullable() })
        .nullable(),
    }),
  ),
});
export const SchedulerPreview = z.object({
  occurrences: z.array(PreviewOccurrence),
  conflicts: z.number().int(),
});
export type SchedulerPreview = z.infer<typeof SchedulerPreview>;
export type PreviewOccurrence = z.infer<typeof PreviewOccurrence>;

export const SchedulerMeeting = z.object({
  id: Id,
  subject: z.string(),
  notes: z.string(),
  timezone: z.string(),
  all_day: z.boolean(),
  private_meeting: z.boolean(),
  teams: z.boolean(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  recurrence: SchedulerRecurrence.nullable(),
  attendees: z.array(SchedulerAttendee),
  host: z.object({ id: Id, name: z.string() }),
  organizer: z.object({ id: Id, name: z.string() }),
  occurrences: z.array(
    z.object({
      date: z.string(),
      start: z.string(),
      end: z.string(),
      rooms: z.array(
        z.object({ id: Id.nullable(), name: z.string(), declaration_id: Id, status: z.string() }),
      ),
    }),
  ),
  created_at: z.string(),
});
export type SchedulerMeeting = z.infer<typeof SchedulerMeeting>;
export const SchedulerMeetingList = z.object({ data: z.array(SchedulerMeeting) });
export type SchedulerMeetingList = z.infer<typeof SchedulerMeetingList>;

export const SchedulerResourcesQuery = z.object({
  level_id: IdText.optional(),
  /** at least this many seats */
  capacity: z.coerce.number().int().min(1).max(10_000).optional(),
  query: z.string().max(100).optional(),
});
export type SchedulerResourcesQuery = z.infer<typeof SchedulerResourcesQuery>;

export const SchedulerResource = z.object({
  id: Id,
  name: z.string(),
  capacity: z.number().int(),
  description: z.string(),
  email: z.string().nullable(),
  resource_model: z.string(),
  level: z.object({ id: Id, name: z.string(), path: z.string(), map_id: Id.nullable() }),
  attributes: z.array(z.string()),
  map_x: z.number().nullable(),
  map_y: z.number().nullable(),
});
export type SchedulerResource = z.infer<typeof SchedulerResource>;
export const SchedulerResourceList = z.object({ data: z.array(SchedulerResource) });
export type SchedulerResourceList = z.infer<typeof SchedulerResourceList>;

export const SchedulerAttendeesQuery = z.object({ query: z.string().max(100).default('') });
export const SchedulerPerson = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  is_visitor: z.boolean(),
});
export type SchedulerPerson = z.infer<typeof SchedulerPerson>;
export const SchedulerPersonList = z.object({ data: z.array(SchedulerPerson) });
export type SchedulerPersonList = z.infer<typeof SchedulerPersonList>;

/** GET scheduler/reception-desks: where an external attendee may be expected (id and name). */
export const SchedulerReceptionDeskList = z.object({
  data: z.array(z.object({ id: Id, name: z.string() })),
});
export type SchedulerReceptionDeskList = z.infer<typeof SchedulerReceptionDeskList>;

export const schedulerPath = `${COMPANY_PREFIX}/scheduler`;
export const schedulerPaths = {
  all: schedulerPath,
  one: `${schedulerPath}/:id`,
  preview: `${schedulerPath}/preview`,
  resources: `${schedulerPath}/resources`,
  resource: `${schedulerPath}/resources/:id`,
  attendees: `${schedulerPath}/attendees`,
  receptionDesks: `${schedulerPath}/reception-desks`,
} as const;
export const schedulerMeetingPath = (id: number) => `${schedulerPath}/${id}`;
export const schedulerResourcePath = (id: number) => `${schedulerPath}/resources/${id}`;
