import { sql, type Kysely } from 'kysely';
import {
  canBookResource,
  canViewLevel,
  refusalMessage,
  refusingRule,
  type Named,
  type ScopedFacts,
  type ScopedGrant,
} from '../../shared/permissions/scoped-access';
import type { ServiceContext } from '../context';
import { forbidden } from '../http/errors';
import type { Database } from '../db/schema';

/*
 * The facts the level, resource and reception-desk decisions of src/shared/permissions/scoped-access.ts
 * are made from, read in one statement: which containers cover which levels, resources and reception
 * desks, which containers count the user among their people, and what those containers' roles grant.
 * Deciding is left to the shared functions so that a booking, a plan and an explanation give the same
 * answer.
 */

interface Row {
  member_of: number[] | null;
  grants: ScopedGrant[] | null;
  level_cover: Array<{ target: number; container: Named }> | null;
  resource_cover: Array<{ target: number; container: Named }> | null;
  desk_cover: Array<{ target: number; container: Named }> | null;
}

export interface ScopedNarrowing {
  /** read only these levels' cover (a level's cover includes what covers its ancestors) */
  levelIds?: readonly number[];
  /** read only these resources' cover */
  resourceIds?: readonly number[];
  /** read only these reception desks' cover */
  deskIds?: readonly number[];
}

/**
 * The containers a user belongs to for scoped grants: the containers of any type they are a member
 * of, and every container sharing a mega container with a user container they are a member of.
 */
export function containersOfUser(companyId: number, userId: number) {
  return sql<{ container_id: number }>`
    select m.container_id from user_container_members m
      where m.company_id = ${companyId} and m.user_id = ${userId}
    union
    select other.container_id
      from user_container_members m
      join user_containers uc on uc.company_id = m.company_id and uc.id = m.container_id and uc.access_type = 'USER'
      join mega_container_containers mine on mine.company_id = m.company_id and mine.container_id = m.container_id
      join mega_container_containers other
        on other.company_id = mine.company_id and other.mega_container_id = mine.mega_container_id
      where m.company_id = ${companyId} and m.user_id = ${userId}`;
}

export async function scopedFactsOf(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  narrowing: ScopedNarrowing = {},
): Promise<ScopedFacts> {
  const levelFilter = narrowing.levelIds
    ? sql`and covered.level_id = any(${[...narrowing.levelIds]}::int[])`
    : sql``;
  const resourceFilter = narrowing.resourceIds
    ? sql`and cr.resource_id = any(${[...narrowing.resourceIds]}::int[])`
    : sql``;
  const deskFilter = narrowing.deskIds
    ? sql`and cd.reception_desk_id = any(${[...narrowing.deskIds]}::int[])`
    : sql``;
  const { rows } = await sql<Row>`
    with recursive mine as (${containersOfUser(companyId, userId)}),
    covered (container_id, level_id) as (
      select cl.container_id, cl.level_id from container_levels cl where cl.company_id = ${companyId}
      union
      select covered.container_id, l.id from covered
        join levels l on l.company_id = ${companyId} and l.parent_id = covered.level_id
    )
    select
      (select array_agg(container_id) from mine) as member_of,
      (select json_agg(json_build_object(
          'container', json_build_object('id', c.id, 'name', c.name),
          'role', json_build_object('id', r.id, 'name', r.name),
          'permission', p.name, 'type', p.type, 'is_active', rp.is_active,
          'create', rp.can_create, 'read', rp.can_read, 'update', rp.can_update, 'delete', rp.can_delete,
          'value', rp.value))
        from mine
        join user_containers c on c.company_id = ${companyId} and c.id = mine.container_id and c.access_type <> 'USER'
        join user_container_roles ucr on ucr.company_id = c.company_id and ucr.container_id = c.id
        join roles r on r.company_id = ucr.company_id and r.id = ucr.role_id and r.kind = c.access_type
        join role_permissions rp on rp.company_id = r.company_id and rp.role_id = r.id
        join permissions p on p.id = rp.permission_id and p.category = c.access_type) as grants,
      (select json_agg(json_build_object('target', covered.level_id,
          'container', json_build_object('id', c.id, 'name', c.name)))
        from covered join user_containers c on c.company_id = ${companyId} and c.id = covered.container_id
        where c.access_type = 'LEVEL' ${levelFilter}) as level_cover,
      (select json_agg(json_build_object('target', cr.resource_id,
          'container', json_build_object('id', c.id, 'name', c.name)))
        from container_resources cr join user_containers c on c.company_id = cr.company_id and c.id = cr.container_id
        where cr.company_id = ${companyId} and c.access_type = 'RESOURCE' ${resourceFilter}) as resource_cover,
      (select json_agg(json_build_object('target', cd.reception_desk_id,
          'container', json_build_object('id', c.id, 'name', c.name)))
        from container_reception_desks cd join user_containers c on c.company_id = cd.company_id and c.id = cd.container_id
        where cd.company_id = ${companyId} and c.access_type = 'RECEPTION_DESK' ${deskFilter}) as desk_cover
  `.execute(db);
  const row = rows[0]!;
  const grants = new Map<number, ScopedGrant[]>();
  for (const grant of row.grants ?? []) {
    const list = grants.get(grant.container.id) ?? [];
    list.push(grant);
    grants.set(grant.container.id, list);
  }
  return {
    memberOf: new Set(row.member_of ?? []),
    grants,
    levelCover: groupCover(row.level_cover),
    resourceCover: groupCover(row.resource_cover),
    deskCover: groupCover(row.desk_cover),
  };
}

function groupCover(rows: Row['level_cover']): Map<number, Named[]> {
  const cover = new Map<number, Named[]>();
  for (const { target, container } of rows ?? []) {
    const list = cover.get(target) ?? [];
    if (!list.some((known) => known.id === container.id)) list.push(container);
    cover.set(target, list);
  }
  return cover;
}

// Facts kept per database and user at the company's booking stamp (0029, moved by every change to
// members, roles, role permissions and containers' levels and resources), for the callers that
// already hold the stamp (a booking made from memory): a stamp read in the same request is as fresh
// as reading the facts again. Reception desks' cover does not move the stamp: desk decisions read
// their facts afresh (reception-desks.ts).
const kept = new WeakMap<object, Map<string, { stamp: string; facts: ScopedFacts }>>();

export async function scopedFactsAtStamp(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  stamp: string,
  /** read through this one (a transaction) when given; kept under `db` either way */
  reader: Kysely<Database> = db,
): Promise<ScopedFacts> {
  let byUser = kept.get(db);
  if (!byUser) kept.set(db, (byUser = new Map()));
  const key = `${companyId}:${userId}`;
  const hit = byUser.get(key);
  if (hit && hit.stamp === stamp) return hit.facts;
  const facts = await scopedFactsOf(reader, companyId, userId);
  if (byUser.size >= 10_000) byUser.delete(byUser.keys().next().value!);
  byUser.set(key, { stamp, facts });
  return facts;
}

/**
 * The caller's (or `userId`'s) facts for a service: kept at the stamp the call was authenticated
 * with when there is one, read afresh otherwise.
 */
export function scopedFactsFor(ctx: ServiceContext, userId = ctx.userId): Promise<ScopedFacts> {
  return ctx.accessStamp
    ? scopedFactsAtStamp(ctx.db, ctx.companyId, userId, ctx.accessStamp)
    : scopedFactsOf(ctx.db, ctx.companyId, userId);
}

/**
 * Whether `userId` may book the resource by the level and resource containers (the resource's
 * model and resource roles are judged by bookingRefusal): the refusal's message naming the rule, or
 * null. `stamp`: the booking stamp the caller read with the resource, when it has one.
 */
export async function scopedBookingRefusal(
  ctx: ServiceContext,
  userId: number,
  resource: { id: number; level_id: number },
  stamp: string | null = ctx.accessStamp ?? null,
  /** the transaction the caller reads in, if any */
  db: Kysely<Database> = ctx.db,
): Promise<string | null> {
  const facts = stamp
    ? await scopedFactsAtStamp(ctx.db, ctx.companyId, userId, stamp, db)
    : await scopedFactsOf(db, ctx.companyId, userId, {
        levelIds: [resource.level_id],
        resourceIds: [resource.id],
      });
  const rule = refusingRule(canBookResource(facts, resource));
  return rule ? refusalMessage(rule) : null;
}

/**
 * The caller's facts, after refusing (403, with the rule that refuses) a level they may not see:
 * what every screen opened on one level asks first.
 */
export async function factsSeeingLevel(ctx: ServiceContext, levelId: number): Promise<ScopedFacts> {
  const facts = await scopedFactsFor(ctx);
  const refusal = refusingRule(canViewLevel(facts, levelId));
  if (refusal) throw forbidden(refusalMessage(refusal));
  return facts;
}

/** The levels the caller may not see (LEVEL_VIEW), for lists to leave out with their resources. */
export async function hiddenLevelIds(ctx: ServiceContext, userId = ctx.userId): Promise<number[]> {
  return hiddenOf(await scopedFactsFor(ctx, userId));
}

export const hiddenOf = (facts: ScopedFacts): number[] =>
  [...facts.levelCover.keys()].filter((levelId) => !canViewLevel(facts, levelId).allowed);
