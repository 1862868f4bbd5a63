import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/schema';
import {
  JOBS_CHANNEL,
  runDueJobs,
  startJobRunner,
  type Job,
  type JobHandler,
  type RunOptions,
} from '../../jobs';
import { Mailer } from '../../integrations/mailer';
import { listenToDatabase } from '../../realtime/database-listener';
import type { CalendarConnector } from './calendar-connector';
import { PULL_JOB, PUSH_JOB, pullCalendar, pushBooking, type ConnectorSource } from './calendar-sync.service';
import { buildConnector, connectorRow, type FactoryDeps } from './connector-factory';
import { RETRACT_JOB, retractEvents, type RetractPayload } from './retract';
import { connectorsNeedingUpkeep, queueJobBy } from './subscriptions.queries';
import {
  RENEW_BEFORE_MS,
  SUBSCRIPTIONS_JOB,
  UNSUBSCRIBE_JOB,
  unsubscribe,
  upkeepSubscriptions,
} from './subscriptions.service';

/** how long a connector's settings are trusted before they are compared with the stored ones again */
const SETTINGS_CHECK_MS = 5_000;
/** how often the Graph subscriptions are checked for a room left without one */
const UPKEEP_CHECK_MS = 15 * 60_000;

export interface CalendarSyncOptions {
  /** how often each mapped room's calendar is looked at for changes (delta, syncToken, sync-collection) */
  pullEveryMs?: number;
  /** how often due jobs are looked for when no notice woke the runner */
  intervalMs?: number;
}

/**
 * The adapters, kept per connector while its settings are unchanged, so a round of
 * many jobs reuses one access token instead of fetching one per booking.
 */
export function connectorCache(deps: FactoryDeps): ConnectorSource {
  const cache = new Map<string, { stamp: string; connector: Promise<CalendarConnector> }>();
  // within a round of jobs the settings are read once a few seconds, not once a job
  const checked = new Map<string, { at: number; connector: Promise<CalendarConnector> | null }>();
  return async (companyId, connectorId) => {
    const recent = checked.get(`${companyId}:${connectorId}`);
    if (recent && Date.now() - recent.at < SETTINGS_CHECK_MS) return recent.connector;
    const connector = await current(companyId, connectorId).catch((error: unknown) => {
      checked.delete(`${companyId}:${connectorId}`);
      throw error;
    });
    checked.set(`${companyId}:${connectorId}`, {
      at: Date.now(),
      connector: connector ? Promise.resolve(connector) : null,
    });
    return connector;
  };

  async function current(companyId: number, connectorId: number): Promise<CalendarConnector | null> {
    // what the adapter is built from: a change to any field (or the connector) builds it anew
    const { rows } = await sql<{ stamp: string }>`
      select md5(c.provider || ':' || coalesce((select string_agg(f.field_key || '=' || f.value || ':' ||
        coalesce(f.sealed_value, ''), ',' order by f.field_key) from calendar_connector_fields f
        where f.company_id = c.company_id and f.calendar_connector_id = c.id), '')) as stamp
      from calendar_connectors c
      where c.company_id = ${companyId} and c.id = ${connectorId} and c.is_active`.execute(deps.db);
    if (rows.length === 0) return null;
    const key = `${companyId}:${connectorId}`;
    const stamp = rows[0]!.stamp;
    const cached = cache.get(key);
    if (cached && cached.stamp === stamp) return cached.connector;
    const row = await connectorRow(deps.db, companyId, connectorId);
    if (!row) return null;
    const connector = buildConnector(deps, row);
    // a connector that cannot be built (a missing field) is tried again next time
    connector.catch(() => cache.delete(key));
    cache.set(key, { stamp, connector });
    return connector;
  }
}

export function calendarSyncHandlers(
  deps: FactoryDeps,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Record<string, JobHandler> {
  const ctx = {
    db: deps.db,
    connectors: connectorCache(deps),
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.mailer ? { mailer: deps.mailer } : {}),
    ...(log ? { log } : {}),
  };
  return {
    [PUSH_JOB]: async (job: Job) => {
      await pushBooking(ctx, job.company_id, Number(job.key));
    },
    [PULL_JOB]: async (job: Job) => {
      const { connector_id, calendar_id } = job.payload as { connector_id: number; calendar_id: string };
      await pullCalendar(ctx, job.company_id, connector_id, calendar_id);
    },
    [SUBSCRIPTIONS_JOB]: async (job: Job) => {
      await upkeepSubscriptions(deps, job.company_id, Number(job.key));
    },
    [UNSUBSCRIBE_JOB]: async (job: Job) => {
      await unsubscribe(deps, job.company_id, job.payload as Parameters<typeof unsubscribe>[2]);
    },
    [RETRACT_JOB]: async (job: Job) => {
      await retractEvents(deps, job.company_id, job.payload as unknown as RetractPayload);
    },
  };
}

/**
 * How the sync's jobs run. A push is never given up: nothing else would queue it again, so a room's
 * calendar would stay behind its bookings for good after an outage longer than the retries. Past its
 * attempts it comes back about hourly until the service answers again (pushBooking drops it once
 * its booking is out of the sync window). Pulls are queued afresh every minute, subscription
 * upkeep every quarter of an hour, so they may give up.
 */
const SYNC_RUN: RunOptions = { retryForever: [PUSH_JOB] };

/**
 * Queues the subscription upkeep of the connectors that need it soon (a room without a
 * subscription, or one near its expiry): the upkeep jobs queue their own next round, this catches
 * a chain that broke (a job given up after its attempts).
 */
export async function queueSubscriptionUpkeep(db: Kysely<Database>, now = new Date()): Promise<void> {
  for (const connector of await connectorsNeedingUpkeep(db, new Date(now.getTime() + RENEW_BEFORE_MS))) {
    await queueJobBy(db, {
      companyId: connector.company_id,
      kind: SUBSCRIPTIONS_JOB,
      key: String(connector.id),
      payload: { connector_id: connector.id },
      runAt: now,
    });
  }
}

/** Queues a pull of every mapped room's calendar (one waiting pull per calendar at most). */
export async function queueCalendarPulls(db: Kysely<Database>, companyId?: number): Promise<void> {
  await sql`
    insert into jobs (company_id, kind, key, payload)
    select m.company_id, ${PULL_JOB}, m.calendar_connector_id || ':' || m.calendar_id,
      jsonb_build_object('connector_id', m.calendar_connector_id, 'calendar_id', m.calendar_id)
    from calendar_connector_resources m
    join calendar_connectors c on c.company_id = m.company_id and c.id = m.calendar_connector_id
    where c.is_active ${companyId === undefined ? sql`` : sql`and m.company_id = ${companyId}`}
    on conflict (company_id, kind, key) where status = 'queued' do nothing`.execute(db);
}

/**
 * Runs the calendar sync jobs now, until none is due: the pulls of every mapped calendar (when
 * `pull`), then the pushes they and earlier booking changes queued. Tests and the bench call it to
 * make "the sync job runs" a step of their own.
 */
export async function runCalendarSync(
  deps: FactoryDeps,
  options: { pull?: boolean; companyId?: number } & RunOptions = {},
): Promise<{ done: number; failed: number }> {
  if (options.pull) await queueCalendarPulls(deps.db, options.companyId);
  return runDueJobs(deps.db, calendarSyncHandlers(deps), { ...SYNC_RUN, ...options });
}

/**
 * Calendar sync in a server process (main.ts): pushes run as soon as the trigger's notice arrives
 * (or on the interval), every mapped calendar is pulled every `pullEveryMs`. Several processes
 * may run it: the job claims keep each job to one of them. Answers the stop function.
 */
export async function startCalendarSync(
  db: Db,
  config: FactoryDeps['config'] & { smtpUrl?: string | null; mailFrom?: string },
  log: FastifyBaseLogger,
  options: CalendarSyncOptions = {},
): Promise<() => Promise<void>> {
  const deps: FactoryDeps = {
    db: db.kysely,
    config,
    mailer: new Mailer(db.kysely, log, config.smtpUrl ?? null, config.mailFrom ?? ''),
  };
  const pullEveryMs = options.pullEveryMs ?? 60_000;
  let lastPull = 0;
  let lastUpkeep = 0;
  const runner = startJobRunner(db.kysely, log, calendarSyncHandlers(deps, log), {
    ...SYNC_RUN,
    intervalMs: options.intervalMs ?? 5_000,
    async beforeRound() {
      if (Date.now() - lastUpkeep >= UPKEEP_CHECK_MS) {
        lastUpkeep = Date.now();
        await queueSubscriptionUpkeep(db.kysely);
      }
      if (Date.now() - lastPull < pullEveryMs) return;
      lastPull = Date.now();
      await queueCalendarPulls(db.kysely);
    },
  });
  const listener = await listenToDatabase(db, [JOBS_CHANNEL], () => runner.wake(), log);
  return async () => {
    await listener.stop();
    await runner.stop();
  };
}
