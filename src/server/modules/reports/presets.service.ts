import { sql, type Kysely } from 'kysely';
import { ReportPreset, type ReportPresetList, type ReportSection } from '../../../shared/contract/reports';
import type { z } from 'zod';
import type {
  CreateReportPresetBody,
  ReportPresetOrderBody,
  UpdateReportPresetBody,
} from '../../../shared/contract/reports';
import { defaultFilters, type ReportFilter } from '../../../shared/reports/filters';
import { wallClockAt } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { notFound, unprocessable } from '../../http/errors';
import { lockUser } from '../declarations';
import { requireSection } from './reports.service';

const NOT_FOUND = 'The preset was not found.';
const COLUMNS = ['id', 'name', 'section', 'is_active', 'order', 'preset'] as const;

interface Row {
  id: number;
  name: string;
  section: string;
  is_active: boolean;
  order: number;
  preset: unknown;
}

function toPreset(row: Row): ReportPreset {
  const stored = typeof row.preset === 'string' ? (JSON.parse(row.preset) as unknown) : row.preset;
  return ReportPreset.parse({ ...row, preset: stored });
}

function presets(db: Kysely<Database>, ctx: ServiceContext) {
  return db
    .selectFrom('report_presets')
    .select(COLUMNS)
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId);
}

/** GET reports/filters?section=: the filters a section starts from (spec §3 report filters). */
export function sectionFilters(ctx: ServiceContext, section: ReportSection, now = new Date()) {
  requireSection(ctx, section);
  return { section, data: defaultFilters(wallClockAt(now, 'UTC').date) };
}

/** GET reports/search-filters/{section}: the filters to show now, the selected preset's if any. */
export async function searchFilters(ctx: ServiceContext, section: ReportSection, now = new Date()) {
  const defaults = sectionFilters(ctx, section, now);
  const active = await presets(ctx.db, ctx)
    .where('section', '=', section)
    .where('is_active', '=', true)
    .executeTakeFirst();
  return active ? { section, data: toPreset(active).preset.filters } : defaults;
}

export async function listReportPresets(
  ctx: ServiceContext,
  section: ReportSection,
): Promise<ReportPresetList> {
  requireSection(ctx, section);
  const rows = await presets(ctx.db, ctx)
    .where('section', '=', section)
    .orderBy('order')
    .orderBy('id')
    .execute();
  return { data: rows.map(toPreset) };
}

async function ownPreset(ctx: ServiceContext, id: number, db = ctx.db): Promise<ReportPreset> {
  const row = await presets(db, ctx).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  const preset = toPreset(row);
  requireSection(ctx, preset.section);
  return preset;
}

/** POST reports/presets: saved last, and selected (spec §4: the others of its section are not). */
export async function addReportPreset(
  ctx: ServiceContext,
  body: z.infer<typeof CreateReportPresetBody>,
): Promise<ReportPreset> {
  requireSection(ctx, body.section);
  return ctx.db.transaction().execute(async (tx) => {
    await lockUser(tx, ctx.companyId, ctx.userId);
    await tx
      .updateTable('report_presets')
      .set({ is_active: false })
      .where('company_id', '=', ctx.companyId)
      .where('user_id', '=', ctx.userId)
      .where('section', '=', body.section)
      .execute();
    const row = await tx
      .insertInto('report_presets')
      .values({
        company_id: ctx.companyId,
        user_id: ctx.userId,
        section: body.section,
        name: body.name.trim(),
        is_active: true,
        preset: JSON.stringify({ filters: body.preset.filters satisfies ReportFilter[] }),
        order: sql<number>`(select coalesce(max("order") + 1, 0) from report_presets
          where company_id = ${ctx.companyId} and user_id = ${ctx.userId} and section = ${body.section})`,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toPreset(row);
  });
}

export async function editReportPreset(
  ctx: ServiceContext,
  id: number,
  body: z.infer<typeof UpdateReportPresetBody>,
): Promise<ReportPreset> {
  const current = await ownPreset(ctx, id);
  const change = {
    ...(body.name !== undefined ? { name: body.name.trim() } : {}),
    ...(body.preset !== undefined ? { preset: JSON.stringify({ filters: body.preset.filters }) } : {}),
  };
  if (Object.keys(change).length === 0) return current;
  const row = await ctx.db
    .updateTable('report_presets')
    .set(change)
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toPreset(row);
}

/** GET reports/presets/activate/{id}: spec §4 selecting a preset deselects the others. */
export async function activateReportPreset(ctx: ServiceContext, id: number): Promise<ReportPreset> {
  const preset = await ownPreset(ctx, id);
  await ctx.db.transaction().execute(async (tx) => {
    await lockUser(tx, ctx.companyId, ctx.userId);
    // two statements: the one-active index is checked row by row, so a swap in one would collide
    await tx
      .updateTable('report_presets')
      .set({ is_active: false })
      .where('company_id', '=', ctx.companyId)
      .where('user_id', '=', ctx.userId)
      .where('section', '=', preset.section)
      .where('id', '<>', id)
      .execute();
    await tx
      .updateTable('report_presets')
      .set({ is_active: true })
      .where('company_id', '=', ctx.companyId)
      .where('user_id', '=', ctx.userId)
      .where('id', '=', id)
      .execute();
  });
  return { ...preset, is_active: true };
}

export async function removeReportPreset(ctx: ServiceContext, id: number): Promise<void> {
  await ownPreset(ctx, id);
  await ctx.db
    .deleteFrom('report_presets')
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .where('id', '=', id)
    .execute();
}

/** POST reports/presets/order: all or nothing; an id that is not the caller's preset of the section is named. */
export async function orderReportPresets(
  ctx: ServiceContext,
  body: z.infer<typeof ReportPresetOrderBody>,
): Promise<ReportPresetList> {
  requireSection(ctx, body.section);
  const ids = body.order.map((entry) => entry.id);
  if (new Set(ids).size !== ids.length) throw unprocessable({ order: ['A preset is listed twice.'] });
  await ctx.db.transaction().execute(async (tx) => {
    await lockUser(tx, ctx.companyId, ctx.userId);
    const owned = new Set(
      (await presets(tx, ctx).where('section', '=', body.section).where('id', 'in', ids).execute()).map(
        (row) => row.id,
      ),
    );
    const errors: Record<string, string[]> = {};
    body.order.forEach((entry, index) => {
      if (!owned.has(entry.id)) errors[`order.${index}.id`] = [NOT_FOUND];
    });
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
    for (const entry of body.order)
      await tx
        .updateTable('report_presets')
        .set({ order: entry.ordering })
        .where('company_id', '=', ctx.companyId)
        .where('user_id', '=', ctx.userId)
        .where('id', '=', entry.id)
        .execute();
  });
  return listReportPresets(ctx, body.section);
}
