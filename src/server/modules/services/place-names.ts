import { sql, type RawBuilder } from 'kysely';

/**
 * A resource's name and its level path ("HQ / Floor 2"), in the reader's language, else the
 * company's, else any: for queries over `r` (resources) that also join the reader as `me` (users)
 * and the company as `co` (companies).
 */
export const resourceNameOf = (r = 'r'): RawBuilder<string> =>
  sql<string>`coalesce((select t.name from resource_translations t where t.company_id = ${sql.ref(`${r}.company_id`)}
    and t.resource_id = ${sql.ref(`${r}.id`)} order by t.language_id = me.language_id desc,
    t.language_id = co.language_id desc, t.language_id limit 1), 'Resource ' || ${sql.ref(`${r}.id`)})`;

export const levelPathOf = (r = 'r'): RawBuilder<string | null> =>
  sql<string | null>`(with recursive up(id, parent_id, depth) as (
      select l.id, l.parent_id, 0 from levels l
      where l.company_id = ${sql.ref(`${r}.company_id`)} and l.id = ${sql.ref(`${r}.level_id`)}
      union all
      select l.id, l.parent_id, up.depth + 1 from levels l join up on l.id = up.parent_id
      where l.company_id = ${sql.ref(`${r}.company_id`)})
    select string_agg(coalesce((select t.name from level_translations t
      where t.company_id = ${sql.ref(`${r}.company_id`)} and t.level_id = up.id
      order by t.language_id = me.language_id desc, t.language_id = co.language_id desc, t.language_id
      limit 1), 'Level ' || up.id), ' / ' order by up.depth desc) from up)`;

/** The joins `resourceNameOf` and `levelPathOf` read: the reader and the company. */
export const readerJoins = (companyId: number, userId: number) =>
  sql`join users me on me.company_id = ${companyId} and me.id = ${userId}
    join companies co on co.id = ${companyId}`;
