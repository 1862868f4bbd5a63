import { sql, type Kysely } from 'kysely';
import { can, type AccessType } from '../../../shared/permissions';
import {
  MEMBER_KINDS,
  type Container,
  type ContainerBody,
  type ContainerList,
  type MemberKind,
  type MemberList,
} from '../../../shared/contract/access';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { notFound, unprocessable } from '../../http/errors';
import {
  assertAdministratorRemains,
  assertHolds,
  CONTAINER_PERMISSION,
  grantsOfRoles,
  requireAction,
} from './access.rules';
import { memberNames } from './member-names';

/*
 * spec §2 /containers-user, -users-manager, -level, -resource, -reception-desk; §4 membership saved by
 * diff: the client posts the ids it added and deletes the ids it removed.
 */

export const MESSAGES = {
  taken: 'The name has already been taken.',
  notHere: (key: string) => `${key} is not valid.`,
  kindOfType: 'This container holds no such members.',
  roleKind: 'A container holds only roles of its own kind.',
} as const;

/** Which member kinds each access type holds (users: the people it is about, in every type). */
const HOLDS: Record<MemberKind, readonly AccessType[] | 'all'> = {
  users: 'all',
  roles: 'all',
  usermanagers: ['USER_MANAGER'],
  levels: ['LEVEL'],
  resources: ['RESOURCE'],
  receptiondesks: ['RECEPTION_DESK'],
};

type Row = { id: number; name: string; access_type: AccessType };

async function containerOf(ctx: ServiceContext, id: number, action: 'read' | 'update' | 'delete') {
  const row = await ctx.db
    .selectFrom('user_containers')
    .select(['id', 'name', 'access_type'])
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  requireAction(ctx, CONTAINER_PERMISSION[row.access_type], action);
  return row as Row;
}

async function describe(db: Kysely<Database>, companyId: number, rows: readonly Row[]): Promise<Container[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [counts, roles] = await Promise.all([
    db
      .selectFrom('user_container_members')
      .select(['container_id', sql<number>`count(*)::int`.as('count')])
      .where('company_id', '=', companyId)
      .where('container_id', 'in', ids)
      .groupBy('container_id')
      .execute(),
    db
      .selectFrom('user_container_roles as cr')
      .innerJoin('roles as r', (join) =>
        join.onRef('r.company_id', '=', 'cr.company_id').onRef('r.id', '=', 'cr.role_id'),
      )
      .select(['cr.container_id', 'r.id', 'r.name'])
      .where('cr.company_id', '=', companyId)
      .where('cr.container_id', 'in', ids)
      .orderBy('r.name')
      .execute(),
  ]);
  return rows.map((row) => ({
    ...row,
    users_count: counts.find((count) => count.container_id === row.id)?.count ?? 0,
    roles: roles.filter((role) => role.container_id === row.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** The containers of the types the caller may read (of one type with `accessType`). */
export async function listContainers(ctx: ServiceContext, accessType?: AccessType): Promise<ContainerList> {
  const readable = (Object.keys(CONTAINER_PERMISSION) as AccessType[]).filter(
    (type) =>
      (!accessType || type === accessType) &&
      can(ctx.permissions ?? [], [CONTAINER_PERMISSION[type], 'read']),
  );
  if (readable.length === 0) return { data: [] };
  const rows = await ctx.db
    .selectFrom('user_containers')
    .select(['id', 'name', 'access_type'])
    .where('company_id', '=', ctx.companyId)
    .where('access_type', 'in', readable)
    .orderBy('name')
    .execute();
  return { data: await describe(ctx.db, ctx.companyId, rows as Row[]) };
}

export async function getContainer(ctx: ServiceContext, id: number): Promise<Container> {
  const row = await containerOf(ctx, id, 'read');
  return (await describe(ctx.db, ctx.companyId, [row]))[0]!;
}

async function assertNameFree(ctx: ServiceContext, name: string, except?: number) {
  let query = ctx.db
    .selectFrom('user_containers')
    .select('id')
    .where('company_id', '=', ctx.companyId)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (except !== undefined) query = query.where('id', '<>', except);
  if (await query.executeTakeFirst()) throw unprocessable({ name: [MESSAGES.taken] });
}

export async function createContainer(ctx: ServiceContext, body: ContainerBody): Promise<Container> {
  requireAction(ctx, CONTAINER_PERMISSION[body.access_type], 'create');
  const name = body.name.trim();
  await assertNameFree(ctx, name);
  const row = await ctx.db
    .insertInto('user_containers')
    .values({ company_id: ctx.companyId, name, access_type: body.access_type })
    .returning(['id', 'name', 'access_type'])
    .executeTakeFirstOrThrow();
  return (await describe(ctx.db, ctx.companyId, [row as Row]))[0]!;
}

export async function renameContainer(ctx: ServiceContext, id: number, name: string): Promise<Container> {
  await containerOf(ctx, id, 'update');
  await assertNameFree(ctx, name.trim(), id);
  await ctx.db
    .updateTable('user_containers')
    .set({ name: name.trim() })
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .execute();
  return getContainer(ctx, id);
}

export async function deleteContainer(ctx: ServiceContext, id: number): Promise<void> {
  const row = await containerOf(ctx, id, 'delete');
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('user_containers')
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .execute();
    if (row.access_type === 'USER') await assertAdministratorRemains(tx, ctx.companyId);
  });
}

export async function listMembers(ctx: ServiceContext, id: number, kind: MemberKind): Promise<MemberList> {
  const row = await containerOf(ctx, id, 'read');
  assertHolds_(row, kind);
  return { data: await memberNames(ctx, id, kind) };
}

function assertHolds_(row: Row, kind: MemberKind) {
  const holds = HOLDS[kind];
  if (holds !== 'all' && !holds.includes(row.access_type)) throw notFound(MESSAGES.kindOfType);
}

/** The ids of `kind` among `ids` that belong to the company (roles: of the container's kind). */
async function known(tx: Kysely<Database>, ctx: ServiceContext, row: Row, kind: MemberKind, ids: number[]) {
  const { companyId } = ctx;
  const where = <T extends { id: number }>(rows: T[]) => new Set(rows.map((r) => r.id));
  const ofCompany = async (table: 'users' | 'levels' | 'resources' | 'reception_desks') =>
    where(
      await tx
        .selectFrom(table)
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute(),
    );
  switch (kind) {
    case 'users':
    case 'usermanagers':
      return ofCompany('users');
    case 'levels':
      return ofCompany('levels');
    case 'resources':
      return ofCompany('resources');
    case 'roles':
      return where(
        await tx
          .selectFrom('roles')
          .select('id')
          .where('company_id', '=', companyId)
          .where('kind', '=', row.access_type)
          .where('id', 'in', ids)
          .execute(),
      );
    case 'receptiondesks':
      return ofCompany('reception_desks');
  }
}

const TABLE = {
  users: ['user_container_members', 'user_id'],
  usermanagers: ['container_user_managers', 'user_id'],
  levels: ['container_levels', 'level_id'],
  resources: ['container_resources', 'resource_id'],
  roles: ['user_container_roles', 'role_id'],
  receptiondesks: ['container_reception_desks', 'reception_desk_id'],
} as const;

function idsOf(kind: MemberKind, body: Record<string, number[]>): number[] {
  const key = MEMBER_KINDS[kind];
  const ids = body[key];
  if (!ids) throw unprocessable({ [key]: ['This field is required.'] });
  return [...new Set(ids)];
}

/** POST containers/{id}/{kind}: adds the members (those already there stay). */
export async function addMembers(
  ctx: ServiceContext,
  id: number,
  kind: MemberKind,
  body: Record<string, number[]>,
): Promise<MemberList> {
  const row = await containerOf(ctx, id, 'update');
  assertHolds_(row, kind);
  const ids = idsOf(kind, body);
  await ctx.db.transaction().execute(async (tx) => {
    if (ids.length === 0) return;
    const found = await known(tx, ctx, row, kind, ids);
    const unknown = ids.filter((value) => !found.has(value));
    if (unknown.length > 0) {
      const key = MEMBER_KINDS[kind];
      throw unprocessable({ [key]: [kind === 'roles' ? MESSAGES.roleKind : MESSAGES.notHere(key)] });
    }
    // A user container's people hold its roles: whoever adds people or roles hands those roles out.
    if (row.access_type === 'USER' && (kind === 'users' || kind === 'roles')) {
      const roleIds =
        kind === 'roles'
          ? ids
          : (
              await tx
                .selectFrom('user_container_roles')
                .select('role_id')
                .where('company_id', '=', ctx.companyId)
                .where('container_id', '=', id)
                .execute()
            ).map((r) => r.role_id);
      assertHolds(ctx, await grantsOfRoles(tx, ctx.companyId, roleIds));
    }
    const [table, column] = TABLE[kind];
    await tx
      .insertInto(table)
      .values(ids.map((value) => ({ company_id: ctx.companyId, container_id: id, [column]: value })) as never)
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
  return { data: await memberNames(ctx, id, kind) };
}

/** DELETE containers/{id}/{kind}: removes the members (unknown ids are no members: nothing to do). */
export async function removeMembers(
  ctx: ServiceContext,
  id: number,
  kind: MemberKind,
  body: Record<string, number[]>,
): Promise<MemberList> {
  const row = await containerOf(ctx, id, 'update');
  assertHolds_(row, kind);
  const ids = idsOf(kind, body);
  const [table, column] = TABLE[kind];
  await ctx.db.transaction().execute(async (tx) => {
    if (ids.length === 0) return;
    await sql`delete from ${sql.table(table)} where company_id = ${ctx.companyId} and container_id = ${id}
      and ${sql.ref(column)} = any(${ids}::int[])`.execute(tx);
    if (row.access_type === 'USER') await assertAdministratorRemains(tx, ctx.companyId);
  });
  return { data: await memberNames(ctx, id, kind) };
}
