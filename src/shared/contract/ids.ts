import { z } from 'zod';
import { MAX_ID } from './common';

export { IdText } from './common';

/**
 * Ids in the contract's schemas, bounded to PostgreSQL's integer (common.ts MAX_ID). Only the
 * schemas import this module, never the browser's first download: webpack keeps an export that any
 * chunk uses in the module's own chunk, and common.ts is in the first one.
 */

/** An id in a body or an answer. */
export const Id = z.number().int().min(-MAX_ID).max(MAX_ID);
export const PositiveId = z.number().int().positive().max(MAX_ID);
