import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import { JOBS_CHANNEL } from '../../jobs';

type Db = Kysely<Database>;

/** A room mailbox's Graph subscription (migration 0022). */
export type SubscriptionRow = Omit<Selectable<Database['calendar_subscriptions']>, 'created_at'>;

export async function subscriptionsOf(
  db: Db,
  companyId: number,
  connectorId: number,
): Promise<SubscriptionRow[]> {
  const { rows } = await sql<SubscriptionRow>`
    select company_id, calendar_connector_id, calendar_id, subscription_id, notification_url,
      sealed_client_state, expires_at
    from calendar_subscriptions
    where company_id = ${companyId} and calendar_connector_id = ${connectorId}
    order by calendar_id`.execute(db);
  return rows;
}

/** A notification names only Graph's subscription id: the row tells whose room it is. */
export async function subscriptionById(db: Db, subscriptionId: string): Promise<SubscriptionRow | null> {
  const { rows } = await sql<SubscriptionRow>`
    select company_id, calendar_connector_id, calendar_id, subscription_id, notification_url,
      sealed_client_state, expires_at
    from calendar_subscriptions where subscription_id = ${subscriptionId}`.execute(db);
  return rows[0] ?? null;
}

/** The calendars (room mailboxes) mapped to a connector. */
export async function mappedCalendarIds(db: Db, companyId: number, connectorId: number): Promise<string[]> {
  const { rows } = await sql<{ calendar_id: string }>`
    select calendar_id from calendar_connector_resources
    where company_id = ${companyId} and calendar_connector_id = ${connectorId}
    order by calendar_id`.execute(db);
  return rows.map((row) => row.calendar_id);
}

export async function saveSubscription(db: Db, row: SubscriptionRow): Promise<void> {
  await sql`
    insert into calendar_subscriptions (company_id, calendar_connector_id, calendar_id, subscription_id,
      notification_url, sealed_client_state, expires_at)
    values (${row.company_id}, ${row.calendar_connector_id}, ${row.calendar_id}, ${row.subscription_id},
      ${row.notification_url}, ${row.sealed_client_state}, ${row.expires_at})
    on conflict (company_id, calendar_connector_id, calendar_id) do update set
      subscription_id = excluded.subscription_id, notification_url = excluded.notification_url,
      sealed_client_state = excluded.sealed_client_state, expires_at = excluded.expires_at`.execute(db);
}

export async function renewedSubscription(db: Db, row: SubscriptionRow, expiresAt: Date): Promise<void> {
  await sql`
    update calendar_subscriptions set expires_at = ${expiresAt}
    where company_id = ${row.company_id} and subscription_id = ${row.subscription_id}`.execute(db);
}

export async function dropSubscription(db: Db, row: SubscriptionRow): Promise<void> {
  await sql`
    delete from calendar_subscriptions
    where company_id = ${row.company_id} and subscription_id = ${row.subscription_id}`.execute(db);
}

/**
 * Queues a job (or brings the queued one of its key forward to `runAt`): the upkeep that a
 * subscription's expiry calls for must not wait behind a later one already queued.
 */
export async function queueJobBy(
  db: Db,
  job: { companyId: number; kind: string; key: string; payload: Record<string, unknown>; runAt: Date },
): Promise<void> {
  await sql`
    insert into jobs (company_id, kind, key, payload, run_at)
    values (${job.companyId}, ${job.kind}, ${job.key}, ${JSON.stringify(job.payload)}::jsonb, ${job.runAt})
    on conflict (company_id, kind, key) where status = 'queued'
    do update set run_at = least(jobs.run_at, excluded.run_at)`.execute(db);
}

/** Wakes the job runners of every process (they listen on the channel). */
export async function announceJobs(db: Db, kind: string): Promise<void> {
  await sql`select pg_notify(${JOBS_CHANNEL}, ${kind})`.execute(db);
}

/**
 * The Outlook connectors whose subscriptions need looking after soon: a notification URL set and
 * a mapped room without a subscription, or one expiring before `renewBy`. What the runner checks
 * on its schedule, should a chain of upkeep jobs have broken (a job given up for good).
 */
export async function connectorsNeedingUpkeep(
  db: Db,
  renewBy: Date,
): Promise<Array<{ company_id: number; id: number }>> {
  const { rows } = await sql<{ company_id: number; id: number }>`
    select c.company_id, c.id from calendar_connectors c
    where c.provider = 'outlook' and c.is_active
      and exists (select 1 from calendar_connector_fields f where f.company_id = c.company_id
        and f.calendar_connector_id = c.id and f.field_key = 'notification_url' and f.value <> '')
      and exists (select 1 from calendar_connector_resources m
        left join calendar_subscriptions s on s.company_id = m.company_id
          and s.calendar_connector_id = m.calendar_connector_id and s.calendar_id = m.calendar_id
        where m.company_id = c.company_id and m.calendar_connector_id = c.id
          and (s.subscription_id is null or s.expires_at < ${renewBy}))`.execute(db);
  return rows;
}
