import { useEffect, useRef } from 'react';
import { parseRealtimeMessage, REALTIME_CLOSE, reconnectDelay } from '../../../shared/contract/realtime-wire';
import { currentSubdomain } from '../../api/environment';
import { realtimeUrl } from '../../realtime/shared-connection';

/** Changes come in bursts (a wave of auto-releases): one read per burst. */
const BURST_MS = 200;
/** The token no longer names the map, or the host names no company: reading once more says why. */
const REFUSED = new Set<number>([
  REALTIME_CLOSE.unauthorized,
  REALTIME_CLOSE.forbidden,
  REALTIME_CLOSE.notFound,
]);

/**
 * A wall screen's own socket (docs/real-time-and-cleaning.md): it signs in with the map's token, not
 * a session, and calls `onChange` once per burst of the map's changes, after each reconnection (events
 * may have been missed) and when the server refuses the token (the screen then reads why). Reconnects
 * with the session socket's back-off.
 */
export function useWallSocket(code: string, onChange: () => void): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const subdomain = currentSubdomain();
    if (!subdomain || !code) return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let burst: ReturnType<typeof setTimeout> | null = null;
    const changed = () => {
      burst ??= setTimeout(() => {
        burst = null;
        latest.current();
      }, BURST_MS);
    };
    const connect = () => {
      socket = new WebSocket(realtimeUrl());
      socket.onopen = () => socket?.send(JSON.stringify({ type: 'wall', code, subdomain }));
      socket.onmessage = (event) => {
        const message = parseRealtimeMessage(String(event.data)) as { type?: string } | null;
        if (message?.type === 'ready') {
          if (attempt > 0) changed();
          attempt = 0;
        } else if (message?.type === 'event') changed();
      };
      socket.onclose = (event) => {
        socket = null;
        if (stopped) return;
        if (REFUSED.has(event.code)) {
          changed();
          return;
        }
        retry = setTimeout(connect, reconnectDelay(attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (burst) clearTimeout(burst);
      socket?.close();
    };
  }, [code]);
}
