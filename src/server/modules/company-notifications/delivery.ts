import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { format } from '../../../shared/validation/messages';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/schema';
import { runEvery } from '../../jobs/every';
import { notifyUser } from '../push-notifications';
import { RECIPIENTS, shownText } from './company-notifications.queries';
import { notifyUsersChanged } from './notifications.notify';

/** How often a server process looks for notifications whose sending time has come. */
export const NOTIFICATION_DELIVERY_INTERVAL_MS = 5_000;

/** Notifications claimed per round: a round never holds one company's send-out for long. */
const PER_ROUND = 20;

type Deps = Pick<AppDeps, 'config' | 'mailer' | 'originOf' | 'reference'>;

interface Reached {
  user_id: number;
  email: string;
  language: string;
  locale: string;
  timezone: string;
  name: string;
  description: string;
  datetime_from: Date | null;
  datetime_to: Date | null;
  day: string | null;
  subdomain: string;
}

interface Delivered {
  companyId: number;
  notificationId: number;
  reached: Reached[];
}

/**
 * Sends every due notification once. Each is claimed in a transaction of its own (FOR UPDATE SKIP
 * LOCKED: another process claiming at the same moment skips it, and an administrator's edit waits
 * for it), which writes one user_notifications row per recipient (unique per notification and user:
 * a second writer would add none), queues each recipient's mail in the outbox, marks it sent and
 * announces the new rows; all or nothing. Pushes go after the commit: they leave the database, so a
 * process that dies in between loses those pushes, never sends them twice. Answers the ids sent.
 */
export async function sendDueNotifications(
  db: Kysely<Database>,
  deps: Deps,
  now = new Date(),
): Promise<number[]> {
  // The catalogue is read before any claim (and kept by ReferenceData): inside the claim's
  // transaction, which holds the embedded database's one connection, reading it would wait forever.
  await deps.reference.labels('en');
  const sent: number[] = [];
  for (let round = 0; round < PER_ROUND; round += 1) {
    const delivered = await deliverOne(db, deps, now);
    if (!delivered) break;
    sent.push(delivered.notificationId);
    for (const person of delivered.reached)
      await notifyUser({ db, companyId: delivered.companyId, userId: person.user_id }, deps, {
        title: person.name,
        body: person.description,
        url: '/',
      }).catch(() => undefined);
  }
  return sent;
}

async function deliverOne(db: Kysely<Database>, deps: Deps, now: Date): Promise<Delivered | null> {
  return db.transaction().execute(async (tx) => {
    const claimed = await tx
      .selectFrom('company_notifications')
      .select(['id', 'company_id'])
      .where('sent_at', 'is', null)
      .where('send_at', '<=', now)
      .orderBy('send_at')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!claimed) return null;
    const { rows: reached } = await sql<Reached>`
      with added as (
        insert into user_notifications (company_id, notification_id, user_id, delivered_at)
        select n.company_id, n.id, r.user_id, ${now}::timestamptz
        from company_notifications n, lateral (${RECIPIENTS}) r
        where n.company_id = ${claimed.company_id} and n.id = ${claimed.id}
        on conflict (company_id, notification_id, user_id) do nothing
        returning user_id
      )
      select u.id as user_id, u.email, lg.code as language, lg.locale, u.timezone,
        ${shownText(claimed.company_id, sql`u.id`, 'name')} as name,
        ${shownText(claimed.company_id, sql`u.id`, 'description')} as description,
        n.datetime_from, n.datetime_to, n.day, c.subdomain
      from added a
      join users u on u.company_id = ${claimed.company_id} and u.id = a.user_id
      join languages lg on lg.id = u.language_id
      join company_notifications n on n.company_id = u.company_id and n.id = ${claimed.id}
      join companies c on c.id = u.company_id
      order by u.id`.execute(tx);
    await tx
      .updateTable('company_notifications')
      .set({ sent_at: now, recipients: reached.length })
      .where('company_id', '=', claimed.company_id)
      .where('id', '=', claimed.id)
      .execute();
    for (const person of reached) await deps.mailer.queue(await mailTo(deps, claimed.company_id, person), tx);
    await notifyUsersChanged(
      tx,
      claimed.company_id,
      reached.map((person) => person.user_id),
    );
    return { companyId: claimed.company_id, notificationId: claimed.id, reached };
  });
}

/** The mail of one recipient, in their language and on their clock. */
async function mailTo(deps: Deps, companyId: number, person: Reached) {
  const labels = await deps.reference.labels(person.language);
  const say = (code: string, params: Record<string, string>) =>
    format(labels.find((label) => label.code === `notifications.mail.${code}`)?.content ?? code, params);
  const when = (instant: Date, withTime: boolean) =>
    new Intl.DateTimeFormat(person.locale || person.language, {
      // a day is a calendar date: read at noon UTC, it is the same date everywhere
      timeZone: withTime ? person.timezone : 'UTC',
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short', hourCycle: 'h23' as const } : {}),
    }).format(instant);
  const validity = person.day
    ? say('valid-on', { day: when(new Date(`${person.day}T12:00:00Z`), false) })
    : person.datetime_from && person.datetime_to
      ? say('valid-from-to', { from: when(person.datetime_from, true), to: when(person.datetime_to, true) })
      : person.datetime_to
        ? say('valid-until', { to: when(person.datetime_to, true) })
        : person.datetime_from
          ? say('valid-from', { from: when(person.datetime_from, true) })
          : null;
  const origin = deps.originOf(person.subdomain);
  return {
    companyId,
    to: person.email,
    subject: person.name,
    text: [
      person.description,
      ...(validity ? ['', validity] : []),
      '',
      say('open', { url: `${origin}/` }),
      '',
    ].join('\n'),
  };
}

/** Runs the delivery on an interval from a server process (main.ts); answers the stop function. */
export function startNotificationDelivery(
  db: Kysely<Database>,
  deps: Deps,
  log: FastifyBaseLogger,
  intervalMs = NOTIFICATION_DELIVERY_INTERVAL_MS,
): () => void {
  return runEvery(intervalMs, log, 'notification delivery failed', async () => {
    const ids = await sendDueNotifications(db, deps);
    if (ids.length > 0) log.info({ notifications: ids.length }, 'company notifications sent');
  });
}
