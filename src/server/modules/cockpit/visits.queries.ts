import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type VisitFigure = 'expected' | 'arrived' | 'checked_out';
const STATUS: Record<VisitFigure, string> = {
  expected: 'expected',
  arrived: 'checked_in',
  checked_out: 'checked_out',
};

/** Today's visits (those overlapping [from, to)) in one status, by reception desk. */
export async function visitCounts(
  db: Db,
  companyId: number,
  deskIds: readonly number[],
  figure: VisitFigure,
  from: Date,
  to: Date,
): Promise<Map<number, number>> {
  if (deskIds.length === 0) return new Map();
  const { rows } = await sql<{ desk_id: number; count: number }>`
    select v.reception_desk_id as desk_id, count(*)::int as count
    from visits v
    where v.company_id = ${companyId} and v.reception_desk_id = any (${[...deskIds]}::int[])
      and v.status = ${STATUS[figure]} and v.starts_at < ${to} and v.ends_at > ${from}
    group by v.reception_desk_id`.execute(db);
  return new Map(rows.map((row) => [row.desk_id, row.count]));
}
