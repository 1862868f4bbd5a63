import type { TestServer } from '../../../../test/support/server-app';
import { companyApi } from '../../../../test/support/server-factories';
import { reportsPath, type ReportPayloadInput, type ReportResult } from '../../../shared/contract/reports';
import { addDays, wallClockAt, zonedInstant } from '../../../shared/time/zone';

export const R = reportsPath;

export function reportsApi(server: () => TestServer) {
  const { request, expectStatus } = companyApi(server);
  return {
    request,
    expectStatus,
    async calculate(token: string, payload: ReportPayloadInput): Promise<ReportResult> {
      return expectStatus<ReportResult>(
        await request(token, 'POST', `${R}/calculate?per_page=100&page=1`, payload),
        200,
      );
    },
  };
}

/** A booking as a row, with whatever life it had (the API would refuse past or overlapping times). */
export interface RawBooking {
  resourceId: number;
  userId: number;
  startsAt: Date;
  endsAt: Date;
  status?: 'booked' | 'checked_in' | 'checked_out' | 'released' | 'cancelled';
  checkedInAt?: Date;
  releasedAt?: Date;
  approval?: 'approved' | 'pending' | 'rejected';
}

export async function insertRaw(server: TestServer, companyId: number, booking: RawBooking): Promise<number> {
  const row = await server.db.kysely
    .insertInto('declarations')
    .values({
      company_id: companyId,
      resource_id: booking.resourceId,
      user_id: booking.userId,
      created_by: booking.userId,
      starts_at: booking.startsAt,
      ends_at: booking.endsAt,
      created_at: new Date(booking.startsAt.getTime() - 86_400_000),
      status: booking.status ?? 'booked',
      approval_status: booking.approval ?? 'approved',
      checked_in_at: booking.checkedInAt ?? null,
      checked_out_at: booking.status === 'checked_out' ? booking.endsAt : null,
      released_at: booking.releasedAt ?? null,
      cost_cents: null,
      currency_id: null,
      external_ref: null,
      approved_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The instant `zone`'s clock shows `date` at `hours` (fractions allowed). */
export const at = (zone: string, date: string, hours: number) =>
  zonedInstant(date, Math.round(hours * 60), zone);

export interface DirectResource {
  id: number;
  seats: number;
  zone: string;
  bookings: Array<{ booked: [Date, Date] | null; used: [Date, Date] | null }>;
  closures: Array<[Date, Date]>;
}

/**
 * The figures counted the slow, obvious way: minute by minute over the window, on each resource's
 * clock, what is open (seats, not closed) and what is held or used. What the aggregates must match.
 */
export function directFigures(
  resources: DirectResource[],
  window: { from: string; to: string; fromHour: number; toHour: number },
) {
  const cells = new Map<string, { open: number; booked: number; used: number }>();
  const perResource = new Map<number, { open: number; booked: number; used: number }>();
  const covers = (span: [Date, Date] | null, t: number) =>
    span !== null && span[0].getTime() <= t && t < span[1].getTime();
  for (const resource of resources) {
    const start = zonedInstant(window.from, 0, resource.zone).getTime();
    const end = zonedInstant(addDays(window.to, 1), 0, resource.zone).getTime();
    const totals = { open: 0, booked: 0, used: 0 };
    for (let t = start; t < end; t += 60_000) {
      const clock = wallClockAt(new Date(t), resource.zone);
      const hour = Number(clock.time.slice(0, 2));
      if (hour < window.fromHour || hour >= window.toHour) continue;
      const key = `${clock.date} ${String(hour).padStart(2, '0')}`;
      const cell = cells.get(key) ?? { open: 0, booked: 0, used: 0 };
      const closed = resource.closures.some((closure) => covers(closure, t));
      const open = closed ? 0 : resource.seats * 60;
      const booked = resource.bookings.filter((booking) => covers(booking.booked, t)).length * 60;
      const used = resource.bookings.filter((booking) => covers(booking.used, t)).length * 60;
      cell.open += open;
      cell.booked += booked;
      cell.used += used;
      cells.set(key, cell);
      totals.open += open;
      totals.booked += booked;
      totals.used += used;
    }
    perResource.set(resource.id, totals);
  }
  return { cells, perResource };
}

export const pctOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((1000 * part) / whole) / 10 : 0;
