import {
  pushPaths,
  type PushSubscriptionCount,
  type PushTestAnswer,
  type VapidPublicKey,
} from '../../../shared/contract/push-notifications';
import { api } from '../../api/client';

/**
 * This browser's push subscription (spec §2 /profile push-notifications): the Push API with the
 * service worker /sw.js, subscribed with the server's VAPID public key and stored on the server.
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const existing = await navigator.serviceWorker.getRegistration('/');
  return (await existing?.pushManager.getSubscription()) ? 'on' : 'off';
}

/** The VAPID key as the Push API wants it: bytes from base64url. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

export async function turnPushOn(): Promise<PushState> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const worker = await registration();
  const { public_key } = await api.get<VapidPublicKey>(pushPaths.publicKey);
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(public_key),
    }));
  const { endpoint, keys } = subscription.toJSON();
  await api.post<PushSubscriptionCount>(pushPaths.subscriptions, { endpoint, keys });
  return 'on';
}

export async function turnPushOff(): Promise<PushState> {
  const worker = await navigator.serviceWorker.getRegistration('/');
  const subscription = await worker?.pushManager.getSubscription();
  if (subscription) {
    await api.delete<PushSubscriptionCount>(pushPaths.subscriptions, {
      json: { endpoint: subscription.endpoint },
    });
    await subscription.unsubscribe();
  }
  return 'off';
}

export const sendTestPush = () => api.post<PushTestAnswer>(pushPaths.test, {});
