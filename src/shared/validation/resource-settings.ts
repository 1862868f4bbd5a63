import type { ResourceFunctionBody, ResourceFunctionKey } from '../contract/resources';
import type { FieldErrors } from './field-errors';
import { format, notValid } from './messages';
import { isCalendarDate } from '../time/calendar-date';

/**
 * The rules of a resource's settings screens (availability, unavailability, capacity for a time,
 * functions), checked by the forms and again by the server with the same messages.
 */
export const RESOURCE_SETTINGS_MESSAGES = {
  invalidDate: 'The date is not valid.',
  timeOrder: 'The end time must be after the start time.',
  dateOrder: 'The end date cannot be before the start date.',
  instantOrder: 'The end must be after the start.',
  capacityOverlap: 'Another capacity already covers some of these dates.',
  capacityAboveMax: 'The capacity cannot be more than the maximum capacity ({max}).',
  linkedToItself: 'A resource cannot be linked to itself.',
  priceDecimals: 'The price can have at most 2 decimals.',
} as const;

const M = RESOURCE_SETTINGS_MESSAGES;

export { isCalendarDate };

/** ISO weekdays once each, Monday first: [5, 1, 1] → [1, 5]. */
export function normalizeWeekdays(weekdays: readonly number[]): number[] {
  return [...new Set(weekdays)].sort((a, b) => a - b);
}

interface DateRange {
  date_from?: string | null | undefined;
  date_to?: string | null | undefined;
}

/** Both dates real days, the end not before the start; either may be open (null) unless required. */
export function dateRangeErrors(range: DateRange): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['date_from', 'date_to'] as const) {
    const value = range[field];
    if (value && !isCalendarDate(value)) errors[field] = [M.invalidDate];
  }
  if (
    !errors.date_from &&
    !errors.date_to &&
    range.date_from &&
    range.date_to &&
    range.date_to < range.date_from
  )
    errors.date_to = [M.dateOrder];
  return errors;
}

/** A weekly window: 'HH:MM' times on one day, the end after the start. */
export function availabilityErrors(body: DateRange & { time_from: string; time_to: string }): FieldErrors {
  const errors = dateRangeErrors(body);
  if (body.time_to <= body.time_from) errors.time_to = [M.timeOrder];
  return errors;
}

export function unavailabilityErrors(body: { starts_at: string; ends_at: string }): FieldErrors {
  return Date.parse(body.ends_at) <= Date.parse(body.starts_at) ? { ends_at: [M.instantOrder] } : {};
}

/** Two inclusive date ranges share at least one day. */
export function dateRangesOverlap(
  a: { date_from: string; date_to: string },
  b: { date_from: string; date_to: string },
): boolean {
  return a.date_from <= b.date_to && b.date_from <= a.date_to;
}

export function capacityAboveMaxMessage(max: number): string {
  return format(M.capacityAboveMax, { max });
}

type FunctionField = Exclude<keyof ResourceFunctionBody, 'active'>;

/** spec §2 functions/:function: the settings each function has; any other field is refused. */
export const FUNCTION_FIELDS: Readonly<Record<ResourceFunctionKey, readonly FunctionField[]>> = {
  'linked-resources': ['resource_ids'],
  'distance-resources': ['resource_ids'],
  language: ['language_id'],
  'device-template': ['device_template_id'],
  currency: ['currency_id', 'price'],
};

/** Fields that belong to another function, and a price with fractions of a cent. */
export function functionFieldErrors(key: ResourceFunctionKey, body: ResourceFunctionBody): FieldErrors {
  const errors: FieldErrors = {};
  const allowed: readonly string[] = FUNCTION_FIELDS[key];
  for (const [field, value] of Object.entries(body))
    if (field !== 'active' && value !== undefined && !allowed.includes(field))
      errors[field] = [notValid(field)];
  if (typeof body.price === 'number' && Math.abs(body.price * 100 - Math.round(body.price * 100)) > 1e-6)
    errors.price = [M.priceDecimals];
  return errors;
}
