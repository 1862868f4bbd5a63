import { sql, type Kysely } from 'kysely';
import type { TechnicalRow } from '../../../shared/contract/reports';
import type { Database } from '../../db/schema';
import type { Window } from './figures.queries';
import { nameIn } from './scope.queries';

type Db = Kysely<Database>;

interface Row {
  id: number;
  resource: string;
  level: string;
  type: string;
  host: string;
  starts_at: Date;
  ends_at: Date;
  status: string;
  approval_status: string;
  checked_in_at: Date | null;
  checked_out_at: Date | null;
}

const toRow = (row: Row): TechnicalRow => ({
  ...row,
  starts_at: row.starts_at.toISOString(),
  ends_at: row.ends_at.toISOString(),
  checked_in_at: row.checked_in_at?.toISOString() ?? null,
  checked_out_at: row.checked_out_at?.toISOString() ?? null,
});

/**
 * The bookings of the scoped resources that start within the window's days and hours on their
 * level's clock. The UTC bounds a day wider than any zone let the (company, starts_at) index narrow
 * the rows before the exact local test.
 */
function matching(companyId: number, resourceIds: readonly number[], window: Window) {
  return sql`
    from declarations d
    join resources r on r.company_id = d.company_id and r.id = d.resource_id
    join levels l on l.company_id = r.company_id and l.id = r.level_id
    where d.company_id = ${companyId} and d.resource_id = any (${[...resourceIds]}::int[])
      and d.starts_at >= ${window.from}::date - 1 and d.starts_at < ${window.to}::date + 2
      and (d.starts_at at time zone l.timezone)::date between ${window.from}::date and ${window.to}::date
      and extract(hour from d.starts_at at time zone l.timezone) >= ${window.fromHour}
      and extract(hour from d.starts_at at time zone l.timezone) < ${window.toHour}
      and extract(isodow from d.starts_at at time zone l.timezone)::int - 1 = any (${[...window.weekdays]}::int[])`;
}

function columns(companyId: number, userId: number) {
  return sql`d.id,
    ${nameIn('resource_translations', 'resource_id', companyId, userId, sql`d.resource_id`)} as resource,
    ${nameIn('level_translations', 'level_id', companyId, userId, sql`r.level_id`)} as level,
    ${nameIn('resource_type_translations', 'resource_type_id', companyId, userId, sql`r.resource_type_id`)} as type,
    (select trim(u.first_name || ' ' || u.last_name) from users u where u.company_id = d.company_id and u.id = d.user_id) as host,
    d.starts_at, d.ends_at, d.status, d.approval_status, d.checked_in_at, d.checked_out_at`;
}

export async function countBookings(
  db: Db,
  companyId: number,
  resourceIds: readonly number[],
  window: Window,
): Promise<number> {
  if (resourceIds.length === 0) return 0;
  const { rows } = await sql<{
    count: number;
  }>`select count(*)::int as count ${matching(companyId, resourceIds, window)}`.execute(db);
  return rows[0]?.count ?? 0;
}

export async function bookingsPage(
  db: Db,
  ids: { companyId: number; userId: number },
  resourceIds: readonly number[],
  window: Window,
  page: number,
  perPage: number,
): Promise<TechnicalRow[]> {
  if (resourceIds.length === 0) return [];
  const { rows } = await sql<Row>`
    select ${columns(ids.companyId, ids.userId)} ${matching(ids.companyId, resourceIds, window)}
    order by d.company_id, d.starts_at, d.id limit ${perPage} offset ${(page - 1) * perPage}`.execute(db);
  return rows.map(toRow);
}

/**
 * Every matching booking, a batch at a time after the last one read (keyset, not offset), so an
 * export of a year holds one batch in memory, however many bookings there are. The key and the
 * order name the whole (company_id, starts_at, id) index, so each batch is a range of it read in
 * order; written as (starts_at, id) alone, PostgreSQL chose the resources' index and sorted every
 * remaining booking of the year for each batch.
 */
export async function* allBookings(
  db: Db,
  ids: { companyId: number; userId: number },
  resourceIds: readonly number[],
  window: Window,
  batch = 1000,
): AsyncGenerator<TechnicalRow> {
  if (resourceIds.length === 0) return;
  let after: { starts_at: Date; id: number } | null = null;
  for (;;) {
    const cursor: { starts_at: Date; id: number } | null = after;
    const result: { rows: Row[] } = await sql<Row>`
      select ${columns(ids.companyId, ids.userId)} ${matching(ids.companyId, resourceIds, window)}
      ${cursor ? sql`and (d.company_id, d.starts_at, d.id) > (${ids.companyId}, ${cursor.starts_at}, ${cursor.id})` : sql``}
      order by d.company_id, d.starts_at, d.id limit ${batch}`.execute(db);
    const rows: Row[] = result.rows;
    for (const row of rows) yield toRow(row);
    if (rows.length < batch) return;
    const last: Row = rows[rows.length - 1]!;
    after = { starts_at: last.starts_at, id: last.id };
  }
}
