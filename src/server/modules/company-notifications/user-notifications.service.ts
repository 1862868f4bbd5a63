import { pageMeta } from '../../../shared/contract/common';
import type { UserNotification, UserNotificationPage } from '../../../shared/contract/company-notifications';
import type { ServiceContext } from '../../context';
import { notFound } from '../../http/errors';
import { countUnread, selectUserNotifications } from './company-notifications.queries';
import { notifyUsersChanged } from './notifications.notify';

/** The caller's own notifications only: another user's or company's id is simply not found. */
const NOT_FOUND = 'This notification does not exist.';

export async function listMyNotifications(
  ctx: ServiceContext,
  query: { page: number; per_page: number },
  now = new Date(),
): Promise<UserNotificationPage> {
  const { notifications, total } = await selectUserNotifications(
    ctx.db,
    ctx.companyId,
    ctx.userId,
    { page: query.page, perPage: query.per_page },
    now,
  );
  return { data: notifications, meta: pageMeta(query.page, query.per_page, total) };
}

export async function unreadCount(ctx: ServiceContext, now = new Date()): Promise<number> {
  return countUnread(ctx.db, ctx.companyId, ctx.userId, now);
}

async function findMine(ctx: ServiceContext, id: number, now: Date): Promise<UserNotification> {
  const { notifications } = await selectUserNotifications(
    ctx.db,
    ctx.companyId,
    ctx.userId,
    { page: 1, perPage: 1, id },
    now,
  );
  if (!notifications[0]) throw notFound(NOT_FOUND);
  return notifications[0];
}

/** Marks one as read (again: no change); the user's other open screens update their count. */
export async function markRead(ctx: ServiceContext, id: number, now = new Date()): Promise<UserNotification> {
  await ctx.db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('user_notifications')
      .set({ read_at: now })
      .where('company_id', '=', ctx.companyId)
      .where('user_id', '=', ctx.userId)
      .where('id', '=', id)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) await notifyUsersChanged(tx, ctx.companyId, [ctx.userId]);
  });
  return findMine(ctx, id, now);
}

export async function deleteMine(ctx: ServiceContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const deleted = await tx
      .deleteFrom('user_notifications')
      .where('company_id', '=', ctx.companyId)
      .where('user_id', '=', ctx.userId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound(NOT_FOUND);
    await notifyUsersChanged(tx, ctx.companyId, [ctx.userId]);
  });
}
