import type { Transaction } from 'kysely';
import { pageMeta, type Paginated } from '../../../shared/contract/common';
import type {
  CompanyNotification,
  CompanyNotificationBody,
  UserContainerOptionList,
} from '../../../shared/contract/company-notifications';
import { notValid, type FieldErrors } from '../../../shared/validation';
import {
  NOTIFICATION_MESSAGES,
  notificationTimeErrors,
} from '../../../shared/validation/company-notifications';
import { checkNameTranslations } from '../../../shared/validation/name-translations';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { ownIds, selectNotifications } from './company-notifications.queries';
import { notifyUsersChanged } from './notifications.notify';

export async function listNotifications(
  ctx: ServiceContext,
  query: { page: number; per_page: number },
): Promise<Paginated<CompanyNotification>> {
  const { notifications, total } = await selectNotifications(ctx.db, ctx.companyId, ctx.userId, {
    page: query.page,
    perPage: query.per_page,
  });
  return { data: notifications, meta: pageMeta(query.page, query.per_page, total) };
}

export async function getNotification(ctx: ServiceContext, id: number): Promise<CompanyNotification> {
  const { notifications } = await selectNotifications(ctx.db, ctx.companyId, ctx.userId, { id });
  if (!notifications[0]) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return notifications[0];
}

/** The user containers (type USER) a notification may go to, with their member counts. */
export async function listUserContainers(ctx: ServiceContext): Promise<UserContainerOptionList> {
  const rows = await ctx.db
    .selectFrom('user_containers as uc')
    .select((eb) => [
      'uc.id',
      'uc.name',
      eb
        .selectFrom('user_container_members as m')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('m.company_id', '=', 'uc.company_id')
        .whereRef('m.container_id', '=', 'uc.id')
        .as('members'),
    ])
    .where('uc.company_id', '=', ctx.companyId)
    .where('uc.access_type', '=', 'USER')
    .orderBy('uc.name')
    .orderBy('uc.id')
    .execute();
  return { data: rows.map((row) => ({ id: row.id, name: row.name, members: Number(row.members ?? 0) })) };
}

/** What zod cannot check: names per language, recipients of the company, the times (spec-silent rules). */
async function checkBody(ctx: ServiceContext, body: CompanyNotificationBody, now: Date) {
  const errors: FieldErrors = {};
  const [containers, users, languages, company] = await Promise.all([
    ownIds(ctx.db, ctx.companyId, 'user_containers', body.user_container_ids),
    ownIds(ctx.db, ctx.companyId, 'users', body.user_ids),
    ctx.db.selectFrom('languages').select('id').execute(),
    ctx.db
      .selectFrom('companies')
      .select(['language_id', 'timezone'])
      .where('id', '=', ctx.companyId)
      .executeTakeFirstOrThrow(),
  ]);
  const names = checkNameTranslations(
    body.translations,
    company.language_id,
    new Set(languages.map((language) => language.id)),
    errors,
  );
  if (body.send_to === 'user_containers') {
    if (body.user_container_ids.length === 0)
      errors.user_container_ids = [NOTIFICATION_MESSAGES.noContainers];
    body.user_container_ids.forEach((id, index) => {
      if (!containers.has(id)) errors[`user_container_ids.${index}`] = [notValid('user_container_ids')];
    });
  }
  if (body.send_to === 'users') {
    if (body.user_ids.length === 0) errors.user_ids = [NOTIFICATION_MESSAGES.noUsers];
    body.user_ids.forEach((id, index) => {
      if (!users.has(id)) errors[`user_ids.${index}`] = [notValid('user_ids')];
    });
  }
  Object.assign(errors, notificationTimeErrors(body, now, company.timezone));
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return names.map((entry) => ({
    language_id: entry.language_id,
    name: entry.name,
    description: body.translations[entry.index]!.description.trim(),
  }));
}

async function writeParts(
  tx: Transaction<Database>,
  companyId: number,
  id: number,
  body: CompanyNotificationBody,
  names: Array<{ language_id: number; name: string; description: string }>,
) {
  for (const table of [
    'company_notification_translations',
    'company_notification_containers',
    'company_notification_users',
  ] as const)
    await tx
      .deleteFrom(table)
      .where('company_id', '=', companyId)
      .where('notification_id', '=', id)
      .execute();
  await tx
    .insertInto('company_notification_translations')
    .values(names.map((name) => ({ company_id: companyId, notification_id: id, ...name })))
    .execute();
  const containers = body.send_to === 'user_containers' ? [...new Set(body.user_container_ids)] : [];
  if (containers.length > 0)
    await tx
      .insertInto('company_notification_containers')
      .values(
        containers.map((container_id) => ({ company_id: companyId, notification_id: id, container_id })),
      )
      .execute();
  const users = body.send_to === 'users' ? [...new Set(body.user_ids)] : [];
  if (users.length > 0)
    await tx
      .insertInto('company_notification_users')
      .values(users.map((user_id) => ({ company_id: companyId, notification_id: id, user_id })))
      .execute();
}

const columns = (body: CompanyNotificationBody, now: Date) => ({
  send_to: body.send_to,
  // "now" is the moment of saving: the delivery job sends it on its next round
  send_at: body.send_at && Date.parse(body.send_at) > now.getTime() ? body.send_at : now,
  datetime_from: body.datetime_from ? new Date(body.datetime_from) : null,
  datetime_to: body.datetime_to ? new Date(body.datetime_to) : null,
  day: body.day,
  updated_at: now,
});

export async function createNotification(
  ctx: ServiceContext,
  body: CompanyNotificationBody,
  now = new Date(),
): Promise<CompanyNotification> {
  const names = await checkBody(ctx, body, now);
  const id = await ctx.db.transaction().execute(async (tx) => {
    const { id } = await tx
      .insertInto('company_notifications')
      .values({ company_id: ctx.companyId, ...columns(body, now), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeParts(tx, ctx.companyId, id, body, names);
    return id;
  });
  return getNotification(ctx, id);
}

/**
 * Changes a notification not sent yet. The row is locked first: a delivery that has claimed it has
 * sent it by the time the lock is ours (409), and one that has not yet claimed it sends the change.
 */
export async function updateNotification(
  ctx: ServiceContext,
  id: number,
  body: CompanyNotificationBody,
  now = new Date(),
): Promise<CompanyNotification> {
  await getNotification(ctx, id); // 404 before 422
  const names = await checkBody(ctx, body, now);
  await ctx.db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('company_notifications')
      .select('sent_at')
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
    if (row.sent_at) throw conflict(NOTIFICATION_MESSAGES.alreadySent);
    await tx
      .updateTable('company_notifications')
      .set(columns(body, now))
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .execute();
    await writeParts(tx, ctx.companyId, id, body, names);
  });
  return getNotification(ctx, id);
}

/**
 * Cancels a notification before it is sent, or withdraws a sent one from every centre it reached
 * (mails and pushes already sent stay sent).
 */
export async function deleteNotification(ctx: ServiceContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('company_notifications')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
    const reached = await tx
      .selectFrom('user_notifications')
      .select('user_id')
      .where('company_id', '=', ctx.companyId)
      .where('notification_id', '=', id)
      .execute();
    await tx
      .deleteFrom('company_notifications')
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .execute();
    await notifyUsersChanged(
      tx,
      ctx.companyId,
      reached.map((each) => each.user_id),
    );
  });
}
