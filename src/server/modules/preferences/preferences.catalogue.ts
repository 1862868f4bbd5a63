import type { Preference, PreferenceBody, UserPreference } from '../../../shared/contract/preferences';
import type { PreferenceCategory } from '../../../shared/contract/reference';
import { MESSAGES, notValid, type FieldErrors } from '../../../shared/validation';
import {
  listParts,
  preferenceDefinition,
  type PreferenceDefinition,
  type PreferenceOption,
} from '../../../shared/validation/preferences';

/**
 * What one company preference is: its catalogue definition, or a menu preference (a stored row of
 * category MENU, spec §6, which carries is_automatic only). Keys that are neither are not shown.
 */
export interface PreferenceEntry {
  key: string;
  category: PreferenceCategory;
  definition: PreferenceDefinition | null;
}

export interface StoredPreference {
  key: string;
  category_id: number;
  value: string | null;
  is_automatic: boolean;
  user_key: string | null;
  user_value: string | null;
  user_is_automatic: boolean | null;
}

const MENU_CATEGORY = 'MENU';

/** Every preference the company has: the catalogue (stored or not yet) and its stored menu keys. */
export function companyEntries(
  categories: readonly PreferenceCategory[],
  stored: readonly StoredPreference[],
  definitions: readonly PreferenceDefinition[],
): PreferenceEntry[] {
  const byKey = new Map(categories.map((category) => [category.key, category]));
  const byId = new Map(categories.map((category) => [category.id, category]));
  const defined = definitions.flatMap((definition) => {
    const category = byKey.get(definition.category);
    return category ? [{ key: definition.key, category, definition }] : [];
  });
  const menu = stored.flatMap((row) => {
    const category = byId.get(row.category_id);
    return category?.key === MENU_CATEGORY && !preferenceDefinition(row.key)
      ? [{ key: row.key, category, definition: null }]
      : [];
  });
  return [...defined, ...menu].sort((a, b) => a.category.id - b.category.id);
}

export function toPreference(
  entry: PreferenceEntry,
  row: StoredPreference | undefined,
  levels: readonly PreferenceOption[],
): Preference {
  const { definition } = entry;
  return {
    key: entry.key,
    name: definition?.name ?? entry.key,
    kind: definition?.kind ?? 'menu',
    preference_category: entry.category,
    preference_values: definition?.kind === 'level' ? [...levels] : [...(definition?.values ?? [])],
    min: definition?.min ?? null,
    max: definition?.max ?? null,
    value: row ? row.value : (definition?.initial ?? null),
    is_automatic: row?.is_automatic ?? false,
    company_only: definition?.companyOnly ?? false,
  };
}

export function toUserPreference(preference: Preference, row: StoredPreference | undefined): UserPreference {
  const own = row?.user_key && !preference.company_only ? row : undefined;
  const menu = preference.kind === 'menu';
  return {
    ...preference,
    preference_user_values: own ? [{ value: own.user_value, is_automatic: own.user_is_automatic }] : [],
    effective_value: own && !menu ? own.user_value : preference.value,
    effective_is_automatic: own?.user_is_automatic ?? preference.is_automatic,
    source: own ? 'user' : 'company',
  };
}

/**
 * What a PUT may hold: a menu preference takes is_automatic only, a valued one a value and never
 * is_automatic true (the automatic choice is the menu guard's, spec §6).
 */
export function bodyShapeErrors(entry: PreferenceEntry, body: PreferenceBody): FieldErrors {
  if (!entry.definition) {
    if (body.is_automatic === undefined) return { is_automatic: [MESSAGES.required] };
    if (body.value !== undefined && body.value !== null) return { value: [notValid('value')] };
    return {};
  }
  if (body.value === undefined || body.value === null) return { value: [MESSAGES.required] };
  if (body.is_automatic === true) return { is_automatic: [notValid('is_automatic')] };
  return {};
}

/** The text to store: trimmed, a multi-select's parts in the catalogue's order. */
export function normalizedValue(definition: PreferenceDefinition, value: string): string {
  const trimmed = value.trim();
  if (definition.kind !== 'multi-select') return trimmed;
  const order = (definition.values ?? []).map((option) => option.value);
  return listParts(trimmed)
    .sort((a, b) => order.indexOf(a) - order.indexOf(b))
    .join(',');
}
