import { sql } from 'kysely';
import { pageMeta, type Paginated } from '../../../shared/contract/common';
import type { ServiceResource } from '../../../shared/contract/services';
import type { ServiceContext } from '../../context';
import { OFFERED_AT } from './catalogue.queries';
import { providerScope } from './provider-scope';

/**
 * GET services/resources (spec §2 service-resources): the resources that offer services and that
 * the caller serves, with their level path, the types they offer and how many active items can be
 * ordered there; searched by name, level (and its sublevels) and service type.
 */
export async function listServiceResources(
  ctx: ServiceContext,
  query: {
    query?: string | undefined;
    level_id?: number | undefined;
    service_type_id?: number | undefined;
    page: number;
    per_page: number;
  },
): Promise<Paginated<ServiceResource>> {
  const scope = await providerScope(ctx);
  const where = [
    sql`r.company_id = ${ctx.companyId}`,
    sql`exists (select 1 from resource_service_types s where s.company_id = r.company_id and s.resource_id = r.id)`,
  ];
  if (scope.deniedResourceIds.length > 0) where.push(sql`r.id <> all(${scope.deniedResourceIds}::int[])`);
  if (scope.deniedLevelIds.length > 0) where.push(sql`r.level_id <> all(${scope.deniedLevelIds}::int[])`);
  if (query.query)
    where.push(sql`exists (select 1 from resource_translations q where q.company_id = r.company_id
      and q.resource_id = r.id and strpos(lower(q.name), lower(${query.query})) > 0)`);
  if (query.service_type_id !== undefined)
    where.push(sql`exists (select 1 from resource_service_types s where s.company_id = r.company_id
      and s.resource_id = r.id and s.service_type_id = ${query.service_type_id})`);
  if (query.level_id !== undefined)
    where.push(sql`r.level_id in (with recursive down(id) as (
        select id from levels where company_id = ${ctx.companyId} and id = ${query.level_id}
        union all select l.id from levels l join down on l.parent_id = down.id where l.company_id = ${ctx.companyId})
      select id from down)`);
  const userLanguage = sql`(select language_id from users where company_id = ${ctx.companyId} and id = ${ctx.userId})`;
  const { rows } = await sql<ServiceResource & { total: string }>`
    select r.id, coalesce((select t.name from resource_translations t where t.company_id = r.company_id
        and t.resource_id = r.id order by t.language_id = ${userLanguage} desc, t.language_id limit 1),
        'Resource ' || r.id) as name,
      r.level_id,
      (with recursive up(id, parent_id, depth) as (
          select l.id, l.parent_id, 0 from levels l where l.company_id = r.company_id and l.id = r.level_id
          union all
          select l.id, l.parent_id, up.depth + 1 from levels l join up on l.id = up.parent_id
          where l.company_id = r.company_id)
        select string_agg(coalesce((select t.name from level_translations t where t.company_id = r.company_id
          and t.level_id = up.id order by t.language_id = ${userLanguage} desc, t.language_id limit 1),
          'Level ' || up.id), ' / ' order by up.depth desc) from up) as path,
      (select json_agg(json_build_object('id', st.id, 'key', st.key, 'name', st.name) order by st.name)
        from resource_service_types s join service_types st on st.company_id = s.company_id and st.id = s.service_type_id
        where s.company_id = r.company_id and s.resource_id = r.id) as service_types,
      (select count(*)::int from service_items i where i.company_id = r.company_id and i.is_active and ${OFFERED_AT}) as items,
      count(*) over () as total
    from resources r
    where ${sql.join(where, sql` and `)}
    order by name, r.id
    limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`.execute(ctx.db);
  return {
    data: rows.map(({ total: _total, ...row }) => ({ ...row, path: row.path ?? '' })),
    meta: pageMeta(query.page, query.per_page, Number(rows[0]?.total ?? 0)),
  };
}
