import { sql, type Kysely } from 'kysely';
import { PresetFilters, type BookingPreset } from '../../../shared/contract/bookings';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;
interface Owner {
  companyId: number;
  userId: number;
}

interface PresetRow {
  id: number;
  name: string;
  order: number;
  is_active: boolean;
  preset: unknown;
}

/**
 * A stored preset as the contract answers it. The JSON was validated when written; a row written
 * by an older contract is read through the same schema, so a filter added later takes its default.
 */
function toPreset(row: PresetRow): BookingPreset {
  const stored = typeof row.preset === 'string' ? (JSON.parse(row.preset) as unknown) : row.preset;
  const parsed = PresetFilters.safeParse(stored ?? {});
  return {
    id: row.id,
    name: row.name,
    order: row.order,
    is_active: row.is_active,
    preset: parsed.success ? parsed.data : PresetFilters.parse({}),
  };
}

const COLUMNS = ['id', 'name', 'order', 'is_active', 'preset'] as const;

export async function listPresets(db: Db, owner: Owner): Promise<BookingPreset[]> {
  const rows = await db
    .selectFrom('booking_presets')
    .select(COLUMNS)
    .where('company_id', '=', owner.companyId)
    .where('user_id', '=', owner.userId)
    .orderBy('order')
    .orderBy('id')
    .execute();
  return rows.map(toPreset);
}

/** One of the owner's presets; another user's (or company's) is not found. */
export async function findPreset(db: Db, owner: Owner, id: number): Promise<BookingPreset | undefined> {
  const row = await db
    .selectFrom('booking_presets')
    .select(COLUMNS)
    .where('company_id', '=', owner.companyId)
    .where('user_id', '=', owner.userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toPreset(row) : undefined;
}

/** A new preset goes after the owner's last one. */
export async function insertPreset(
  db: Db,
  owner: Owner,
  values: { name: string; is_active: boolean; preset: PresetFilters },
): Promise<BookingPreset> {
  const row = await db
    .insertInto('booking_presets')
    .values({
      company_id: owner.companyId,
      user_id: owner.userId,
      name: values.name,
      is_active: values.is_active,
      preset: JSON.stringify(values.preset),
      order: sql<number>`(select coalesce(max("order") + 1, 0) from booking_presets
        where company_id = ${owner.companyId} and user_id = ${owner.userId})`,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toPreset(row);
}

export async function updatePreset(
  db: Db,
  owner: Owner,
  id: number,
  values: { name?: string; is_active?: boolean; preset?: PresetFilters },
): Promise<BookingPreset | undefined> {
  const change = {
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values.is_active !== undefined ? { is_active: values.is_active } : {}),
    ...(values.preset !== undefined ? { preset: JSON.stringify(values.preset) } : {}),
  };
  // Nothing to change: the preset as it is (an UPDATE without a SET is no statement).
  if (Object.keys(change).length === 0) return findPreset(db, owner, id);
  const row = await db
    .updateTable('booking_presets')
    .set(change)
    .where('company_id', '=', owner.companyId)
    .where('user_id', '=', owner.userId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? toPreset(row) : undefined;
}

export async function deletePreset(db: Db, owner: Owner, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('booking_presets')
    .where('company_id', '=', owner.companyId)
    .where('user_id', '=', owner.userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The ids among `ids` that are the owner's presets. */
export async function ownedPresetIds(db: Db, owner: Owner, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('booking_presets')
    .select('id')
    .where('company_id', '=', owner.companyId)
    .where('user_id', '=', owner.userId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function setPresetOrder(db: Db, owner: Owner, id: number, order: number): Promise<void> {
  await db
    .updateTable('booking_presets')
    .set({ order })
    .where('company_id', '=', owner.companyId)
    .where('user_id', '=', owner.userId)
    .where('id', '=', id)
    .execute();
}
