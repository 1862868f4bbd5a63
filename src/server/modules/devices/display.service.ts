import { sql } from 'kysely';
import { canCheckIn, canCheckOut } from '../../../shared/booking/declaration-rules';
import type { DisplayBooking, DisplayPage } from '../../../shared/contract/devices';
import type { DeclarationList } from '../../../shared/contract/declarations';
import { bookNowSlots, type Accent, type DisplayAction } from '../../../shared/devices/devices';
import { calendarDateIn } from '../../../shared/time/calendar-date';
import type { PublicContext, ServiceContext } from '../../context';
import { take } from '../../auth/login-throttle';
import { conflict, notFound, tooManyRequests } from '../../http/errors';
import { generalPermissionsOf } from '../../permissions/resolve';
import { bookingTarget, checkIn, checkOut, createDeclarations, dayBounds } from '../declarations';
import { codeDigest } from './device-code';
import { resourceName } from './devices.queries';
import { templateOf } from './templates.service';

/**
 * spec §2 public /display/{code}: a room's display. It reaches its device by the code alone (a
 * revoked code, or another company's, is a 404), sees only its own room's bookings of today, books
 * the room through the booking engine for its booker, and is rate-limited per code and address.
 */
export const DISPLAY_NOT_FOUND = 'Not found.';
export const NOT_OFFERED = 'This display does not offer this.';
export const NO_BOOKER = 'This display has no account to book for.';
/** per display address and client address, per minute: a display reads every 5 s and reports each minute */
export const DISPLAY_LIMIT = { reads: 60, writes: 20 } as const;

interface DisplayDevice {
  companyId: number;
  id: number;
  name: string;
  resourceId: number;
  languageId: number;
  accent: Accent;
  actions: string[];
  durations: number[];
  bookerId: number | null;
}

async function deviceOf(
  ctx: PublicContext,
  code: string,
  ip: string,
  kind: keyof typeof DISPLAY_LIMIT,
): Promise<DisplayDevice> {
  if (ctx.tenant.area !== 'company') throw notFound(DISPLAY_NOT_FOUND);
  const key = `display:${kind}:${code.slice(0, 64)}:${ip}`;
  const counted = (await take(ctx.db, [key], 60)).get(key)!;
  if (counted.count > DISPLAY_LIMIT[kind])
    throw tooManyRequests('Too many requests. Try again in a minute.', counted.secondsLeft);
  const company = ctx.tenant.company;
  const device = await ctx.db
    .selectFrom('devices')
    .select(['id', 'name', 'resource_id', 'template_id'])
    .where('company_id', '=', company.id)
    .where('code_digest', '=', codeDigest(code))
    .executeTakeFirst();
  if (!device) throw notFound(DISPLAY_NOT_FOUND);
  const [template, booker] = await Promise.all([
    templateOf(ctx.db, company.id, device.template_id),
    ctx.db
      .selectFrom('device_users')
      .select('user_id')
      .where('company_id', '=', company.id)
      .where('device_id', '=', device.id)
      .where('type', '=', 'booker')
      .executeTakeFirst(),
  ]);
  return {
    companyId: company.id,
    id: device.id,
    name: device.name,
    resourceId: device.resource_id,
    languageId: template?.language_id ?? company.language_id,
    accent: template?.accent ?? 'brand',
    actions: template?.actions ?? [],
    durations: template?.durations ?? [],
    bookerId: booker?.user_id ?? null,
  };
}

const offers = (device: DisplayDevice, action: DisplayAction) => device.actions.includes(action);

interface RoomBookingRow {
  id: number;
  user_id: number;
  starts_at: Date;
  ends_at: Date;
  subject: string;
  is_private: boolean;
  host_name: string;
  status: 'booked' | 'checked_in';
  approval_status: 'pending' | 'approved' | 'rejected';
}

/** The room's bookings that hold it, under way or later today on the room's clock. */
async function roomBookings(ctx: PublicContext, device: DisplayDevice, timezone: string, now: Date) {
  const { end } = dayBounds(calendarDateIn(timezone, now), timezone);
  const { rows } = await sql<RoomBookingRow>`
    select d.id, d.user_id, d.starts_at, d.ends_at, d.subject, d.is_private, d.status, d.approval_status,
      trim(u.first_name || ' ' || u.last_name) as host_name
    from declarations d join users u on u.company_id = d.company_id and u.id = d.user_id
    where d.company_id = ${device.companyId} and d.resource_id = ${device.resourceId}
      and d.status in ('booked', 'checked_in') and d.approval_status <> 'rejected'
      and d.ends_at > ${now} and d.starts_at < ${end}
    order by d.starts_at, d.id`.execute(ctx.db);
  return rows;
}

/** GET display/{code}: the room, its bookings of today, the template's look and offers. */
export async function displayPage(
  ctx: PublicContext,
  code: string,
  ip: string,
  now = new Date(),
): Promise<DisplayPage> {
  const device = await deviceOf(ctx, code, ip, 'reads');
  const target = await bookingTarget(ctx.db, device.companyId, device.resourceId);
  if (!target) throw notFound(DISPLAY_NOT_FOUND);
  const [named, language, rows] = await Promise.all([
    sql<{
      name: string;
    }>`select ${resourceName(device.companyId, device.languageId, sql`${device.resourceId}`)} as name`.execute(
      ctx.db,
    ),
    ctx.db.selectFrom('languages').select('locale').where('id', '=', device.languageId).executeTakeFirst(),
    roomBookings(ctx, device, target.timezone, now),
  ]);
  const bookings: DisplayBooking[] = rows.map((row) => ({
    id: row.id,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    // A corridor reads the display: a private booking shows as taken, no more.
    subject: row.is_private ? null : row.subject,
    host_name: row.is_private ? null : row.host_name,
    status: row.status,
    can_check_in: offers(device, 'check_in') && canCheckIn(row, now),
    can_check_out: offers(device, 'check_out') && canCheckOut(row, now),
  }));
  return {
    name: device.name,
    room: named.rows[0]?.name ?? '',
    timezone: target.timezone,
    locale: language?.locale ?? 'en',
    accent: device.accent,
    actions: device.actions,
    durations: device.durations,
    may_book: offers(device, 'book_now') && device.bookerId !== null,
    now: now.toISOString(),
    bookings,
  };
}

/** POST display/{code}/heartbeat: the devices list shows when the display last reported. */
export async function heartbeat(
  ctx: PublicContext,
  code: string,
  ip: string,
  now = new Date(),
): Promise<void> {
  const device = await deviceOf(ctx, code, ip, 'reads');
  await ctx.db
    .updateTable('devices')
    .set({ last_heartbeat_at: now })
    .where('company_id', '=', device.companyId)
    .where('id', '=', device.id)
    .execute();
}

async function bookerContext(
  ctx: PublicContext,
  device: DisplayDevice,
  userId: number,
): Promise<ServiceContext> {
  return {
    db: ctx.db,
    companyId: device.companyId,
    userId,
    permissions: await generalPermissionsOf(ctx.db, device.companyId, userId),
  };
}

/**
 * POST display/{code}/book: the room from the quarter hour under way for about `minutes`, made by
 * the booking engine for the display's booker, so every rule applies (their roles, their limit, the
 * room's hours, no double booking: 409 when the room is taken).
 */
export async function bookNow(
  ctx: PublicContext,
  code: string,
  ip: string,
  minutes: number,
  now = new Date(),
): Promise<DeclarationList> {
  const device = await deviceOf(ctx, code, ip, 'writes');
  if (!offers(device, 'book_now') || !device.durations.includes(minutes)) throw conflict(NOT_OFFERED);
  if (device.bookerId === null) throw conflict(NO_BOOKER);
  const slots = bookNowSlots(now, minutes).map((slot) => ({
    datetime_from: slot.datetime_from.toISOString(),
    datetime_to: slot.datetime_to.toISOString(),
  }));
  return createDeclarations(
    await bookerContext(ctx, device, device.bookerId),
    { resource_id: device.resourceId, slots },
    now,
    { source: 'display' },
  );
}

/**
 * POST display/{code}/check-in and check-out: anonymous, on behalf of the booking's host, for a
 * booking of the display's own room only (another room's booking is a 404 here).
 */
export async function displayCheck(
  ctx: PublicContext,
  code: string,
  ip: string,
  action: 'check_in' | 'check_out',
  declarationId: number,
  now = new Date(),
): Promise<void> {
  const device = await deviceOf(ctx, code, ip, 'writes');
  if (!offers(device, action)) throw conflict(NOT_OFFERED);
  const booking = await ctx.db
    .selectFrom('declarations')
    .select('user_id')
    .where('company_id', '=', device.companyId)
    .where('id', '=', declarationId)
    .where('resource_id', '=', device.resourceId)
    .executeTakeFirst();
  if (!booking) throw notFound(DISPLAY_NOT_FOUND);
  const host: ServiceContext = {
    db: ctx.db,
    companyId: device.companyId,
    userId: booking.user_id,
    permissions: [],
  };
  await (action === 'check_in' ? checkIn(host, declarationId, now) : checkOut(host, declarationId, now));
}
