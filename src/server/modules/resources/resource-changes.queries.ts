import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { foldForSearch } from '../../../shared/text/search';
import type { Database } from '../../db/schema';
import { FUTURE_BOOKING, intArray } from './resources.queries';

type Db = Kysely<Database>;

/**
 * Serialises the name checks of one level: two concurrent creates (or a create and a rename) on the
 * same level cannot both pass "no other resource here has this name". Held until the transaction ends.
 */
export async function lockLevelResources(db: Db, companyId: number, levelId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`workplace.resources.${companyId}`}), ${levelId})`.execute(
    db,
  );
}

/**
 * The names asked for (as given) that other resources on the level already use in that language,
 * ignoring case. Both sides are folded by the database's lower(): JavaScript folds some letters
 * otherwise (the Greek final sigma), which let duplicates by.
 */
export async function namesTakenOnLevel(
  db: Db,
  companyId: number,
  levelId: number,
  names: readonly { language_id: number; name: string }[],
  exceptId: number | null,
): Promise<Array<{ language_id: number; name: string }>> {
  if (names.length === 0) return [];
  const { rows } = await sql<{ language_id: number; name: string }>`
    select c.language_id, c.name
    from unnest(${names.map((entry) => entry.name)}::text[], ${names.map((entry) => entry.language_id)}::int[])
      as c(name, language_id)
    where exists (
      select 1 from resource_translations t
      join resources r on r.company_id = t.company_id and r.id = t.resource_id
      where t.company_id = ${companyId} and r.level_id = ${levelId} and t.language_id = c.language_id
        and lower(t.name) = lower(c.name)
        ${exceptId !== null ? sql`and r.id <> ${exceptId}` : sql``})`.execute(db);
  return rows;
}

export async function existingCatalogueIds(
  db: Db,
  companyId: number,
  table: 'resource_types' | 'resource_attributes' | 'levels',
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ id: number }>`
    select id from ${sql.table(table)}
    where company_id = ${companyId} and id = any(${intArray(ids)})`.execute(db);
  return new Set(rows.map((row) => row.id));
}

export async function replaceResourceTranslations(
  db: Db,
  companyId: number,
  resourceId: number,
  names: readonly { language_id: number; name: string }[],
): Promise<void> {
  await db
    .deleteFrom('resource_translations')
    .where('company_id', '=', companyId)
    .where('resource_id', '=', resourceId)
    .execute();
  if (names.length === 0) return;
  await db
    .insertInto('resource_translations')
    .values(
      names.map((entry) => ({
        company_id: companyId,
        resource_id: resourceId,
        language_id: entry.language_id,
        name: entry.name,
        search_name: foldForSearch(entry.name),
      })),
    )
    .execute();
}

export async function replaceResourceAttributes(
  db: Db,
  companyId: number,
  resourceId: number,
  attributeIds: readonly number[],
): Promise<void> {
  await db
    .deleteFrom('resource_resource_attributes')
    .where('company_id', '=', companyId)
    .where('resource_id', '=', resourceId)
    .execute();
  const unique = [...new Set(attributeIds)];
  if (unique.length === 0) return;
  await db
    .insertInto('resource_resource_attributes')
    .values(
      unique.map((id) => ({ company_id: companyId, resource_id: resourceId, resource_attribute_id: id })),
    )
    .execute();
}

/** How many bookings that are not over yet each of the resources has (only those with any). */
export async function futureBookingCounts(
  db: Db,
  companyId: number,
  filter: { resourceIds: readonly number[] } | { levelIds: readonly number[] },
) {
  const ids = 'resourceIds' in filter ? filter.resourceIds : filter.levelIds;
  if (ids.length === 0) return [];
  const { rows } = await sql<{ resource_id: number; name: string | null; count: string | number }>`
    select r.id as resource_id, count(*) as count,
      (select t.name from resource_translations t
        where t.company_id = r.company_id and t.resource_id = r.id
        order by t.language_id = c.language_id desc, t.language_id limit 1) as name
    from declarations d
    join resources r on r.company_id = d.company_id and r.id = d.resource_id
    join companies c on c.id = r.company_id
    where d.company_id = ${companyId} and ${FUTURE_BOOKING}
      and ${'resourceIds' in filter ? sql`r.id` : sql`r.level_id`} = any(${intArray(ids)})
    group by r.id, r.company_id, c.language_id
    order by r.id`.execute(db);
  return rows.map((row) => ({
    resource_id: row.resource_id,
    name: row.name ?? '',
    count: Number(row.count),
  }));
}

/**
 * Deletes resources with their QR codes (a resource with future bookings is refused before this
 * runs). Past bookings stay as history: they keep the resource's name in the company's language,
 * and the foreign key clears their link (0008_booking_history). Everything else cascades.
 */
export async function deleteResourceRows(db: Db, companyId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`delete from qr_codes where company_id = ${companyId} and entity_kind = 1
    and entity_id = any(${intArray(ids)})`.execute(db);
  await sql`update declarations d set resource_name = coalesce((
      select t.name from resource_translations t join companies c on c.id = t.company_id
      where t.company_id = d.company_id and t.resource_id = d.resource_id
      order by t.language_id = c.language_id desc, t.language_id limit 1), '')
    where d.company_id = ${companyId} and d.resource_id = any(${intArray(ids)})`.execute(db);
  await sql`delete from resources where company_id = ${companyId}
    and id = any(${intArray(ids)})`.execute(db);
}

/** The QR codes of many resources, made (128 random bits each) for those that have none yet. */
export async function ensureResourceCodes(
  db: Db,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const codes = ids.map(() => randomBytes(16).toString('base64url'));
  await sql`insert into qr_codes (company_id, code, entity_kind, entity_id)
    select ${companyId}, code, 1, entity_id
    from unnest(${codes}::text[], ${intArray(ids)}) as n(code, entity_id)
    on conflict (company_id, entity_kind, entity_id) do nothing`.execute(db);
  const { rows } = await sql<{ entity_id: number; code: string }>`
    select entity_id, code from qr_codes
    where company_id = ${companyId} and entity_kind = 1 and entity_id = any(${intArray(ids)})`.execute(db);
  return new Map(rows.map((row) => [row.entity_id, row.code]));
}
