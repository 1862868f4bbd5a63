import { z } from 'zod';
import { text } from '../validation/schemas';
import { COMPANY_PREFIX, paginated } from './common';
import { PositiveId } from './ids';

/**
 * spec §2 /resource-types (RESOURCE_TYPES), §3 Resource.resource_type: what a resource is (desk,
 * room, parking, locker, equipment…), named in every company language. Resource attributes share
 * the name and translation shapes defined here.
 */

/** A lower-case key: desk, parking-space, video_conferencing. */
export const CATALOGUE_KEY = /^[a-z0-9]+(?:[_-][a-z0-9]+)*$/;
export const NAME_MAX = 120;

export const NameTranslation = z.object({
  language_id: z.number().int(),
  locale: z.string(), // 'en-GB'
  name: z.string(),
});
export type NameTranslation = z.infer<typeof NameTranslation>;

/**
 * The names sent on a change: one per language, all of them (a language left out, or sent blank,
 * has no name afterwards). The company's own language must have one (422 'This field is required.'
 * at translations.{index}.name, or translations when it is missing from the list).
 */
export const NameTranslationsBody = z
  .array(
    z.strictObject({
      language_id: PositiveId,
      name: z.string().max(NAME_MAX, `The field must contain ${NAME_MAX} or fewer characters.`),
    }),
  )
  .max(50);
export type NameTranslationsBody = z.infer<typeof NameTranslationsBody>;

export const catalogueKey = () =>
  text('required', 64).refine((value) => CATALOGUE_KEY.test(value), {
    message: 'Key is not valid.',
  });
export const catalogueIcon = () => z.string().max(64).nullable();

export const ResourceType = z.object({
  id: z.number().int(),
  key: z.string(),
  icon: z.string().nullable(),
  is_bookable: z.boolean(),
  /** in the user's language, else English, else the company's language */
  name: z.string(),
  translations: z.array(NameTranslation),
});
export type ResourceType = z.infer<typeof ResourceType>;

/** POST: the key is derived from the name in the company's language when left out. */
export const CreateResourceTypeBody = z.strictObject({
  key: catalogueKey().optional(),
  icon: catalogueIcon().optional(),
  is_bookable: z.boolean().optional(),
  translations: NameTranslationsBody,
});
export type CreateResourceTypeBody = z.infer<typeof CreateResourceTypeBody>;

/** PUT: what is sent changes; translations, when sent, replace all names. */
export const UpdateResourceTypeBody = CreateResourceTypeBody.partial();
export type UpdateResourceTypeBody = z.infer<typeof UpdateResourceTypeBody>;

/** ?query= searches the names in every language, ignoring case. */
export const CatalogueListQuery = z.object({
  query: z.string().max(120).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(200),
  lang: z.string().max(16).optional(),
});
export type CatalogueListQuery = z.infer<typeof CatalogueListQuery>;

export const ResourceTypePage = paginated(ResourceType);
export const ResourceTypeList = z.object({ data: z.array(ResourceType) });

export const resourceTypePaths = {
  list: `${COMPANY_PREFIX}/resource-types`,
  all: `${COMPANY_PREFIX}/resource-types/all`,
  one: `${COMPANY_PREFIX}/resource-types/:id`,
  of: (id: number) => `${COMPANY_PREFIX}/resource-types/${id}`,
};
