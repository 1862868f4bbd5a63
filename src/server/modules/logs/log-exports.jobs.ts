import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection';
import { JOBS_CHANNEL, runDueJobs, startJobRunner, type Job, type JobHandler } from '../../jobs';
import { listenToDatabase } from '../../realtime/database-listener';
import { buildExport, LOG_EXPORT_JOB } from './log-exports.service';

export const logExportHandlers = (db: Db['kysely']): Record<string, JobHandler> => ({
  [LOG_EXPORT_JOB]: (job: Job) => buildExport(db, job),
});

/** Runs the queued log exports now (tests: "the job runs" as a step of its own). */
export const runLogExports = (db: Db['kysely']) => runDueJobs(db, logExportHandlers(db));

/** Log exports in a server process (main.ts): a queued export starts as soon as its notice arrives. */
export async function startLogExports(db: Db, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const runner = startJobRunner(db.kysely, log, logExportHandlers(db.kysely), { intervalMs: 5_000 });
  const listener = await listenToDatabase(db, [JOBS_CHANNEL], () => runner.wake(), log);
  return async () => {
    await listener.stop();
    await runner.stop();
  };
}
