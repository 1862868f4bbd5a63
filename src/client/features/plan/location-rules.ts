import type { Level } from '../../../shared/contract/levels';
import type { PlanScan } from '../../../shared/contract/plan';
import { QR_ENTITY_KINDS, type QrCodeTarget } from '../../../shared/contract/qr-codes';
import { can, type GeneralPermission } from '../../../shared/permissions/can';

/** spec §2 location picker: the search waits this long after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;
/** spec §2 / §9: the most-frequently-used list shows 3 levels. */
export const FREQUENT_LIMIT = 3;

type PickerLevel = Pick<
  Level,
  'id' | 'path' | 'is_default' | 'is_favorite' | 'is_declarable' | 'is_directly_declarable' | 'map_id'
>;

/** spec §2: only declarable levels can be selected. */
export const isSelectable = (level: Pick<Level, 'is_declarable'>) => level.is_declarable;

/** spec §2: the favourite toggle is enabled when the user may update levels. */
export const mayToggleFavorite = (permissions: readonly GeneralPermission[]) =>
  can(permissions, ['LEVELS', 'update']);

/** spec §2: 'no favorites defined' when the company has no levels at all. */
export const showNoFavorites = (levels: readonly unknown[]) => levels.length === 0;

/** spec §2: the most-frequently-used list, at most three, in the server's order (most used first). */
export const frequentLevels = <T>(levels: readonly T[]): T[] => levels.slice(0, FREQUENT_LIMIT);

/** spec §2 "all locations and favorites": the favourites first, then every other level, by path. */
export function locationsWithFavoritesFirst<T extends PickerLevel>(levels: readonly T[]): T[] {
  const byPath = (a: T, b: T) => a.path.localeCompare(b.path);
  return [
    ...levels.filter((level) => level.is_favorite).sort(byPath),
    ...levels.filter((level) => !level.is_favorite).sort(byPath),
  ];
}

/** spec §2: icons mark levels that cannot be booked and levels with a floor map. */
export const levelMarks = (level: PickerLevel) => ({
  notDeclarable: !level.is_declarable,
  hasMap: level.map_id !== null,
});

export type Destination =
  | { route: 'r_plan-slots'; levelId: number; resourceId: number }
  | { route: 'r_plan-resources-resource'; levelId: number; resourceId: number }
  | { route: 'r_plan-resources'; levelId: number };

/**
 * spec §2: where selecting a level leads. A resource asked for (resourceId) opens its slots; a
 * directly declarable level with exactly one resource opens that resource's slots; any other level
 * opens its resources.
 */
export function destinationFor(
  level: Pick<Level, 'id' | 'is_directly_declarable'>,
  directResourceIds: readonly number[],
  wantedResourceId: number | null = null,
): Destination {
  if (wantedResourceId !== null)
    return { route: 'r_plan-resources-resource', levelId: level.id, resourceId: wantedResourceId };
  if (level.is_directly_declarable && directResourceIds.length === 1)
    return { route: 'r_plan-slots', levelId: level.id, resourceId: directResourceIds[0]! };
  return { route: 'r_plan-resources', levelId: level.id };
}

function positiveId(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

export interface Preselection {
  levelId: number;
  resourceId: number | null;
  /** true when the address asked for it (open it), false for the default level (select it only) */
  requested: boolean;
}

/**
 * spec §2: query params levelId and resourceId preselect; else the default level is auto-selected
 * (the user's DefaultLocation preference, else the company's default level), when selectable.
 */
export function preselection(
  params: URLSearchParams,
  levels: readonly PickerLevel[],
  defaultLocation: number | null,
): Preselection | null {
  const levelId = positiveId(params.get('levelId'));
  if (levelId !== null) return { levelId, resourceId: positiveId(params.get('resourceId')), requested: true };
  const selectable = levels.filter(isSelectable);
  const fallback =
    selectable.find((level) => level.id === defaultLocation) ?? selectable.find((level) => level.is_default);
  return fallback ? { levelId: fallback.id, resourceId: null, requested: false } : null;
}

/**
 * spec §2: where a code scanned in the plan leads. A resource opens its slots; a level opens like a
 * chosen one (its only resource when directly declarable with exactly one, else its resources). A
 * code of another company (no scan answer) or of a place that cannot be booked leads nowhere.
 */
export function scanDestination(
  target: Pick<QrCodeTarget, 'entity_kind'>,
  scan: PlanScan | null,
): Destination | 'other-company' | 'not-bookable' {
  if (!scan) return 'other-company';
  if (!scan.declarable) return 'not-bookable';
  if (target.entity_kind === QR_ENTITY_KINDS.resource)
    return { route: 'r_plan-resources-resource', levelId: scan.level_id, resourceId: scan.element_id };
  return scan.resource_id === null
    ? { route: 'r_plan-resources', levelId: scan.level_id }
    : { route: 'r_plan-slots', levelId: scan.level_id, resourceId: scan.resource_id };
}
