import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { claimJobs, completeJobs, failJob, pruneJobs, renewLeases, type Job } from './queue';

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
  /** the most jobs one claim takes; never more than there are workers free to start them */
  batch?: number;
  /**
   * how long a claimed job is leased; the runner renews the lease while it holds the job, so
   * another process takes it again only when this one died or stalled for that long
   */
  leaseMs?: number;
  /** jobs run side by side */
  concurrency?: number;
  /**
   * kinds never given up: past their attempts they come back at the longest back-off until they
   * succeed (work nothing else would queue again, such as bringing a calendar to a booking's state)
   */
  retryForever?: readonly string[];
  now?: () => Date;
  log?: FastifyBaseLogger;
}

const DEFAULTS = { batch: 50, leaseMs: 5 * 60_000, concurrency: 8 };

/**
 * Runs due jobs until none is left: claims as many as there are free workers (a job claimed is a
 * job started, never one left waiting in this process while its lease runs out), runs them, marks
 * each done or failed, and claims again as workers come free. While it holds jobs it renews their
 * leases every third of the lease. Answers how many ran. Used by the runner below and by tests and
 * the bench, which run "the sync job" at a moment of their choosing.
 */
export async function runDueJobs(
  db: Kysely<Database>,
  handlers: Readonly<Record<string, JobHandler>>,
  options: RunOptions = {},
): Promise<{ done: number; failed: number }> {
  const kinds = Object.keys(handlers);
  const now = options.now ?? (() => new Date());
  const claimAt = options.now;
  const leaseMs = options.leaseMs ?? DEFAULTS.leaseMs;
  const concurrency = Math.max(1, options.concurrency ?? DEFAULTS.concurrency);
  const batch = Math.max(1, options.batch ?? DEFAULTS.batch);
  const retryForever = new Set(options.retryForever ?? []);
  const counts = { done: 0, failed: 0 };
  // the jobs this runner holds: running, or done and not yet marked (marked before the next claim,
  // one statement for all; were the process to die first, their leases run out and they run again,
  // which idempotent handlers allow)
  const held = new Map<string, Job>();
  let done: Job[] = [];
  const running = new Set<Promise<void>>();

  const run = async (job: Job) => {
    try {
      await handlers[job.kind]!(job);
      done.push(job);
      counts.done += 1;
    } catch (error) {
      held.delete(job.id);
      const retryAfterMs = error instanceof RetryLaterError ? error.retryAfterMs : null;
      const outcome = await failJob(db, job, error, {
        retryAfterMs,
        now: now(),
        retryForever: retryForever.has(job.kind),
      });
      counts.failed += 1;
      options.log?.warn(
        { err: error, job: { id: job.id, kind: job.kind, key: job.key, attempts: job.attempts }, outcome },
        'job failed',
      );
    }
  };
  const markDone = async () => {
    if (done.length === 0) return;
    const finished = done;
    done = [];
    await completeJobs(db, finished, now());
    for (const job of finished) held.delete(job.id);
  };

  let renewing: Promise<void> = Promise.resolve();
  const renew = () => {
    renewing = (async () => {
      const jobs = [...held.values()];
      const kept = await renewLeases(db, jobs, { leaseMs, now: claimAt?.() });
      const lost = jobs.filter((job) => !kept.has(job.id) && held.has(job.id));
      if (lost.length > 0)
        options.log?.warn(
          { jobs: lost.map((job) => ({ id: job.id, kind: job.kind, key: job.key })) },
          'job lease lost: another process took the job after its lease ran out',
        );
    })().catch((error: unknown) => options.log?.error({ err: error }, 'job lease renewal failed'));
  };
  const renewal = setInterval(renew, Math.max(10, Math.floor(leaseMs / 3)));
  renewal.unref();

  try {
    for (;;) {
      const free = concurrency - running.size;
      if (free > 0) {
        await markDone();
        const jobs = await claimJobs(db, kinds, {
          limit: Math.min(batch, free),
          leaseMs,
          now: claimAt?.(),
        });
        for (const job of jobs) {
          held.set(job.id, job);
          const started = run(job).finally(() => running.delete(started));
          running.add(started);
        }
      }
      if (running.size === 0) break;
      await Promise.race(running);
    }
    await markDone();
  } finally {
    clearInterval(renewal);
    await Promise.allSettled(running);
    await renewing;
  }
  return counts;
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
