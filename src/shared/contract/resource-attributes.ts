import { z } from 'zod';
import { COMPANY_PREFIX, paginated } from './common';
import { catalogueIcon, catalogueKey, NameTranslation, NameTranslationsBody } from './resource-types';

/**
 * spec §2 /resource-attributes (RESOURCE_ATTRIBUTES), §3 Resource.resource_attributes: what a
 * resource offers (monitor, whiteboard, wheelchair access…), named in every company language.
 */
export const ResourceAttribute = z.object({
  id: z.number().int(),
  key: z.string(),
  icon: z.string().nullable(),
  name: z.string(),
  translations: z.array(NameTranslation),
});
export type ResourceAttribute = z.infer<typeof ResourceAttribute>;

export const CreateResourceAttributeBody = z.strictObject({
  key: catalogueKey().optional(),
  icon: catalogueIcon().optional(),
  translations: NameTranslationsBody,
});
export type CreateResourceAttributeBody = z.infer<typeof CreateResourceAttributeBody>;

export const UpdateResourceAttributeBody = CreateResourceAttributeBody.partial();
export type UpdateResourceAttributeBody = z.infer<typeof UpdateResourceAttributeBody>;

export const ResourceAttributePage = paginated(ResourceAttribute);
export const ResourceAttributeList = z.object({ data: z.array(ResourceAttribute) });

export const resourceAttributePaths = {
  list: `${COMPANY_PREFIX}/resource-attributes`,
  all: `${COMPANY_PREFIX}/resource-attributes/all`,
  one: `${COMPANY_PREFIX}/resource-attributes/:id`,
  of: (id: number) => `${COMPANY_PREFIX}/resource-attributes/${id}`,
};
