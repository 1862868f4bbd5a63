import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { claimJobs, completeJobs, failJob, pruneJobs, type Job } from './queue';

export type JobHandler = (job: Job) => Promise<void>;

/** A handler throws this to be retried no sooner than the service asked (429 Retry-After). */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = 'RetryLaterError';
  }
}

export interface RunOptions {
  /** jobs claimed per round */
  batch?: number;
  /** how long a claimed job is leased before another process may take it again */
  leaseMs?: number;
  /** jobs of one batch run side by side */
  concurrency?: number;
  now?: () => Date;
  log?: FastifyBaseLogger;
}

const DEFAULTS = { batch: 50, leaseMs: 5 * 60_000, concurrency: 8 };

/**
 * Runs due jobs until none is left: claims a batch, runs it (a few at a time), marks each done or
 * failed, repeats. Answers how many ran. Used by the runner below and by tests and the bench, which
 * run "the sync job" at a moment of their choosing.
 */
export async function runDueJobs(
  db: Kysely<Database>,
  handlers: Readonly<Record<string, JobHandler>>,
  options: RunOptions = {},
): Promise<{ done: number; failed: number }> {
  const kinds = Object.keys(handlers);
  const now = options.now ?? (() => new Date());
  const claimAt = options.now;
  const counts = { done: 0, failed: 0 };
  for (;;) {
    const jobs = await claimJobs(db, kinds, {
      limit: options.batch ?? DEFAULTS.batch,
      leaseMs: options.leaseMs ?? DEFAULTS.leaseMs,
      now: claimAt?.(),
    });
    if (jobs.length === 0) return counts;
    const queue = [...jobs];
    // done jobs are marked together after the batch; were the process to die first, their leases
    // run out and they run again, which idempotent handlers allow
    const done: Job[] = [];
    const worker = async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        try {
          await handlers[job.kind]!(job);
          done.push(job);
          counts.done += 1;
        } catch (error) {
          const retryAfterMs = error instanceof RetryLaterError ? error.retryAfterMs : null;
          const outcome = await failJob(db, job, error, { retryAfterMs, now: now() });
          counts.failed += 1;
          options.log?.warn(
            {
              err: error,
              job: { id: job.id, kind: job.kind, key: job.key, attempts: job.attempts },
              outcome,
            },
            'job failed',
          );
        }
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(options.concurrency ?? DEFAULTS.concurrency, jobs.length) }, worker),
    );
    await completeJobs(db, done, now());
  }
}

export interface RunnerOptions extends RunOptions {
  /** how often due jobs are looked for */
  intervalMs?: number;
  /** work that queues jobs on a schedule (e.g. the calendar pulls), run before each round */
  beforeRound?: () => Promise<void>;
  /** how long finished jobs are kept */
  keepFinishedMs?: number;
}

/**
 * Runs due jobs on an interval in a server process (main.ts); every process may run one, the
 * claims keep each job to one of them. `wake()` starts a round now (a job was just queued).
 * Answers the stop function, which waits for the round in progress.
 */
export function startJobRunner(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  handlers: Readonly<Record<string, JobHandler>>,
  options: RunnerOptions = {},
): { stop: () => Promise<void>; wake: () => void } {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastPrune = 0;
  const keep = options.keepFinishedMs ?? 24 * 3_600_000;

  const round = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        await options.beforeRound?.();
        await runDueJobs(db, handlers, { ...options, log });
        if (Date.now() - lastPrune > 3_600_000) {
          lastPrune = Date.now();
          await pruneJobs(db, new Date(Date.now() - keep));
        }
      } catch (error) {
        log.error({ err: error }, 'job round failed');
      }
    })().finally(() => {
      running = null;
      if (again) {
        again = false;
        round();
      }
    });
  };

  const timer = setInterval(round, options.intervalMs ?? 5_000);
  timer.unref();
  return {
    wake: round,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
