import type {
  BookingPreset,
  BookingPresetList,
  CreatePresetBody,
  ReorderPresetsBody,
  UpdatePresetBody,
} from '../../../shared/contract/bookings';
import { PresetFilters } from '../../../shared/contract/bookings';
import { notValid } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import { lockUser } from '../declarations';
import { BOOKING_MESSAGES } from './bookings.rules';
import {
  deletePreset,
  findPreset,
  insertPreset,
  listPresets,
  ownedPresetIds,
  setPresetOrder,
  updatePreset,
} from './presets.queries';

/**
 * A preset names levels, resource types and resources of the caller's company only: another
 * company's ids would leak nothing when the preset runs (every query is scoped), but they are
 * refused like any id that names nothing here (issue 37).
 */
async function checkPresetReferences(ctx: ServiceContext, preset: PresetFilters): Promise<void> {
  const tables = { levels: 'levels', resource_types: 'resource_types', resources: 'resources' } as const;
  const errors: Record<string, string[]> = {};
  for (const [field, table] of Object.entries(tables) as Array<
    [keyof typeof tables, (typeof tables)[keyof typeof tables]]
  >) {
    const wanted = [...new Set(preset[field])];
    if (wanted.length === 0) continue;
    const found = await ctx.db
      .selectFrom(table)
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .where('id', 'in', wanted)
      .execute();
    if (found.length !== wanted.length) errors[`preset.${field}`] = [notValid(field)];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/** A preset is its owner's alone: anyone else's (or another company's) is not found. */
export async function ownPreset(ctx: ServiceContext, id: number): Promise<BookingPreset> {
  const preset = await findPreset(ctx.db, ctx, id);
  if (!preset) throw notFound(BOOKING_MESSAGES.presetNotFound);
  return preset;
}

export async function presets(ctx: ServiceContext): Promise<BookingPresetList> {
  return { data: await listPresets(ctx.db, ctx) };
}

/**
 * Adds a preset last. Adding and reordering take the owner's lock first: two presets added at once
 * would each read the same last order, and two reorders would lock the presets in opposite orders.
 */
export async function addPreset(ctx: ServiceContext, body: CreatePresetBody): Promise<BookingPreset> {
  const preset = PresetFilters.parse(body.preset ?? {});
  await checkPresetReferences(ctx, preset);
  return ctx.db.transaction().execute(async (tx) => {
    await lockUser(tx, ctx.companyId, ctx.userId);
    return insertPreset(tx, ctx, { name: body.name.trim(), is_active: body.is_active ?? true, preset });
  });
}

export async function editPreset(
  ctx: ServiceContext,
  id: number,
  body: UpdatePresetBody,
): Promise<BookingPreset> {
  const preset = body.preset === undefined ? undefined : PresetFilters.parse(body.preset);
  if (preset) await checkPresetReferences(ctx, preset);
  const updated = await updatePreset(ctx.db, ctx, id, {
    name: body.name?.trim(),
    is_active: body.is_active,
    preset,
  });
  if (!updated) throw notFound(BOOKING_MESSAGES.presetNotFound);
  return updated;
}

export async function activatePreset(
  ctx: ServiceContext,
  id: number,
  active: boolean,
): Promise<BookingPreset> {
  return editPreset(ctx, id, { is_active: active });
}

export async function removePreset(ctx: ServiceContext, id: number): Promise<void> {
  if (!(await deletePreset(ctx.db, ctx, id))) throw notFound(BOOKING_MESSAGES.presetNotFound);
}

/** spec §4 presets reordered: all or nothing; a preset that is not the caller's is named (422). */
export async function reorderPresets(
  ctx: ServiceContext,
  body: ReorderPresetsBody,
): Promise<BookingPresetList> {
  const ids = body.order.map((entry) => entry.id);
  if (new Set(ids).size !== ids.length) throw unprocessable({ order: ['A preset is listed twice.'] });
  await ctx.db.transaction().execute(async (tx) => {
    await lockUser(tx, ctx.companyId, ctx.userId);
    const owned = await ownedPresetIds(tx, ctx, ids);
    const errors: Record<string, string[]> = {};
    body.order.forEach((entry, index) => {
      if (!owned.has(entry.id)) errors[`order.${index}.id`] = [BOOKING_MESSAGES.presetNotFound];
    });
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
    for (const entry of body.order) await setPresetOrder(tx, ctx, entry.id, entry.order);
  });
  return presets(ctx);
}
