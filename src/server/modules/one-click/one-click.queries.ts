import { sql } from 'kysely';
import type { ServiceContext } from '../../context';
import { intArray, nameInUserLanguage } from '../declarations';

export interface LevelFacts {
  id: number;
  name: string;
  /** top level first: 'Zurich HQ / Building A / Floor 1' */
  path: string;
  is_declarable: boolean;
  /** the level whose floor map shows this one: itself when it has a map, else the nearest ancestor with one */
  map_level_id: number | null;
  map_id: number | null;
}

/** Name, path, declarability and floor map of each level, in the caller's language. */
export async function levelFacts(ctx: ServiceContext, levelIds: readonly number[]) {
  const facts = new Map<number, LevelFacts>();
  if (levelIds.length === 0) return facts;
  const { rows } = await sql<{
    start_id: number;
    id: number;
    depth: number;
    map_id: number | null;
    is_declarable: boolean;
    name: string | null;
  }>`
    with recursive up as (
      select id as start_id, id, parent_id, map_id, is_declarable, 0 as depth from levels
      where company_id = ${ctx.companyId} and id = any(${intArray([...new Set(levelIds)])})
      union all
      select u.start_id, p.id, p.parent_id, p.map_id, p.is_declarable, u.depth + 1
      from levels p join up u on p.id = u.parent_id
      where p.company_id = ${ctx.companyId} and u.depth < 50
    )
    select up.start_id, up.id, up.depth, up.map_id, up.is_declarable,
      ${nameInUserLanguage(ctx.companyId, ctx.userId, 'level', sql`up.id`)} as name
    from up order by up.start_id, up.depth desc`.execute(ctx.db);
  const chains = new Map<number, typeof rows>();
  for (const row of rows) chains.set(row.start_id, [...(chains.get(row.start_id) ?? []), row]);
  for (const [id, chain] of chains) {
    const self = chain.at(-1)!;
    const mapped = [...chain].reverse().find((level) => level.map_id !== null);
    facts.set(id, {
      id,
      name: self.name ?? '',
      path: chain.map((level) => level.name ?? '').join(' / '),
      is_declarable: self.is_declarable,
      map_level_id: mapped?.id ?? null,
      map_id: mapped?.map_id ?? null,
    });
  }
  return facts;
}

export const widgetsOf = (ctx: ServiceContext, kinds: readonly number[]) =>
  ctx.db
    .selectFrom('one_click_widgets')
    .selectAll()
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .where('kind', 'in', [...kinds])
    .orderBy('position')
    .orderBy('id')
    .execute();

export type WidgetRow = Awaited<ReturnType<typeof widgetsOf>>[number];

export const widgetOf = (ctx: ServiceContext, id: number, kind: number) =>
  ctx.db
    .selectFrom('one_click_widgets')
    .selectAll()
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .where('id', '=', id)
    .where('kind', '=', kind)
    .executeTakeFirst();

/** The position after the last widget of the caller's page: a new widget shows last. */
export async function nextPosition(ctx: ServiceContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('one_click_widgets')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .executeTakeFirst();
  return (row?.last ?? -1) + 1;
}

/** The people of the company find-person and contacts may name: not visitors, not placeholders. */
export const colleagues = (ctx: ServiceContext) =>
  ctx.db
    .selectFrom('users')
    .where('users.company_id', '=', ctx.companyId)
    .where('users.is_visitor', '=', false)
    .where('users.stands_for_removed', '=', false)
    .where('users.is_platform_admin', '=', false);

export const fullName = sql<string>`btrim(users.first_name || ' ' || users.last_name)`;
