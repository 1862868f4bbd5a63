import { REALTIME_PATH } from '../../shared/contract/realtime-wire';
import { refreshSession } from '../api/client';
import { apiBaseUrl, currentSubdomain } from '../api/environment';
import { readStored } from '../session/storage';
import { RealtimeConnection, type SocketLike } from './connection';

/** ws:// or wss:// beside the API (the dev server proxies /api WebSockets too). */
export function realtimeUrl(base = apiBaseUrl()): string {
  const url = new URL(REALTIME_PATH, `${base}/`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

let shared: RealtimeConnection | null = null;

/** The session's one connection, made on first use. */
export function realtimeConnection(): RealtimeConnection {
  shared ??= new RealtimeConnection({
    url: () => realtimeUrl(),
    token: () => readStored('token'),
    subdomain: currentSubdomain,
    refresh: async () => (await refreshSession()) === 'refreshed',
    open: (url) => new WebSocket(url) as unknown as SocketLike,
  });
  return shared;
}
