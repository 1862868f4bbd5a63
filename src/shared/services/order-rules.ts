import type { ServiceStatusKey } from '../contract/services';

/*
 * The rules of an order both sides judge the same way: what an order's status is from its items',
 * which status changes are allowed, the order's total, and the ordering rules (lead time, delivery
 * within the booking), each refusal naming its rule.
 */

/** The progress of a status: cancelled stands apart. */
const PROGRESS: Record<Exclude<ServiceStatusKey, 'cancelled'>, number> = {
  requested: 0,
  confirmed: 1,
  in_preparation: 2,
  delivered: 3,
};

/** An order is as far along as its least advanced item that is not cancelled; all cancelled: cancelled. */
export function orderStatusOf(items: ReadonlyArray<{ status: ServiceStatusKey }>): ServiceStatusKey {
  const live = items.filter((item) => item.status !== 'cancelled') as Array<{
    status: Exclude<ServiceStatusKey, 'cancelled'>;
  }>;
  if (live.length === 0) return 'cancelled';
  return live.reduce(
    (least, item) => (PROGRESS[item.status] < PROGRESS[least] ? item.status : least),
    live[0]!.status,
  );
}

/** Delivered and cancelled are final: nothing changes them any more. */
export const isFinal = (status: ServiceStatusKey) => status === 'delivered' || status === 'cancelled';

export const SERVICE_MESSAGES = {
  orderNotFound: 'Service order not found.',
  itemNotFound: 'Service item not found.',
  typeNotFound: 'Service type not found.',
  statusNotFound: 'Service status not found.',
  resourceNotFound: 'Resource not found.',
  bookingNotFound: 'Booking not found.',
  final: 'This order is delivered or cancelled: its status can no longer change.',
  itemFinal: 'This item is delivered or cancelled: its status can no longer change.',
  bookingOver: 'The booking is cancelled or over: nothing can be ordered for it any more.',
  bookingOtherResource: 'The booking is not a booking of this resource.',
  outsideBooking: 'The delivery time must lie within the booking.',
  past: 'The delivery time is in the past.',
  notOfferedAt: (item: string) => `“${item}” is not offered at this resource.`,
  leadTime: (item: string, minutes: number) =>
    `“${item}” must be ordered at least ${leadTimeText(minutes)} before the booking starts.`,
  leadTimeDelivery: (item: string, minutes: number) =>
    `“${item}” must be ordered at least ${leadTimeText(minutes)} before delivery.`,
  orderOthers: 'You may only order for your own bookings.',
  typeInUse: 'This service type is used by service items and cannot be deleted.',
  nameTaken: 'The name has already been taken.',
} as const;

/** 90 → "1 h 30 min", 1440 → "24 h". */
export function leadTimeText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The latest moment an item with this lead time can be ordered for something starting at `start`. */
export const orderDeadline = (start: Date, leadTimeMinutes: number) =>
  new Date(start.getTime() - leadTimeMinutes * 60_000);

export const lineTotal = (line: { quantity: number; unit_price_cents: number; status?: ServiceStatusKey }) =>
  line.status === 'cancelled' ? 0 : line.quantity * line.unit_price_cents;

/** The order's total: its lines not cancelled. */
export const orderTotal = (
  lines: ReadonlyArray<{ quantity: number; unit_price_cents: number; status?: ServiceStatusKey }>,
) => lines.reduce((sum, line) => sum + lineTotal(line), 0);

/** 1250, 'CHF' → "CHF 12.50" */
export const formatPrice = (cents: number, currency: string) => `${currency} ${(cents / 100).toFixed(2)}`;
