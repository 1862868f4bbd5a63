import type { Kysely, Updateable } from 'kysely';
import { pageMeta, type Paginated, type PageQuery } from '../../../shared/contract/common';
import {
  LOG_COLUMNS,
  logPaths,
  type CreateLogExportBody,
  type LogConfig,
  type LogExport,
} from '../../../shared/contract/logs';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { csvDocument } from '../../http/csv-cells';
import { notFound } from '../../http/errors';
import { enqueueJob, type Job } from '../../jobs';
import { recordAudit } from './audit';
import {
  countEvents,
  eventsPage,
  exportById,
  exportCount,
  exportFile,
  exportPage,
  insertExport,
  isLogging,
  setLogging,
} from './log-exports.queries';

export const LOG_EXPORT_JOB = 'log-export';
const NOT_FOUND = 'Log export not found.';
const PAGE = 500;

type Row = NonNullable<Awaited<ReturnType<typeof exportById>>>;
const asExport = (row: Row): LogExport => ({
  id: row.id,
  from: new Date(row.period_from).toISOString(),
  to: new Date(row.period_to).toISOString(),
  status: row.status,
  progress: row.progress,
  row_count: row.row_count,
  created_at: new Date(row.created_at).toISOString(),
  file_url: row.status === 'ready' ? logPaths.fileOf(row.id) : null,
});

export async function listExports(ctx: ServiceContext, query: PageQuery): Promise<Paginated<LogExport>> {
  const [rows, total] = await Promise.all([
    exportPage(ctx.db, ctx.companyId, (query.page - 1) * query.per_page, query.per_page),
    exportCount(ctx.db, ctx.companyId),
  ]);
  return { data: rows.map(asExport), meta: pageMeta(query.page, query.per_page, total) };
}

export async function getExport(ctx: ServiceContext, id: number): Promise<LogExport> {
  const row = await exportById(ctx.db, ctx.companyId, id);
  if (!row) throw notFound(NOT_FOUND);
  return asExport(row);
}

/** POST logs/exports: queued at once, built by the job (the request never waits for the rows). */
export async function createExport(ctx: ServiceContext, body: CreateLogExportBody): Promise<LogExport> {
  const row = await ctx.db.transaction().execute(async (tx) => {
    const made = await insertExport(tx, ctx.companyId, ctx.userId, new Date(body.from), new Date(body.to));
    await enqueueJob(tx, { companyId: ctx.companyId, kind: LOG_EXPORT_JOB, key: String(made.id) });
    return made;
  });
  return asExport(row);
}

/** GET logs/exports/{id}/file: the CSV once ready (404 before, as a file that does not exist yet). */
export async function downloadExport(
  ctx: ServiceContext,
  id: number,
): Promise<{ csv: Buffer; name: string }> {
  const row = await exportFile(ctx.db, ctx.companyId, id);
  if (!row?.csv) throw notFound(NOT_FOUND);
  const day = (date: Date) => new Date(date).toISOString().slice(0, 10);
  return { csv: row.csv, name: `audit-log-${day(row.period_from)}-${day(row.period_to)}.csv` };
}

export async function logConfig(ctx: ServiceContext): Promise<LogConfig> {
  return { id: 1, is_active: await isLogging(ctx.db, ctx.companyId) };
}

/** PUT logs/configs/1 is_active: switching logging off stops new lines; the ones written stay. */
export async function changeLogConfig(ctx: ServiceContext, isActive: boolean): Promise<LogConfig> {
  await setLogging(ctx.db, ctx.companyId, isActive);
  return { id: 1, is_active: isActive };
}

/**
 * The job: the period's lines, oldest first, a page at a time, its progress written after each
 * page; every cell neutralised (a subject typed by a user could be a formula). It starts over when
 * claimed again, so a run cut short leaves nothing half-written.
 */
export async function buildExport(db: Kysely<Database>, job: Pick<Job, 'company_id' | 'key'>): Promise<void> {
  const id = Number(job.key);
  const update = (values: Updateable<Database['log_exports']>) =>
    db
      .updateTable('log_exports')
      .set(values)
      .where('company_id', '=', job.company_id)
      .where('id', '=', id)
      .execute();
  const found = await db
    .selectFrom('log_exports')
    .select(['period_from', 'period_to', 'user_id'])
    .where('company_id', '=', job.company_id)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) return;
  const period = { from: new Date(found.period_from), to: new Date(found.period_to) };
  await update({ status: 'running', progress: 0 });
  const total = await countEvents(db, job.company_id, period.from, period.to);
  const rows: string[][] = [];
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const page = await eventsPage(db, job.company_id, period, after, PAGE);
    for (const event of page)
      rows.push([
        new Date(event.occurred_at).toISOString(),
        event.kind,
        event.actor_name,
        event.actor_email,
        event.subject,
        event.details,
      ]);
    if (page.length < PAGE) break;
    const last = page[page.length - 1]!;
    after = { at: new Date(last.occurred_at), id: last.id };
    await update({ progress: Math.min(99, Math.floor((rows.length / Math.max(total, 1)) * 100)) });
  }
  await update({
    status: 'ready',
    progress: 100,
    row_count: rows.length,
    csv: Buffer.from(csvDocument(LOG_COLUMNS, rows), 'utf8'),
    finished_at: new Date(),
  });
  await recordAudit(db, {
    companyId: job.company_id,
    actorId: found.user_id,
    kind: 'export',
    subject: 'audit log',
    details: `${period.from.toISOString()} – ${period.to.toISOString()}, ${rows.length} lines`,
  });
}
