import { z } from 'zod';

export const API_PREFIX = '/api';
export const COMPANY_PREFIX = '/api/company/v1';
export const MASTER_PREFIX = '/api/master/v1';

/** ARCHITECTURE.md: every failure answers this shape (spec §3 "Error response"). */
export const ErrorBody = z.object({
  data: z.object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;

export const MAX_PER_PAGE = 200;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(MAX_PER_PAGE),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const PageMeta = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMeta>;

/** The paging answer for `total` items shown `perPage` at a time, on page `page`. */
export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: PageMeta });
}
export interface Paginated<T> {
  data: T[];
  meta: PageMeta;
}

/**
 * Every id is a PostgreSQL integer (a serial): a larger number names no record, and is refused with
 * the field's error rather than reaching the database, whose range error would be a 500. The id
 * schemas are in ./ids.ts: exported from here, they would keep zod in the browser's first download.
 */
export const MAX_ID = 2_147_483_647;

/**
 * An id in a path or a query string: decimal digits only, no sign, no leading zero, within MAX_ID.
 * Number() would also read '0x10' as 16, '1e3' as 1000 and ' 7' as 7 (issue 37); this is the one
 * schema every route's id text goes through (./ids.ts re-exports it as IdText).
 */
export const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;
export const IdText = z.string().regex(DECIMAL_ID).transform(Number).pipe(z.number().max(MAX_ID));

export const IdParam = z.object({ id: IdText });

export const HealthBody = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type HealthBody = z.infer<typeof HealthBody>;

/** The language query parameter every client request carries (spec §7). */
export const LangQuery = z.object({ lang: z.string().max(16).optional() });
