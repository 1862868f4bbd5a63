import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The job queue (migration 0018): rows any server process may run, each once. A claim takes due
 * rows with FOR UPDATE SKIP LOCKED, so processes claiming at the same moment never take the same
 * row and never wait for each other, and leases them (locked_until) in the same statement; the work
 * then runs outside any transaction (PGlite has one connection: a transaction held open over an
 * HTTP call would stop every other query). The runner claims only jobs it starts at once and renews
 * their leases while it holds them (renewLeases), so a lease runs out only when its process died or
 * stalled; such a job is claimed again, so handlers must be idempotent: they bring the outside world
 * to the current state rather than replaying an action. Each claim counts an attempt, and the count
 * is the claim's token: renewing, completing and failing a job touch it only while it is still the
 * same claim, so a stalled process that wakes up never marks another's run.
 */
export interface Job {
  id: string;
  company_id: number;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

export interface NewJob {
  companyId: number;
  kind: string;
  key: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
}

/** The channel a queued job is announced on, so idle runners wake at once (the trigger uses it too). */
export const JOBS_CHANNEL = 'jobs_queued';

/** Queues a job unless one with the same kind and key is already waiting (it does the same work). */
export async function enqueueJob(db: Kysely<Database>, job: NewJob): Promise<void> {
  await sql`
    insert into jobs (company_id, kind, key, payload, run_at)
    values (${job.companyId}, ${job.kind}, ${job.key}, ${JSON.stringify(job.payload ?? {})}::jsonb,
      ${job.runAt ?? new Date()})
    on conflict (company_id, kind, key) where status = 'queued' do nothing`.execute(db);
}

/**
 * Claims up to `limit` due jobs of the given kinds: queued ones whose time has come, and running
 * ones whose lease ran out. A key with a job still running (leased) waits, so two processes never
 * work on one booking at once. Due-ness is read on the database's clock unless `now` is given
 * (tests): jobs are stamped by the database (column default, triggers) to the microsecond, so a
 * millisecond JavaScript clock, or another machine's, could see a job queued a moment ago as not
 * yet due. A given `now` stands for its whole millisecond: a job stamped within it is due.
 */
export async function claimJobs(
  db: Kysely<Database>,
  kinds: readonly string[],
  options: { limit: number; leaseMs: number; now?: Date },
): Promise<Job[]> {
  const now = options.now ? sql`${options.now}::timestamptz` : sql`statement_timestamp()`;
  const dueBy = options.now ? sql`${options.now}::timestamptz + interval '999 microseconds'` : now;
  const leaseEnd = sql`${now} + ${options.leaseMs}::double precision * interval '1 millisecond'`;
  const { rows } = await sql<Job>`
    with due as (
      select j.id from jobs j
      where j.kind = any(${sql.val(kinds)}::text[])
        and ((j.status = 'queued' and j.run_at <= ${dueBy})
          or (j.status = 'running' and j.locked_until < ${now}))
        and not exists (
          select 1 from jobs r
          where r.status = 'running' and r.locked_until >= ${now} and r.id <> j.id
            and r.company_id = j.company_id and r.kind = j.kind and r.key = j.key)
      order by j.run_at, j.id
      limit ${options.limit}
      for update of j skip locked
    )
    update jobs set status = 'running', attempts = jobs.attempts + 1, locked_until = ${leaseEnd},
      updated_at = ${now}
    from due where jobs.id = due.id
    returning jobs.id::text as id, jobs.company_id, jobs.kind, jobs.key, jobs.payload, jobs.attempts,
      jobs.max_attempts`.execute(db);
  return rows;
}

export async function completeJob(db: Kysely<Database>, job: Job, now = new Date()): Promise<void> {
  await completeJobs(db, [job], now);
}

/** Marks jobs done in one statement (a batch's worth: one round trip instead of one per job). */
export async function completeJobs(
  db: Kysely<Database>,
  jobs: readonly Job[],
  now = new Date(),
): Promise<void> {
  if (jobs.length === 0) return;
  await sql`
    update jobs set status = 'done', locked_until = null, last_error = null, updated_at = ${now}
    from ${claimsOf(jobs)}
    where jobs.id = held.id and jobs.attempts = held.attempts and jobs.status = 'running'`.execute(db);
}

/** The claims (job and attempt) a runner holds, as a table `held (id, attempts)` to join with. */
function claimsOf(jobs: readonly Job[]) {
  return sql`unnest(${sql.val(jobs.map((job) => job.id))}::bigint[],
    ${sql.val(jobs.map((job) => job.attempts))}::integer[]) as held (id, attempts)`;
}

/**
 * Extends the leases of the jobs a runner still holds (running, or done and not yet marked) to
 * `leaseMs` from now, so no other process takes them while they run however long. Answers the ids
 * still held: one missing was taken by another claim after its lease ran out (this process stalled).
 */
export async function renewLeases(
  db: Kysely<Database>,
  jobs: readonly Job[],
  options: { leaseMs: number; now?: Date },
): Promise<Set<string>> {
  if (jobs.length === 0) return new Set();
  const now = options.now ? sql`${options.now}::timestamptz` : sql`statement_timestamp()`;
  const { rows } = await sql<{ id: string }>`
    update jobs set locked_until = ${now} + ${options.leaseMs}::double precision * interval '1 millisecond'
    from ${claimsOf(jobs)}
    where jobs.id = held.id and jobs.attempts = held.attempts and jobs.status = 'running'
    returning jobs.id::text as id`.execute(db);
  return new Set(rows.map((row) => row.id));
}

/** Back-off after the n-th failed attempt: 5 s, 10 s, 20 s, ... at most an hour, with jitter. */
export function backoffMs(attempts: number, random = Math.random): number {
  const base = Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + random() * 0.4));
}

/**
 * A failed attempt: queued again after the back-off (or the wait the service asked for), or given
 * up for good after max_attempts, unless `retryForever`: then it keeps coming back at the longest
 * back-off (about an hour) until it succeeds. When another job of the key was queued meanwhile,
 * that one does the work and this one is closed.
 */
export async function failJob(
  db: Kysely<Database>,
  job: Job,
  error: unknown,
  options: { retryAfterMs?: number | null; now?: Date; retryForever?: boolean } = {},
): Promise<'retried' | 'failed'> {
  const now = options.now ?? new Date();
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const wait = Math.max(options.retryAfterMs ?? 0, backoffMs(job.attempts));
  const giveUp = !options.retryForever && job.attempts >= job.max_attempts;
  const { rows } = await sql<{ status: 'queued' | 'failed' | 'done' }>`
    update jobs set
      status = case
        when ${giveUp} then 'failed'
        when exists (select 1 from jobs q where q.status = 'queued' and q.company_id = jobs.company_id
          and q.kind = jobs.kind and q.key = jobs.key) then 'done'
        else 'queued' end,
      run_at = ${new Date(now.getTime() + wait)}, locked_until = null, last_error = ${message},
      updated_at = ${now}
    where id = ${job.id}::bigint and attempts = ${job.attempts} and status = 'running'
    returning status`.execute(db);
  return rows[0]?.status === 'failed' ? 'failed' : 'retried';
}

/** Finished jobs are kept a while for diagnosis, then removed. */
export async function pruneJobs(db: Kysely<Database>, olderThan: Date): Promise<void> {
  await sql`delete from jobs where status in ('done', 'failed') and updated_at < ${olderThan}`.execute(db);
}
