import type { Preference, UserPreference } from '../../../shared/contract/preferences';
import { STARTUP_ROUTES } from '../../../shared/contract/startup';
import type { PreferenceCategory } from '../../../shared/contract/reference';
import { listParts, type PreferenceDefinition } from '../../../shared/validation/preferences';
import type { LabelFn } from '../../i18n/i18n';
import type { ResolvedRoute } from '../../routing/types';

type AnyPreference = Preference | UserPreference;

/** The value that applies in a scope: the user's effective value, or the company's own. */
export function appliedValue(preference: AnyPreference): string | null {
  return 'effective_value' in preference ? preference.effective_value : preference.value;
}

export function appliedAutomatic(preference: AnyPreference): boolean {
  return 'effective_is_automatic' in preference ? preference.effective_is_automatic : preference.is_automatic;
}

/** A category's address segment: its key in lower case (/preferences/reports). */
export const categoryParam = (category: Pick<PreferenceCategory, 'key'>) => category.key.toLowerCase();

export function categoryOf<T extends Pick<PreferenceCategory, 'key'>>(
  categories: readonly T[],
  param: string | undefined,
): T | undefined {
  return categories.find((category) => categoryParam(category) === param?.toLowerCase());
}

/** The label code of an option ('Half day' → preferences.option.half-day), English as the fallback. */
export function optionLabel(t: LabelFn, label: string): string {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug ? t(`preferences.option.${slug}`, label) : label;
}

export const preferenceName = (t: LabelFn, preference: Pick<Preference, 'key' | 'name'>) =>
  t(`preferences.key.${preference.key}`, preference.name);

/** How a value reads in a list: listed values by their labels, a menu key by its state. */
export function shownValue(t: LabelFn, preference: AnyPreference, value = appliedValue(preference)): string {
  if (preference.kind === 'menu')
    return appliedAutomatic(preference)
      ? t('preferences.menu-automatic', 'Automatic (hidden from the menu)')
      : t('preferences.menu-shown', 'Shown in the menu');
  if (value === null || value === '')
    return preference.kind === 'level' ? t('preferences.no-location', 'No default location') : '–';
  if (preference.preference_values.length === 0) return value;
  const labelOf = (part: string) => {
    const option = preference.preference_values.find((candidate) => candidate.value === part);
    return option ? optionLabel(t, option.label) : part;
  };
  return preference.kind === 'multi-select' ? listParts(value).map(labelOf).join(', ') : labelOf(value);
}

/** The shared checks' view of an answered preference (its levels are the answer's options). */
export function definitionOf(preference: AnyPreference): PreferenceDefinition | null {
  if (preference.kind === 'menu') return null;
  return {
    key: preference.key,
    category: preference.preference_category.key as PreferenceDefinition['category'],
    name: preference.name,
    kind: preference.kind,
    initial: '',
    values: preference.preference_values,
    ...(preference.min !== null ? { min: preference.min } : {}),
    ...(preference.max !== null ? { max: preference.max } : {}),
    companyOnly: preference.company_only,
  };
}

/** The values applying beside the one being edited, by key, for the rules between keys. */
export function appliedValues(preferences: readonly AnyPreference[]): Record<string, string | null> {
  return Object.fromEntries(preferences.map((preference) => [preference.key, appliedValue(preference)]));
}

/**
 * The menu modules this product has: a module exists when a screen of the route table names it as
 * its menu preference, or its start-up route is in the table (SCHEDULER → r_scheduler). The
 * company's menu preferences are seeded for every module of the catalogue, built or not; only these
 * are offered, so nobody switches a module that does not exist.
 */
export function existingMenuModules(table: readonly ResolvedRoute[]): Set<string> {
  const names = new Set(table.map(({ entry }) => entry.name as string));
  const modules = new Set<string>();
  for (const { entry } of table) if (entry.menuPreference) modules.add(entry.menuPreference);
  for (const [key, route] of Object.entries(STARTUP_ROUTES)) if (names.has(route)) modules.add(key);
  return modules;
}

/**
 * The preferences to offer: menu keys only for the modules that exist, and start-up pages only
 * those that open a screen of this product (another would land on home).
 */
export function offeredPreferences<T extends AnyPreference>(
  preferences: readonly T[],
  modules: ReadonlySet<string>,
): T[] {
  return preferences
    .filter((preference) => preference.kind !== 'menu' || modules.has(preference.key))
    .map((preference) =>
      preference.key === 'StartUpPage'
        ? {
            ...preference,
            preference_values: preference.preference_values.filter((option) => modules.has(option.value)),
          }
        : preference,
    );
}
