import type { CreateLevelBody, Level, LevelKind, UpdateLevelBody } from '../../../shared/contract/levels';
import type { Language } from '../../../shared/contract/reference';
import type { NameValues } from '../../ui/name-translations-field';

/** What the level screens edit: the main screen's fields and its sub-screens' (spec §2 /level). */
export interface LevelValues {
  kind: LevelKind;
  parent_id: number | null;
  timezone: string;
  country_id: number | null;
  working_hours_from: string;
  working_hours_to: string;
  map_id: number | null;
  is_declarable: boolean;
  is_directly_declarable: boolean;
  is_default: boolean;
  names: NameValues;
}

/** A new level starts in the company's timezone and country, open 08:00 to 18:00. */
export function valuesOf(
  level: Level | undefined,
  company: { timezone: string; country_id: number },
): LevelValues {
  return {
    kind: level?.kind ?? 'floor',
    parent_id: level?.parent_id ?? null,
    timezone: level?.timezone ?? company.timezone,
    country_id: level ? level.country_id : company.country_id,
    working_hours_from: level?.working_hours_from ?? '08:00',
    working_hours_to: level?.working_hours_to ?? '18:00',
    map_id: level?.map_id ?? null,
    is_declarable: level?.is_declarable ?? false,
    is_directly_declarable: level?.is_directly_declarable ?? false,
    is_default: level?.is_default ?? false,
    names: Object.fromEntries((level?.translations ?? []).map((t) => [t.language_id, t.name])),
  };
}

/** The languages a name was given in, in the order sent (server errors name the index). */
export const namedLanguages = (languages: readonly Language[], names: NameValues): Language[] =>
  languages.filter((language) => (names[language.id] ?? '').trim() !== '');

/** The PUT body of what a screen changed; names, when changed, replace every name. */
export function changeBody(change: Partial<LevelValues>, languages: readonly Language[]): UpdateLevelBody {
  const { names, ...rest } = change;
  if (!names) return rest;
  const translations = namedLanguages(languages, names).map((language) => ({
    language_id: language.id,
    name: names[language.id]!.trim(),
  }));
  return { ...rest, translations };
}

export function createBody(values: LevelValues, languages: readonly Language[]): CreateLevelBody {
  return {
    ...changeBody(values, languages),
    kind: values.kind,
    translations: changeBody(values, languages).translations!,
  };
}

/** The level's sub-screens (child routes r_level-…). */
export type LevelSubScreen = 'name-translations' | 'timezone' | 'country' | 'working-hours' | 'map';

/** The sub-screen a server field error belongs to (undefined: the main screen's own fields). */
export function subScreenOf(field: string): LevelSubScreen | undefined {
  if (field === 'translations' || field.startsWith('translations.')) return 'name-translations';
  if (field === 'timezone') return 'timezone';
  if (field === 'country_id') return 'country';
  if (field === 'working_hours_from' || field === 'working_hours_to') return 'working-hours';
  if (field === 'map_id') return 'map';
  return undefined;
}
