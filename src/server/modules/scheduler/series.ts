/**
 * A meeting's rooms for every occurrence of its series, booked in one transaction or not at all
 * (issue 6: the scheduler and the Outlook pane). Every occurrence is checked, not the first few;
 * a refusal names every conflicting occurrence by date with a room free instead, and writes nothing.
 * The exclusion constraint on exclusive bookings still refuses a race lost between check and insert.
 */
import type { Kysely } from 'kysely';
import { approvalOnBooking, type Interval } from '../../../shared/booking/declaration-rules';
import { MAX_OCCURRENCES } from '../../../shared/time/recurrence';
import type { FieldErrors } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import { rowsWritten } from '../../db/planner-statistics';
import type { Database } from '../../db/schema';
import { HttpError, unprocessable } from '../../http/errors';
import { answeringDoubleBooking, bookingCost, checkLimit, insertBooking } from '../declarations';
import { conflictsOf, lockRooms } from './series-rooms';

type Db = Kysely<Database>;

export interface SeriesOccurrence {
  start: Date;
  end: Date;
  /** the rooms of this occurrence: the meeting's, or with an alternative chosen for its date */
  resourceIds: readonly number[];
}

export interface SeriesInput {
  subject: string;
  isPrivate: boolean;
  source: 'scheduler' | 'outlook';
  /** the attendees an alternative room must seat (organiser included); null: the original room's capacity */
  attendees: number | null;
  occurrences: readonly SeriesOccurrence[];
}

export type ConflictReason = 'taken' | 'full' | 'closed' | 'past';

export interface SeriesAlternative {
  id: number;
  name: string;
  capacity: number;
  level_id: number;
  level_name: string;
}

export interface SeriesConflict {
  /** index in the input's occurrences */
  occurrence: number;
  /** the occurrence's date on the room's level clock */
  date: string;
  start: Date;
  end: Date;
  resource_id: number;
  resource_name: string;
  reason: ConflictReason;
  message: string;
  /** a room free for this occurrence: same level first, seats enough, bookable by the user */
  alternative: SeriesAlternative | null;
}

export interface BookedOccurrence {
  occurrence: number;
  declaration_id: number;
  resource_id: number;
  start: Date;
  end: Date;
}

export const SERIES_MESSAGES = {
  noOccurrence: 'A meeting needs at least one occurrence.',
  tooMany: `A recurring meeting can have at most ${MAX_OCCURRENCES} occurrences.`,
  noRoom: 'Choose at least one room.',
  endBeforeStart: 'The end must be after the start.',
  overlap: 'The occurrences of a series cannot overlap.',
  refused: (count: number, dates: readonly string[]) =>
    count === 1
      ? `Nothing was booked: the series conflicts on ${dates[0]}.`
      : `Nothing was booked: the series conflicts on ${count} dates (${dates.join(', ')}).`,
} as const;

/** 422 for a request that is not a series at all (no occurrence, no room, end before start, overlap). */
function validateShape(input: SeriesInput): void {
  const errors: FieldErrors = {};
  if (input.occurrences.length === 0) errors.occurrences = [SERIES_MESSAGES.noOccurrence];
  if (input.occurrences.length > MAX_OCCURRENCES) errors.occurrences = [SERIES_MESSAGES.tooMany];
  input.occurrences.forEach((occurrence, index) => {
    if (occurrence.resourceIds.length === 0)
      errors[`occurrences.${index}.resource_ids`] = [SERIES_MESSAGES.noRoom];
    if (occurrence.end <= occurrence.start)
      errors[`occurrences.${index}.end`] = [SERIES_MESSAGES.endBeforeStart];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const sorted = [...input.occurrences].sort((a, b) => a.start.getTime() - b.start.getTime());
  for (let i = 1; i < sorted.length; i += 1)
    if (sorted[i]!.start < sorted[i - 1]!.end)
      throw unprocessable({ occurrences: [SERIES_MESSAGES.overlap] });
}

/** 409 naming every conflicting occurrence by date, keyed `occurrences.<index>` as the request sent them. */
export class SeriesRefused extends HttpError {
  constructor(readonly conflicts: readonly SeriesConflict[]) {
    const errors: FieldErrors = {};
    for (const conflict of conflicts) {
      const key = `occurrences.${conflict.occurrence}`;
      const text = conflict.alternative
        ? `${conflict.message} Free instead: ${conflict.alternative.name}.`
        : conflict.message;
      errors[key] = [...(errors[key] ?? []), text];
    }
    const dates = [...new Set(conflicts.map((conflict) => conflict.date))];
    super(409, SERIES_MESSAGES.refused(dates.length, dates), errors);
    this.name = 'SeriesRefused';
  }
}

/** The dry run: every conflict of the series with its alternative; nothing is written. */
export async function checkSeries(
  ctx: ServiceContext,
  input: SeriesInput,
  now = new Date(),
): Promise<SeriesConflict[]> {
  validateShape(input);
  // Read inside a transaction so the rooms' snapshot is one; rolled back by construction (nothing written).
  return ctx.db.transaction().execute((tx) => checkSeriesIn(tx, ctx, input, now));
}

/**
 * The dry run inside the caller's transaction `tx`, which sees what the caller changed there (the
 * Outlook pane's check sets a meeting's own bookings aside first, then rolls back).
 */
export async function checkSeriesIn(
  tx: Db,
  ctx: ServiceContext,
  input: SeriesInput,
  now = new Date(),
): Promise<SeriesConflict[]> {
  validateShape(input);
  const rooms = await lockRooms(tx, ctx, input);
  return conflictsOf(tx, ctx, input, rooms, now);
}

/**
 * Books the series inside the caller's transaction `tx` (the scheduler stores its meeting in the
 * same one): every room of every occurrence, or a SeriesRefused / 4xx with nothing written.
 */
export async function bookSeriesIn(
  tx: Db,
  ctx: ServiceContext,
  input: SeriesInput,
  now: Date,
  attempting: (attempt: { name: string; zone: string; booking: Interval }) => void = () => {},
): Promise<BookedOccurrence[]> {
  validateShape(input);
  const rooms = await lockRooms(tx, ctx, input);
  const conflicts = await conflictsOf(tx, ctx, input, rooms, now);
  if (conflicts.length > 0) throw new SeriesRefused(conflicts);
  for (const [id, room] of rooms)
    await checkLimit(
      tx,
      ctx,
      room.target,
      input.occurrences
        .filter((occurrence) => occurrence.resourceIds.includes(id))
        .map((occurrence) => ({ datetime_from: occurrence.start, datetime_to: occurrence.end })),
    );
  const booked: BookedOccurrence[] = [];
  let first = true;
  for (const [index, occurrence] of input.occurrences.entries()) {
    for (const id of new Set(occurrence.resourceIds)) {
      const room = rooms.get(id)!;
      attempting({
        name: room.name,
        zone: room.target.timezone,
        booking: { datetime_from: occurrence.start, datetime_to: occurrence.end },
      });
      const inserted = await insertBooking(
        tx,
        {
          company_id: ctx.companyId,
          resource_id: id,
          user_id: ctx.userId,
          created_by: ctx.userId,
          starts_at: occurrence.start,
          ends_at: occurrence.end,
          subject: input.subject.trim(),
          is_private: input.isPrivate,
          // A meeting's time need not fall on the plan's slots; it is kept at the finest slot type.
          slot_type: '15-minutes',
          approval_status: approvalOnBooking(room.target),
          exclusive: room.target.resource_capacity_type === 'exclusive',
          cost_cents: room.price
            ? bookingCost(room.price.price_cents, occurrence.start, occurrence.end, `occurrences.${index}`)
            : null,
          currency_id: room.price?.currency_id ?? null,
          source: input.source,
        },
        { resourceId: id, levelId: room.target.level_id, levelIds: room.chain },
        first ? { userId: ctx.userId } : null,
      );
      first = false;
      booked.push({
        occurrence: index,
        declaration_id: inserted.id,
        resource_id: id,
        start: occurrence.start,
        end: occurrence.end,
      });
    }
  }
  return booked;
}

/** Books the series in a transaction of its own; a double booking lost to a race is a 409 naming it. */
export async function bookSeries(
  ctx: ServiceContext,
  input: SeriesInput,
  now = new Date(),
): Promise<BookedOccurrence[]> {
  const booked = await answeringDoubleBooking((attempting) =>
    ctx.db.transaction().execute((tx) => bookSeriesIn(tx, ctx, input, now, attempting)),
  );
  void rowsWritten(ctx.db, 'declarations', booked.length);
  return booked;
}
