import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Delegation, DelegateUser } from '../../../shared/contract/delegations';

/** A delegation as stored; what of it is in force is the service's to say. */
export type StoredDelegation = Omit<Delegation, 'in_force'>;
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

interface DelegationRow {
  id: number;
  by_id: number;
  by_name: string;
  by_email: string;
  to_id: number;
  to_name: string;
  to_email: string;
  permissions: string[] | null;
  created_at: Date;
  updated_at: Date;
}

const toDelegation = (row: DelegationRow): StoredDelegation => ({
  id: row.id,
  delegated_by: { id: row.by_id, name: row.by_name, email: row.by_email },
  delegated_to: { id: row.to_id, name: row.to_name, email: row.to_email },
  permissions: row.permissions ?? [],
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** The company's delegations that `where` picks (alias d), with both people and the permission names. */
async function selectDelegations(db: Db, companyId: number, where: ReturnType<typeof sql>) {
  const { rows } = await sql<DelegationRow>`
    select d.id, d.created_at, d.updated_at,
      b.id as by_id, btrim(b.first_name || ' ' || b.last_name) as by_name, b.email as by_email,
      t.id as to_id, btrim(t.first_name || ' ' || t.last_name) as to_name, t.email as to_email,
      (select array_agg(p.name order by p.name) from delegation_permissions dp
        join permissions p on p.id = dp.permission_id
        where dp.company_id = d.company_id and dp.delegation_id = d.id) as permissions
    from delegations d
    join users b on b.company_id = d.company_id and b.id = d.delegator_id
    join users t on t.company_id = d.company_id and t.id = d.delegate_id
    where d.company_id = ${companyId} and ${where}
    order by b.last_name, b.first_name, t.last_name, t.first_name, d.id`.execute(db);
  return rows.map(toDelegation);
}

export const delegationsGivenBy = (db: Db, companyId: number, userId: number) =>
  selectDelegations(db, companyId, sql`d.delegator_id = ${userId}`);

export const delegationsReceivedBy = (db: Db, companyId: number, userId: number) =>
  selectDelegations(db, companyId, sql`d.delegate_id = ${userId}`);

export async function delegationById(
  db: Db,
  companyId: number,
  id: number,
): Promise<StoredDelegation | undefined> {
  return (await selectDelegations(db, companyId, sql`d.id = ${id}`))[0];
}

export async function delegationBetween(db: Db, companyId: number, delegatorId: number, delegateId: number) {
  return (
    await selectDelegations(
      db,
      companyId,
      sql`d.delegator_id = ${delegatorId} and d.delegate_id = ${delegateId}`,
    )
  )[0];
}

/** A user of the company who can act for someone: not a visitor. */
export async function colleague(db: Db, companyId: number, userId: number) {
  const { rows } = await sql<{ id: number; name: string; email: string }>`
    select id, btrim(first_name || ' ' || last_name) as name, email from users
    where company_id = ${companyId} and id = ${userId} and not is_visitor and not stands_for_removed`.execute(
    db,
  );
  return rows[0];
}

/** The company's people who could be the caller's delegates, by name or email, one page of them. */
export async function delegateCandidates(
  db: Db,
  companyId: number,
  userId: number,
  query: string,
  page: number,
  perPage: number,
): Promise<{ rows: DelegateUser[]; total: number }> {
  const like = `%${query
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await sql<DelegateUser & { total: string }>`
    select u.id, btrim(u.first_name || ' ' || u.last_name) as name, u.email, d.id as delegation_id,
      count(*) over () as total
    from users u
    left join delegations d on d.company_id = u.company_id and d.delegator_id = ${userId} and d.delegate_id = u.id
    where u.company_id = ${companyId} and u.id <> ${userId} and not u.is_visitor and not u.stands_for_removed
      and (lower(u.email) like ${like} or lower(u.first_name || ' ' || u.last_name) like ${like})
    order by u.last_name, u.first_name, u.id
    limit ${perPage} offset ${(page - 1) * perPage}`.execute(db);
  const total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && page > 1) {
    // Past the last page: the total still tells the client where the pages end.
    const { rows: counted } = await sql<{ total: string }>`
      select count(*) as total from users u
      where u.company_id = ${companyId} and u.id <> ${userId} and not u.is_visitor and not u.stands_for_removed
        and (lower(u.email) like ${like} or lower(u.first_name || ' ' || u.last_name) like ${like})`.execute(
      db,
    );
    return { rows: [], total: Number(counted[0]?.total ?? 0) };
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

/** Writes the delegation's permissions: exactly `names` afterwards. */
export async function replacePermissions(
  db: Db,
  companyId: number,
  delegationId: number,
  names: readonly string[],
) {
  await sql`delete from delegation_permissions where company_id = ${companyId} and delegation_id = ${delegationId}`.execute(
    db,
  );
  await sql`
    insert into delegation_permissions (company_id, delegation_id, permission_id)
    select ${companyId}, ${delegationId}, p.id from permissions p where p.name = any(${[...names]}::text[])`.execute(
    db,
  );
}

/** The people who delegated `permission` to the user (whether they still hold it is checked apart). */
export async function delegatorsOf(
  db: Db,
  companyId: number,
  userId: number,
  permission: string,
): Promise<number[]> {
  const { rows } = await sql<{ delegator_id: number }>`
    select d.delegator_id from delegations d
    join delegation_permissions dp on dp.company_id = d.company_id and dp.delegation_id = d.id
    join permissions p on p.id = dp.permission_id
    where d.company_id = ${companyId} and d.delegate_id = ${userId} and p.name = ${permission}`.execute(db);
  return rows.map((row) => row.delegator_id);
}
