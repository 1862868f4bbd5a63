import { z } from 'zod';
import { requiredText } from '../validation/schemas';
import { COMPANY_PREFIX, PageMeta } from './common';
import { PositiveId } from './ids';

/** spec §3 Level: kinds of the tree, top down. */
export const LEVEL_KINDS = ['site', 'building', 'floor', 'zone'] as const;
export const LevelKind = z.enum(LEVEL_KINDS);
export type LevelKind = z.infer<typeof LevelKind>;

/** 'HH:MM', 00:00 to 23:59. */
export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time is not valid.');

export const LevelTranslation = z.object({
  language_id: z.number().int(),
  locale: z.string(),
  name: z.string(),
});
export type LevelTranslation = z.infer<typeof LevelTranslation>;

export const LevelRef = z.object({ id: z.number().int(), name: z.string() });
export type LevelRef = z.infer<typeof LevelRef>;

/** spec §3 Level. `name` is in the user's language (else the company's, else any). */
export const Level = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  kind: LevelKind,
  name: z.string(),
  /** the names from the top down to this level: 'Acme HQ / Building A / Floor 2' */
  path: z.string(),
  /** the ancestors, top first */
  all_parents: z.array(LevelRef),
  /** the ids of every level below this one, at any depth */
  all_children: z.array(z.number().int()),
  working_hours_from: z.string(),
  working_hours_to: z.string(),
  timezone: z.string(),
  country_id: z.number().int().nullable(),
  translations: z.array(LevelTranslation),
  is_default: z.boolean(),
  is_favorite: z.boolean(),
  is_declarable: z.boolean(),
  is_directly_declarable: z.boolean(),
  map_id: z.number().int().nullable(),
  position: z.number().int(),
  resources_count: z.number().int(),
});
export type Level = z.infer<typeof Level>;

const flag = z.enum(['0', '1']).optional();

/**
 * spec §7 GET levels/all. depth TOP (spec §9 default) answers the top levels only; ALL every level.
 * Filters combine; with a filter and no depth, every depth is searched. all_parents=1 adds the
 * ancestors of the levels found, so a filtered answer can still be drawn as a tree.
 */
export const LevelListQuery = z.object({
  depth: z.enum(['TOP', 'ALL']).optional(),
  favorites: flag,
  frequent: flag,
  all_parents: flag,
  declarable: flag,
  default: flag,
  query: z.string().max(120).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(200),
  lang: z.string().max(16).optional(),
});
export type LevelListQuery = z.input<typeof LevelListQuery>;

export const LevelList = z.object({ data: z.array(Level), meta: PageMeta });
export type LevelList = z.infer<typeof LevelList>;

export const LevelTranslationInput = z.strictObject({
  language_id: PositiveId,
  name: requiredText(120),
});

const levelFields = {
  parent_id: PositiveId.nullable(),
  kind: LevelKind,
  timezone: requiredText(64),
  country_id: PositiveId.nullable(),
  working_hours_from: TimeOfDay,
  working_hours_to: TimeOfDay,
  is_default: z.boolean(),
  is_declarable: z.boolean(),
  is_directly_declarable: z.boolean(),
  map_id: PositiveId.nullable(),
  position: z.number().int().min(0).max(100_000),
  translations: z.array(LevelTranslationInput).min(1, 'This field is required.').max(50),
};

/** POST levels: kind and at least one name; the rest defaults from the parent (else the company). */
export const CreateLevelBody = z
  .strictObject(levelFields)
  .partial()
  .required({ kind: true, translations: true });
export type CreateLevelBody = z.infer<typeof CreateLevelBody>;

/** PUT levels/{id}: any field; translations, when sent, replace every name. */
export const UpdateLevelBody = z.strictObject(levelFields).partial();
export type UpdateLevelBody = z.infer<typeof UpdateLevelBody>;

export const DeleteLevelsBody = z.strictObject({
  level_ids: z.array(PositiveId).min(1, 'This field is required.').max(500),
});
export type DeleteLevelsBody = z.infer<typeof DeleteLevelsBody>;

/** GET levels/maps: the levels that have a floor map. */
export const LevelMap = z.object({
  level_id: z.number().int(),
  name: z.string(),
  path: z.string(),
  map_id: z.number().int(),
  map_name: z.string(),
});
export const LevelMapList = z.object({ data: z.array(LevelMap) });
export type LevelMapList = z.infer<typeof LevelMapList>;

export const levelsPath = `${COMPANY_PREFIX}/levels`;
export const levelPaths = {
  all: `${levelsPath}/all`,
  one: `${levelsPath}/:id`,
  sublevels: `${levelsPath}/:id/sublevels`,
  deleteSublevels: `${levelsPath}/sublevels`,
  favor: `${levelsPath}/:id/favor`,
  disfavor: `${levelsPath}/:id/disfavor`,
  maps: `${levelsPath}/maps`,
  qrCode: `${levelsPath}/:id/qr-code`,
} as const;

export const levelPath = (id: number) => `${levelsPath}/${id}`;
