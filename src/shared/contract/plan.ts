import { z } from 'zod';
import { SLOT_TYPES } from '../time/slots';
import { CalendarDate, Instant as InstantOf } from './calendar-date';
import { COMPANY_PREFIX } from './common';
import { Id, IdText } from './ids';

/** spec §7 Plan: slots, occupancy, the per-user limit and the scan; §3 Plan state. */

export const PLAN_ELEMENT_TYPES = ['resource', 'level'] as const;
export const PlanElementParams = z.object({
  type: z.enum(PLAN_ELEMENT_TYPES),
  id: IdText,
});
export type PlanElementParams = z.infer<typeof PlanElementParams>;

/**
 * GET plan/slots/{type}/{id}: the day (default today, in the level's zone) cut by `slot_type`
 * (default: the user's DefaultSlot preference). `timezone` is accepted as the spec names it; the
 * slots are always the level's day, and the answer says which zone that is.
 */
export const SlotsQuery = z.object({
  date: CalendarDate.optional(),
  timezone: z.string().max(64).optional(),
  slot_type: z.enum(SLOT_TYPES).optional(),
});
export type SlotsQuery = z.infer<typeof SlotsQuery>;

export const PlanSlot = z.object({
  /** wall-clock labels in the level's zone */
  from: z.string(),
  to: z.string(),
  datetime_from: z.string(),
  datetime_to: z.string(),
  /** bookable now by the caller: open, not past, not full */
  available: z.boolean(),
  /** a resource: booked by someone (full, for a shared one); a level: every bookable resource is */
  occupied: z.boolean(),
  /** the caller holds a booking in it */
  mine: z.boolean(),
});
export type PlanSlot = z.infer<typeof PlanSlot>;

export const PlanSlots = z.object({
  /** whether `type` is the user's default slot type */
  default: z.boolean(),
  type: z.enum(SLOT_TYPES),
  date: z.string(),
  timezone: z.string(),
  slots: z.array(PlanSlot),
});
export type PlanSlots = z.infer<typeof PlanSlots>;

export const OccupancyQuery = z.object({ date: CalendarDate.optional() });
/** share of the day's bookable capacity-time that is booked; a fully booked day is 100 */
export const Occupancy = z.object({ date: z.string(), occupancy_percentage: z.number().int() });
export type Occupancy = z.infer<typeof Occupancy>;

export const LimitQuery = z.object({ date: CalendarDate.optional() });
/**
 * GET plan/planResourceLimit/{id}: how many personal places the caller may hold on the day and how
 * many they hold; `limit` null means none (a meeting room never counts: `counts` false).
 * `remaining` is what is left for this resource: one the caller already holds that day is no new
 * place, so its other slots stay bookable when `used` has reached `limit`.
 */
export const PlanResourceLimit = z.object({
  resource_id: Id,
  date: z.string(),
  counts: z.boolean(),
  limit: Id.nullable(),
  used: Id,
  remaining: Id.nullable(),
});
export type PlanResourceLimit = z.infer<typeof PlanResourceLimit>;

/** GET plan/scan: a scanned QR code's entity (1 resource, 2 level, as qr-codes numbers them). */
export const ScanQuery = z.object({
  type_id: z.coerce.number().int().min(1).max(2),
  element_id: IdText,
});
export const PlanScan = z.object({
  type_id: Id,
  element_id: Id,
  level_id: Id,
  /** the resource to open: the scanned one, or a directly declarable level's only resource */
  resource_id: Id.nullable(),
  declarable: z.boolean(),
});
export type PlanScan = z.infer<typeof PlanScan>;

/**
 * GET plan/occupancy/level/{id}/resources: every offered resource of the level and its sublevels
 * on the day, for the map's markers in one call. With a slot (both instants), `occupied` and `mine`
 * speak of that slot; without one, of the whole day.
 */
export const LevelResourcesOccupancyQuery = z
  .object({
    date: CalendarDate.optional(),
    datetime_from: InstantOf().optional(),
    datetime_to: InstantOf().optional(),
  })
  .refine((query) => (query.datetime_from === undefined) === (query.datetime_to === undefined), {
    message: 'Both ends of the slot are required.',
    path: ['datetime_to'],
  });
export type LevelResourcesOccupancyQuery = z.input<typeof LevelResourcesOccupancyQuery>;
export const ResourceOccupancy = z.object({
  resource_id: Id,
  occupancy_percentage: z.number().int(),
  /** no seat left in the slot (or, without one, for the whole day) */
  occupied: z.boolean(),
  /** the caller holds a booking in the slot (or on the day) */
  mine: z.boolean(),
  /** used since its last cleaning, and the company's rule keeps it unbookable until cleaned */
  awaiting_cleaning: z.boolean(),
});
export type ResourceOccupancy = z.infer<typeof ResourceOccupancy>;
export const LevelResourcesOccupancy = z.object({
  date: z.string(),
  timezone: z.string(),
  data: z.array(ResourceOccupancy),
});
export type LevelResourcesOccupancy = z.infer<typeof LevelResourcesOccupancy>;

export const planPath = `${COMPANY_PREFIX}/plan`;
export const planPaths = {
  slots: `${planPath}/slots/:type/:id`,
  occupancy: `${planPath}/occupancy/:type/:id`,
  limit: `${planPath}/planResourceLimit/:id`,
  scan: `${planPath}/scan`,
  levelResourcesOccupancy: `${planPath}/occupancy/level/:id/resources`,
} as const;
