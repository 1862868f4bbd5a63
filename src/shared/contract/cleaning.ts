import { z } from 'zod';
import { COMPANY_PREFIX } from './common';
import { Id, IdText } from './ids';

/** spec §7 GET clean resources (level_id): what cleaning staff still have to clean. */
export const CleanResourcesQuery = z.object({ level_id: IdText.optional() });
export type CleanResourcesQuery = z.infer<typeof CleanResourcesQuery>;

export const Cleaning = z.object({
  resource_id: Id,
  cleaned_at: z.string(),
  cleaned_by: z.string(),
});
export type Cleaning = z.infer<typeof Cleaning>;

export const CleanResource = z.object({
  id: Id,
  name: z.string(),
  level_id: Id,
  level_name: z.string(),
  /** the map it is drawn on (its level's or the nearest ancestor's), and where: null when not placed */
  map_id: Id.nullable(),
  map_x: z.number().nullable(),
  map_y: z.number().nullable(),
  icon: z.string().nullable(),
  /** when its last use ended (a booking's end, a check-out) */
  used_until: z.string(),
  last_cleaning: Cleaning.nullable(),
});
export type CleanResource = z.infer<typeof CleanResource>;

export const CleanMap = z.object({
  id: Id,
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type CleanMap = z.infer<typeof CleanMap>;

export const CleanResources = z.object({
  data: z.array(CleanResource),
  /** the floor maps those resources are drawn on */
  maps: z.array(CleanMap),
  /** whether the company makes a used resource unbookable until it is cleaned */
  clean_before_booking: z.boolean(),
});
export type CleanResources = z.infer<typeof CleanResources>;

export const cleanResourcesPath = `${COMPANY_PREFIX}/declarations/clean-resources`;
export const cleanPaths = { list: cleanResourcesPath, one: `${cleanResourcesPath}/:id` } as const;
export const cleanedPath = (resourceId: number) => `${cleanResourcesPath}/${resourceId}`;
