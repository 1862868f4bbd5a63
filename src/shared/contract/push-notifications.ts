import { z } from 'zod';
import { requiredText } from '../validation/schemas';
import { COMPANY_PREFIX } from './common';

/** spec §2 /profile push-notifications: this browser's subscription to the user's notifications. */
export const pushPaths = {
  publicKey: `${COMPANY_PREFIX}/push-notifications/public-key`,
  subscriptions: `${COMPANY_PREFIX}/push-notifications/subscriptions`,
  test: `${COMPANY_PREFIX}/push-notifications/test`,
};

export const VapidPublicKey = z.object({ public_key: z.string() });
export type VapidPublicKey = z.infer<typeof VapidPublicKey>;

const Base64Url = (max: number) =>
  requiredText(max).refine((value) => /^[A-Za-z0-9_-]+=*$/.test(value), 'Key is not valid.');

/** What PushSubscription.toJSON() gives: the push service's address and the browser's keys. */
export const PushSubscriptionBody = z.strictObject({
  endpoint: requiredText(2048).refine((value) => URL.canParse(value), 'Endpoint is not valid.'),
  keys: z.strictObject({ p256dh: Base64Url(256), auth: Base64Url(64) }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

export const PushUnsubscribeBody = z.strictObject({ endpoint: requiredText(2048) });

export const PushSubscriptionCount = z.object({ subscriptions: z.number().int() });
export type PushSubscriptionCount = z.infer<typeof PushSubscriptionCount>;

export const PushTestAnswer = z.object({ sent: z.number().int(), removed: z.number().int() });
export type PushTestAnswer = z.infer<typeof PushTestAnswer>;

/** The payload the service worker shows (sw.ts). */
export interface PushPayload {
  title: string;
  body: string;
  /** the app address opened on a click */
  url?: string;
}
