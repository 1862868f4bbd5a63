import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { CompanyNotification, UserNotification } from '../../../shared/contract/company-notifications';
import type { Database } from '../../db/schema';
import type { NotificationSendTo } from '../../db/tables/notifications.tables';

type Db = Kysely<Database>;

/** The translation a user reads (alias n is the notification): theirs, the company's, else the first. */
export const shownText = (companyId: number, userId: RawBuilder<unknown>, column: 'name' | 'description') =>
  sql<string>`(select t.${sql.ref(column)} from company_notification_translations t
      where t.company_id = ${companyId} and t.notification_id = n.id
      order by t.language_id = (select language_id from users where company_id = ${companyId} and id = ${userId}) desc,
        t.language_id = (select language_id from companies where id = ${companyId}) desc, t.language_id
      limit 1)`;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

interface NotificationRow {
  id: number;
  name: string | null;
  description: string | null;
  translations: CompanyNotification['translations'] | null;
  send_to: NotificationSendTo;
  user_containers: CompanyNotification['user_containers'] | null;
  users: CompanyNotification['users'] | null;
  send_at: Date;
  datetime_from: Date | null;
  datetime_to: Date | null;
  day: string | null;
  sent_at: Date | null;
  recipients: number | null;
  total: string;
}

/** A company's notifications as the administrators read them, newest sending first. */
export async function selectNotifications(
  db: Db,
  companyId: number,
  userId: number,
  filter: { id?: number; page?: number; perPage?: number },
): Promise<{ notifications: CompanyNotification[]; total: number }> {
  const page = filter.page ?? 1;
  const perPage = filter.perPage ?? 200;
  const { rows } = await sql<NotificationRow>`
    select n.id, ${shownText(companyId, sql`${userId}`, 'name')} as name,
      ${shownText(companyId, sql`${userId}`, 'description')} as description,
      (select json_agg(json_build_object('language_id', t.language_id, 'locale', lg.locale, 'name', t.name,
          'description', t.description) order by t.language_id)
        from company_notification_translations t join languages lg on lg.id = t.language_id
        where t.company_id = n.company_id and t.notification_id = n.id) as translations,
      n.send_to,
      (select json_agg(json_build_object('id', uc.id, 'name', uc.name) order by uc.name, uc.id)
        from company_notification_containers x
        join user_containers uc on uc.company_id = x.company_id and uc.id = x.container_id
        where x.company_id = n.company_id and x.notification_id = n.id) as user_containers,
      (select json_agg(json_build_object('id', u.id, 'email', u.email,
          'name', trim(u.first_name || ' ' || u.last_name)) order by u.last_name, u.first_name, u.id)
        from company_notification_users x
        join users u on u.company_id = x.company_id and u.id = x.user_id
        where x.company_id = n.company_id and x.notification_id = n.id) as users,
      n.send_at, n.datetime_from, n.datetime_to, n.day, n.sent_at, n.recipients,
      count(*) over () as total
    from company_notifications n
    where n.company_id = ${companyId} ${filter.id !== undefined ? sql`and n.id = ${filter.id}` : sql``}
    order by n.send_at desc, n.id desc
    limit ${perPage} offset ${(page - 1) * perPage}`.execute(db);
  return {
    total: Number(rows[0]?.total ?? 0),
    notifications: rows.map((row) => ({
      id: row.id,
      name: row.name ?? '',
      description: row.description ?? '',
      translations: row.translations ?? [],
      send_to: row.send_to,
      all_users: row.send_to === 'all_users',
      user_containers: row.user_containers ?? [],
      users: row.users ?? [],
      send_at: row.send_at.toISOString(),
      datetime_from: iso(row.datetime_from),
      datetime_to: iso(row.datetime_to),
      day: row.day,
      status: row.sent_at ? 'sent' : 'scheduled',
      sent_at: iso(row.sent_at),
      recipients: row.recipients,
    })),
  };
}

/** The ids of `ids` that name rows of the company in `table` (user containers only of type USER). */
export async function ownIds(
  db: Db,
  companyId: number,
  table: 'user_containers' | 'users',
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  let query = db
    .selectFrom(table)
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', [...new Set(ids)]);
  if (table === 'user_containers') query = query.where('access_type', '=', 'USER');
  else query = query.where('stands_for_removed', '=', false);
  return new Set((await query.execute()).map((row) => row.id));
}

/**
 * spec §3 all_users / user_containers / users, as people (SQL over the alias n): every user of the
 * company, the members of the chosen user containers, or the chosen users. Never visitors nor the
 * placeholder that holds removed users' bookings, and only people of n's own company.
 */
export const RECIPIENTS = sql<{ user_id: number }>`
  select u.id as user_id from users u
  where u.company_id = n.company_id and not u.is_visitor and not u.stands_for_removed
    and (n.send_to = 'all_users'
      or (n.send_to = 'user_containers' and exists (
        select 1 from company_notification_containers x
        join user_containers uc on uc.company_id = x.company_id and uc.id = x.container_id
        join user_container_members m on m.company_id = x.company_id and m.container_id = x.container_id
        where x.company_id = n.company_id and x.notification_id = n.id and uc.access_type = 'USER'
          and m.user_id = u.id))
      or (n.send_to = 'users' and exists (
        select 1 from company_notification_users x
        where x.company_id = n.company_id and x.notification_id = n.id and x.user_id = u.id)))`;

interface UserNotificationRow {
  id: number;
  notification_id: number;
  name: string | null;
  description: string | null;
  datetime_from: Date | null;
  datetime_to: Date | null;
  day: string | null;
  delivered_at: Date;
  read_at: Date | null;
  total: string;
}

/**
 * A user's notifications whose validity has not ended, newest first (spec §7 "user notifications
 * paginated"). A notification valid for a day ends at midnight of the company's clock.
 */
const STILL_VALID = (now: Date) => sql`coalesce(n.datetime_to,
  ((n.day + 1)::timestamp at time zone c.timezone), 'infinity'::timestamptz) > ${now}`;

export async function selectUserNotifications(
  db: Db,
  companyId: number,
  userId: number,
  page: { page: number; perPage: number; id?: number },
  now: Date,
): Promise<{ notifications: UserNotification[]; total: number }> {
  const { rows } = await sql<UserNotificationRow>`
    select un.id, un.notification_id, ${shownText(companyId, sql`un.user_id`, 'name')} as name,
      ${shownText(companyId, sql`un.user_id`, 'description')} as description,
      n.datetime_from, n.datetime_to, n.day, un.delivered_at, un.read_at,
      count(*) over () as total
    from user_notifications un
    join company_notifications n on n.company_id = un.company_id and n.id = un.notification_id
    join companies c on c.id = un.company_id
    where un.company_id = ${companyId} and un.user_id = ${userId} and ${STILL_VALID(now)}
      ${page.id !== undefined ? sql`and un.id = ${page.id}` : sql``}
    order by un.delivered_at desc, un.id desc
    limit ${page.perPage} offset ${(page.page - 1) * page.perPage}`.execute(db);
  return {
    total: Number(rows[0]?.total ?? 0),
    notifications: rows.map((row) => ({
      id: row.id,
      notification_id: row.notification_id,
      name: row.name ?? '',
      description: row.description ?? '',
      datetime_from: iso(row.datetime_from),
      datetime_to: iso(row.datetime_to),
      day: row.day,
      delivered_at: row.delivered_at.toISOString(),
      read_at: iso(row.read_at),
    })),
  };
}

export async function countUnread(db: Db, companyId: number, userId: number, now: Date): Promise<number> {
  const { rows } = await sql<{ unread: string }>`
    select count(*) as unread
    from user_notifications un
    join company_notifications n on n.company_id = un.company_id and n.id = un.notification_id
    join companies c on c.id = un.company_id
    where un.company_id = ${companyId} and un.user_id = ${userId} and un.read_at is null
      and ${STILL_VALID(now)}`.execute(db);
  return Number(rows[0]?.unread ?? 0);
}
