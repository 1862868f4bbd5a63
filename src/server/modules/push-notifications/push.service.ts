import type {
  PushPayload,
  PushSubscriptionBody,
  PushTestAnswer,
} from '../../../shared/contract/push-notifications';
import type { AppDeps, ServiceContext } from '../../context';
import { unprocessable } from '../../http/errors';
import { checkUrlSyntax } from '../../integrations/outbound-url';
import { secretBoxFor } from '../../integrations/secrets';
import { ensureVapidKeys, sendWebPush } from '../../integrations/web-push';

type Deps = Pick<AppDeps, 'config'>;

const policyOf = (deps: Deps) => ({ allowPrivate: deps.config.allowPrivateConnectorUrls });

export async function vapidPublicKey(ctx: ServiceContext, deps: Deps): Promise<string> {
  return (await ensureVapidKeys(ctx.db, secretBoxFor(deps.config))).publicKey;
}

/**
 * Stores this browser's subscription for the user (the same endpoint again replaces its keys, or
 * moves it to the user now signed in). Push services speak HTTPS; plain http only where internal
 * addresses are allowed (a private network, the tests' local endpoint).
 */
export async function subscribe(
  ctx: ServiceContext,
  deps: Deps,
  body: PushSubscriptionBody,
): Promise<number> {
  const syntax = checkUrlSyntax(body.endpoint);
  if (!syntax.ok || (syntax.url.protocol !== 'https:' && !deps.config.allowPrivateConnectorUrls))
    throw unprocessable({ endpoint: ['Endpoint is not valid.'] });
  const row = { user_id: ctx.userId, p256dh: body.keys.p256dh, auth: body.keys.auth };
  await ctx.db
    .insertInto('push_subscriptions')
    .values({ company_id: ctx.companyId, endpoint: body.endpoint, ...row })
    .onConflict((oc) => oc.columns(['company_id', 'endpoint']).doUpdateSet(row))
    .execute();
  return countSubscriptions(ctx);
}

export async function unsubscribe(ctx: ServiceContext, endpoint: string): Promise<number> {
  await ctx.db
    .deleteFrom('push_subscriptions')
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .where('endpoint', '=', endpoint)
    .execute();
  return countSubscriptions(ctx);
}

export async function countSubscriptions(ctx: ServiceContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Sends a notification to every browser the user subscribed (the one entry point for the features
 * that notify people). A subscription the push service says is gone (404, 410) is removed; one that
 * cannot be reached now is kept.
 */
export async function notifyUser(
  ctx: ServiceContext,
  deps: Deps,
  payload: PushPayload,
): Promise<PushTestAnswer> {
  const subscriptions = await ctx.db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .execute();
  if (subscriptions.length === 0) return { sent: 0, removed: 0 };
  const keys = await ensureVapidKeys(ctx.db, secretBoxFor(deps.config));
  const vapid = { ...keys, subject: `mailto:no-reply@${deps.config.appDomain}` };
  const gone: string[] = [];
  let sent = 0;
  for (const subscription of subscriptions) {
    const status = await sendWebPush(subscription, JSON.stringify(payload), vapid, policyOf(deps)).catch(
      () => 0,
    );
    if (status >= 200 && status < 300) sent += 1;
    if (status === 404 || status === 410) gone.push(subscription.id);
  }
  if (gone.length > 0)
    await ctx.db
      .deleteFrom('push_subscriptions')
      .where('company_id', '=', ctx.companyId)
      .where('id', 'in', gone)
      .execute();
  return { sent, removed: gone.length };
}
