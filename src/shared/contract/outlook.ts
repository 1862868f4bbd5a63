import { z } from 'zod';
import { CalendarDate, Instant as InstantOf } from './calendar-date';
import { COMPANY_PREFIX } from './common';
import { Id, IdText } from './ids';

/**
 * spec §7 Outlook (POST resource, GET resources) and §3 Outlook (title, attendees, start, end,
 * location, resources, recurrence, map). Times are ISO 8601 instants (UTC); `timezone` is the
 * room's level's, in which the pane shows them next to the user's own.
 */
const Instant = InstantOf('This field must be a date and time.');

/** At most this many occurrences are booked at once (a daily meeting for two years). */
export const MAX_OCCURRENCES = 731;

const IdList = z
  .union([z.array(IdText), IdText])
  .transform((value) => (Array.isArray(value) ? value : [value]));

/** GET outlook/resources: rooms free for [start, end) seating the attendees, best first. */
export const OutlookResourcesQuery = z
  .object({
    start: Instant,
    end: Instant,
    /**
     * the seats wanted: the meeting's in-person attendees (organiser included). The pane proposes
     * its invitee count and the user may lower it (remote attendees need no seat).
     */
    attendees: z.coerce.number().int().min(1).max(10_000).default(1),
    /** advanced search: a level and everything under it */
    level_id: IdText.optional(),
    /** advanced search: at least this many seats, instead of `attendees` (fewer or more) */
    capacity: z.coerce.number().int().min(1).max(10_000).optional(),
    /** advanced search: a resource type id; rooms (type key 'room') when absent */
    resource_type: IdText.optional(),
    /** advanced search: every one of these attributes */
    resource_attribute: IdList.optional(),
  })
  .refine((query) => new Date(query.end) > new Date(query.start), {
    path: ['end'],
    message: 'The end must be after the start.',
  });
export type OutlookResourcesQuery = z.output<typeof OutlookResourcesQuery>;

export const OutlookRoom = z.object({
  id: Id,
  name: z.string(),
  capacity: z.number().int(),
  /** the room's mailbox, which Outlook adds as the meeting's room location (Mailbox 1.8) */
  email: z.string().nullable(),
  description: z.string(),
  resource_type: z.object({ id: Id, key: z.string(), name: z.string() }),
  attributes: z.array(z.object({ id: Id, name: z.string() })),
  level: z.object({ id: Id, name: z.string(), path: z.string(), map_id: Id.nullable() }),
  timezone: z.string(),
  map_x: z.number().nullable(),
  map_y: z.number().nullable(),
  /** one of the user's favourite resources (proposed first) */
  is_favorite: z.boolean(),
  /** on the user's own default location (their DefaultLocation) or below it (proposed next) */
  on_default_level: z.boolean(),
  /** an on-request resource: a booking waits for an approver ("Request", not "Book") */
  needs_approval: z.boolean(),
  /** the resource's picture (GET resources/{id}/image, with the bearer token), if it has one */
  image_url: z.string().nullable(),
});
export type OutlookRoom = z.infer<typeof OutlookRoom>;

export const OutlookRoomList = z.object({ data: z.array(OutlookRoom) });
export type OutlookRoomList = z.infer<typeof OutlookRoomList>;

export const Occurrence = z
  .object({ start: Instant, end: Instant })
  .refine((occurrence) => new Date(occurrence.end) > new Date(occurrence.start), {
    path: ['end'],
    message: 'The end must be after the start.',
  });
export type Occurrence = z.infer<typeof Occurrence>;

const Occurrences = z
  .array(Occurrence)
  .min(1, 'This field is required.')
  .max(MAX_OCCURRENCES, `A meeting can book at most ${MAX_OCCURRENCES} occurrences at once.`);

/** A meeting is known by the key the pane keeps in the item's custom properties. */
export const MeetingKey = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'This meeting key is not valid.');

/**
 * POST outlook/resource: books the room for every occurrence, all or nothing. `alternatives` books
 * another room on the dates named (the suggestion for an occurrence whose room is taken).
 */
export const BookOutlookResourceBody = z.object({
  meeting_key: MeetingKey,
  item_id: z.string().max(500).nullable().optional(),
  resource_id: Id,
  subject: z.string().max(255).optional(),
  occurrences: Occurrences,
  alternatives: z
    .array(z.object({ start: Instant, resource_id: Id }))
    .max(MAX_OCCURRENCES)
    .optional(),
});
export type BookOutlookResourceBody = z.infer<typeof BookOutlookResourceBody>;

/** PUT outlook/meetings/{key}: the meeting's time or recurrence changed: its bookings follow. */
export const MoveOutlookMeetingBody = z.object({
  occurrences: Occurrences,
  subject: z.string().max(255).optional(),
});
export type MoveOutlookMeetingBody = z.infer<typeof MoveOutlookMeetingBody>;

/** POST outlook/check: which occurrences the room is taken for, each with a suggested room. */
export const CheckOutlookResourceBody = z.object({
  resource_id: Id,
  occurrences: Occurrences,
  /** the attendee count: a suggested room seats them all (the room's own capacity when absent) */
  attendees: z.number().int().min(1).max(10_000).optional(),
  /** this meeting's own bookings do not count as taking the room */
  meeting_key: MeetingKey.optional(),
});
export type CheckOutlookResourceBody = z.infer<typeof CheckOutlookResourceBody>;

export const OccurrenceConflict = z.object({
  start: z.string(),
  end: z.string(),
  /** the occurrence's date in the room's zone (YYYY-MM-DD) */
  date: z.string(),
  message: z.string(),
  alternative: OutlookRoom.nullable(),
});
export type OccurrenceConflict = z.infer<typeof OccurrenceConflict>;

export const OutlookCheck = z.object({ conflicts: z.array(OccurrenceConflict) });
export type OutlookCheck = z.infer<typeof OutlookCheck>;

export const OutlookBooking = z.object({
  id: Id,
  resource_id: Id.nullable(),
  resource_name: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.string(),
  /** 'pending' while an on-request room's booking waits for its approver */
  approval_status: z.string(),
});
export type OutlookBooking = z.infer<typeof OutlookBooking>;

/** What the server keeps of a meeting: its room and its occurrences' bookings. */
export const OutlookMeeting = z.object({
  meeting_key: z.string(),
  item_id: z.string().nullable(),
  resource: OutlookRoom.nullable(),
  bookings: z.array(OutlookBooking),
  /**
   * Booked in the pane and not yet sent: the room is held (nobody else can book it) until the
   * meeting is sent, at most until `release_at`, when a job releases it.
   */
  pending: z.boolean(),
  release_at: z.string().nullable(),
  /** a booking of it still waits for approval (an on-request room): requested, not booked */
  awaiting_approval: z.boolean(),
  /** an approver declined the room's request: nothing holds it for the meeting any more */
  declined: z.boolean(),
});
export type OutlookMeeting = z.infer<typeof OutlookMeeting>;

/** GET outlook/filters: what advanced search can filter by (bookable types, attributes). */
export const OutlookFilters = z.object({
  resource_types: z.array(z.object({ id: Id, key: z.string(), name: z.string() })),
  resource_attributes: z.array(z.object({ id: Id, name: z.string() })),
});
export type OutlookFilters = z.infer<typeof OutlookFilters>;

export const MeetingKeyParam = z.object({ key: MeetingKey });

/** An Outlook item id (getItemIdAsync's, once Outlook has saved the item). */
const ItemId = z.string().min(1, 'This field is required.').max(500);

/**
 * GET outlook/meetings: the organizer's meetings that hold a room, latest first; `item_id` finds the
 * one kept for that Outlook item (reopening a meeting whose custom properties Outlook never saved).
 */
export const OutlookMeetingsQuery = z.object({ item_id: ItemId.optional() });
export type OutlookMeetingsQuery = z.infer<typeof OutlookMeetingsQuery>;

export const OutlookMeetingList = z.object({ data: z.array(OutlookMeeting) });
export type OutlookMeetingList = z.infer<typeof OutlookMeetingList>;

/** PUT outlook/meetings/{key}/item: the meeting's Outlook item id, known once Outlook saved it. */
export const LinkOutlookItemBody = z.object({ item_id: ItemId });
export type LinkOutlookItemBody = z.infer<typeof LinkOutlookItemBody>;

/**
 * GET outlook/horizon: how far ahead the company lets a series be booked (its BookingHorizonDays).
 * The pane books a series without an end date up to the horizon's last day, and names it.
 */
export const OutlookHorizon = z.object({ days: z.number().int() });
export type OutlookHorizon = z.infer<typeof OutlookHorizon>;

/** The kinds of place the pane books for the meeting day: resource types keyed so. */
export const PLACE_KINDS = ['desk', 'parking'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** GET outlook/places: the day's free desks (or parking places) for the user, best first. */
export const OutlookPlacesQuery = z.object({
  date: CalendarDate,
  kind: z.enum(PLACE_KINDS, { message: 'This field must be desk or parking.' }),
});
export type OutlookPlacesQuery = z.infer<typeof OutlookPlacesQuery>;

/** POST outlook/places: books the place for the whole day (the slots the engine defines for it). */
export const BookOutlookPlaceBody = z.object({ resource_id: Id, date: CalendarDate });
export type BookOutlookPlaceBody = z.infer<typeof BookOutlookPlaceBody>;

/**
 * The user's place of that kind on that day: `booked` when they hold one (then no list), else the
 * places free all day that they may book, favourites and their own default level first.
 */
export const OutlookPlaces = z.object({
  date: z.string(),
  kind: z.enum(PLACE_KINDS),
  booked: z.object({ booking: OutlookBooking, place: OutlookRoom.nullable() }).nullable(),
  data: z.array(OutlookRoom),
});
export type OutlookPlaces = z.infer<typeof OutlookPlaces>;

const base = `${COMPANY_PREFIX}/outlook`;
export const outlookPaths = {
  resources: `${base}/resources`,
  resource: `${base}/resource`,
  check: `${base}/check`,
  filters: `${base}/filters`,
  horizon: `${base}/horizon`,
  meetings: `${base}/meetings`,
  meeting: `${base}/meetings/:key`,
  meetingItem: `${base}/meetings/:key/item`,
  meetingSent: `${base}/meetings/:key/sent`,
  room: `${base}/resources/:id`,
  places: `${base}/places`,
} as const;
export const outlookMeetingPath = (key: string) => `${base}/meetings/${encodeURIComponent(key)}`;
export const outlookMeetingItemPath = (key: string) => `${outlookMeetingPath(key)}/item`;
export const outlookMeetingSentPath = (key: string) => `${outlookMeetingPath(key)}/sent`;
export const outlookResourcePath = (id: number) => `${base}/resources/${id}`;
