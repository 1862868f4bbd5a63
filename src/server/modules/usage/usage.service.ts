import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import type { UsageQuery, UsageReport } from '../../../shared/contract/usage';
import type { MasterContext } from '../../context';

const DEFAULT_DAYS = 30;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The period asked for, the last 30 days by default; `to` counts whole (until the next midnight UTC). */
export function periodOf(query: UsageQuery): { from: string; to: string } {
  const to = query.to ?? isoDay(new Date());
  const from =
    query.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000));
  return { from, to };
}

/** One row per company not deleted, in one statement of counting subqueries. */
export async function usageReport(ctx: MasterContext, query: UsageQuery): Promise<UsageReport> {
  const { from, to } = periodOf(query);
  // Midnight UTC whatever the database session's TimeZone.
  const start = sql`(${from}::date::timestamp at time zone 'UTC')`;
  const end = sql`((${to}::date + 1)::timestamp at time zone 'UTC')`;
  const data = await ctx.db
    .selectFrom('companies as c')
    .where('c.deleted_at', 'is', null)
    .select(['c.id as company_id', 'c.name', 'c.subdomain'])
    .select([
      sql<number>`(select count(distinct s.user_id)::int from sessions s
        where s.company_id = c.id and s.issued_at >= ${start} and s.issued_at < ${end})`.as('active_users'),
      sql<number>`(select count(*)::int from declarations d
        where d.company_id = c.id and d.starts_at >= ${start} and d.starts_at < ${end}
          and d.status <> 'cancelled')`.as('bookings'),
      sql<number>`(select count(*)::int from resources r where r.company_id = c.id)`.as('resources'),
      sql<number>`((select coalesce(sum(octet_length(m.bytes)), 0) from maps m where m.company_id = c.id)
        + (select coalesce(sum(octet_length(i.bytes)), 0) from resource_images i where i.company_id = c.id))::bigint::int`.as(
        'storage_bytes',
      ),
    ])
    .orderBy('c.name')
    .execute();
  return { from, to, data };
}

// ARCHITECTURE.md: cells a spreadsheet would read as a formula start with a quote instead.
const neutral = (value: string | number) =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/** The report as CSV with a byte order mark (spec §9), for a spreadsheet. */
export function usageCsv(report: UsageReport): string {
  const rows = report.data.map((row) =>
    [row.name, row.subdomain, row.active_users, row.bookings, row.resources, row.storage_bytes].map(neutral),
  );
  return (
    '\uFEFF' +
    stringify([['Company', 'Subdomain', 'Active users', 'Bookings', 'Resources', 'Storage (bytes)'], ...rows])
  );
}
