import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ServiceItem } from '../../../shared/contract/services';
import { servicePaths } from '../../../shared/contract/services';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The translation a user reads: theirs, English, the company's, else the first. */
const shown = (
  companyId: number,
  userId: number,
  column: 'name' | 'description',
  itemId: RawBuilder<unknown>,
) =>
  sql<string>`(select t.${sql.ref(column)} from service_item_translations t
      where t.company_id = ${companyId} and t.service_item_id = ${itemId}
      order by t.language_id = (select language_id from users where company_id = ${companyId} and id = ${userId}) desc,
        t.language_id = (select id from languages where code = 'en') desc,
        t.language_id = (select language_id from companies where id = ${companyId}) desc, t.language_id
      limit 1)`;

export const itemName = (companyId: number, userId: number, itemId: RawBuilder<unknown>) =>
  shown(companyId, userId, 'name', itemId);

/**
 * Whether item `i` is offered at resource `r` (SQL over the aliases i and r): the resource offers
 * the item's type (resource services), and the item is delivered there: to that resource, to its
 * level or an ancestor of it, or, listing neither resources nor levels, wherever its type is offered.
 */
export const OFFERED_AT = sql<boolean>`(
  exists (select 1 from resource_service_types rst
    where rst.company_id = i.company_id and rst.resource_id = r.id and rst.service_type_id = i.service_type_id)
  and (
    (not exists (select 1 from service_item_resources x where x.company_id = i.company_id and x.service_item_id = i.id)
      and not exists (select 1 from service_item_levels y where y.company_id = i.company_id and y.service_item_id = i.id))
    or exists (select 1 from service_item_resources x
      where x.company_id = i.company_id and x.service_item_id = i.id and x.resource_id = r.id)
    or exists (with recursive up(id, parent_id) as (
        select l.id, l.parent_id from levels l where l.company_id = r.company_id and l.id = r.level_id
        union all
        select l.id, l.parent_id from levels l join up on l.id = up.parent_id where l.company_id = r.company_id)
      select 1 from service_item_levels y join up on y.level_id = up.id
      where y.company_id = i.company_id and y.service_item_id = i.id)
  ))`;

interface ItemRow {
  id: number;
  name: string | null;
  description: string | null;
  translations: Array<{ language_id: number; locale: string; name: string; description: string }> | null;
  service_type: { id: number; key: string; name: string };
  price_cents: number;
  currency: string;
  lead_time_minutes: number;
  is_active: boolean;
  resource_ids: number[] | null;
  level_ids: number[] | null;
  has_image: boolean;
  total: string;
}

export interface ItemFilter {
  id?: number;
  ids?: readonly number[];
  query?: string;
  /** only active items offered at this resource */
  offeredAt?: number;
  includeInactive: boolean;
  page?: number;
  perPage?: number;
}

export async function selectItems(
  db: Db,
  companyId: number,
  userId: number,
  filter: ItemFilter,
): Promise<{ items: ServiceItem[]; total: number }> {
  const where = [sql`i.company_id = ${companyId}`];
  if (filter.id !== undefined) where.push(sql`i.id = ${filter.id}`);
  if (filter.ids) where.push(sql`i.id = any(${[...filter.ids]}::int[])`);
  if (!filter.includeInactive) where.push(sql`i.is_active`);
  if (filter.query)
    where.push(sql`exists (select 1 from service_item_translations q
      where q.company_id = i.company_id and q.service_item_id = i.id
        and strpos(lower(q.name), lower(${filter.query})) > 0)`);
  if (filter.offeredAt !== undefined)
    where.push(sql`exists (select 1 from resources r
      where r.company_id = i.company_id and r.id = ${filter.offeredAt} and ${OFFERED_AT})`);
  const page = filter.page ?? 1;
  const perPage = filter.perPage ?? 200;
  const { rows } = await sql<ItemRow>`
    select i.id, ${shown(companyId, userId, 'name', sql`i.id`)} as name,
      ${shown(companyId, userId, 'description', sql`i.id`)} as description,
      (select json_agg(json_build_object('language_id', t.language_id, 'locale', lg.locale, 'name', t.name,
          'description', t.description) order by t.language_id)
        from service_item_translations t join languages lg on lg.id = t.language_id
        where t.company_id = i.company_id and t.service_item_id = i.id) as translations,
      json_build_object('id', st.id, 'key', st.key, 'name', st.name) as service_type,
      i.price_cents, cu.code as currency, i.lead_time_minutes, i.is_active,
      (select array_agg(x.resource_id order by x.resource_id) from service_item_resources x
        where x.company_id = i.company_id and x.service_item_id = i.id) as resource_ids,
      (select array_agg(y.level_id order by y.level_id) from service_item_levels y
        where y.company_id = i.company_id and y.service_item_id = i.id) as level_ids,
      exists (select 1 from service_item_images im
        where im.company_id = i.company_id and im.service_item_id = i.id) as has_image,
      count(*) over () as total
    from service_items i
    join service_types st on st.company_id = i.company_id and st.id = i.service_type_id
    join companies c on c.id = i.company_id
    join currencies cu on cu.id = c.currency_id
    where ${sql.join(where, sql` and `)}
    order by name, i.id
    limit ${perPage} offset ${(page - 1) * perPage}`.execute(db);
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map((row) => ({
      id: row.id,
      name: row.name ?? '',
      description: row.description ?? '',
      translations: row.translations ?? [],
      service_type: row.service_type,
      price_cents: row.price_cents,
      currency: row.currency,
      lead_time_minutes: row.lead_time_minutes,
      is_active: row.is_active,
      resource_ids: row.resource_ids ?? [],
      level_ids: row.level_ids ?? [],
      image_url: row.has_image ? servicePaths.itemImageOf(row.id) : null,
    })),
  };
}

/** The ids of `ids` that name rows of the company's `table` (resources, levels, service_types). */
export async function ownIds(
  db: Db,
  companyId: number,
  table: 'resources' | 'levels' | 'service_types',
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function replaceItemPlaces(
  db: Db,
  companyId: number,
  itemId: number,
  resourceIds: readonly number[],
  levelIds: readonly number[],
): Promise<void> {
  await db
    .deleteFrom('service_item_resources')
    .where('company_id', '=', companyId)
    .where('service_item_id', '=', itemId)
    .execute();
  await db
    .deleteFrom('service_item_levels')
    .where('company_id', '=', companyId)
    .where('service_item_id', '=', itemId)
    .execute();
  if (resourceIds.length > 0)
    await db
      .insertInto('service_item_resources')
      .values(resourceIds.map((id) => ({ company_id: companyId, service_item_id: itemId, resource_id: id })))
      .execute();
  if (levelIds.length > 0)
    await db
      .insertInto('service_item_levels')
      .values(levelIds.map((id) => ({ company_id: companyId, service_item_id: itemId, level_id: id })))
      .execute();
}
