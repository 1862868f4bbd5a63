import type { ApprovalStatus, DeclarationStatus } from '../../../shared/booking/declaration-rules';
import type { BookingSortField, DatePeriodType } from '../../../shared/contract/bookings';

type Label = readonly [code: string, english: string];

export const STATUS_LABELS: Record<DeclarationStatus, Label> = {
  booked: ['bookings.status.booked', 'Booked'],
  checked_in: ['bookings.status.checked-in', 'Checked in'],
  checked_out: ['bookings.status.checked-out', 'Checked out'],
  released: ['bookings.status.released', 'Released'],
  cancelled: ['bookings.status.cancelled', 'Cancelled'],
};

export const APPROVAL_LABELS: Record<ApprovalStatus, Label> = {
  pending: ['bookings.approval.pending', 'Waiting for approval'],
  approved: ['bookings.approval.approved', 'Approved'],
  rejected: ['bookings.approval.rejected', 'Rejected'],
};

export const PERIOD_LABELS: Record<DatePeriodType, Label> = {
  today: ['bookings.period.today', 'Today'],
  tomorrow: ['bookings.period.tomorrow', 'Tomorrow'],
  'this-week': ['bookings.period.this-week', 'This week'],
  'next-week': ['bookings.period.next-week', 'Next week'],
  'next-7-days': ['bookings.period.next-7-days', 'The next 7 days'],
  'next-30-days': ['bookings.period.next-30-days', 'The next 30 days'],
  'this-month': ['bookings.period.this-month', 'This month'],
  custom: ['bookings.period.custom', 'Custom dates'],
};

/** spec §3 booking columns (and the level, which the sort preferences also offer). */
export const COLUMN_LABELS: Record<BookingSortField, Label> = {
  resource: ['bookings.column.resource', 'Resource'],
  booking_id: ['bookings.column.booking-id', 'Booking'],
  subject: ['bookings.column.subject', 'Subject'],
  host: ['bookings.column.host', 'Host'],
  start_time: ['bookings.column.start-time', 'Start'],
  cost: ['bookings.column.cost', 'Cost'],
  status: ['bookings.column.status', 'Status'],
  approval_status: ['bookings.column.approval-status', 'Approval'],
  level: ['bookings.column.level', 'Location'],
};
