import type {
  BookingPreset,
  BookingPresetList,
  CreatePresetBody,
  ReorderPresetsBody,
  UpdatePresetBody,
} from '../../../shared/contract/bookings';
import { PresetFilters } from '../../../shared/contract/bookings';
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
export function addPreset(ctx: ServiceContext, body: CreatePresetBody): Promise<BookingPreset> {
  return ctx.db.transaction().execute(async (tx) => {
    await lockUser(tx, ctx.companyId, ctx.userId);
    return insertPreset(tx, ctx, {
      name: body.name.trim(),
      is_active: body.is_active ?? true,
      preset: PresetFilters.parse(body.preset ?? {}),
    });
  });
}

export async function editPreset(
  ctx: ServiceContext,
  id: number,
  body: UpdatePresetBody,
): Promise<BookingPreset> {
  const updated = await updatePreset(ctx.db, ctx, id, {
    name: body.name?.trim(),
    is_active: body.is_active,
    preset: body.preset === undefined ? undefined : PresetFilters.parse(body.preset),
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
