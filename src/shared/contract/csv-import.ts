import { z } from 'zod';
import { text } from '../validation/schemas';

/**
 * A CSV import (users, visitors): the file's text is previewed first, each row with its errors, and
 * nothing is written until the import is confirmed; a file with a bad row imports nothing.
 */
export const MAX_IMPORT_BYTES = 1_000_000;
export const MAX_IMPORT_ROWS = 2_000;
export const ImportBody = z.strictObject({ csv: text('required', MAX_IMPORT_BYTES) });
export type ImportBody = z.infer<typeof ImportBody>;
export const ImportRow = z.object({
  /** the row's line in the file (the header is line 1) */
  line: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ImportRow = z.infer<typeof ImportRow>;
export const ImportPreview = z.object({
  rows: z.array(ImportRow),
  valid: z.number().int(),
  invalid: z.number().int(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;
export const ImportResult = z.object({ message: z.string(), created: z.number().int() });
export type ImportResult = z.infer<typeof ImportResult>;
