// POST bookings/preset/{presetId} (spec §7 "bookings per preset", §3 preset result and columns).
import { pendingMeetingBookings } from '../outlook/outlook-pending.queries';
import { BOOKING_PREFERENCE_DEFAULTS } from '../../../shared/booking/preferences';
import {
  MAX_PRESET_ROWS,
  type BookingResource,
  type BookingRow,
  type PresetResult,
} from '../../../shared/contract/bookings';
import { formatWallClock, toResourceClock, userTimeFormat, withMeridiem } from '../../../shared/time/grid';
import { wallClockAt } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import { dayBounds, levelChains } from '../declarations';
import { orderTotalsOf } from '../services';

/**
 * At most this many of a preset's bookings (the first by time) are read and sorted as the
 * preferences say; the first MAX_PRESET_ROWS of them are answered. Only a preset over thousands of
 * bookings (a large site for months) reaches it.
 */
const MAX_PRESET_SORTED = 10_000;
import { bookingsOf, viewerSettings, type ListedBooking } from './bookings.queries';
import { presetResources, type PresetResource } from './preset-resources.queries';
import {
  delegatorsUnless,
  mayChangeOthers,
  periodLabel,
  resolvePeriod,
  seesEveryone,
  sortField,
  sortRows,
} from './bookings.rules';
import { ownPreset } from './presets.service';

const LIST_PREFERENCES = [
  'DateFormat',
  'TimeFormat',
  'DateTimeMode',
  'FirstDayOfWeek',
  'BookingFirstSortField',
  'BookingSecondSortField',
] as const;

/** The resources as the answers name them, their level chain as the path. */
export async function describeResources(
  ctx: ServiceContext,
  resources: readonly PresetResource[],
): Promise<Map<number, BookingResource>> {
  const chains = await levelChains(
    ctx.db,
    ctx,
    resources.map((resource) => resource.level_id),
  );
  return new Map(
    resources.map((resource) => [
      resource.id,
      {
        id: resource.id,
        name: resource.name,
        path: [...(chains.get(resource.level_id) ?? []).map((level) => level.name), resource.name].join(
          ' / ',
        ),
        level_id: resource.level_id,
        timezone: resource.timezone,
        capacity: resource.capacity,
      },
    ]),
  );
}

/**
 * Whether the caller may change or cancel the booking: its host, anyone with BOOKINGS update, or a
 * delegate of its host (`changesFor` answers the last two).
 */
export const editable = (
  ctx: ServiceContext,
  booking: Pick<ListedBooking, 'user_id' | 'status' | 'ends_at'>,
  now: Date,
  changesFor: (hostId: number) => boolean,
) =>
  (booking.user_id === ctx.userId || changesFor(booking.user_id)) &&
  (booking.status === 'booked' || booking.status === 'checked_in') &&
  booking.ends_at > now;

export async function bookingsByPreset(
  ctx: ServiceContext,
  presetId: number,
  extendDays: number,
  now = new Date(),
): Promise<PresetResult> {
  const preset = await ownPreset(ctx, presetId);
  const settings = await viewerSettings(ctx.db, ctx, LIST_PREFERENCES);
  const preference = (key: (typeof LIST_PREFERENCES)[number]) =>
    settings.preferences[key] ?? BOOKING_PREFERENCE_DEFAULTS[key];
  const zone = settings.timezone;
  const filters = preset.preset;
  const period = resolvePeriod(
    filters.date_period,
    wallClockAt(now, zone).date,
    Number(preference('FirstDayOfWeek')) || 0,
    extendDays,
  );
  const resources = await presetResources(ctx.db, ctx, filters);
  // MY_BOOKINGS alone: the caller's own bookings whatever the preset says (spec §6), and those of
  // the people who delegated MY_BOOKINGS to them; "my bookings" in the preset: the caller's own.
  const everyone = seesEveryone(ctx);
  const changesOthers = mayChangeOthers(ctx);
  // "My bookings" in the preset: every row is the caller's, no delegation matters.
  const delegators = await delegatorsUnless(ctx, (everyone && changesOthers) || filters.my_bookings === true);
  const hostIds = filters.my_bookings ? [ctx.userId] : everyone ? null : [ctx.userId, ...delegators];
  const { bookings, total } = await bookingsOf(ctx.db, ctx.companyId, {
    resourceIds: resources.map((resource) => resource.id),
    from: dayBounds(period.date_from, zone).start,
    to: dayBounds(period.date_to, zone).end,
    statuses: filters.declaration_status,
    approvalStatuses: filters.declaration_approval_status,
    hostIds,
    limit: MAX_PRESET_SORTED,
  });
  const used = new Set(bookings.map((booking) => booking.resource_id));
  const described = await describeResources(
    ctx,
    resources.filter((resource) => used.has(resource.id)),
  );
  const dateFormat = preference('DateFormat') || BOOKING_PREFERENCE_DEFAULTS.DateFormat;
  const timeFormat = withMeridiem(
    userTimeFormat({
      timeFormat: preference('TimeFormat') || BOOKING_PREFERENCE_DEFAULTS.TimeFormat,
      dateTimeMode: preference('DateTimeMode') === 'am-pm' ? 'am-pm' : 'h24',
    }),
  );
  const label = (instant: Date, timeZone: string) => {
    const clock = toResourceClock(instant, timeZone);
    return formatWallClock(clock.date, clock.time, `${dateFormat} ${timeFormat}`);
  };
  const changesFor = (hostId: number) => changesOthers || delegators.has(hostId);
  const rows: BookingRow[] = bookings.map((booking) => {
    const resource = described.get(booking.resource_id)!;
    const host = booking.user_id === ctx.userId;
    return {
      booking_id: booking.id,
      resource,
      subject: booking.is_private && !host ? '' : booking.subject,
      is_private: booking.is_private,
      host: { id: booking.user_id, name: booking.host_name },
      start_time: booking.starts_at.toISOString(),
      end_time: booking.ends_at.toISOString(),
      // written once the rows answered are chosen (below)
      start_label: '',
      end_label: '',
      cost:
        booking.cost_cents === null || booking.currency_code === null
          ? null
          : { cents: booking.cost_cents, currency: booking.currency_code },
      status: booking.status,
      approval_status: booking.approval_status,
      source: booking.source,
      meeting_pending: false,
      can_edit: editable(ctx, booking, now, changesFor),
    };
  });
  const first = sortField(preference('BookingFirstSortField'), 'start_time');
  const second = sortField(preference('BookingSecondSortField'), 'resource');
  // Sorted as the preferences say before the answer is cut to its MAX_PRESET_ROWS, so that the rows
  // answered are the first in that order, not the first by time.
  sortRows(rows, first, second);
  rows.length = Math.min(rows.length, MAX_PRESET_ROWS);
  const pending = await pendingMeetingBookings(
    ctx.db,
    ctx.companyId,
    rows.filter((row) => row.source === 'outlook').map((row) => row.booking_id),
  );
  // spec §3 booking column 'cost': the booking's price and the services ordered with it, when both
  // are in one currency (a resource priced in another currency shows its own price only)
  const services = await orderTotalsOf(
    ctx.db,
    ctx.companyId,
    rows.map((row) => row.booking_id),
  );
  for (const row of rows) {
    row.start_label = label(new Date(row.start_time), row.resource.timezone);
    row.end_label = label(new Date(row.end_time), row.resource.timezone);
    row.meeting_pending = pending.has(row.booking_id);
    const ordered = services.get(row.booking_id);
    if (ordered && (!row.cost || row.cost.currency === ordered.currency))
      row.cost = { cents: (row.cost?.cents ?? 0) + ordered.cents, currency: ordered.currency };
  }
  const inOrder = new Map<number, BookingResource>();
  for (const row of rows) if (!inOrder.has(row.resource.id)) inOrder.set(row.resource.id, row.resource);
  return {
    resources: [...inOrder.values()],
    bookings: rows,
    sort_field_first: first,
    sort_field_second: second,
    total_number_of_bookings: total,
    booking_title: preset.name,
    date_label: periodLabel(period, dateFormat),
    date_from: period.date_from,
    end_date: period.date_to,
  };
}
