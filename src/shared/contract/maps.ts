import { z } from 'zod';
import { requiredText } from '../validation/schemas';
import { COMPANY_PREFIX, paginated } from './common';

/** Floor plans: at most 5 MB and 40 megapixels (ARCHITECTURE.md: uploads limited in bytes and pixels). */
export const MAP_MAX_BYTES = 5 * 1024 * 1024;
export const MAP_MAX_PIXELS = 40_000_000;
export const MAP_MIME_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

/** spec §3 Map: realtime 0/1. */
export const FloorMap = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.enum(MAP_MIME_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  /** the image's ETag */
  sha256: z.string(),
  realtime: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
  /** where the image is read (with the bearer token) */
  image_url: z.string(),
});
export type FloorMap = z.infer<typeof FloorMap>;

export const FloorMapList = paginated(FloorMap);
export type FloorMapList = z.infer<typeof FloorMapList>;

/**
 * POST maps. The API takes JSON only, so the file travels as base64; its type is read from the
 * content, never from a name or a declared type.
 */
export const CreateMapBody = z.strictObject({
  name: requiredText(120),
  content_base64: z
    .string()
    .min(1, 'This field is required.')
    .max(Math.ceil(MAP_MAX_BYTES / 3) * 4 + 4, 'The file must be 5 MB or smaller.'),
});
export type CreateMapBody = z.infer<typeof CreateMapBody>;

/** spec §7 PUT maps/{id} (realtime, set_realtime=1). */
export const UpdateMapBody = z
  .strictObject({
    name: requiredText(120),
    realtime: z.union([z.literal(0), z.literal(1)]),
    set_realtime: z.union([z.literal(0), z.literal(1)]),
  })
  .partial();
export type UpdateMapBody = z.infer<typeof UpdateMapBody>;

export const mapsPath = `${COMPANY_PREFIX}/maps`;
export const mapPaths = { one: `${mapsPath}/:id`, image: `${mapsPath}/:id/image` } as const;
export const mapImagePath = (id: number) => `${mapsPath}/${id}/image`;
