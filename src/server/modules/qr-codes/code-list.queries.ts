import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';

/** Which resources a list or an export covers: a level with its sublevels, a type, or chosen codes. */
export interface CodeFilter {
  levelId?: number;
  typeId?: number;
  codeIds?: readonly number[];
}

const ints = (values: readonly number[]): RawBuilder<number[]> => sql`${[...values]}::int[]`;

function resourceFilter(companyId: number, filter: CodeFilter): RawBuilder<unknown> {
  const parts = [sql`r.company_id = ${companyId}`];
  if (filter.levelId !== undefined)
    parts.push(sql`r.level_id in (with recursive down(id) as (
        select id from levels where company_id = ${companyId} and id = ${filter.levelId}
        union all
        select l.id from levels l join down on l.parent_id = down.id where l.company_id = ${companyId})
      select id from down)`);
  if (filter.typeId !== undefined) parts.push(sql`r.resource_type_id = ${filter.typeId}`);
  if (filter.codeIds !== undefined)
    parts.push(sql`r.id in (select entity_id from qr_codes where company_id = ${companyId}
      and entity_kind = 1 and id = any(${ints(filter.codeIds)}))`);
  return sql.join(parts, sql` and `);
}

/**
 * Gives every resource the filter covers its code (128 random bits, made once): a resource's code
 * is otherwise made when it is first shown, and a sheet of labels must not wait for that.
 */
export async function ensureCodesFor(db: Kysely<Database>, companyId: number, filter: CodeFilter) {
  const { rows } = await sql<{ id: number }>`select r.id from resources r
    where ${resourceFilter(companyId, filter)} and not exists (select 1 from qr_codes q
      where q.company_id = r.company_id and q.entity_kind = 1 and q.entity_id = r.id)`.execute(db);
  if (rows.length === 0) return;
  const ids = rows.map((row) => row.id);
  const codes = ids.map(() => randomBytes(16).toString('base64url'));
  await sql`insert into qr_codes (company_id, code, entity_kind, entity_id)
    select ${companyId}, code, 1, entity_id from unnest(${codes}::text[], ${ints(ids)}) as n(code, entity_id)
    on conflict (company_id, entity_kind, entity_id) do nothing`.execute(db);
}

export interface CodeRow {
  id: number;
  code: string;
  entity_id: number;
  name: string;
  level: string;
  type: string;
  template_id: number | null;
}

const inReaderLanguage = (table: string, key: string, id: RawBuilder<unknown>) =>
  sql`(select t.name from ${sql.table(table)} t where t.company_id = co.id and t.${sql.ref(key)} = ${id}
    order by t.language_id = me.language_id desc, t.language_id = co.language_id desc, t.language_id limit 1)`;

/** The codes with the resource's name, level path and type in the reader's language, by level then name. */
export async function codeRows(
  db: Kysely<Database>,
  companyId: number,
  readerId: number,
  filter: CodeFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: CodeRow[]; total: number }> {
  const { rows } = await sql<CodeRow & { total: string }>`
    with chosen as (
      select q.id, q.code, r.id as entity_id, q.template_id, r.level_id, r.resource_type_id,
        coalesce(${inReaderLanguage('resource_translations', 'resource_id', sql`r.id`)}, 'Resource ' || r.id) as name
      from resources r
      join qr_codes q on q.company_id = r.company_id and q.entity_kind = 1 and q.entity_id = r.id
      join users me on me.company_id = ${companyId} and me.id = ${readerId}
      join companies co on co.id = ${companyId}
      where ${resourceFilter(companyId, filter)})
    select c.id, c.code, c.entity_id, c.template_id, c.name,
      coalesce((with recursive up(id, parent_id, depth) as (
          select l.id, l.parent_id, 0 from levels l where l.company_id = ${companyId} and l.id = c.level_id
          union all
          select l.id, l.parent_id, up.depth + 1 from levels l join up on l.id = up.parent_id
          where l.company_id = ${companyId})
        select string_agg(coalesce(${inReaderLanguage('level_translations', 'level_id', sql`up.id`)},
          'Level ' || up.id), ' / ' order by up.depth desc) from up), '') as level,
      coalesce(${inReaderLanguage('resource_type_translations', 'resource_type_id', sql`c.resource_type_id`)}, '') as type,
      count(*) over () as total
    from chosen c
    join users me on me.company_id = ${companyId} and me.id = ${readerId}
    join companies co on co.id = ${companyId}
    order by level, c.name, c.id
    offset ${page.offset} limit ${page.limit}`.execute(db);
  return {
    rows: rows.map(({ total: _total, ...row }) => row),
    total: Number(rows[0]?.total ?? 0),
  };
}

export async function countCodes(db: Kysely<Database>, companyId: number, filter: CodeFilter) {
  const { rows } = await sql<{ total: string }>`select count(*) as total from resources r
    where ${resourceFilter(companyId, filter)}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

export function setCodeTemplate(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  templateId: number | null,
) {
  return db
    .updateTable('qr_codes')
    .set({ template_id: templateId })
    .where('company_id', '=', companyId)
    .where('entity_kind', '=', 1)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Forgets a resource's code: its printed labels stop opening it, and a new code is made on next use. */
export async function deleteCode(db: Kysely<Database>, companyId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('qr_codes')
    .where('company_id', '=', companyId)
    .where('entity_kind', '=', 1)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
