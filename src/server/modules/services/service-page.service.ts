import { sql } from 'kysely';
import { pageMeta, type Paginated } from '../../../shared/contract/common';
import type {
  ProblemParsed,
  ProblemsQueryParsed,
  ServicePage,
  ServicePageOrderParsed,
  ServiceProblem,
} from '../../../shared/contract/service-page';
import type { ServiceOrder, ServiceType } from '../../../shared/contract/services';
import { QR_ENTITY_KINDS } from '../../../shared/contract/qr-codes';
import { can } from '../../../shared/permissions';
import { isFinal } from '../../../shared/services/order-rules';
import type { ServiceContext } from '../../context';
import type { Mailer } from '../../integrations/mailer';
import { take } from '../../auth/login-throttle';
import { notFound, tooManyRequests, unprocessable } from '../../http/errors';
import { generalPermissionsOf } from '../../permissions/resolve';
import { bookingTarget } from '../declarations';
import { selectItems } from './catalogue.queries';
import { getOrder } from './orders.service';
import { selectOrders } from './orders.queries';
import { placeOrder } from './place-order';
import { levelPathOf, readerJoins, resourceNameOf } from './place-names';
import { mailProblemToProviders } from './problem-mails';
import { providerScope } from './provider-scope';

/**
 * spec §2 public /service/{code}: a resource's QR code opens a page where anyone signed in orders
 * the resource's services or reports a problem with it. As the visitor kiosk: the page reaches one
 * resource by its code alone (another company's code, or a level's, is a 404), sees only the
 * caller's own bookings and orders of it, and is rate-limited per code and caller.
 */
export const SERVICE_PAGE_NOT_FOUND = 'Not found.';
export const PROBLEM_NOT_FOUND = 'Problem report not found.';
export const PROBLEM_TYPE_NOT_OFFERED = 'This resource does not offer this service.';
/** per code and caller, per minute: a person at a room orders a few times, never dozens */
export const SERVICE_PAGE_LIMIT = { reads: 60, writes: 20 } as const;
/** how far ahead the page offers the caller's bookings to order with */
const BOOKINGS_AHEAD_HOURS = 48;

async function resourceOf(ctx: ServiceContext, code: string, kind: keyof typeof SERVICE_PAGE_LIMIT) {
  const limit = SERVICE_PAGE_LIMIT[kind];
  const key = `service-page:${kind}:${code.slice(0, 64)}:${ctx.userId}`;
  const counted = (await take(ctx.db, [key], 60)).get(key)!;
  if (counted.count > limit)
    throw tooManyRequests('Too many requests. Try again in a minute.', counted.secondsLeft);
  const row = await ctx.db
    .selectFrom('qr_codes')
    .select('entity_id')
    .where('company_id', '=', ctx.companyId)
    .where('code', '=', code)
    .where('entity_kind', '=', QR_ENTITY_KINDS.resource)
    .executeTakeFirst();
  if (!row) throw notFound(SERVICE_PAGE_NOT_FOUND);
  return row.entity_id;
}

async function offeredTypes(ctx: ServiceContext, resourceId: number): Promise<ServiceType[]> {
  return ctx.db
    .selectFrom('resource_service_types as s')
    .innerJoin('service_types as st', (join) =>
      join.onRef('st.company_id', '=', 's.company_id').onRef('st.id', '=', 's.service_type_id'),
    )
    .select(['st.id', 'st.key', 'st.name'])
    .where('s.company_id', '=', ctx.companyId)
    .where('s.resource_id', '=', resourceId)
    .orderBy('st.name')
    .execute();
}

/** GET service/{code}: the resource, what can be ordered there, the caller's bookings and open orders of it. */
export async function servicePage(ctx: ServiceContext, code: string, now = new Date()): Promise<ServicePage> {
  const resourceId = await resourceOf(ctx, code, 'reads');
  const until = new Date(now.getTime() + BOOKINGS_AHEAD_HOURS * 3_600_000);
  const [described, target, items, types, bookings, orders, permissions] = await Promise.all([
    sql<{ name: string; path: string | null }>`
      select ${resourceNameOf()} as name, ${levelPathOf()} as path
      from resources r ${readerJoins(ctx.companyId, ctx.userId)}
      where r.company_id = ${ctx.companyId} and r.id = ${resourceId}`.execute(ctx.db),
    bookingTarget(ctx.db, ctx.companyId, resourceId),
    selectItems(ctx.db, ctx.companyId, ctx.userId, { offeredAt: resourceId, includeInactive: false }),
    offeredTypes(ctx, resourceId),
    ctx.db
      .selectFrom('declarations')
      .select(['id', 'starts_at', 'ends_at', 'subject'])
      .where('company_id', '=', ctx.companyId)
      .where('resource_id', '=', resourceId)
      .where('user_id', '=', ctx.userId)
      .where('status', 'in', ['booked', 'checked_in'])
      .where('ends_at', '>', now)
      .where('starts_at', '<', until)
      .orderBy('starts_at')
      .limit(20)
      .execute(),
    selectOrders(
      ctx.db,
      ctx.companyId,
      ctx.userId,
      { orderedBy: ctx.userId, resourceId },
      { sortBy: 'delivery_at', sortOrder: 'asc', groupBy: 'none' },
      1,
      50,
    ),
    ctx.permissions ?? generalPermissionsOf(ctx.db, ctx.companyId, ctx.userId),
  ]);
  const resource = described.rows[0]!;
  return {
    resource: { id: resourceId, name: resource.name, path: resource.path ?? '' },
    timezone: target?.timezone ?? 'UTC',
    items: items.items,
    service_types: types,
    bookings: bookings.map((booking) => ({
      id: booking.id,
      starts_at: booking.starts_at.toISOString(),
      ends_at: booking.ends_at.toISOString(),
      subject: booking.subject ?? '',
    })),
    orders: orders.orders
      .filter((order) => !isFinal(order.status))
      .map(({ level_id: _level, ...order }) => order),
    may_order_without_booking: can(permissions, ['SERVICES', 'create']),
  };
}

/** POST service/{code}/orders: the ordering rules of every order (place-order.ts), for the code's resource. */
export async function orderAtCode(
  ctx: ServiceContext,
  code: string,
  body: ServicePageOrderParsed,
): Promise<ServiceOrder> {
  const resourceId = await resourceOf(ctx, code, 'writes');
  const id = await ctx.db
    .transaction()
    .execute((tx) => placeOrder(ctx, tx, { ...body, resource_id: resourceId }));
  return getOrder(ctx, id);
}

/** POST service/{code}/problems: kept for the providers who serve the resource. */
export async function reportProblem(
  ctx: ServiceContext,
  code: string,
  body: ProblemParsed,
  notify: { mailer: Mailer; origin: string },
): Promise<ServiceProblem> {
  const resourceId = await resourceOf(ctx, code, 'writes');
  if (body.service_type_id !== null) {
    const types = await offeredTypes(ctx, resourceId);
    if (!types.some((type) => type.id === body.service_type_id))
      throw unprocessable({ service_type_id: [PROBLEM_TYPE_NOT_OFFERED] });
  }
  return ctx.db.transaction().execute(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const { id } = await tx
      .insertInto('service_problem_reports')
      .values({
        company_id: ctx.companyId,
        resource_id: resourceId,
        service_type_id: body.service_type_id,
        description: body.description.trim(),
        reported_by: ctx.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [problem] = await selectProblems(inTx, { id });
    const resource = await tx
      .selectFrom('resources')
      .select(['id', 'level_id'])
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', resourceId)
      .executeTakeFirstOrThrow();
    await mailProblemToProviders(inTx, notify.mailer, withoutTotal(problem!), resource, notify.origin);
    return withoutTotal(problem!);
  });
}

interface ProblemFilter {
  id?: number;
  resolved?: '0' | '1' | 'all';
  resourceId?: number;
  scoped?: boolean;
  page?: number;
  perPage?: number;
}

async function selectProblems(
  ctx: ServiceContext,
  filter: ProblemFilter,
): Promise<Array<ServiceProblem & { total: number }>> {
  const where = [sql`p.company_id = ${ctx.companyId}`];
  if (filter.id !== undefined) where.push(sql`p.id = ${filter.id}`);
  if (filter.resourceId !== undefined) where.push(sql`p.resource_id = ${filter.resourceId}`);
  if (filter.resolved === '0') where.push(sql`p.resolved_at is null`);
  if (filter.resolved === '1') where.push(sql`p.resolved_at is not null`);
  if (filter.scoped) {
    const scope = await providerScope(ctx);
    if (scope.deniedResourceIds.length > 0) where.push(sql`r.id <> all(${scope.deniedResourceIds}::int[])`);
    if (scope.deniedLevelIds.length > 0) where.push(sql`r.level_id <> all(${scope.deniedLevelIds}::int[])`);
  }
  const perPage = filter.perPage ?? 200;
  const { rows } = await sql<{
    id: number;
    resource_id: number;
    resource: string;
    path: string | null;
    service_type: ServiceType | null;
    description: string;
    reporter_id: number | null;
    reporter_name: string | null;
    created_at: Date;
    resolved_at: Date | null;
    total: string;
  }>`
    select p.id, p.resource_id,
      ${resourceNameOf()} as resource, ${levelPathOf()} as path,
      case when st.id is null then null else json_build_object('id', st.id, 'key', st.key, 'name', st.name) end
        as service_type,
      p.description, u.id as reporter_id, nullif(btrim(u.first_name || ' ' || u.last_name), '') as reporter_name,
      p.created_at, p.resolved_at, count(*) over () as total
    from service_problem_reports p
    join resources r on r.company_id = p.company_id and r.id = p.resource_id
    ${readerJoins(ctx.companyId, ctx.userId)}
    left join service_types st on st.company_id = p.company_id and st.id = p.service_type_id
    left join users u on u.company_id = p.company_id and u.id = p.reported_by
    where ${sql.join(where, sql` and `)}
    order by p.created_at desc, p.id desc
    limit ${perPage} offset ${((filter.page ?? 1) - 1) * perPage}`.execute(ctx.db);
  return rows.map((row) => ({
    id: row.id,
    resource_id: row.resource_id,
    resource: row.resource,
    path: row.path ?? '',
    service_type: row.service_type,
    description: row.description,
    reported_by: { id: row.reporter_id, name: row.reporter_name ?? '' },
    created_at: new Date(row.created_at).toISOString(),
    resolved_at: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
    total: Number(row.total),
  }));
}

const withoutTotal = ({ total: _total, ...problem }: ServiceProblem & { total: number }): ServiceProblem =>
  problem;

/** GET services/problems (SERVICES read): the problems of the resources the caller serves. */
export async function listProblems(
  ctx: ServiceContext,
  query: ProblemsQueryParsed,
): Promise<Paginated<ServiceProblem>> {
  const rows = await selectProblems(ctx, {
    resolved: query.resolved,
    ...(query.resource_id !== undefined ? { resourceId: query.resource_id } : {}),
    scoped: true,
    page: query.page,
    perPage: query.per_page,
  });
  return { data: rows.map(withoutTotal), meta: pageMeta(query.page, query.per_page, rows[0]?.total ?? 0) };
}

/** PUT services/problems/{id}/resolve (SERVICES update): marked resolved, by whom and when. */
export async function resolveProblem(ctx: ServiceContext, id: number): Promise<ServiceProblem> {
  const [problem] = await selectProblems(ctx, { id, scoped: true });
  if (!problem) throw notFound(PROBLEM_NOT_FOUND);
  await ctx.db
    .updateTable('service_problem_reports')
    .set({ resolved_at: new Date(), resolved_by: ctx.userId })
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .where('resolved_at', 'is', null)
    .execute();
  const [after] = await selectProblems(ctx, { id });
  return withoutTotal(after!);
}
