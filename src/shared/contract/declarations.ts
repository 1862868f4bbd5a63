import { z } from 'zod';
import { APPROVAL_STATUSES, DECLARATION_STATUSES, EXTENDING_TYPES } from '../booking/declaration-rules';
import { SLOT_TYPES } from '../time/slots';
import { CalendarDate, Instant as InstantOf } from './calendar-date';
import { Id, IdText, PositiveId } from './ids';

/**
 * spec §7 Declarations (bookings), §3 Declaration (id, approval status, cost), §4 check-in,
 * check-out, extend. Times are ISO 8601 instants in UTC; `timezone` is the level's, in which the
 * client shows them.
 */

const Instant = InstantOf();

export const DeclarationStatus = z.enum(DECLARATION_STATUSES);
export const ApprovalStatus = z.enum(APPROVAL_STATUSES);
export const ExtendingType = z.enum(EXTENDING_TYPES);
export const DECLARATION_SOURCES = ['plan', 'outlook', 'scheduler', 'grid', 'calendar', 'display'] as const;

export const Declaration = z.object({
  id: Id,
  resource: z.object({ id: Id, name: z.string(), path: z.string() }),
  level_id: Id,
  /** with ?includes=all_parents: the level and its ancestors, top first */
  all_parents: z.array(z.object({ id: Id, name: z.string() })).optional(),
  starts_at: z.string(),
  ends_at: z.string(),
  timezone: z.string(),
  status: DeclarationStatus,
  approval_status: ApprovalStatus,
  /** the resource's price per hour times the hours; null when it has no active currency function */
  cost: z.object({ cents: Id, currency: z.string() }).nullable(),
  /** empty for a private booking to anyone but its host */
  subject: z.string(),
  is_private: z.boolean(),
  slot_type: z.enum(SLOT_TYPES),
  source: z.enum(DECLARATION_SOURCES),
  host: z.object({ id: Id, name: z.string() }),
  can_check_in: z.boolean(),
  can_check_out: z.boolean(),
  can_extend: z.boolean(),
  can_cancel: z.boolean(),
  checked_in_at: z.string().nullable(),
  checked_out_at: z.string().nullable(),
  created_at: z.string(),
});
export type Declaration = z.infer<typeof Declaration>;

export const DeclarationList = z.object({ data: z.array(Declaration) });
export type DeclarationList = z.infer<typeof DeclarationList>;

/**
 * GET declarations: the caller's bookings that end on or after date_from (in the user's zone;
 * default today) and start before the end of date_to (default: no end). Cancelled ones are left out.
 */
export const DeclarationListQuery = z.object({
  date_from: CalendarDate.optional(),
  date_to: CalendarDate.optional(),
  includes: z.enum(['all_parents']).optional(),
});
export type DeclarationListQuery = z.infer<typeof DeclarationListQuery>;

export const BookingSlot = z.strictObject({ datetime_from: Instant, datetime_to: Instant });
export type BookingSlot = z.infer<typeof BookingSlot>;

/**
 * POST declarations: each slot must be one of the resource's available slots of its day (as
 * plan/slots answers them); slots that follow each other become one booking.
 */
export const CreateDeclarationBody = z.strictObject({
  resource_id: PositiveId,
  slots: z.array(BookingSlot).min(1, 'This field is required.').max(96),
  subject: z.string().max(255, 'The field must contain 255 or fewer characters.').optional(),
  is_private: z.boolean().optional(),
});
export type CreateDeclarationBody = z.infer<typeof CreateDeclarationBody>;

export const ExtendQuery = z.object({ extending_type: ExtendingType });
export type ExtendQuery = z.infer<typeof ExtendQuery>;

/** spec §7 approve statuses: the list an approver picks from (GET assign/{declarationId}/{statusId}). */
export const ApproveStatusList = z.object({
  data: z.array(z.object({ id: Id, key: ApprovalStatus, name: z.string() })),
});
export type ApproveStatusList = z.infer<typeof ApproveStatusList>;
export const APPROVE_STATUS_NAMES: Record<(typeof APPROVAL_STATUSES)[number], string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const AssignParams = z.object({
  declarationId: IdText,
  statusId: IdText,
});

export * from './declarations-paths';
