import { describe, expect, it } from 'vitest';
import type { GeneralPermission } from '../../../shared/permissions/can';
import {
  scanDestination,
  destinationFor,
  frequentLevels,
  isSelectable,
  levelMarks,
  locationsWithFavoritesFirst,
  mayToggleFavorite,
  preselection,
  showNoFavorites,
} from './location-rules';

const level = (id: number, changes: Partial<Parameters<typeof levelMarks>[0]> = {}) => ({
  id,
  path: `Site / Level ${id}`,
  is_default: false,
  is_favorite: false,
  is_declarable: true,
  is_directly_declarable: false,
  map_id: null,
  ...changes,
});

const permission = (name: string, update: boolean): GeneralPermission => ({
  permission: name,
  type: 'CRUD',
  is_active: true,
  create: false,
  read: true,
  update,
  delete: false,
  value: null,
});

describe('spec §2 location picker rules', () => {
  it('only declarable levels can be selected', () => {
    expect(isSelectable(level(1))).toBe(true);
    expect(isSelectable(level(2, { is_declarable: false }))).toBe(false);
  });

  it('the favourite toggle is enabled with update permission on levels only', () => {
    expect(mayToggleFavorite([permission('LEVELS', true)])).toBe(true);
    expect(mayToggleFavorite([permission('LEVELS', false)])).toBe(false);
    expect(mayToggleFavorite([{ ...permission('PLAN', false), type: 'LOGICAL' }])).toBe(false);
  });

  it("says 'no favorites defined' only when there are no levels", () => {
    expect(showNoFavorites([])).toBe(true);
    expect(showNoFavorites([level(1)])).toBe(false);
  });

  it('the most-frequently-used list shows at most three levels, most used first', () => {
    expect(frequentLevels([level(4), level(2), level(9), level(1)]).map((l) => l.id)).toEqual([4, 2, 9]);
  });

  it('the all-locations list puts the favourites first, each part by path', () => {
    const list = locationsWithFavoritesFirst([
      level(3),
      level(2, { is_favorite: true }),
      level(1),
      level(5, { is_favorite: true }),
    ]);
    expect(list.map((l) => l.id)).toEqual([2, 5, 1, 3]);
  });

  it('marks non-declarable levels and levels with a map', () => {
    expect(levelMarks(level(1, { is_declarable: false, map_id: 7 }))).toEqual({
      notDeclarable: true,
      hasMap: true,
    });
    expect(levelMarks(level(1))).toEqual({ notDeclarable: false, hasMap: false });
  });

  it('a directly declarable level with exactly one resource goes to slots, otherwise to resources', () => {
    const direct = level(1, { is_directly_declarable: true });
    expect(destinationFor(direct, [42])).toEqual({ route: 'r_plan-slots', levelId: 1, resourceId: 42 });
    expect(destinationFor(direct, [42, 43])).toEqual({ route: 'r_plan-resources', levelId: 1 });
    expect(destinationFor(direct, [])).toEqual({ route: 'r_plan-resources', levelId: 1 });
    expect(destinationFor(level(2), [42])).toEqual({ route: 'r_plan-resources', levelId: 2 });
  });

  it('a resource asked for opens its own slots', () => {
    expect(destinationFor(level(2), [1, 2], 7)).toEqual({
      route: 'r_plan-resources-resource',
      levelId: 2,
      resourceId: 7,
    });
  });

  it('query params levelId and resourceId preselect, before any default', () => {
    const levels = [level(1, { is_default: true }), level(2)];
    expect(preselection(new URLSearchParams('levelId=2&resourceId=9'), levels, null)).toEqual({
      levelId: 2,
      resourceId: 9,
      requested: true,
    });
    expect(preselection(new URLSearchParams('levelId=x'), levels, null)).toEqual({
      levelId: 1,
      resourceId: null,
      requested: false,
    });
  });

  it('the default level is auto-selected: the DefaultLocation preference, else the company default, if declarable', () => {
    const levels = [level(1, { is_default: true }), level(2), level(3, { is_declarable: false })];
    expect(preselection(new URLSearchParams(), levels, 2)?.levelId).toBe(2);
    expect(preselection(new URLSearchParams(), levels, 3)?.levelId).toBe(1);
    expect(preselection(new URLSearchParams(), levels, null)?.levelId).toBe(1);
    expect(
      preselection(new URLSearchParams(), [level(4, { is_default: true, is_declarable: false })], null),
    ).toBe(null);
  });
});

describe('scanDestination (spec §2: scanning a QR code in the plan opens it)', () => {
  const scan = { type_id: 1, element_id: 7, level_id: 2, resource_id: 7, declarable: true };
  it("opens a scanned resource's slots on its level", () => {
    expect(scanDestination({ entity_kind: 1 }, scan)).toEqual({
      route: 'r_plan-resources-resource',
      levelId: 2,
      resourceId: 7,
    });
  });
  it("opens a directly declarable level's only resource, else the level's resources", () => {
    const level = { type_id: 2, element_id: 2, level_id: 2, declarable: true };
    expect(scanDestination({ entity_kind: 2 }, { ...level, resource_id: 9 })).toEqual({
      route: 'r_plan-slots',
      levelId: 2,
      resourceId: 9,
    });
    expect(scanDestination({ entity_kind: 2 }, { ...level, resource_id: null })).toEqual({
      route: 'r_plan-resources',
      levelId: 2,
    });
  });
  it('leads nowhere for a place that cannot be booked or a code of another company', () => {
    expect(scanDestination({ entity_kind: 1 }, { ...scan, declarable: false })).toBe('not-bookable');
    expect(scanDestination({ entity_kind: 1 }, null)).toBe('other-company');
  });
});
