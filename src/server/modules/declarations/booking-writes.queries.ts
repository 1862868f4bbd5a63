import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type BatchItem, bookInBatch, bookOne } from './booking-batches.queries';
import { DECLARATION_CHANNEL, type DeclarationChange } from './declarations.notify';
import { heldPlacesCount } from './declarations.queries';

type Db = Kysely<Database>;

/** A new booking as inserted (createBooking). */
export interface InsertedBooking {
  id: number;
  status: 'booked';
  approval_status: 'approved' | 'pending';
  created_at: Date;
  /** with `heldIn`: the places the user held in that period besides this booking's resource */
  held_places: number | null;
}

/**
 * Inserts one booking and, in the same statement, announces it ('created', delivered at commit) and,
 * with `visitOf`, counts the visit of its level (countVisit): one round trip instead of three. With
 * `heldIn` it also counts the user's other places in that period for the per-user limit: the
 * statement's snapshot is taken after bookingContext locked the user, so every booking of theirs
 * committed before is seen, and one refused by the caller is rolled back with its transaction.
 */
export async function insertBooking(
  db: Db,
  values: Insertable<Database['declarations']> & { starts_at: Date; ends_at: Date },
  notice: { resourceId: number; levelId: number; levelIds: number[] },
  visitOf: { userId: number } | null,
  heldIn: { from: Date; to: Date } | null = null,
): Promise<InsertedBooking> {
  const companyId = values.company_id;
  const announced = {
    action: 'created',
    company_id: companyId,
    resource_id: notice.resourceId,
    level_id: notice.levelId,
  } satisfies Omit<DeclarationChange, 'id' | 'known'>;
  const known = {
    starts_at: values.starts_at.toISOString(),
    ends_at: values.ends_at.toISOString(),
    level_ids: notice.levelIds,
  } satisfies Omit<NonNullable<DeclarationChange['known']>, 'schema'>;
  const visit = visitOf
    ? sql`, visit as (
        insert into level_visits (company_id, user_id, level_id, visits, last_visit_at)
        values (${companyId}, ${visitOf.userId}, ${notice.levelId}, 1, now())
        on conflict (company_id, user_id, level_id)
        do update set visits = level_visits.visits + 1, last_visit_at = now())`
    : sql``;
  const { rows } = await sql<InsertedBooking>`
    with inserted as (
      ${db.insertInto('declarations').values(values).returning(['id', 'status', 'approval_status', 'created_at'])}
    )${visit}
    select i.id, i.status, i.approval_status, i.created_at,
      ${
        heldIn
          ? sql`(${heldPlacesCount(companyId, values.user_id, heldIn.from, heldIn.to, notice.resourceId)})::int`
          : sql`null::int`
      } as held_places,
      pg_notify(${DECLARATION_CHANNEL}, (${JSON.stringify(announced)}::jsonb
        || jsonb_build_object('id', i.id, 'known', ${JSON.stringify(known)}::jsonb
          || jsonb_build_object('schema', current_schema())))::text) as notified
    from inserted i`.execute(db);
  return rows[0]!;
}

/** One booking of those book_declarations writes in one call. */
export interface NewBooking {
  starts_at: Date;
  ends_at: Date;
  slot_type: NonNullable<Insertable<Database['declarations']>['slot_type']>;
  cost_cents: number | null;
  /** the host's day the booking lies in, where the per-user limit counts their places */
  day: { from: Date; to: Date };
}

/** What book_declarations answers: the bookings, or why it wrote nothing. */
export type BookOutcome =
  | { outcome: 'booked'; rows: Array<Omit<InsertedBooking, 'held_places'>> }
  | { outcome: 'stale' }
  /** `booking`: the index (0-based) of the booking whose day already holds `held` places */
  | { outcome: 'over_limit'; booking: number; held: number };

/** SQLSTATE 23P01 raised by book_declarations: the index (0-based) of the booking refused. */
export const refusedBooking = (error: { detail?: unknown }): number | null =>
  typeof error.detail === 'string' && /^\d+$/.test(error.detail) ? Number(error.detail) - 1 : null;

/**
 * book_declarations (migrations 0020, 0029): the host's and the resource's locks, the per-user limit
 * (`limit`, null for none) counted in each booking's day, the inserts, the visit of the level
 * (`countVisit`) and the 'created' announcements, in one statement. With `expectedPlanVersion` it
 * writes nothing and answers 'stale' when the company's plan stamp moved since it was read.
 */
export async function bookDeclarations(
  db: Db,
  booking: {
    companyId: number;
    hostId: number;
    createdBy: number;
    resourceId: number;
    levelId: number;
    levelIds: readonly number[];
    expectedPlanVersion: string | null;
    limit: number | null;
    currencyId: number | null;
    subject: string;
    isPrivate: boolean;
    approvalStatus: 'approved' | 'pending';
    exclusive: boolean;
    source: NonNullable<Insertable<Database['declarations']>['source']>;
    countVisit: boolean;
    /**
     * Booking from memory: the caller's session must still be live and the company's booking stamp
     * (migration 0029) still this one, else the answer is 'stale'. Null: neither is checked.
     */
    fromMemory?: { session: string; bookingVersion: string } | null;
  },
  bookings: readonly NewBooking[],
): Promise<BookOutcome> {
  const notices = bookings.map((one) =>
    JSON.stringify({
      action: 'created',
      company_id: booking.companyId,
      resource_id: booking.resourceId,
      level_id: booking.levelId,
      known: {
        starts_at: one.starts_at.toISOString(),
        ends_at: one.ends_at.toISOString(),
        level_ids: [...booking.levelIds],
      },
    } satisfies Omit<DeclarationChange, 'id' | 'known'> & {
      known: Omit<NonNullable<DeclarationChange['known']>, 'schema'>;
    }),
  );
  const item: BatchItem = {
    company: booking.companyId,
    user: booking.hostId,
    created_by: booking.createdBy,
    resource: booking.resourceId,
    level: booking.levelId,
    expected_plan_version: booking.expectedPlanVersion,
    limit: booking.limit,
    starts: bookings.map((one) => one.starts_at),
    ends: bookings.map((one) => one.ends_at),
    day_starts: bookings.map((one) => one.day.from),
    day_ends: bookings.map((one) => one.day.to),
    slot_types: bookings.map((one) => one.slot_type),
    costs: bookings.map((one) => one.cost_cents),
    currency: booking.currencyId,
    subject: booking.subject,
    is_private: booking.isPrivate,
    approval_status: booking.approvalStatus,
    exclusive: booking.exclusive,
    source: booking.source,
    count_visit: booking.countVisit,
    notices,
    session: booking.fromMemory?.session ?? null,
    expected_booking_version: booking.fromMemory?.bookingVersion ?? null,
  };
  // Inside a transaction the caller holds locks and reads its own writes: the call is its own.
  const rows = db.isTransaction ? await bookOne(db, item) : await bookInBatch(db, item);
  const first = rows[0];
  if (first?.outcome === 'stale') return { outcome: 'stale' };
  if (first?.outcome === 'over_limit')
    return { outcome: 'over_limit', booking: first.booking! - 1, held: first.held! };
  return {
    outcome: 'booked',
    rows: rows.map(({ id, status, approval_status, created_at }) => ({
      id,
      status,
      approval_status,
      created_at,
    })),
  };
}
