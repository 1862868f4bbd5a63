import { z } from 'zod';
import type { MASTER_PREFIX } from './common';
import { COMPANY_PREFIX } from './common';

/** spec §1: application ids. */
export const APPLICATION_IDS = {
  hub: 4,
  maps: 5,
  realTime: 7,
  plan: 8,
  visitor: 11,
  oneClick: 12,
  myVisits: 13,
  bookings: 14,
} as const;
export type ApplicationId = (typeof APPLICATION_IDS)[keyof typeof APPLICATION_IDS];

export const Application = z.object({ id: z.number().int(), key: z.string(), name: z.string() });
export type Application = z.infer<typeof Application>;

export const ApplicationVersion = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  version: z.string(),
  notes: z.string(),
  released_at: z.string(), // ISO date-time
});
export type ApplicationVersion = z.infer<typeof ApplicationVersion>;

export const ApplicationsResponse = z.object({ data: z.array(Application) });
export type ApplicationsResponse = z.infer<typeof ApplicationsResponse>;
export const ApplicationVersionsResponse = z.object({ data: z.array(ApplicationVersion) });
export type ApplicationVersionsResponse = z.infer<typeof ApplicationVersionsResponse>;

export const AddVersionBody = z.strictObject({
  version: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(32)
    .regex(/^\d+\.\d+(\.\d+)?$/, 'Version is not valid.'),
  notes: z.string().max(2000).default(''),
});
export type AddVersionBody = z.input<typeof AddVersionBody>;

export const AcceptedByUserResponse = z.object({
  accepted: z.boolean(),
  unaccepted_document_ids: z.array(z.number().int()),
});
export type AcceptedByUserResponse = z.infer<typeof AcceptedByUserResponse>;

/** GET applications/all, /{id}, /{id}/versions under both prefixes; POST versions is master-only. */
export const applicationPaths = (prefix: typeof COMPANY_PREFIX | typeof MASTER_PREFIX) => ({
  all: `${prefix}/applications/all`,
  one: (id: number) => `${prefix}/applications/${id}`,
  versions: (id: number) => `${prefix}/applications/${id}/versions`,
});
export const acceptedByUserPath = (id: number) => `${COMPANY_PREFIX}/applications/${id}/accepted-by-user`;
