import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CalendarServiceError } from '../../integrations/calendar-http';
import type { MicrosoftGraphClient } from '../../integrations/microsoft-graph';
import { secretBoxFor, secretContext } from '../../integrations/secrets';
import { enqueueJob } from '../../jobs';
import { PULL_JOB, retryable } from './calendar-sync.service';
import { carriedFields, connectorRow, fieldsOf, graphClientOf, type FactoryDeps } from './connector-factory';
import {
  announceJobs,
  dropSubscription,
  mappedCalendarIds,
  queueJobBy,
  renewedSubscription,
  saveSubscription,
  subscriptionById,
  subscriptionsOf,
  type SubscriptionRow,
} from './subscriptions.queries';

/**
 * Microsoft Graph change notifications for room mailboxes (issue 8): with a notification URL on an
 * Outlook connector, each mapped room has a subscription to its events, renewed before it expires
 * and deleted when the room is unmapped, the URL removed or the connector switched off or removed.
 * A notification queues a pull of that room (one waiting pull per room, however many arrive), so a
 * meeting booked in Outlook becomes a booking without waiting for the periodic pull. The pull is
 * what reads the change: a notification is only a reason to look, never trusted for content.
 */
export const SUBSCRIPTIONS_JOB = 'calendar.subscriptions';
export const UNSUBSCRIBE_JOB = 'calendar.unsubscribe';

/** What is asked of a new or renewed subscription: under Graph's 10,080 minutes for events. */
export const SUBSCRIPTION_MINUTES = 10_000;
/** A subscription is renewed once less than this is left of it. */
export const RENEW_BEFORE_MS = 24 * 3_600_000;
export const CHANGE_TYPES = 'created,updated,deleted';

const clientStateContext = (companyId: number, subscriptionId: string) =>
  secretContext(companyId, `calendar_subscriptions/${subscriptionId}`);

/**
 * The upkeep job of one connector: brings its subscriptions to what its mapped rooms and its
 * notification URL call for, then queues itself for the next renewal. Each room on its own: one
 * failing (a URL that does not answer Graph's handshake) does not keep the others from being done;
 * the job fails at the end and is retried with back-off.
 */
export async function upkeepSubscriptions(
  deps: FactoryDeps,
  companyId: number,
  connectorId: number,
): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const connector = await connectorRow(deps.db, companyId, connectorId);
  // a removed connector's subscriptions were handed to unsubscribe jobs by migration 0022's trigger
  if (!connector || connector.provider !== 'outlook') return;
  const existing = await subscriptionsOf(deps.db, companyId, connectorId);
  const fields = await fieldsOf(deps, connector);
  const url = fields.get('notification_url')?.trim() || null;
  const wanted = connector.is_active && url ? await mappedCalendarIds(deps.db, companyId, connectorId) : [];
  if (existing.length === 0 && wanted.length === 0) return;
  const graph = graphClientOf(deps, fields);
  const expiry = new Date(now.getTime() + SUBSCRIPTION_MINUTES * 60_000);
  const failures: unknown[] = [];
  const attempt = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      failures.push(error);
    }
  };

  const wantedKeys = new Set(wanted.map((calendar) => calendar.toLowerCase()));
  const kept = new Map<string, SubscriptionRow>();
  for (const row of existing) {
    if (wantedKeys.has(row.calendar_id.toLowerCase()) && row.notification_url === url) {
      kept.set(row.calendar_id.toLowerCase(), row);
      continue;
    }
    await attempt(async () => {
      await graph.deleteSubscription(row.subscription_id);
      await dropSubscription(deps.db, row);
    });
  }
  for (const calendarId of wanted) {
    const row = kept.get(calendarId.toLowerCase());
    await attempt(async () => {
      if (row && row.expires_at.getTime() - now.getTime() > RENEW_BEFORE_MS) return;
      if (row) {
        try {
          const renewed = await graph.renewSubscription(row.subscription_id, expiry);
          await renewedSubscription(deps.db, row, new Date(renewed.expirationDateTime));
          return;
        } catch (error) {
          // expired or removed at Graph meanwhile: a new one is made below
          if (!(error instanceof CalendarServiceError && error.status === 404)) throw error;
          await dropSubscription(deps.db, row);
        }
      }
      await subscribe(deps, graph, { companyId, connectorId, calendarId, url: url!, expiry });
    });
  }

  const after = await subscriptionsOf(deps.db, companyId, connectorId);
  const earliest = Math.min(...after.map((row) => row.expires_at.getTime()));
  if (Number.isFinite(earliest)) {
    await queueJobBy(deps.db, {
      companyId,
      kind: SUBSCRIPTIONS_JOB,
      key: String(connectorId),
      payload: { connector_id: connectorId },
      runAt: new Date(Math.max(now.getTime(), earliest - RENEW_BEFORE_MS)),
    });
  }
  if (failures.length > 0) retryable(failures[0]);
}

async function subscribe(
  deps: FactoryDeps,
  graph: MicrosoftGraphClient,
  target: { companyId: number; connectorId: number; calendarId: string; url: string; expiry: Date },
): Promise<void> {
  const clientState = randomBytes(32).toString('base64url');
  const created = await graph.createSubscription({
    resource: `users/${target.calendarId}/events`,
    changeType: CHANGE_TYPES,
    notificationUrl: target.url,
    expirationDateTime: target.expiry,
    clientState,
  });
  await saveSubscription(deps.db, {
    company_id: target.companyId,
    calendar_connector_id: target.connectorId,
    calendar_id: target.calendarId,
    subscription_id: created.id,
    notification_url: target.url,
    sealed_client_state: secretBoxFor(deps.config).seal(
      clientState,
      clientStateContext(target.companyId, created.id),
    ),
    expires_at: new Date(created.expirationDateTime),
  });
}

/** The unsubscribe job: a removed connector's subscription deleted with the credentials it carried. */
export async function unsubscribe(
  deps: FactoryDeps,
  companyId: number,
  payload: {
    connector_id: number;
    subscription_id: string;
    fields: Record<string, string | { sealed: string | null }>;
  },
): Promise<void> {
  const graph = graphClientOf(deps, carriedFields(deps, companyId, payload.connector_id, payload.fields));
  try {
    await graph.deleteSubscription(payload.subscription_id);
  } catch (error) {
    retryable(error);
  }
}

/** One change notification as Graph posts it (only what is read of it). */
export interface GraphNotification {
  subscriptionId: string;
  clientState?: string | null;
  changeType?: string;
  resource?: string;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Compares in constant time (digests, so unequal lengths take as long as equal ones). */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Notifications received: each whose subscription is known and whose clientState matches queues a
 * pull of its room; others are ignored and logged. Answers how many rooms' pulls were queued.
 */
export async function receiveNotifications(
  deps: Pick<FactoryDeps, 'db' | 'config'> & { log: FastifyBaseLogger },
  notifications: readonly GraphNotification[],
): Promise<{ queued: number; ignored: number }> {
  const box = secretBoxFor(deps.config);
  const rooms = new Map<string, SubscriptionRow>();
  let ignored = 0;
  for (const notification of notifications) {
    const row = await subscriptionById(deps.db, notification.subscriptionId);
    let expected: string | null = null;
    if (row) {
      try {
        expected = box.open(row.sealed_client_state, clientStateContext(row.company_id, row.subscription_id));
      } catch {
        expected = null;
      }
    }
    if (!row || expected === null || !sameSecret(notification.clientState ?? '', expected)) {
      ignored += 1;
      deps.log.warn(
        { subscriptionId: notification.subscriptionId.slice(0, 100), known: row !== null },
        'Graph change notification ignored: unknown subscription or wrong clientState',
      );
      continue;
    }
    rooms.set(`${row.company_id}:${row.calendar_connector_id}:${row.calendar_id}`, row);
  }
  for (const row of rooms.values()) {
    // the key of the scheduled pulls (queueCalendarPulls): one waiting pull per room
    await enqueueJob(deps.db, {
      companyId: row.company_id,
      kind: PULL_JOB,
      key: `${row.calendar_connector_id}:${row.calendar_id}`,
      payload: { connector_id: row.calendar_connector_id, calendar_id: row.calendar_id },
    });
  }
  if (rooms.size > 0) await announceJobs(deps.db, PULL_JOB);
  return { queued: rooms.size, ignored };
}
