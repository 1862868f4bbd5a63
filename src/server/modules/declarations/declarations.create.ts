// POST declarations (spec §7): from the plan's chosen slots to bookings, or a refusal that names why.
import { scopedBookingRefusal } from '../../permissions/scoped';
import {
  approvalOnBooking,
  bookingRefusal,
  mergeContiguous,
  overlapsItself,
  type Interval,
} from '../../../shared/booking/declaration-rules';
import { CLEAN_BEFORE_BOOKING_KEY, cleanBeforeBooking } from '../../../shared/booking/cleaning';
import { dateValidForBooking } from '../../../shared/booking/date-valid';
import {
  BOOKING_PREFERENCE_DEFAULTS,
  readBookingPreferences,
  type BookingPreferences,
} from '../../../shared/booking/preferences';
import type {
  CreateDeclarationBody,
  DECLARATION_SOURCES,
  DeclarationList,
} from '../../../shared/contract/declarations';
import type { SlotType } from '../../../shared/time/slots';
import { wallClockAt } from '../../../shared/time/zone';
import type { FieldErrors } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import { rowsWritten } from '../../db/planner-statistics';
import { refuseUntilCleaned } from '../cleaning';
import { forbidden, HttpError, notFound, unprocessable } from '../../http/errors';
import { dayBounds, resourceSlots } from './availability';
import { contextFromMemory, forgetCompanyMemory } from './booking-memory';
import { assignmentAccess, asStretch } from './assignment-access.queries';
import { bookingContext, type BookingContext } from './booking-context.queries';
import { bookDeclarations, refusedBooking } from './booking-writes.queries';
import { hostContext } from './declarations.queries';
import {
  answeringDoubleBooking,
  bookingCost,
  checkSharedCapacity,
  limitFor,
  MESSAGES,
  REFUSALS,
  refuseOverLimit,
  type BookingAttempt,
} from './declarations.rules';
import { delegatorsAmong, toDeclaration, type DeclarationRow } from './declarations.view';

// A context kept in memory (booking-memory.ts) hands the same preferences to every booking: read once.
const readPreferences = new WeakMap<object, BookingPreferences>();
function preferencesOf(stored: Record<string, string | null>): BookingPreferences {
  let read = readPreferences.get(stored);
  if (!read) readPreferences.set(stored, (read = readBookingPreferences(stored)));
  return read;
}

interface MatchedSlot extends Interval {
  type: SlotType;
}

/**
 * Each requested slot must be one of the resource's available slots of its day, of a slot type the
 * user may use, and not over (spec §4 date valid for booking). 422 names every bad slot.
 */
function matchSlots(context: BookingContext, requested: readonly Interval[], now: Date): MatchedSlot[] {
  const { target, windows, closures } = context;
  const preferences = preferencesOf(context.preferences);
  const zone = target.timezone;
  const cache = new Map<string, ReturnType<typeof resourceSlots>>();
  const slotsOf = (date: string, type: SlotType) => {
    const key = `${date}/${type}`;
    let slots = cache.get(key);
    if (!slots) {
      slots = resourceSlots(target, date, type, preferences.afternoonFrom, windows, closures);
      cache.set(key, slots);
    }
    return slots;
  };
  const errors: FieldErrors = {};
  const matched: MatchedSlot[] = [];
  requested.forEach((slot, index) => {
    const date = wallClockAt(slot.datetime_from, zone).date;
    if (!dateValidForBooking({ date }, now, zone) || slot.datetime_to <= now) {
      errors[`slots.${index}`] = [MESSAGES.slotPast];
      return;
    }
    const type = preferences.availableSlots.find((candidate) =>
      slotsOf(date, candidate).some(
        (built) =>
          built.available &&
          built.datetime_from.getTime() === slot.datetime_from.getTime() &&
          built.datetime_to.getTime() === slot.datetime_to.getTime(),
      ),
    );
    if (!type) errors[`slots.${index}`] = [MESSAGES.slotNotAvailable];
    else matched.push({ ...slot, type });
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return matched;
}

const requestedInstants = (requested: readonly Interval[]) =>
  requested.flatMap((slot) => [slot.datetime_from, slot.datetime_to]);

// Closures are read for the requested instants give or take two days: every day a slot lies in.
const TWO_DAYS_MS = 2 * 86_400_000;

/** An interval cut at the midnights of `timeZone` into its days' parts. */
function byDay(interval: Interval, timeZone: string): Interval[] {
  const parts: Interval[] = [];
  let from = interval.datetime_from;
  while (from < interval.datetime_to) {
    const { end } = dayBounds(wallClockAt(from, timeZone).date, timeZone);
    const to = end < interval.datetime_to ? end : interval.datetime_to;
    parts.push({ datetime_from: from, datetime_to: to });
    from = to;
  }
  return parts;
}

/**
 * Who a booking is for and where it was made: the host defaults to the caller (the caller's right
 * to book for someone else is checked before, by the bookings module), the source to the plan.
 */
export interface CreateOptions {
  hostId?: number;
  source?: (typeof DECLARATION_SOURCES)[number];
  /**
   * The caller was authenticated from a snapshot (session-snapshots.ts): their own booking is made
   * from memory (booking-memory.ts), the write checking the session and the stamps. When it cannot
   * be (a stale answer, a booking for someone else, nothing kept), or a refusal rests on memory
   * (anything decided before the write), NotFromMemory is thrown: the caller authenticates from the
   * database and books again without this. A refusal the write made is answered as it is.
   */
  fromSnapshot?: { session: string; bookingVersion: string | null } | null;
}

/** See CreateOptions.fromSnapshot: the booking could not be made from memory; nothing was written. */
export class NotFromMemory extends Error {
  constructor() {
    super('The booking is made afresh.');
  }
}

/**
 * POST declarations. What the booking depends on is read without locks and checked, then
 * book_declarations writes it in one statement under the host's lock (the limit) and the
 * resource's, provided the company's plan stamp has not moved since (else everything is read and
 * checked again in a transaction under those locks, as a shared resource's capacity always is).
 * An exclusive resource's overlap is refused by the exclusion constraint itself.
 */
export async function createDeclarations(
  ctx: ServiceContext,
  body: CreateDeclarationBody,
  now = new Date(),
  options: CreateOptions = {},
): Promise<DeclarationList> {
  if (!options.fromSnapshot) return create(ctx, body, now, options, null);
  const write = { checked: false };
  try {
    return await create(ctx, body, now, options, write);
  } catch (error) {
    // A refusal the write made (a double booking, the per-user limit) is the database's answer for
    // a session and stamps it found current; one made before it rests on memory.
    if (error instanceof HttpError && !write.checked) throw new NotFromMemory();
    throw error;
  }
}

async function create(
  ctx: ServiceContext,
  body: CreateDeclarationBody,
  now: Date,
  options: CreateOptions,
  /** from memory: set once the write has checked the session and the stamps */
  write: { checked: boolean } | null,
): Promise<DeclarationList> {
  const hostId = options.hostId ?? ctx.userId;
  // The host's roles, limit and slot preferences decide; the caller is recorded as created_by.
  const forHost = await hostContext(ctx.db, ctx, hostId);
  const requested: Interval[] = body.slots.map((slot) => ({
    datetime_from: new Date(slot.datetime_from),
    datetime_to: new Date(slot.datetime_to),
  }));
  const errors: FieldErrors = {};
  requested.forEach((slot, index) => {
    if (slot.datetime_from >= slot.datetime_to)
      errors[`slots.${index}.datetime_to`] = [MESSAGES.slotNotAvailable];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  if (overlapsItself(requested)) throw unprocessable({ slots: [MESSAGES.slotsOverlap] });
  const instants = requested.flatMap((slot) => [slot.datetime_from.getTime(), slot.datetime_to.getTime()]);
  const readContext = (db: ServiceContext['db'], lock: boolean) =>
    bookingContext(
      db,
      forHost,
      body.resource_id,
      new Date(Math.min(...instants) - TWO_DAYS_MS),
      new Date(Math.max(...instants) + TWO_DAYS_MS),
      Object.keys(BOOKING_PREFERENCE_DEFAULTS),
      lock,
    );

  /** Checks the booking against `context` and writes it (book_declarations); null when stale. */
  const book = async (
    db: ServiceContext['db'],
    context: BookingContext | undefined,
    attempting: (attempt: BookingAttempt) => void,
    checkVersion: boolean,
    fromMemory: { session: string; bookingVersion: string } | null = null,
  ) => {
    if (!context) throw notFound(MESSAGES.resourceNotFound);
    const { target, price } = context;
    const assignment = await assignmentAccess(db, ctx.companyId, target, hostId, requested.map(asStretch));
    const refusal = bookingRefusal(target, context.roles, assignment);
    if (refusal) throw forbidden(REFUSALS[refusal]);
    const scoped = await scopedBookingRefusal(ctx, hostId, target, context.bookingVersion, db);
    if (scoped) throw forbidden(scoped);
    if (!target.is_declarable) throw unprocessable({ resource_id: [MESSAGES.levelNotDeclarable] });
    // The company's rule comes with the preferences already read (memory included): only when it is
    // on does the booking cost one more statement.
    if (cleanBeforeBooking(context.preferences[CLEAN_BEFORE_BOOKING_KEY]))
      await refuseUntilCleaned(db, ctx.companyId, target.id, now);
    const matched = matchSlots(context, requested, now);
    // One booking per day of the resource: slots joined over midnight would count towards the
    // per-user limit of the first day only (and a booking starts and ends on one day, as PUT says).
    const bookings = mergeContiguous(matched).flatMap((booking) => byDay(booking, target.timezone));
    const name = context.name ?? 'The resource';
    if (target.resource_capacity_type === 'shared') {
      // Counted under the resource's lock: only in the transaction (checkVersion false).
      if (checkVersion) return null;
      for (const booking of bookings) await checkSharedCapacity(db, ctx, target, name, booking);
    }
    const limit = limitFor(forHost, target);
    const dayOf = (instant: Date) => {
      const date = wallClockAt(instant, target.timezone).date;
      const { start, end } = dayBounds(date, target.timezone);
      return { date, from: start, to: end };
    };
    const written = bookings.map((booking) => ({
      starts_at: booking.datetime_from,
      ends_at: booking.datetime_to,
      slot_type: matched.find((slot) => slot.datetime_from.getTime() === booking.datetime_from.getTime())!
        .type,
      cost_cents: price ? bookingCost(price.price_cents, booking.datetime_from, booking.datetime_to) : null,
      day: dayOf(booking.datetime_from),
    }));
    const shared = {
      subject: body.subject?.trim() ?? '',
      is_private: body.is_private ?? false,
      approval_status: approvalOnBooking(target),
      exclusive: target.resource_capacity_type === 'exclusive',
      currency_id: price?.currency_id ?? null,
      source: options.source ?? 'plan',
    } as const;
    let outcome;
    if (write) write.checked = true;
    try {
      outcome = await bookDeclarations(
        db,
        {
          companyId: ctx.companyId,
          hostId,
          createdBy: ctx.userId,
          resourceId: target.id,
          levelId: target.level_id,
          levelIds: context.chain.map((level) => level.id),
          expectedPlanVersion: checkVersion ? context.planVersion : null,
          limit,
          currencyId: shared.currency_id,
          subject: shared.subject,
          isPrivate: shared.is_private,
          approvalStatus: shared.approval_status,
          exclusive: shared.exclusive,
          source: shared.source,
          // The request counts one visit of the level.
          countVisit: true,
          fromMemory,
        },
        written,
      );
    } catch (error) {
      const refused = error !== null && typeof error === 'object' ? refusedBooking(error) : null;
      const booking = refused === null ? undefined : bookings[refused];
      if (booking) attempting({ name, zone: target.timezone, booking });
      throw error;
    }
    if (outcome.outcome === 'stale') return null;
    if (outcome.outcome === 'over_limit')
      refuseOverLimit(limit!, outcome.held, written[outcome.booking]!.day.date);
    if (outcome.outcome !== 'booked') throw new Error(`book_declarations: ${outcome.outcome}`);
    const rows: DeclarationRow[] = outcome.rows.map((inserted, index) => {
      const { day: _day, ...values } = written[index]!;
      return {
        ...shared,
        ...values,
        ...inserted,
        resource_id: target.id,
        user_id: hostId,
        level_id: target.level_id,
        checked_in_at: null,
        checked_out_at: null,
        currency_code: price?.currency_code ?? null,
        timezone: target.timezone,
        resource_name: context.name,
        host_name: context.hostName,
      };
    });
    return { rows, chain: context.chain };
  };

  const snapshot = options.fromSnapshot;
  const created = await answeringDoubleBooking(async (attempting) => {
    if (snapshot) {
      // From memory, or not at all.
      const context =
        hostId === ctx.userId
          ? await contextFromMemory(
              ctx,
              body.resource_id,
              requestedInstants(requested),
              snapshot.bookingVersion,
            )
          : null;
      if (!context || context.planVersion === null || context.bookingVersion === null)
        throw new NotFromMemory();
      const fromMemory = { session: snapshot.session, bookingVersion: context.bookingVersion };
      const written = await book(ctx.db, context, attempting, true, fromMemory);
      if (written) return written;
      forgetCompanyMemory(ctx.db, ctx.companyId);
      throw new NotFromMemory();
    }
    // Read without locks and written if nothing it depends on changed since; else under the locks.
    const context = await readContext(ctx.db, false);
    if (!context || context.planVersion !== null) {
      const quick = await book(ctx.db, context, attempting, true);
      if (quick) return quick;
    }
    const locked = await ctx.db.transaction().execute(async (tx) => {
      // Takes the user's lock (the limit), then the resource's (shared capacity).
      const written = await book(tx, await readContext(tx, true), attempting, false);
      return written!;
    });
    void rowsWritten(ctx.db, 'declarations', locked.rows.length);
    return locked;
  });
  // The answer is what was written, as declarationsByIds would read it back after the commit.
  const delegators = await delegatorsAmong(ctx.db, ctx, created.rows);
  return { data: created.rows.map((row) => toDeclaration(ctx, row, created.chain, { now, delegators })) };
}
