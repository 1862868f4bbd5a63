import { z } from 'zod';
import { COMPANY_PREFIX, paginated } from './common';

/**
 * spec §2 /logs (LOG-FILES), §7 Logs: the audit log's CSV exports for a period (a job builds each,
 * the screen follows its progress and downloads it when ready) and configs/1, its on/off switch.
 */

/** The longest period one export covers: a year, so that a file stays a file. */
export const MAX_LOG_PERIOD_DAYS = 366;
export const PERIOD_ORDER = 'The end must be after the start.';
export const PERIOD_TOO_LONG = `Choose a period of at most ${MAX_LOG_PERIOD_DAYS} days.`;

export const CreateLogExportBody = z
  .strictObject({
    from: z.iso.datetime({ offset: true, message: 'Wrong date format' }),
    to: z.iso.datetime({ offset: true, message: 'Wrong date format' }),
  })
  .superRefine((body, ctx) => {
    const from = Date.parse(body.from);
    const to = Date.parse(body.to);
    if (!(to > from)) ctx.addIssue({ code: 'custom', path: ['to'], message: PERIOD_ORDER });
    else if (to - from > MAX_LOG_PERIOD_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['to'], message: PERIOD_TOO_LONG });
  });
export type CreateLogExportBody = z.infer<typeof CreateLogExportBody>;

export const LogExport = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  status: z.enum(['queued', 'running', 'ready', 'failed']),
  progress: z.number().int(),
  row_count: z.number().int(),
  created_at: z.string(),
  /** where the CSV is downloaded once ready */
  file_url: z.string().nullable(),
});
export type LogExport = z.infer<typeof LogExport>;
export const LogExportPage = paginated(LogExport);

export const LogConfig = z.object({ id: z.literal(1), is_active: z.boolean() });
export type LogConfig = z.infer<typeof LogConfig>;
export const LogConfigBody = z.strictObject({ is_active: z.boolean() });
export type LogConfigBody = z.infer<typeof LogConfigBody>;
export const LogConfigParam = z.object({ id: z.literal('1', { message: 'Not found.' }) });

/** The CSV's columns, in order. */
export const LOG_COLUMNS = [
  'occurred_at',
  'kind',
  'actor_name',
  'actor_email',
  'subject',
  'details',
] as const;

export const logPaths = {
  exports: `${COMPANY_PREFIX}/logs/exports`,
  export: `${COMPANY_PREFIX}/logs/exports/:id`,
  file: `${COMPANY_PREFIX}/logs/exports/:id/file`,
  config: `${COMPANY_PREFIX}/logs/configs/:id`,
  exportOf: (id: number) => `${COMPANY_PREFIX}/logs/exports/${id}`,
  fileOf: (id: number) => `${COMPANY_PREFIX}/logs/exports/${id}/file`,
  configOf: `${COMPANY_PREFIX}/logs/configs/1`,
} as const;
