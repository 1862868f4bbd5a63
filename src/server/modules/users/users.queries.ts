import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Action } from '../../../shared/permissions';
import type { AssignedResource, ManagedUser, UserContainerRef } from '../../../shared/contract/users';
import { foldForSearch } from '../../../shared/text/search';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { manageableUsers } from './manageable';

type Db = Kysely<Database>;

export interface UserFilter {
  query?: string;
  containerIds?: readonly number[];
  assignedResources?: boolean;
  sso?: boolean;
  isVisitor?: boolean;
}

const intArray = (values: readonly number[]): RawBuilder<number[]> => sql`${[...values]}::int[]`;
// foldForSearch in SQL: lower case, accents dropped (src/shared/text/search.ts).
const COMBINING_MARKS = '[\u0300-\u036f]';
const folded = (text: RawBuilder<string>) =>
  sql<string>`regexp_replace(normalize(lower(${text}), NFD), ${COMBINING_MARKS}, '', 'g')`;

function filterSql(ctx: ServiceContext, filter: UserFilter): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [manageableUsers(ctx)];
  const query = filter.query?.trim();
  if (query) {
    const pattern = `%${foldForSearch(query).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`${folded(sql`u.first_name || ' ' || u.last_name || ' ' || u.email`)} like ${pattern}`);
  }
  if (filter.containerIds && filter.containerIds.length > 0)
    parts.push(sql`exists (select 1 from user_container_members m
      where m.company_id = u.company_id and m.user_id = u.id and m.container_id = any(${intArray(filter.containerIds)}))`);
  if (filter.assignedResources !== undefined)
    parts.push(sql`${sql.raw(filter.assignedResources ? '' : 'not')} exists (select 1 from resource_assignments a
      where a.company_id = u.company_id and a.user_id = u.id)`);
  if (filter.sso !== undefined) parts.push(sql`u.sso = ${filter.sso}`);
  if (filter.isVisitor !== undefined) parts.push(sql`u.is_visitor = ${filter.isVisitor}`);
  return sql<boolean>`${sql.join(parts, sql` and `)}`;
}

interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  language_id: number;
  country_id: number | null;
  timezone: string;
  is_visitor: boolean;
  sso: boolean;
  camera: boolean;
  has_password: boolean;
}

const USER_COLUMNS = sql`u.id, u.email, u.first_name, u.last_name, u.language_id, u.country_id, u.timezone,
  u.is_visitor, u.sso, u.camera, u.password_hash is not null as has_password`;

export async function countUsers(db: Db, ctx: ServiceContext, filter: UserFilter): Promise<number> {
  const { rows } = await sql<{ total: number }>`select count(*)::int as total from users u
    where ${filterSql(ctx, filter)}`.execute(db);
  return rows[0]?.total ?? 0;
}

export async function selectUsers(
  db: Db,
  ctx: ServiceContext,
  filter: UserFilter,
  page: { limit: number; offset: number },
): Promise<ManagedUser[]> {
  const { rows } = await sql<UserRow>`select ${USER_COLUMNS} from users u
    where ${filterSql(ctx, filter)}
    order by lower(u.last_name), lower(u.first_name), u.id
    limit ${page.limit} offset ${page.offset}`.execute(db);
  return withMemberships(db, ctx, rows);
}

/** The users of these ids the caller may `action` (others are simply not found). */
export async function selectUsersById(
  db: Db,
  ctx: ServiceContext,
  ids: readonly number[],
  action: Action = 'read',
): Promise<ManagedUser[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<UserRow>`select ${USER_COLUMNS} from users u
    where ${manageableUsers(ctx, action)} and u.id = any(${intArray(ids)}) order by u.id`.execute(db);
  return withMemberships(db, ctx, rows);
}

async function withMemberships(db: Db, ctx: ServiceContext, rows: UserRow[]): Promise<ManagedUser[]> {
  const ids = rows.map((row) => row.id);
  const [containers, assignments] = await Promise.all([
    containersOf(db, ctx, ids),
    assignmentsOf(db, ctx, ids),
  ]);
  return rows.map(({ has_password: hasPassword, ...row }) => ({
    ...row,
    name: `${row.first_name} ${row.last_name}`.trim(),
    invitation_pending: !hasPassword && !row.sso,
    user_containers: containers.get(row.id) ?? [],
    assigned_resources: assignments.get(row.id) ?? [],
  }));
}

function groupBy<T extends { user_id: number }, V>(rows: T[], map: (row: T) => V): Map<number, V[]> {
  const byUser = new Map<number, V[]>();
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push(map(row));
    byUser.set(row.user_id, list);
  }
  return byUser;
}

async function containersOf(db: Db, ctx: ServiceContext, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, UserContainerRef[]>();
  const { rows } = await sql<{ user_id: number; id: number; name: string }>`
    select m.user_id, c.id, c.name from user_container_members m
    join user_containers c on c.company_id = m.company_id and c.id = m.container_id
    where m.company_id = ${ctx.companyId} and m.user_id = any(${intArray(userIds)})
    order by lower(c.name), c.id`.execute(db);
  return groupBy(rows, ({ id, name }) => ({ id, name }));
}

/** A name in the caller's language, else the company's, else the first there is. */
function nameOf(ctx: ServiceContext, table: 'resource' | 'level', id: RawBuilder<unknown>) {
  return sql<string>`coalesce((select t.name from ${sql.raw(`${table}_translations`)} t
    where t.company_id = ${ctx.companyId} and t.${sql.raw(`${table}_id`)} = ${id}
    order by t.language_id = (select language_id from users where company_id = ${ctx.companyId} and id = ${ctx.userId}) desc,
      t.language_id = (select language_id from companies where id = ${ctx.companyId}) desc, t.language_id
    limit 1), '')`;
}

export async function assignmentsOf(db: Db, ctx: ServiceContext, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, AssignedResource[]>();
  const { rows } = await sql<AssignedResource & { user_id: number }>`
    with recursive chain as (
      select a.id as assignment_id, r.level_id as level_id, 0 as depth
      from resource_assignments a join resources r on r.company_id = a.company_id and r.id = a.resource_id
      where a.company_id = ${ctx.companyId} and a.user_id = any(${intArray(userIds)})
      union all
      select c.assignment_id, l.parent_id, c.depth + 1 from chain c
      join levels l on l.company_id = ${ctx.companyId} and l.id = c.level_id
      where l.parent_id is not null
    )
    select a.id, a.user_id, a.resource_id, r.level_id,
      ${nameOf(ctx, 'resource', sql`a.resource_id`)} as resource_name,
      (select string_agg(${nameOf(ctx, 'level', sql`c.level_id`)}, ' / ' order by c.depth desc)
        from chain c where c.assignment_id = a.id) as level_path
    from resource_assignments a join resources r on r.company_id = a.company_id and r.id = a.resource_id
    where a.company_id = ${ctx.companyId} and a.user_id = any(${intArray(userIds)})
    order by a.id`.execute(db);
  return groupBy(rows, ({ user_id: _user, ...assignment }) => assignment);
}

/** Whether another user of the company already has this address (it signs them in). */
export async function emailTaken(
  db: Db,
  companyId: number,
  email: string,
  exceptUserId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('email', '=', email);
  if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The company's user containers (access type USER) among these ids (a foreign id is simply absent). */
export async function existingContainerIds(
  db: Db,
  companyId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_containers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('access_type', '=', 'USER')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Replaces the user's memberships by diff (spec §4): removed ones deleted, added ones inserted. */
export async function setMemberships(
  db: Db,
  companyId: number,
  userId: number,
  containerIds: readonly number[],
) {
  const current = await db
    .selectFrom('user_container_members')
    .select('container_id')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
  const had = new Set(current.map((row) => row.container_id));
  const wanted = new Set(containerIds);
  const removed = [...had].filter((id) => !wanted.has(id));
  const added = [...wanted].filter((id) => !had.has(id));
  if (removed.length > 0)
    await db
      .deleteFrom('user_container_members')
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('container_id', 'in', removed)
      .execute();
  if (added.length > 0)
    await db
      .insertInto('user_container_members')
      .values(added.map((container_id) => ({ company_id: companyId, container_id, user_id: userId })))
      .execute();
}
