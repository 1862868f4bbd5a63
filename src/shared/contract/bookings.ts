import { z } from 'zod';
import { MAX_ID } from './common';
import { Id, IdText, PositiveId } from './ids';
import { APPROVAL_STATUSES, DECLARATION_STATUSES } from '../booking/declaration-rules';
import { SLOT_TYPES } from '../time/slots';
import { requiredText } from '../validation/schemas';
import { CalendarDate } from './calendar-date';
import { BookingSlot, Declaration, DECLARATION_SOURCES } from './declarations';

/**
 * spec §7 Bookings, §3 booking preset, preset result, grid resource, grid booking, resize payload,
 * booking columns; §2 /bookings and /bookings-grid (BOOKINGS or MY_BOOKINGS). Instants are ISO 8601;
 * wall-clock texts are in the resource's level zone (`timezone`).
 */

const IdList = z.array(PositiveId).max(500);

/* ---------------------------------------------------------------- presets */

/** spec §3 booking columns, also the values of BookingFirstSortField / BookingSecondSortField. */
export const BOOKING_COLUMNS = [
  'resource',
  'booking_id',
  'subject',
  'host',
  'start_time',
  'cost',
  'status',
  'approval_status',
] as const;
export type BookingColumn = (typeof BOOKING_COLUMNS)[number];
/** the sort fields: every column, and the level (Location) the preferences already offered */
export const BOOKING_SORT_FIELDS = [...BOOKING_COLUMNS, 'level'] as const;
export type BookingSortField = (typeof BOOKING_SORT_FIELDS)[number];

/**
 * Ours (spec silent on its shape): a preset's period is relative to the day it is run (in the
 * user's zone), or custom with both dates. 'this-week' starts on the FirstDayOfWeek preference.
 */
export const DATE_PERIOD_TYPES = [
  'today',
  'tomorrow',
  'this-week',
  'next-week',
  'next-7-days',
  'next-30-days',
  'this-month',
  'custom',
] as const;
export type DatePeriodType = (typeof DATE_PERIOD_TYPES)[number];
/** Ours: the longest custom period (and period plus extension) a preset covers. */
export const MAX_PERIOD_DAYS = 366;

export const DatePeriod = z
  .strictObject({
    type: z.enum(DATE_PERIOD_TYPES),
    date_from: CalendarDate.nullish(),
    date_to: CalendarDate.nullish(),
  })
  .superRefine((period, ctx) => {
    if (period.type !== 'custom') return;
    if (!period.date_from)
      ctx.addIssue({ code: 'custom', path: ['date_from'], message: 'This field is required.' });
    if (!period.date_to)
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'This field is required.' });
    if (period.date_from && period.date_to) {
      if (period.date_to < period.date_from)
        ctx.addIssue({
          code: 'custom',
          path: ['date_to'],
          message: 'The end date must not be before the start date.',
        });
      else if ((Date.parse(period.date_to) - Date.parse(period.date_from)) / 86_400_000 >= MAX_PERIOD_DAYS)
        ctx.addIssue({
          code: 'custom',
          path: ['date_to'],
          message: `The period must not be longer than ${MAX_PERIOD_DAYS} days.`,
        });
    }
  });
export type DatePeriod = z.infer<typeof DatePeriod>;

/**
 * spec §3 preset filters. Empty lists and null mean "any". `levels` include their sublevels;
 * `capacity` is the least capacity a resource must have; `my_bookings` keeps the bookings the
 * caller hosts (always on for a user with MY_BOOKINGS but not BOOKINGS).
 */
export const PresetFilters = z.strictObject({
  levels: IdList.default([]),
  resource_types: IdList.default([]),
  capacity: z.number().int().min(1).max(100_000).nullable().default(null),
  resources: IdList.default([]),
  date_period: DatePeriod.default({ type: 'today' }),
  declaration_status: z.array(z.enum(DECLARATION_STATUSES)).max(10).default([]),
  declaration_approval_status: z.array(z.enum(APPROVAL_STATUSES)).max(10).default([]),
  my_bookings: z.boolean().default(false),
});
export type PresetFilters = z.infer<typeof PresetFilters>;
export type PresetFiltersInput = z.input<typeof PresetFilters>;

export const BookingPreset = z.object({
  id: Id,
  name: z.string(),
  order: Id,
  is_active: z.boolean(),
  preset: PresetFilters,
});
export type BookingPreset = z.infer<typeof BookingPreset>;

/** GET bookings/presets: the caller's presets by `order`. */
export const BookingPresetList = z.object({ data: z.array(BookingPreset) });
export type BookingPresetList = z.infer<typeof BookingPresetList>;

/** spec §5: presets need a name ('This field is required.'). A new preset goes last, active. */
export const CreatePresetBody = z.strictObject({
  name: requiredText(120),
  is_active: z.boolean().optional(),
  preset: PresetFilters.default(PresetFilters.parse({})),
});
export type CreatePresetBody = z.input<typeof CreatePresetBody>;

/** PUT bookings/presets/{id}: the fields given are replaced (`preset` as a whole). */
export const UpdatePresetBody = z.strictObject({
  name: requiredText(120).optional(),
  is_active: z.boolean().optional(),
  preset: PresetFilters.optional(),
});
export type UpdatePresetBody = z.input<typeof UpdatePresetBody>;

/** POST bookings/presets/order: every listed preset takes its `order`; others keep theirs. */
export const ReorderPresetsBody = z.strictObject({
  order: z
    .array(z.strictObject({ id: PositiveId, order: z.number().int().min(0).max(10_000) }))
    .min(1, 'This field is required.')
    .max(500),
});
export type ReorderPresetsBody = z.infer<typeof ReorderPresetsBody>;

/* ---------------------------------------------------------------- the list of bookings */

export const BookingResource = z.object({
  id: Id,
  name: z.string(),
  /** the level chain, top first, joined with ' / ' */
  path: z.string(),
  level_id: Id,
  timezone: z.string(),
  capacity: Id,
});
export type BookingResource = z.infer<typeof BookingResource>;

/** One row of the list, with the spec §3 columns. */
export const BookingRow = z.object({
  booking_id: Id,
  resource: BookingResource,
  /** empty for a private booking to anyone but its host */
  subject: z.string(),
  is_private: z.boolean(),
  host: z.object({ id: Id, name: z.string() }),
  /** the start and end instants, and the start as the resource's wall clock in the user's formats */
  start_time: z.string(),
  end_time: z.string(),
  start_label: z.string(),
  end_label: z.string(),
  cost: z.object({ cents: z.number().int().nonnegative(), currency: z.string() }).nullable(),
  status: z.enum(DECLARATION_STATUSES),
  approval_status: z.enum(APPROVAL_STATUSES),
  source: z.enum(DECLARATION_SOURCES),
  /** booked in the Outlook add-in for a meeting not sent yet: held until it is, or released */
  meeting_pending: z.boolean(),
  /** the caller may change or cancel it (its host, or BOOKINGS update) */
  can_edit: z.boolean(),
});
export type BookingRow = z.infer<typeof BookingRow>;

/**
 * POST bookings/preset/{presetId}?extend_period=N: the preset's period, its end pushed N days later.
 */
export const PresetBookingsQuery = z.object({
  extend_period: z.coerce.number().int().min(0).max(MAX_PERIOD_DAYS).default(0),
});
export type PresetBookingsQuery = z.input<typeof PresetBookingsQuery>;
export const PresetParams = z.object({ presetId: IdText });

/** Ours: at most this many rows are answered, the first in the sort order; `total_number_of_bookings` counts them all. */
export const MAX_PRESET_ROWS = 1000;

/** spec §3 preset result. `bookings` are sorted by the first, then the second sort field. */
export const PresetResult = z.object({
  /** the resources the bookings are on, each once, in the order they first appear */
  resources: z.array(BookingResource),
  bookings: z.array(BookingRow),
  sort_field_first: z.enum(BOOKING_SORT_FIELDS),
  sort_field_second: z.enum(BOOKING_SORT_FIELDS),
  total_number_of_bookings: Id,
  /** the preset's name */
  booking_title: z.string(),
  /** the period in the user's date format, '23.11.2026' or '23.11.2026 – 29.11.2026' */
  date_label: z.string(),
  date_from: z.string(),
  /** the last day covered (YYYY-MM-DD) */
  end_date: z.string(),
});
export type PresetResult = z.infer<typeof PresetResult>;

/* ---------------------------------------------------------------- booking, store, edit */

/** GET bookings/{id}, and the answer of store, PUT, DELETE and resize: the booking engine's record. */
export const Booking = Declaration;
export type Booking = Declaration;

/**
 * POST bookings/store: slots as plan/slots answers them (slots that follow each other become one
 * booking). `host_id`: the user it is for (default the caller), needs BOOKINGS create or a
 * delegation; `is_grid` marks a booking made from the grid (source 'grid').
 */
export const StoreBookingBody = z.strictObject({
  resource_id: PositiveId,
  slots: z.array(BookingSlot).min(1, 'This field is required.').max(96),
  subject: z.string().max(255, 'The field must contain 255 or fewer characters.').optional(),
  is_private: z.boolean().optional(),
  host_id: PositiveId.nullish(),
  is_grid: z.boolean().optional(),
});
export type StoreBookingBody = z.infer<typeof StoreBookingBody>;

/**
 * PUT bookings/{id}: the fields given change. New `slots` (and/or `resource_id`) move the booking:
 * its slots must be open on the resource, contiguous and not over; an overlap answers 409.
 */
export const UpdateBookingBody = z.strictObject({
  resource_id: PositiveId.optional(),
  slots: z.array(BookingSlot).min(1, 'This field is required.').max(96).optional(),
  subject: z.string().max(255, 'The field must contain 255 or fewer characters.').optional(),
  is_private: z.boolean().optional(),
  host_id: PositiveId.nullish(),
});
export type UpdateBookingBody = z.infer<typeof UpdateBookingBody>;

/** spec §3 resize payload (PUT bookings/resize). */
export const ResizeBody = z.strictObject({
  id: PositiveId,
  resource_id: PositiveId,
  slots: z.array(BookingSlot).min(1, 'This field is required.').max(96),
  is_grid: z.boolean().optional(),
  subject: z.string().max(255, 'The field must contain 255 or fewer characters.').optional(),
  is_private: z.boolean().optional(),
  host_id: PositiveId.nullish(),
});
export type ResizeBody = z.infer<typeof ResizeBody>;

/**
 * POST bookings/resources-availability: which resources of the preset are free for the slots (for
 * the add and edit select-slots screens). `declaration_id`: the booking being edited, whose own
 * time does not count against it.
 */
export const ResourcesAvailabilityBody = z.strictObject({
  preset: PositiveId,
  type: z.enum(SLOT_TYPES),
  slots: z.array(BookingSlot).min(1, 'This field is required.').max(96),
  host_id: PositiveId.nullish(),
  declaration_id: PositiveId.nullish(),
});
export type ResourcesAvailabilityBody = z.infer<typeof ResourcesAvailabilityBody>;
export const ResourceAvailability = BookingResource.extend({
  available: z.boolean(),
  /** why not, when not (taken, closed, full, not allowed) */
  reason: z.string().nullable(),
});
export type ResourceAvailability = z.infer<typeof ResourceAvailability>;
export const ResourcesAvailability = z.object({ data: z.array(ResourceAvailability) });
export type ResourcesAvailability = z.infer<typeof ResourcesAvailability>;

/** POST bookings/declaration-cost: what the slots would cost on the resource (null: free). */
export const DeclarationCostBody = z.strictObject({
  resource_id: PositiveId,
  slots: z.array(BookingSlot).min(1, 'This field is required.').max(96),
});
export type DeclarationCostBody = z.infer<typeof DeclarationCostBody>;
export const DeclarationCost = z.object({
  cost: z.object({ cents: z.number().int().nonnegative(), currency: z.string() }).nullable(),
});
export type DeclarationCost = z.infer<typeof DeclarationCost>;

/* ---------------------------------------------------------------- grid */

/** GET bookings/show-grid: whether the caller gets the grid, and the preset it opens with. */
export const ShowGrid = z.object({
  show_grid: z.boolean(),
  /** the first active preset, null when there is none */
  preset_id: Id.nullable(),
});
export type ShowGrid = z.infer<typeof ShowGrid>;

/**
 * Ours: a window on the grid's rows (the preset's resources by name), so that a grid of a thousand
 * rows can draw its first screen before the rest has come: skip `offset` rows, take `limit`. Both
 * the grid and its bookings take one; `total` in the grid tells how many rows there are in all.
 */
const RowOffset = z.number().int().min(0).max(MAX_ID);
const RowLimit = z.number().int().min(1).max(MAX_ID);

export const GridQuery = z.object({
  date: CalendarDate.optional(),
  offset: z.coerce.number().pipe(RowOffset).optional(),
  limit: z.coerce.number().pipe(RowLimit).optional(),
});
export type GridQuery = z.infer<typeof GridQuery>;

/** Per resource: the smallest slot step the caller may book and the user's per-day limit. */
export const GridLimits = z.object({
  step_minutes: Id,
  /** personal places the host may hold a day (null: no limit; a shared room never counts) */
  per_day: Id.nullable(),
  /** the open spans of the day, wall clock 'HH:mm' in the resource's zone ('24:00' the end) */
  open: z.array(z.object({ from: z.string(), to: z.string() })),
});
export type GridLimits = z.infer<typeof GridLimits>;

/**
 * spec §3 grid resource (GET bookings/grid/{presetId}?date): the grid runs from `start` to `end`
 * of the day (spec §9 defaults 00:00 to 00:00, the next midnight), in the resource's `timezone`;
 * `resource_start`/`resource_end` its working hours that day (null when closed all day).
 * Bookings come with POST grid-bookings and are attached by resource_id.
 */
export const GridResource = z.object({
  id: Id,
  name: z.string(),
  path: z.string(),
  level_id: Id,
  capacity: Id,
  exclusive: z.boolean(),
  start: z.string(),
  end: z.string(),
  timezone: z.string(),
  date_format: z.string(),
  time_format: z.string(),
  resource_start: z.string().nullable(),
  resource_end: z.string().nullable(),
  limits: GridLimits,
  /**
   * ours: the resource's grid day as minutes (shared/time/grid.ts dayInMinutes), so that the grid
   * draws without reading zones: its first instant (UTC), its length, its open spans
   */
  day_start: z.string(),
  day_minutes: Id,
  open_minutes: z.array(z.object({ start: Id, end: Id })),
});
export type GridResource = z.infer<typeof GridResource>;
export const Grid = z.object({
  preset_id: Id,
  date: z.string(),
  /** the day in the user's date format */
  date_label: z.string(),
  /** the preset's resources that day, whatever the window (`data` may hold only some of them) */
  total: Id,
  /** ours: the header's hour marks, in the first row's zone and the user's time format */
  hours: z.array(z.object({ minute: Id, label: z.string() })),
  data: z.array(GridResource),
});
export type Grid = z.infer<typeof Grid>;

/** POST bookings/grid-bookings: the bookings of the preset's resources (or of the ones named) on the day. */
export const GridBookingsBody = z.strictObject({
  preset_id: PositiveId,
  date: CalendarDate,
  resource_ids: IdList.optional(),
  /** the bookings of these rows only (GridQuery's window, on the resources `resource_ids` leaves) */
  offset: RowOffset.optional(),
  limit: RowLimit.optional(),
});
export type GridBookingsBody = z.infer<typeof GridBookingsBody>;

/**
 * spec §3 grid booking. `datetime_from`/`datetime_to` are the instants as the resource's wall clock
 * with its offset ('2026-11-23T09:00:00+01:00'), `starts`/`ends` them in the time format, `offset`
 * the zone's offset in minutes at the start. The gaps are whole minutes to the previous booking's
 * end and the next one's start on the resource that day (the resource's start and end as edges),
 * never negative. `limits` bound a resize: from the previous booking's end (or the resource's
 * start) to the next one's start (or the resource's end), instants.
 */
export const GridBooking = z.object({
  id: Id,
  resource_id: Id,
  starts: z.string(),
  ends: z.string(),
  datetime_from: z.string(),
  datetime_to: z.string(),
  /** minutes from the grid's start to the booking's start and end, clipped to the day */
  start_minute: Id,
  end_minute: Id,
  auto_release: z.boolean(),
  pre_check_in: z.boolean(),
  expiring_warning: z.boolean(),
  previous_booking_in_minutes: Id,
  next_booking_in_minutes: Id,
  limits: z.object({ from: z.string(), to: z.string() }),
  offset: Id,
  subject: z.string(),
  is_private: z.boolean(),
  host: z.object({ id: Id, name: z.string() }),
  status: z.enum(DECLARATION_STATUSES),
  approval_status: z.enum(APPROVAL_STATUSES),
  source: z.enum(DECLARATION_SOURCES),
  mine: z.boolean(),
  can_edit: z.boolean(),
});
export type GridBooking = z.infer<typeof GridBooking>;
export const GridBookings = z.object({ data: z.array(GridBooking) });
export type GridBookings = z.infer<typeof GridBookings>;

/* ---------------------------------------------------------------- paths */

// In a module of their own: the route table (in every first download) builds the grid's requests
// from them without taking this module's schemas, and zod, along.
export * from './bookings-paths';
