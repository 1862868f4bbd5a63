import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/server-app';
import { companyIdOf } from '../../../test/support/server-factories';
import { backoffMs, claimJobs, completeJob, enqueueJob, failJob, renewLeases, type Job } from './queue';
import { RetryLaterError, runDueJobs } from './runner';

describeEachDatabase('job queue (claimed with SKIP LOCKED, leased, retried with back-off)', (server) => {
  let companyId: number;
  const db = () => server().db.kysely;
  const statusOf = async (key: string) => {
    const { rows } = await sql<{ status: string; attempts: number; run_at: Date; last_error: string | null }>`
      select status, attempts, run_at, last_error from jobs where key = ${key} order by id`.execute(db());
    return rows;
  };

  beforeAll(async () => {
    companyId = await companyIdOf(server(), 'acme');
  });

  it('keeps one queued job per kind and key: a second change before the first is run folds into it', async () => {
    await enqueueJob(db(), { companyId, kind: 'test.fold', key: 'a' });
    await enqueueJob(db(), { companyId, kind: 'test.fold', key: 'a' });
    expect(await statusOf('a')).toHaveLength(1);
  });

  it('never hands one job to two claims made at the same moment', async () => {
    for (let i = 0; i < 20; i += 1)
      await enqueueJob(db(), { companyId, kind: 'test.race', key: `race-${i}` });
    const claims = await Promise.all(
      [1, 2, 3].map(() => claimJobs(db(), ['test.race'], { limit: 10, leaseMs: 60_000 })),
    );
    const ids = claims.flat().map((job) => job.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(20);
  });

  it('claims at once a job the database queued a moment ago (due-ness read on the database clock, to the microsecond)', async () => {
    // the calendar pulls and the booking trigger stamp run_at with the database's now(); a claim
    // on a millisecond JavaScript clock in the same millisecond once saw such a job as not yet due
    for (let i = 0; i < 30; i += 1) {
      await sql`insert into jobs (company_id, kind, key) values (${companyId}, 'test.fresh', ${`f-${i}`})`.execute(
        db(),
      );
      const claimed = await claimJobs(db(), ['test.fresh'], { limit: 5, leaseMs: 60_000 });
      expect(claimed.map((job) => job.key)).toEqual([`f-${i}`]);
      await completeJob(db(), claimed[0]!);
    }
  });

  it('claims, on a given millisecond clock, a job the database stamped within that millisecond, not one after it', async () => {
    // a test's clock reads 10:00:00.000 while the trigger that queued the job stamped .000400
    const clock = new Date('2031-03-04T10:00:00.000Z');
    await sql`insert into jobs (company_id, kind, key, run_at) values
      (${companyId}, 'test.clock', 'within', '2031-03-04T10:00:00.000400Z'),
      (${companyId}, 'test.clock', 'after', '2031-03-04T10:00:00.001000Z')`.execute(db());
    const claimed = await claimJobs(db(), ['test.clock'], { limit: 5, leaseMs: 60_000, now: clock });
    expect(claimed.map((job) => job.key)).toEqual(['within']);
    for (const job of [
      ...claimed,
      ...(await claimJobs(db(), ['test.clock'], {
        limit: 5,
        leaseMs: 60_000,
        now: new Date(clock.getTime() + 1),
      })),
    ])
      await completeJob(db(), job);
  });

  it('does not claim a leased job again until its lease has passed (its process died)', async () => {
    await enqueueJob(db(), { companyId, kind: 'test.lease', key: 'l' });
    const now = new Date();
    const [first] = await claimJobs(db(), ['test.lease'], { limit: 5, leaseMs: 60_000, now });
    expect(first?.key).toBe('l');
    expect(await claimJobs(db(), ['test.lease'], { limit: 5, leaseMs: 60_000, now })).toEqual([]);
    const later = new Date(now.getTime() + 61_000);
    const [again] = await claimJobs(db(), ['test.lease'], { limit: 5, leaseMs: 60_000, now: later });
    expect(again).toMatchObject({ id: first!.id, attempts: 2 });
    await completeJob(db(), again!);
  });

  it('lets a process that stalled past its lease neither renew, complete nor fail the claim another process took since', async () => {
    await enqueueJob(db(), { companyId, kind: 'test.stalled', key: 'st' });
    const now = new Date();
    const [stale] = await claimJobs(db(), ['test.stalled'], { limit: 1, leaseMs: 60_000, now });
    const later = new Date(now.getTime() + 61_000);
    const [taken] = await claimJobs(db(), ['test.stalled'], { limit: 1, leaseMs: 60_000, now: later });
    expect(taken).toMatchObject({ id: stale!.id, attempts: 2 });
    expect(await renewLeases(db(), [stale!], { leaseMs: 60_000, now: later })).toEqual(new Set());
    await completeJob(db(), stale!);
    expect(await failJob(db(), stale!, new Error('late'))).toBe('retried');
    expect(await statusOf('st')).toMatchObject([{ status: 'running', attempts: 2, last_error: null }]);
    expect(await renewLeases(db(), [taken!], { leaseMs: 60_000, now: later })).toEqual(new Set([taken!.id]));
    await completeJob(db(), taken!);
    expect(await statusOf('st')).toMatchObject([{ status: 'done', attempts: 2 }]);
  });

  it('holds back a newer job of a key while an older one of it is still running', async () => {
    await enqueueJob(db(), { companyId, kind: 'test.serial', key: 's' });
    const [running] = await claimJobs(db(), ['test.serial'], { limit: 5, leaseMs: 60_000 });
    await enqueueJob(db(), { companyId, kind: 'test.serial', key: 's' });
    expect(await claimJobs(db(), ['test.serial'], { limit: 5, leaseMs: 60_000 })).toEqual([]);
    await completeJob(db(), running!);
    expect(await claimJobs(db(), ['test.serial'], { limit: 5, leaseMs: 60_000 })).toHaveLength(1);
  });

  it('retries a failed job after a growing back-off, or after the Retry-After the service asked for', async () => {
    expect(backoffMs(1, () => 0.5)).toBe(5_000);
    expect(backoffMs(3, () => 0.5)).toBe(20_000);
    expect(backoffMs(30, () => 0.5)).toBe(3_600_000);

    await enqueueJob(db(), { companyId, kind: 'test.retry', key: 'r' });
    const now = new Date();
    const [job] = await claimJobs(db(), ['test.retry'], { limit: 1, leaseMs: 60_000, now });
    expect(await failJob(db(), job!, new Error('boom'), { retryAfterMs: 120_000, now })).toBe('retried');
    const [row] = await statusOf('r');
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom' });
    expect(row!.run_at.getTime() - now.getTime()).toBeGreaterThanOrEqual(120_000);
    expect(await claimJobs(db(), ['test.retry'], { limit: 1, leaseMs: 60_000, now })).toEqual([]);
  });

  it('gives a job up after its last attempt', async () => {
    await enqueueJob(db(), { companyId, kind: 'test.give-up', key: 'g' });
    await sql`update jobs set max_attempts = 1 where key = 'g'`.execute(db());
    const [job] = await claimJobs(db(), ['test.give-up'], { limit: 1, leaseMs: 60_000 });
    expect(await failJob(db(), job!, new Error('still broken'))).toBe('failed');
    expect(await statusOf('g')).toMatchObject([{ status: 'failed' }]);
  });

  it('keeps a job that must not be given up coming back at the longest back-off after its last attempt', async () => {
    await enqueueJob(db(), { companyId, kind: 'test.forever', key: 'f' });
    await sql`update jobs set max_attempts = 1 where key = 'f'`.execute(db());
    const now = new Date();
    const [job] = await claimJobs(db(), ['test.forever'], { limit: 1, leaseMs: 60_000, now });
    expect(await failJob(db(), job!, new Error('down'), { now, retryForever: true })).toBe('retried');
    const [row] = await statusOf('f');
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    const later = new Date(now.getTime() + 3_600_000 * 1.2 + 1);
    const [again] = await claimJobs(db(), ['test.forever'], { limit: 1, leaseMs: 60_000, now: later });
    expect(await failJob(db(), again!, new Error('still down'), { now: later, retryForever: true })).toBe(
      'retried',
    );
    expect(await statusOf('f')).toMatchObject([{ status: 'queued', attempts: 2 }]);
  });

  describe('runDueJobs', () => {
    it('runs every due job once, marks it done, and queues a throwing one again with its wait', async () => {
      for (const key of ['x1', 'x2', 'x3']) await enqueueJob(db(), { companyId, kind: 'test.run', key });
      const seen: string[] = [];
      const outcome = await runDueJobs(db(), {
        'test.run': async (job) => {
          seen.push(job.key);
          if (job.key === 'x2') throw new RetryLaterError('throttled', 30_000);
        },
      });
      expect(seen.sort()).toEqual(['x1', 'x2', 'x3']);
      expect(outcome).toEqual({ done: 2, failed: 1 });
      expect(await statusOf('x1')).toMatchObject([{ status: 'done' }]);
      const [x2] = await statusOf('x2');
      expect(x2).toMatchObject({ status: 'queued', attempts: 1 });
      expect(x2!.run_at.getTime() - Date.now()).toBeGreaterThan(25_000);
    });

    it('never hands a job to a second runner on the database while the first still holds it: neither one waiting its turn nor one running past its lease', async () => {
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const keys = Array.from({ length: 6 }, (_, i) => `two-${i}`);
      for (const key of keys) await enqueueJob(db(), { companyId, kind: 'test.two-runners', key });
      const runs = new Map<string, number>();
      const inFlight = new Set<string>();
      const overlaps: string[] = [];
      const handlers = {
        'test.two-runners': async (job: Job) => {
          if (inFlight.has(job.key)) overlaps.push(job.key);
          inFlight.add(job.key);
          runs.set(job.key, (runs.get(job.key) ?? 0) + 1);
          // the first job runs three leases long; the others take their turns two at a time
          await sleep(job.key === 'two-0' ? 3_000 : 600);
          inFlight.delete(job.key);
        },
      };
      const options = { concurrency: 2, leaseMs: 1_000 };
      let firstFinished = false;
      const first = runDueJobs(db(), handlers, options).finally(() => {
        firstFinished = true;
      });
      // a second process's runner starts after the first's leases would have run out, and keeps
      // looking for due jobs until the first is through
      await sleep(1_200);
      while (!firstFinished) {
        await runDueJobs(db(), handlers, options);
        await sleep(100);
      }
      await first;
      expect(overlaps).toEqual([]);
      expect(Object.fromEntries(runs)).toEqual(Object.fromEntries(keys.map((key) => [key, 1])));
      for (const key of keys) expect(await statusOf(key)).toMatchObject([{ status: 'done', attempts: 1 }]);
    });
  });
});
