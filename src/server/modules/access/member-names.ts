import { sql } from 'kysely';
import type { MemberKind } from '../../../shared/contract/access';
import type { ServiceContext } from '../../context';
import { deskName } from '../reception-desks';

type Named = { id: number; name: string };

/** The name of a level or resource in the caller's language, else the company's, else any. */
const translated = (
  table: 'level_translations' | 'resource_translations',
  column: 'level_id' | 'resource_id',
  ctx: ServiceContext,
) => sql<string>`
  coalesce((select t.name from ${sql.table(table)} t
    where t.company_id = ${ctx.companyId} and t.${sql.ref(column)} = x.id
    order by t.language_id = (select language_id from users where company_id = ${ctx.companyId} and id = ${ctx.userId}) desc,
      t.language_id = (select language_id from companies where id = ${ctx.companyId}) desc, t.language_id
    limit 1), '#' || x.id)`;

/** A container's members of one kind with their names, by name. */
export async function memberNames(
  ctx: ServiceContext,
  containerId: number,
  kind: MemberKind,
): Promise<Named[]> {
  const { companyId } = ctx;
  let query;
  switch (kind) {
    case 'users':
    case 'usermanagers':
      query = sql<Named>`select x.id, coalesce(nullif(btrim(x.first_name || ' ' || x.last_name), ''), x.email) as name
        from users x join ${sql.table(kind === 'users' ? 'user_container_members' : 'container_user_managers')} m
          on m.company_id = x.company_id and m.user_id = x.id
        where m.company_id = ${companyId} and m.container_id = ${containerId}`;
      break;
    case 'levels':
      query = sql<Named>`select x.id, ${translated('level_translations', 'level_id', ctx)} as name
        from levels x join container_levels m on m.company_id = x.company_id and m.level_id = x.id
        where m.company_id = ${companyId} and m.container_id = ${containerId}`;
      break;
    case 'resources':
      query = sql<Named>`select x.id, ${translated('resource_translations', 'resource_id', ctx)} as name
        from resources x join container_resources m on m.company_id = x.company_id and m.resource_id = x.id
        where m.company_id = ${companyId} and m.container_id = ${containerId}`;
      break;
    case 'roles':
      query = sql<Named>`select x.id, x.name from roles x
        join user_container_roles m on m.company_id = x.company_id and m.role_id = x.id
        where m.company_id = ${companyId} and m.container_id = ${containerId}`;
      break;
    case 'receptiondesks':
      query = sql<Named>`select x.id, ${deskName(companyId, null, 'x')} as name
        from reception_desks x join container_reception_desks m on m.company_id = x.company_id and m.reception_desk_id = x.id
        where m.company_id = ${companyId} and m.container_id = ${containerId}`;
      break;
  }
  const { rows } = await sql<Named>`select * from (${query}) named order by name, id`.execute(ctx.db);
  return rows;
}
