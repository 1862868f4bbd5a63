import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../db/schema';
import { guardedFetch, type OutboundPolicy } from './outbound-url';
import type { SecretBox } from './secrets';

/**
 * Browser push through the `web-push` package: it makes the VAPID key pair, encrypts the payload
 * (RFC 8291) and signs the request (RFC 8292); the request itself goes out through guardedFetch,
 * because a subscription's endpoint is an address a browser (anyone) handed us (SSRF guard).
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const SEAL_CONTEXT = 'platform/vapid-private-key';

/** The server's key pair: made and stored on the first start (any process may be first). */
export async function ensureVapidKeys(db: Kysely<Database>, box: SecretBox): Promise<VapidKeys> {
  const stored = await db
    .selectFrom('vapid_keys')
    .select(['public_key', 'private_key_sealed'])
    .executeTakeFirst();
  if (stored)
    return { publicKey: stored.public_key, privateKey: box.open(stored.private_key_sealed, SEAL_CONTEXT) };
  const made = webpush.generateVAPIDKeys();
  await db
    .insertInto('vapid_keys')
    .values({ public_key: made.publicKey, private_key_sealed: box.seal(made.privateKey, SEAL_CONTEXT) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return ensureVapidKeys(db, box);
}

/** Sends one notification; answers the push service's status (404 and 410: the subscription is gone). */
export async function sendWebPush(
  subscription: PushSubscriptionKeys,
  payload: string,
  vapid: VapidKeys & { subject: string },
  policy: OutboundPolicy,
): Promise<number> {
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload,
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: 60 * 60,
    },
  );
  const answer = await guardedFetch(
    details.endpoint,
    {
      method: details.method,
      headers: details.headers as Record<string, string>,
      ...(details.body ? { body: details.body } : {}),
      timeoutMs: 10_000,
      maxBytes: 64 * 1024,
    },
    policy,
  );
  return answer.status;
}
