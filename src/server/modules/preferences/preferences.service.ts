import type { Kysely } from 'kysely';
import type { Preference, PreferenceBody, UserPreference } from '../../../shared/contract/preferences';
import { PREFERENCE_DEFINITIONS, preferenceValueErrors } from '../../../shared/validation/preferences';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import {
  bodyShapeErrors,
  companyEntries,
  normalizedValue,
  toPreference,
  toUserPreference,
  type PreferenceEntry,
  type StoredPreference,
} from './preferences.catalogue';
import {
  declarableLevels,
  deleteUserPreference,
  ensureCompanyPreference,
  lockCompanyPreferences,
  lockUserPreferences,
  preferenceCategories,
  storedPreferences,
  writeCompanyPreference,
  writeUserPreference,
} from './preferences.queries';

export const ONLY_THE_COMPANY = 'Only the company can set this preference.';

interface Snapshot {
  entries: PreferenceEntry[];
  stored: Map<string, StoredPreference>;
  levels: Array<{ value: string; label: string }>;
}

async function snapshot(db: Kysely<Database>, ctx: ServiceContext, forUser: boolean): Promise<Snapshot> {
  const categories = await preferenceCategories(db);
  const rows = await storedPreferences(db, ctx.companyId, forUser ? ctx.userId : null);
  const levels = await declarableLevels(db, ctx.companyId, ctx.userId);
  return {
    entries: companyEntries(categories, rows, PREFERENCE_DEFINITIONS),
    stored: new Map(rows.map((row) => [row.key, row])),
    levels: levels.map((level) => ({ value: String(level.id), label: level.name })),
  };
}

const inCategories = (categoryIds: readonly number[] | undefined) => (entry: PreferenceEntry) =>
  !categoryIds || categoryIds.includes(entry.category.id);

export function listCategories(ctx: ServiceContext) {
  return preferenceCategories(ctx.db);
}

/** spec §7 company preferences/all: every preference of the company, in the categories asked. */
export async function listCompanyPreferences(
  ctx: ServiceContext,
  categoryIds?: readonly number[],
): Promise<Preference[]> {
  const { entries, stored, levels } = await snapshot(ctx.db, ctx, false);
  return entries
    .filter(inCategories(categoryIds))
    .map((entry) => toPreference(entry, stored.get(entry.key), levels));
}

/** spec §7 user preferences/all: the company's values with the user's overrides and what applies. */
export async function listUserPreferences(
  ctx: ServiceContext,
  categoryIds?: readonly number[],
): Promise<UserPreference[]> {
  const { entries, stored, levels } = await snapshot(ctx.db, ctx, true);
  return entries
    .filter(inCategories(categoryIds))
    .map((entry) =>
      toUserPreference(toPreference(entry, stored.get(entry.key), levels), stored.get(entry.key)),
    );
}

function entryOf(state: Snapshot, key: string): PreferenceEntry {
  const entry = state.entries.find((candidate) => candidate.key === key);
  if (!entry) throw notFound();
  return entry;
}

/** The checks of one PUT against the values that will apply beside it; 422 before anything is written. */
function checkBody(
  entry: PreferenceEntry,
  body: PreferenceBody,
  others: Record<string, string | null>,
  levels: Snapshot['levels'],
): void {
  const shape = bodyShapeErrors(entry, body);
  if (Object.keys(shape).length > 0) throw unprocessable(shape);
  if (!entry.definition) return;
  const errors = preferenceValueErrors(
    entry.definition,
    body.value ?? '',
    others,
    levels.map((level) => Number(level.value)),
  );
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/** Sets a company value (COMPANY_PREFERENCES update), checked against the company's other values. */
export async function updateCompanyPreference(
  ctx: ServiceContext,
  key: string,
  body: PreferenceBody,
): Promise<Preference> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockCompanyPreferences(trx, ctx.companyId);
    const state = await snapshot(trx, ctx, false);
    const entry = entryOf(state, key);
    const companyValues = Object.fromEntries(
      state.entries.map((candidate) => [
        candidate.key,
        toPreference(candidate, state.stored.get(candidate.key), []).value,
      ]),
    );
    checkBody(entry, body, companyValues, state.levels);
    const current = toPreference(entry, state.stored.get(key), state.levels);
    await writeCompanyPreference(trx, {
      company_id: ctx.companyId,
      key,
      category_id: entry.category.id,
      value: entry.definition ? normalizedValue(entry.definition, body.value ?? '') : null,
      is_automatic: entry.definition ? false : (body.is_automatic ?? current.is_automatic),
    });
    const after = await snapshot(trx, ctx, false);
    return toPreference(entry, after.stored.get(key), after.levels);
  });
}

/** The user's own value for a preference the company lets them change, checked against what applies to them. */
export async function updateUserPreference(
  ctx: ServiceContext,
  key: string,
  body: PreferenceBody,
): Promise<UserPreference> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockUserPreferences(trx, ctx.companyId, ctx.userId);
    const state = await snapshot(trx, ctx, true);
    const entry = entryOf(state, key);
    if (entry.definition?.companyOnly) throw forbidden(ONLY_THE_COMPANY);
    const effective = Object.fromEntries(
      state.entries.map((candidate) => {
        const row = state.stored.get(candidate.key);
        return [candidate.key, toUserPreference(toPreference(candidate, row, []), row).effective_value];
      }),
    );
    checkBody(entry, body, effective, state.levels);
    const company = toPreference(entry, state.stored.get(key), state.levels);
    await ensureCompanyPreference(trx, {
      company_id: ctx.companyId,
      key,
      category_id: entry.category.id,
      value: company.value,
    });
    await writeUserPreference(trx, {
      company_id: ctx.companyId,
      user_id: ctx.userId,
      key,
      value: entry.definition ? normalizedValue(entry.definition, body.value ?? '') : null,
      is_automatic: entry.definition ? null : (body.is_automatic ?? null),
    });
    return userPreferenceAfter(trx, ctx, entry);
  });
}

/** Back to the company's value (DELETE): the user's own value is forgotten. */
export async function resetUserPreference(ctx: ServiceContext, key: string): Promise<UserPreference> {
  return ctx.db.transaction().execute(async (trx) => {
    const entry = entryOf(await snapshot(trx, ctx, true), key);
    if (entry.definition?.companyOnly) throw forbidden(ONLY_THE_COMPANY);
    await deleteUserPreference(trx, ctx.companyId, ctx.userId, key);
    return userPreferenceAfter(trx, ctx, entry);
  });
}

async function userPreferenceAfter(
  trx: Kysely<Database>,
  ctx: ServiceContext,
  entry: PreferenceEntry,
): Promise<UserPreference> {
  const after = await snapshot(trx, ctx, true);
  const row = after.stored.get(entry.key);
  return toUserPreference(toPreference(entry, row, after.levels), row);
}
