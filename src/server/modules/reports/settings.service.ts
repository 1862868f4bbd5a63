import { sql } from 'kysely';
import type { FinderLevel, ReportSettings, ReportSettingsBody } from '../../../shared/contract/reports';
import type { ServiceContext } from '../../context';
import { notFound } from '../../http/errors';
import { nameIn } from './scope.queries';

/** spec §3 report settings: the colours a company starts with (Fluent's brand, green, purple, orange). */
export const DEFAULT_REPORT_SETTINGS: ReportSettings = {
  min_average_max_report_color: '#0f6cbd',
  historical_occupancy_report_color: '#107c10',
  prediction_daily_report_color: '#8764b8',
  prediction_weekday_report_color: '#ca5010',
  demo: false,
};

const COLUMNS = [
  'min_average_max_report_color',
  'historical_occupancy_report_color',
  'prediction_daily_report_color',
  'prediction_weekday_report_color',
  'demo',
] as const;

export async function reportSettings(ctx: ServiceContext): Promise<ReportSettings> {
  const row = await ctx.db
    .selectFrom('report_settings')
    .select(COLUMNS)
    .where('company_id', '=', ctx.companyId)
    .executeTakeFirst();
  return row ?? DEFAULT_REPORT_SETTINGS;
}

/** POST reports/settings: what the body names changes, the rest stays. */
export async function saveReportSettings(
  ctx: ServiceContext,
  body: ReportSettingsBody,
): Promise<ReportSettings> {
  const change = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  const current = await reportSettings(ctx);
  const next = { ...current, ...change };
  await ctx.db
    .insertInto('report_settings')
    .values({ company_id: ctx.companyId, ...next })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet(next))
    .execute();
  return next;
}

/**
 * GET reports/levels/finder and levels/{id}/finder: the top levels, or a level's children, for the
 * location filter, each with whether it has children and how many resources its subtree holds.
 */
export async function levelFinder(
  ctx: ServiceContext,
  parentId: number | null,
): Promise<{ data: FinderLevel[] }> {
  if (parentId !== null) {
    const parent = await ctx.db
      .selectFrom('levels')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', parentId)
      .executeTakeFirst();
    if (!parent) throw notFound('The level was not found.');
  }
  const { rows } = await sql<FinderLevel>`
    with recursive below as (
      select l.id as root, l.id, 1 as depth from levels l
      where l.company_id = ${ctx.companyId} and l.parent_id is not distinct from ${parentId}::int
      union
      select b.root, c.id, b.depth + 1 from levels c join below b on c.parent_id = b.id
      where c.company_id = ${ctx.companyId} and b.depth < 64
    )
    select l.id, ${nameIn('level_translations', 'level_id', ctx.companyId, ctx.userId, sql`l.id`)} as name,
      ${nameIn('level_translations', 'level_id', ctx.companyId, ctx.userId, sql`l.id`)} as path,
      exists (select 1 from levels c where c.company_id = l.company_id and c.parent_id = l.id) as has_children,
      (select count(*)::int from resources r where r.company_id = l.company_id
        and r.level_id in (select b.id from below b where b.root = l.id)) as resources_count,
      l.map_id
    from levels l
    where l.company_id = ${ctx.companyId} and l.parent_id is not distinct from ${parentId}::int
    order by l.position, l.id`.execute(ctx.db);
  return { data: rows };
}
