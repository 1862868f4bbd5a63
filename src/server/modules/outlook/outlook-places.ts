// Issue 41 (what peers offer in the pane): a desk or a parking place for the meeting day, booked by
// the organiser for themselves through the booking engine (createDeclarations), every rule of it.
import type {
  BookOutlookPlaceBody,
  OutlookPlaces,
  OutlookPlacesQuery,
  OutlookRoom,
  PlaceKind,
} from '../../../shared/contract/outlook';
import { PLACE_KINDS } from '../../../shared/contract/outlook';
import {
  BOOKING_HORIZON_KEY,
  horizonEnd,
  lastBookableDay,
  readHorizonDays,
} from '../../../shared/booking/booking-horizon';
import { SLOT_TYPES, type Slot } from '../../../shared/time/slots';
import { zonedInstant } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import { conflict, HttpError, notFound, unprocessable } from '../../http/errors';
import {
  bookingPreferences,
  bookingTarget,
  closuresOf,
  createDeclarations,
  resourceSlots,
  windowsOf,
  type BookingTarget,
} from '../declarations';
import { roomsAbleToHold } from '../scheduler';
import { companyPreferenceText } from './outlook-pending.queries';
import { findRooms, levelHours, ownPlaceBooking } from './outlook.queries';
import { MESSAGES } from './outlook.service';

export const PLACE_MESSAGES = {
  notPlace: 'This resource is not a desk or a parking place.',
  alreadyBooked: 'You already have a place of this kind booked on this day.',
  notOpenAllDay: 'This place cannot be booked for this day.',
  beyondHorizon: (lastDay: string) => `Bookings can be made up to ${lastDay}: this day is later.`,
} as const;

type Hours = Pick<BookingTarget, 'timezone' | 'working_hours_from' | 'working_hours_to'>;

/** The day's whole-day slot on the level's clock (its working hours), or null when it has none. */
function daySpan(hours: Hours, date: string): { start: Date; end: Date } | null {
  const [slot] = resourceSlots(hours, date, 'all-day', '12:00', [], []);
  return slot ? { start: slot.datetime_from, end: slot.datetime_to } : null;
}

/** 422 on `date` when the day is after the company's booking horizon (as the pane's meetings are). */
async function refuseBeyondHorizon(ctx: ServiceContext, date: string, zone: string): Promise<void> {
  const days = readHorizonDays(await companyPreferenceText(ctx.db, ctx.companyId, BOOKING_HORIZON_KEY));
  const now = new Date();
  if (zonedInstant(date, 0, zone) >= horizonEnd(now, days, zone))
    throw unprocessable({ date: [PLACE_MESSAGES.beyondHorizon(lastBookableDay(now, days, zone))] });
}

/** The user's place of that kind on that day, with the place's details. */
async function bookedPlace(ctx: ServiceContext, date: string, kind: PlaceKind) {
  const booking = await ownPlaceBooking(ctx.db, ctx.companyId, ctx.userId, date, kind);
  if (!booking) return null;
  const [place] = await findRooms(ctx.db, ctx.companyId, ctx.userId, {
    seats: 0,
    resourceIds: [booking.resource_id!],
  });
  return { booking, place: place ?? null };
}

/**
 * Of the kind's places, those the user could book for the rest of `date` (each on its level's clock):
 * bookable by them (model, roles, assignment), open all day (hours, windows, closures) and free, or
 * with a seat left when shared, as the booking engine would accept; best first (favourites, then
 * the user's own default level, as the rooms).
 */
async function freePlaces(ctx: ServiceContext, date: string, kind: PlaceKind): Promise<OutlookRoom[]> {
  const type = await ctx.db
    .selectFrom('resource_types')
    .select('id')
    .where('company_id', '=', ctx.companyId)
    .where('key', '=', kind)
    .where('is_bookable', '=', true)
    .executeTakeFirst();
  if (!type) return [];
  const places = await findRooms(ctx.db, ctx.companyId, ctx.userId, { seats: 1, resourceTypeId: type.id });
  const hours = await levelHours(ctx.db, ctx.companyId, [...new Set(places.map((place) => place.level.id))]);
  const now = new Date();
  const able = new Set<number>();
  // One question per level: its day runs between its own working hours.
  for (const [levelId, level] of hours) {
    const span = daySpan(level, date);
    if (!span || span.end <= now) continue;
    const from = span.start > now ? span.start : new Date(now.getTime() + 1);
    const ids = places.filter((place) => place.level.id === levelId).map((place) => place.id);
    for (const id of await roomsAbleToHold(ctx.db, ctx, ids, from, span.end, now)) able.add(id);
  }
  return places.filter((place) => able.has(place.id));
}

/** GET outlook/places: the user's place that day if they hold one, else the free places. */
export async function listPlaces(ctx: ServiceContext, query: OutlookPlacesQuery): Promise<OutlookPlaces> {
  const booked = await bookedPlace(ctx, query.date, query.kind);
  return {
    date: query.date,
    kind: query.kind,
    booked,
    data: booked ? [] : await freePlaces(ctx, query.date, query.kind),
  };
}

/**
 * The slots that cover the day for the resource: of the slot types the user may use, coarsest
 * first, the first whose slots still to come are all open (a whole day, else both half days, …).
 */
async function daySlots(ctx: ServiceContext, target: BookingTarget, date: string): Promise<Slot[]> {
  const span = daySpan(target, date);
  if (!span) return [];
  const [preferences, windows, closures] = await Promise.all([
    bookingPreferences(ctx.db, ctx),
    windowsOf(ctx.db, ctx.companyId, [target.id]),
    closuresOf(ctx.db, ctx.companyId, [target.id], span.start, span.end),
  ]);
  const now = new Date();
  for (const type of SLOT_TYPES) {
    if (!preferences.availableSlots.includes(type)) continue;
    const slots = resourceSlots(
      target,
      date,
      type,
      preferences.afternoonFrom,
      windows.get(target.id) ?? [],
      closures.get(target.id) ?? [],
    ).filter((slot) => slot.datetime_to > now);
    if (slots.length > 0 && slots.every((slot) => slot.available)) return slots;
  }
  return [];
}

/**
 * POST outlook/places: books the place for the whole day through the booking engine (one write:
 * book_declarations, or its transaction under the locks), so every rule of a booking applies; a
 * refusal of the day's slots is answered on `date`.
 */
export async function bookPlace(ctx: ServiceContext, body: BookOutlookPlaceBody): Promise<OutlookPlaces> {
  const [place] = await findRooms(ctx.db, ctx.companyId, ctx.userId, {
    seats: 0,
    resourceIds: [body.resource_id],
  });
  const target = place ? await bookingTarget(ctx.db, ctx.companyId, body.resource_id) : undefined;
  if (!place || !target) throw notFound(MESSAGES.roomNotFound);
  const kind = PLACE_KINDS.find((candidate) => candidate === place.resource_type.key);
  if (!kind) throw unprocessable({ resource_id: [PLACE_MESSAGES.notPlace] });
  await refuseBeyondHorizon(ctx, body.date, target.timezone);
  if (await ownPlaceBooking(ctx.db, ctx.companyId, ctx.userId, body.date, kind))
    throw conflict(PLACE_MESSAGES.alreadyBooked);
  const slots = await daySlots(ctx, target, body.date);
  if (slots.length === 0) throw unprocessable({ date: [PLACE_MESSAGES.notOpenAllDay] });
  try {
    await createDeclarations(
      ctx,
      {
        resource_id: body.resource_id,
        slots: slots.map((slot) => ({
          datetime_from: slot.datetime_from.toISOString(),
          datetime_to: slot.datetime_to.toISOString(),
        })),
      },
      new Date(),
      { source: 'outlook' },
    );
  } catch (error) {
    // the engine names the slots it refuses; the pane asked for a day
    if (error instanceof HttpError && error.statusCode === 422 && error.errors)
      throw unprocessable({ date: [...new Set(Object.values(error.errors).flat())] });
    throw error;
  }
  return listPlaces(ctx, { date: body.date, kind });
}
