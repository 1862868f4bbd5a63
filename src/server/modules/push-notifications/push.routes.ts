import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PushSubscriptionBody,
  PushSubscriptionCount,
  pushPaths,
  PushTestAnswer,
  PushUnsubscribeBody,
  VapidPublicKey,
} from '../../../shared/contract/push-notifications';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { EmptyBody, ERROR_RESPONSES } from '../../http/schemas';
import { countSubscriptions, notifyUser, subscribe, unsubscribe, vapidPublicKey } from './push.service';

/**
 * spec §2 /profile push-notifications (USER_PROFILE read): a user's own browsers. Subscribing a
 * browser changes no profile setting, so reading the profile is enough.
 */
const READ: PermissionRequirement = ['USER_PROFILE', 'read'];

export function registerPushRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['push-notifications'];
  const config = { auth: true, permission: READ };
  const context = (request: Parameters<typeof serviceContext>[0]) => serviceContext(request, deps);
  const count = { 200: PushSubscriptionCount, ...ERROR_RESPONSES };

  app.get(
    pushPaths.publicKey,
    { config, schema: { tags, response: { 200: VapidPublicKey, ...ERROR_RESPONSES } } },
    async (request) => ({ public_key: await vapidPublicKey(context(request), deps) }),
  );
  app.get(pushPaths.subscriptions, { config, schema: { tags, response: count } }, async (request) => ({
    subscriptions: await countSubscriptions(context(request)),
  }));
  app.post(
    pushPaths.subscriptions,
    { config, schema: { tags, body: PushSubscriptionBody, response: count } },
    async (request) => ({ subscriptions: await subscribe(context(request), deps, request.body) }),
  );
  app.delete(
    pushPaths.subscriptions,
    { config, schema: { tags, body: PushUnsubscribeBody, response: count } },
    async (request) => ({ subscriptions: await unsubscribe(context(request), request.body.endpoint) }),
  );
  app.post(
    pushPaths.test,
    { config, schema: { tags, body: EmptyBody, response: { 200: PushTestAnswer, ...ERROR_RESPONSES } } },
    async (request) =>
      notifyUser(context(request), deps, {
        title: 'Workplace',
        body: 'Notifications are on for this browser.',
        url: '/profile/push-notifications',
      }),
  );
}
