import { z } from 'zod';
import { MASTER_PREFIX, PageMeta } from './common';

/**
 * spec §2 /cx-translations and /translations-sync, §7 master labels, sections, pages,
 * sync-translations: the labels the product shows, per language. A code reads section.page.rest
 * (levels.kind.site: section levels, page kind). A label without a translation in a language shows
 * the English one, else the spec §9 fallback.
 */
export const MasterLabel = z.object({
  id: z.number().int(),
  code: z.string(),
  section: z.string(),
  page: z.string(),
  /** language code → content; a language without one is absent */
  translations: z.record(z.string(), z.string()),
});
export type MasterLabel = z.infer<typeof MasterLabel>;
export const MasterLabelPage = z.object({ data: z.array(MasterLabel), meta: PageMeta });
export type MasterLabelPage = z.infer<typeof MasterLabelPage>;

export const LabelListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(200),
  section: z.string().max(64).optional(),
  label_page: z.string().max(64).optional(),
  query: z.string().max(120).optional(),
  /** only labels without a translation in this language */
  missing: z.string().max(3).optional(),
  lang: z.string().max(16).optional(),
});

export const LabelSections = z.object({
  data: z.array(z.object({ section: z.string(), pages: z.array(z.string()), count: z.number().int() })),
});
export type LabelSections = z.infer<typeof LabelSections>;

const content = z.string().max(2000, 'The field must contain 2000 or fewer characters.');

/** PUT labels/{id}: the contents to change; an empty content removes that language's translation. */
export const SaveLabelTranslationsBody = z.strictObject({
  translations: z.record(z.string().min(2).max(3), content),
});
export type SaveLabelTranslationsBody = z.infer<typeof SaveLabelTranslationsBody>;

export const LABEL_CODE_MESSAGE = 'Use lower-case words joined by dots, such as levels.title.';
/** POST labels: a new code (section.page…) with its translations, English required. */
export const AddLabelBody = z.strictObject({
  code: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(190, 'The field must contain 190 or fewer characters.')
    .refine((value) => /^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/.test(value), LABEL_CODE_MESSAGE),
  translations: z.record(z.string().min(2).max(3), content),
});
export type AddLabelBody = z.infer<typeof AddLabelBody>;

/**
 * The offline file (i18next JSON, flat keys): { "levels.title": "Niveaux", … } for one language.
 * Importing it changes the contents that differ; unknown codes are listed and left out.
 */
export const ImportTranslationsBody = z.strictObject({
  language_code: z.string().min(2).max(3),
  labels: z.record(z.string().max(190), z.string().max(2000)),
});
export type ImportTranslationsBody = z.infer<typeof ImportTranslationsBody>;
export const ImportTranslationsResult = z.object({
  updated: z.number().int(),
  added: z.number().int(),
  unchanged: z.number().int(),
  unknown: z.array(z.string()),
});
export type ImportTranslationsResult = z.infer<typeof ImportTranslationsResult>;
export const ExportQuery = z.object({
  language_code: z.string().min(2).max(3).default('en'),
  lang: z.string().max(16).optional(),
});

export const translationPaths = {
  labels: `${MASTER_PREFIX}/labels`,
  label: (id: number | string) => `${MASTER_PREFIX}/labels/${id}`,
  sections: `${MASTER_PREFIX}/labels/sections`,
  export: `${MASTER_PREFIX}/sync-translations/export`,
  import: `${MASTER_PREFIX}/sync-translations/import`,
};
