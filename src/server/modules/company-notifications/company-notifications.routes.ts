import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, MessageBody, PageQuery } from '../../../shared/contract/common';
import {
  CompanyNotification,
  CompanyNotificationBody,
  CompanyNotificationPage,
  NotificationListQuery,
  notificationPaths,
  UnreadCount,
  UserContainerOptionList,
  UserNotification,
  UserNotificationPage,
} from '../../../shared/contract/company-notifications';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { EmptyBody, ERROR_RESPONSES } from '../../http/schemas';
import {
  createNotification,
  deleteNotification,
  getNotification,
  listNotifications,
  listUserContainers,
  updateNotification,
} from './company-notifications.service';
import { deleteMine, listMyNotifications, markRead, unreadCount } from './user-notifications.service';

const manage = (action: 'create' | 'read' | 'update' | 'delete') => ({
  auth: true,
  permission: ['MANAGE_NOTIFICATIONS', action] as const,
});

/**
 * spec §7 "Notifications: paginated GET, CRUD by id" (MANAGE_NOTIFICATIONS with the action's flag);
 * "user notifications paginated, delete", and marking one read: every signed-in user, their own.
 */
export function registerCompanyNotificationRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['company-notifications'];
  const errors = ERROR_RESPONSES;
  const context = (request: Parameters<typeof serviceContext>[0]) => serviceContext(request, deps);

  app.get(
    notificationPaths.list,
    {
      config: manage('read'),
      schema: {
        tags,
        querystring: NotificationListQuery,
        response: { 200: CompanyNotificationPage, ...errors },
      },
    },
    async (request) => listNotifications(context(request), request.query),
  );
  app.get(
    notificationPaths.userContainers,
    { config: manage('read'), schema: { tags, response: { 200: UserContainerOptionList, ...errors } } },
    async (request) => listUserContainers(context(request)),
  );
  app.get(
    notificationPaths.one,
    {
      config: manage('read'),
      schema: { tags, params: IdParam, response: { 200: CompanyNotification, ...errors } },
    },
    async (request) => getNotification(context(request), request.params.id),
  );
  app.post(
    notificationPaths.list,
    {
      config: manage('create'),
      schema: { tags, body: CompanyNotificationBody, response: { 201: CompanyNotification, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await createNotification(context(request), request.body)),
  );
  app.put(
    notificationPaths.one,
    {
      config: manage('update'),
      schema: {
        tags,
        params: IdParam,
        body: CompanyNotificationBody,
        response: { 200: CompanyNotification, ...errors },
      },
    },
    async (request) => updateNotification(context(request), request.params.id, request.body),
  );
  app.delete(
    notificationPaths.one,
    {
      config: manage('delete'),
      schema: { tags, params: IdParam, response: { 200: MessageBody, ...errors } },
    },
    async (request) => {
      await deleteNotification(context(request), request.params.id);
      return { message: 'The notification was deleted.' };
    },
  );

  const mine = ['user-notifications'];
  const signedIn = { auth: true };
  app.get(
    notificationPaths.mine,
    {
      config: signedIn,
      schema: { tags: mine, querystring: PageQuery, response: { 200: UserNotificationPage, ...errors } },
    },
    async (request) => listMyNotifications(context(request), request.query),
  );
  app.get(
    notificationPaths.unread,
    { config: signedIn, schema: { tags: mine, response: { 200: UnreadCount, ...errors } } },
    async (request) => ({ unread: await unreadCount(context(request)) }),
  );
  app.put(
    notificationPaths.read,
    {
      config: signedIn,
      schema: {
        tags: mine,
        params: IdParam,
        body: EmptyBody,
        response: { 200: UserNotification, ...errors },
      },
    },
    async (request) => markRead(context(request), request.params.id),
  );
  app.delete(
    notificationPaths.mineOne,
    { config: signedIn, schema: { tags: mine, params: IdParam, response: { 200: MessageBody, ...errors } } },
    async (request) => {
      await deleteMine(context(request), request.params.id);
      return { message: 'The notification was deleted.' };
    },
  );
}
