import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { ownSchema, type RealtimeSource } from '../../realtime/sources';

/** A user's notification centre changed: something arrived, was read or was deleted. */
export const USER_NOTIFICATIONS_CHANNEL = 'user_notifications_changed';

/** NOTIFY payloads stay under PostgreSQL's 8000 bytes: users are announced this many at a time. */
const USERS_PER_NOTICE = 500;

const Id = z.number().int().positive();
const Notice = z.object({ company_id: Id, user_ids: z.array(Id).max(USERS_PER_NOTICE), schema: z.string() });

/** Inside the changing transaction, so the event leaves only when the change commits. */
export async function notifyUsersChanged(
  db: Kysely<Database>,
  companyId: number,
  userIds: readonly number[],
): Promise<void> {
  for (let start = 0; start < userIds.length; start += USERS_PER_NOTICE) {
    const chunk = userIds.slice(start, start + USERS_PER_NOTICE);
    await sql`select pg_notify(${USER_NOTIFICATIONS_CHANNEL}, json_build_object(
      'company_id', ${companyId}::int, 'user_ids', ${JSON.stringify(chunk)}::json,
      'schema', current_schema())::text)`.execute(db);
  }
}

/**
 * To the named users only (no permission lets anyone else hear it): their header's count and open
 * centre read themselves again. The event carries nothing; the list comes through the API.
 */
export const userNotificationsChanged: RealtimeSource = {
  channel: USER_NOTIFICATIONS_CHANNEL,
  event: 'user_notifications_changed',
  async read(db, payload) {
    const notice = Notice.safeParse(payload);
    if (!notice.success || notice.data.schema !== (await ownSchema(db))) return null;
    return {
      companyId: notice.data.company_id,
      permission: false,
      userIds: notice.data.user_ids,
      message: { type: 'event', event: 'user_notifications_changed', data: {} },
    };
  },
};
