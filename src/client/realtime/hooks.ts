import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { COMPANY_PREFIX } from '../../shared/contract/common';
import type {
  DeclarationChanged,
  RealtimeEventData,
  RealtimeEventName,
} from '../../shared/contract/realtime';
import type { RealtimeConnection } from './connection';
import { realtimeConnection } from './shared-connection';

/**
 * Calls `handler` with each `event` of the signed-in user's company while the component is mounted
 * (spec §4 realtime events). The handler may change between renders; the subscription does not.
 */
export function useRealtime<E extends RealtimeEventName>(
  event: E,
  handler: (data: RealtimeEventData[E]) => void,
  connection: RealtimeConnection = realtimeConnection(),
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => connection.subscribe(event, (data) => latest.current(data)), [event, connection]);
}

/**
 * Which cached GETs a declaration change makes stale: by API path and query string. `change` is
 * null after the socket was down (changes may have been missed): answer for any change then.
 */
export type DeclarationChangeMatcher = (
  path: string,
  query: string,
  change: DeclarationChanged | null,
) => boolean;

/** By default: the plan (slots, occupancy, limits, map) and the declaration lists. */
export const PLAN_AND_DECLARATIONS: DeclarationChangeMatcher = (path) =>
  path.startsWith(`${COMPANY_PREFIX}/plan`) || path.startsWith(`${COMPANY_PREFIX}/declarations`);

/** Changes often come in bursts (a recurring booking, a wave of auto-releases): one refetch per burst. */
const BURST_MS = 200;

/**
 * spec §4 realtime `event`s in bursts: `onBurst` runs once per burst with its events' data, and with
 * null once the socket is back after being down (events may have been missed).
 */
function useBursts<E extends RealtimeEventName>(
  event: E,
  onBurst: (burst: Array<RealtimeEventData[E]> | null) => void,
  connection: RealtimeConnection,
): void {
  const latest = useRef(onBurst);
  useEffect(() => {
    latest.current = onBurst;
  });
  const pending = useRef<{ burst: Array<RealtimeEventData[E]>; timer: ReturnType<typeof setTimeout> } | null>(
    null,
  );
  useEffect(() => () => clearTimeout(pending.current?.timer), []);
  useEffect(
    () =>
      connection.onReady((readyCount) => {
        if (readyCount > 1) latest.current(null);
      }),
    [connection],
  );
  useRealtime(
    event,
    (data) => {
      if (pending.current) {
        pending.current.burst.push(data);
        return;
      }
      const burst = [data];
      const timer = setTimeout(() => {
        pending.current = null;
        latest.current(burst);
      }, BURST_MS);
      pending.current = { burst, timer };
    },
    connection,
  );
}

/**
 * spec §4 'declaration changed': refetches the open screen's cached GETs (useApi keys) that
 * `matcher` says the change touches, so a plan, map or list shows other people's bookings without
 * a reload. After the socket was down it refetches them once it is back.
 */
export function useRevalidateOnDeclarationChange(
  matcher: DeclarationChangeMatcher = PLAN_AND_DECLARATIONS,
  connection: RealtimeConnection = realtimeConnection(),
): void {
  const { mutate } = useSWRConfig();
  useBursts(
    'declaration_changed',
    (changes) => {
      void mutate(
        apiKeysWhere((path, query) =>
          changes === null ? matcher(path, query, null) : changes.some((each) => matcher(path, query, each)),
        ),
      );
    },
    connection,
  );
}

/** A swr key filter for useApi entries (keys: ['api', path, query, silent]) by path and query. */
export function apiKeysWhere(matches: (path: string, query: string) => boolean): (key: unknown) => boolean {
  return (key) =>
    Array.isArray(key) &&
    key[0] === 'api' &&
    typeof key[1] === 'string' &&
    matches(key[1], typeof key[2] === 'string' ? key[2] : '');
}

/**
 * spec §4 'declaration changed' for a screen with its own refetch (the booking grid): `refetch` runs
 * once per burst holding a change `touches` says concerns it, and once the socket is back after
 * being down.
 */
export function useRefetchOnDeclarationChange(
  touches: (change: DeclarationChanged) => boolean,
  refetch: () => void,
  connection: RealtimeConnection = realtimeConnection(),
): void {
  useBursts(
    'declaration_changed',
    (changes) => {
      if (changes === null || changes.some(touches)) refetch();
    },
    connection,
  );
}

/**
 * A realtime `event` that only says something changed (spec §4 'grid changed'): `refetch` runs once
 * per burst of it, and once the socket is back after being down (`afterReconnect` true then, so a
 * screen can leave out what another hook already reads again on reconnect).
 */
export function useRefetchOnEvent(
  event: RealtimeEventName,
  refetch: (afterReconnect: boolean) => void,
  connection: RealtimeConnection = realtimeConnection(),
): void {
  useBursts(event, (burst) => refetch(burst === null), connection);
}
