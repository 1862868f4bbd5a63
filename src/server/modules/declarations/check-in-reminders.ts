import { runEvery } from '../../jobs/every';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  CHECK_IN_EARLY_MINUTES,
  CHECK_IN_REMINDER_KEY,
  reminderChannels,
} from '../../../shared/booking/declaration-rules';
import { wallClockAt } from '../../../shared/time/zone';
import { format } from '../../../shared/validation/messages';
import type { AppDeps, ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { notifyUser } from '../push-notifications/push.service';
import { gracePeriods } from './auto-release';
import { intArray } from './declarations.queries';

/** How often a server process looks for bookings whose check-in has opened. */
export const CHECK_IN_REMINDER_INTERVAL_MS = 60_000;

type Deps = Pick<AppDeps, 'config' | 'mailer' | 'originOf' | 'reference'>;

interface Due {
  id: number;
  company_id: number;
  user_id: number;
  starts_at: Date;
  releases_at: Date;
  resource_name: string;
  timezone: string;
  email: string;
  language: string;
  locale: string;
  subdomain: string;
  channel: string | null;
}

/**
 * Check-in reminders: when check-in opens (CHECK_IN_EARLY_MINUTES before the start) on a booking its
 * company would release unchecked, its host is told by push notification and/or mail, as their
 * CheckInReminder preference says, with the time by which they must check in. A booking made once
 * check-in had opened is not reminded (its host has just booked it), nor one already releasable.
 * The claim marks each booking reminded (SKIP LOCKED, as auto-release), so with several processes
 * each booking is reminded exactly once. Answers the reminded ids.
 */
export async function sendCheckInReminders(
  db: Kysely<Database>,
  deps: Deps,
  now = new Date(),
): Promise<number[]> {
  const grace = await gracePeriods(db);
  if (grace.length === 0) return [];
  const early = CHECK_IN_EARLY_MINUTES;
  const { rows } = await sql<Due>`
    with grace (company_id, minutes) as (
      select * from unnest(${intArray(grace.map((period) => period.companyId))},
        ${intArray(grace.map((period) => period.minutes))})
    ),
    due as (
      select d.id, greatest(d.starts_at, d.created_at, d.approved_at) + make_interval(mins => g.minutes) as releases_at
      from declarations d join grace g on g.company_id = d.company_id
      where d.status = 'booked' and d.approval_status = 'approved' and d.check_in_reminded_at is null
        and d.starts_at <= ${new Date(now.getTime() + early * 60_000)}
        and d.starts_at > ${new Date(now.getTime() - 1440 * 60_000)}
        and d.created_at <= d.starts_at - make_interval(mins => ${early})
        and greatest(d.starts_at, d.created_at, d.approved_at) + make_interval(mins => g.minutes) > ${now}
      for update of d skip locked
    ),
    reminded as (
      update declarations d set check_in_reminded_at = ${now}
      from due where d.id = due.id and d.check_in_reminded_at is null
      returning d.id, d.company_id, d.user_id, d.resource_id, d.starts_at, d.resource_name, due.releases_at
    )
    select r.id, r.company_id, r.user_id, r.starts_at, r.releases_at,
      coalesce((select t.name from resource_translations t
        where t.company_id = r.company_id and t.resource_id = r.resource_id
        order by t.language_id = u.language_id desc, t.language_id limit 1), r.resource_name) as resource_name,
      coalesce(l.timezone, u.timezone) as timezone, u.email, lang.code as language, lang.locale,
      c.subdomain, coalesce(up.value, cp.value) as channel
    from reminded r
    join users u on u.company_id = r.company_id and u.id = r.user_id
    join companies c on c.id = r.company_id
    join languages lang on lang.id = u.language_id
    left join resources res on res.company_id = r.company_id and res.id = r.resource_id
    left join levels l on l.company_id = r.company_id and l.id = res.level_id
    left join company_preferences cp on cp.company_id = r.company_id and cp.key = ${CHECK_IN_REMINDER_KEY}
    left join user_preferences up on up.company_id = r.company_id and up.user_id = r.user_id
      and up.key = ${CHECK_IN_REMINDER_KEY}
    where not u.stands_for_removed
    order by r.id`.execute(db);
  if (rows.length === 0) return [];
  for (const due of rows) await remind(db, deps, due);
  return rows.map((row) => row.id);
}

async function remind(db: Kysely<Database>, deps: Deps, due: Due): Promise<void> {
  const channels = reminderChannels(due.channel);
  if (!channels.push && !channels.mail) return;
  // The catalogue in the host's language, English where it has no text (cached by ReferenceData).
  const labels = await deps.reference.labels(due.language);
  const say = (code: string, params: Record<string, string>) =>
    format(labels.find((label) => label.code === `reminders.check-in.${code}`)?.content ?? code, params);
  const time = new Intl.DateTimeFormat(due.locale || due.language, {
    timeZone: due.timezone,
    hour: '2-digit',
    minute: '2-digit',
    // as the app writes times (src/client/i18n/format-when.ts)
    hourCycle: 'h23',
  });
  const resource = due.resource_name;
  const start = time.format(due.starts_at);
  const deadline = time.format(due.releases_at);
  const path = `/calendar?view=day&date=${wallClockAt(due.starts_at, due.timezone).date}`;
  const title = say('title', { resource });
  const body = say('body', { resource, start, deadline });
  if (channels.push) {
    const ctx: ServiceContext = { db, companyId: due.company_id, userId: due.user_id };
    await notifyUser(ctx, deps, { title, body, url: path });
  }
  if (channels.mail) {
    const origin = deps.originOf(due.subdomain);
    await deps.mailer.queue({
      companyId: due.company_id,
      to: due.email,
      subject: title,
      text: [
        body,
        '',
        say('link', { url: `${origin}${path}` }),
        '',
        say('settings', { url: `${origin}/preferences/bookings` }),
        '',
      ].join('\n'),
    });
  }
}

/** Runs the reminders on an interval from a server process (main.ts); answers the stop function. */
export function startCheckInReminders(
  db: Kysely<Database>,
  deps: Deps,
  log: FastifyBaseLogger,
  intervalMs = CHECK_IN_REMINDER_INTERVAL_MS,
): () => void {
  return runEvery(intervalMs, log, 'check-in reminders failed', async () => {
    const ids = await sendCheckInReminders(db, deps);
    if (ids.length > 0) log.info({ reminded: ids.length }, 'check-in reminders sent');
  });
}
