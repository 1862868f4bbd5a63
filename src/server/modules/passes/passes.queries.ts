import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ApprovalStatus, DeclarationStatus } from '../../../shared/booking/declaration-rules';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface PassRow {
  id: number;
  user_id: number;
  resource_id: number;
  level_id: number;
  starts_at: Date;
  ends_at: Date;
  status: DeclarationStatus;
  approval_status: ApprovalStatus;
  timezone: string;
  revoked_at: Date | null;
  resource_name: string;
  resource_type: string;
  holder_name: string;
  /** JSON [[id, name], …] of the level and its ancestors, top first */
  levels: string;
}

/** Bookings still holding their resource, not over and not revoked: the passes a holder lists. */
export const LIVE = (now: Date) => sql`d.status in ('booked', 'checked_in')
  and d.approval_status <> 'rejected' and d.ends_at > ${now} and v.declaration_id is null`;

/**
 * Bookings as passes, named in the viewer's language (else the company's). The company, and the
 * holder when `holderId` is given, are part of the query: anyone else's booking is simply not found.
 */
export async function selectPasses(
  db: Db,
  scope: { companyId: number; userId: number; holderId: number | null },
  where: RawBuilder<unknown>,
): Promise<PassRow[]> {
  const { companyId, userId, holderId } = scope;
  const { rows } = await sql<PassRow>`
    with recursive lang as (
      select u.language_id as mine, c.language_id as company
      from users u join companies c on c.id = u.company_id
      where u.company_id = ${companyId} and u.id = ${userId}
    ),
    mine as (
      select d.id, d.user_id, d.resource_id, r.level_id, r.resource_type_id, d.starts_at, d.ends_at,
        d.status, d.approval_status, l.timezone, v.revoked_at, d.resource_name as booked_name
      from declarations d
      join resources r on r.company_id = d.company_id and r.id = d.resource_id
      join levels l on l.company_id = r.company_id and l.id = r.level_id
      left join space_pass_revocations v on v.company_id = d.company_id and v.declaration_id = d.id
      where d.company_id = ${companyId} and ${holderId === null ? sql`true` : sql`d.user_id = ${holderId}`}
        and ${where}
    ),
    up as (
      select m.id as pass_id, l.id, l.parent_id, 0 as depth
      from mine m join levels l on l.company_id = ${companyId} and l.id = m.level_id
      union all
      select up.pass_id, p.id, p.parent_id, up.depth + 1
      from levels p join up on p.id = up.parent_id
      where p.company_id = ${companyId} and up.depth < 50
    )
    select m.id, m.user_id, m.resource_id, m.level_id, m.starts_at, m.ends_at, m.status,
      m.approval_status, m.timezone, m.revoked_at,
      coalesce((select t.name from resource_translations t, lang
        where t.company_id = ${companyId} and t.resource_id = m.resource_id
        order by t.language_id = lang.mine desc, t.language_id = lang.company desc, t.language_id
        limit 1), m.booked_name) as resource_name,
      coalesce((select t.name from resource_type_translations t, lang
        where t.company_id = ${companyId} and t.resource_type_id = m.resource_type_id
        order by t.language_id = lang.mine desc, t.language_id = lang.company desc, t.language_id
        limit 1), '') as resource_type,
      btrim(h.first_name || ' ' || h.last_name) as holder_name,
      (select coalesce(json_agg(json_build_array(up.id, coalesce((select t.name
          from level_translations t, lang
          where t.company_id = ${companyId} and t.level_id = up.id
          order by t.language_id = lang.mine desc, t.language_id = lang.company desc, t.language_id
          limit 1), '')) order by up.depth desc), '[]')::text
        from up where up.pass_id = m.id) as levels
    from mine m
    join users h on h.company_id = ${companyId} and h.id = m.user_id
    order by m.starts_at, m.id`.execute(db);
  return rows;
}

/** Takes the booking's row lock, so a revocation and a check-out of one booking do not interleave. */
export async function lockBooking(db: Db, companyId: number, id: number): Promise<void> {
  await sql`select id from declarations where company_id = ${companyId} and id = ${id} for no key update`.execute(
    db,
  );
}

export async function insertRevocation(
  db: Db,
  values: { companyId: number; declarationId: number; userId: number; now: Date },
): Promise<void> {
  await db
    .insertInto('space_pass_revocations')
    .values({
      company_id: values.companyId,
      declaration_id: values.declarationId,
      revoked_by: values.userId,
      revoked_at: values.now,
    })
    .onConflict((oc) => oc.columns(['company_id', 'declaration_id']).doNothing())
    .execute();
}
