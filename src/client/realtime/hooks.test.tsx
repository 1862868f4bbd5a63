// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeclarationChanged } from '../../shared/contract/realtime';
import { RealtimeConnection, type SocketLike } from './connection';
import {
  useRealtime,
  useRefetchOnDeclarationChange,
  useRefetchOnEvent,
  useRevalidateOnDeclarationChange,
} from './hooks';

class FakeSocket implements SocketLike {
  readyState = 1;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  send() {}
  close() {
    this.readyState = 3;
  }
}

function fakeConnection() {
  const sockets: FakeSocket[] = [];
  const connection = new RealtimeConnection({
    url: () => 'ws://acme.example.test/api/realtime/v1',
    token: () => 'token',
    subdomain: () => 'acme',
    refresh: async () => false,
    open: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
  });
  const emit = (data: DeclarationChanged) =>
    act(() =>
      sockets
        .at(-1)!
        .onmessage?.({ data: JSON.stringify({ type: 'event', event: 'declaration_changed', data }) }),
    );
  const emitEvent = (event: string, data: unknown) =>
    act(() => sockets.at(-1)!.onmessage?.({ data: JSON.stringify({ type: 'event', event, data }) }));
  return { connection, sockets, emit, emitEvent };
}

// The bursts' and the reconnection's timers run on a fake clock: each wait below is a step of it, so
// no verdict depends on how fast the machine runs the test.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets the fake clock run `ms` (the timers due meanwhile, and what their answers set off). */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Longer than a burst (hooks.ts BURST_MS, 200 ms). */
const BURST_OVER = 300;
/** Longer than the first reconnection's delay (at most 250 ms, realtime-wire.ts). */
const RECONNECTED = 1_000;

const change = (resourceId: number): DeclarationChanged => ({
  action: 'created',
  declaration_id: 1,
  resource_id: resourceId,
  level_ids: [10, 11],
  starts_at: '2026-11-24T08:00:00.000Z',
  ends_at: '2026-11-24T09:00:00.000Z',
});

/** A cached GET the way useApi keys it: ['api', path, query, silent]. */
function Cached({ path, fetcher }: { path: string; fetcher: () => Promise<number> }) {
  useSWR(['api', path, '', false], fetcher);
  return null;
}

describe('useRevalidateOnDeclarationChange (spec §4 declaration changed)', () => {
  it('refetches the open plan’s GETs once per burst of changes, and leaves other screens’ data alone', async () => {
    const { connection, emit } = fakeConnection();
    const plan = vi.fn(async () => 1);
    const mine = vi.fn(async () => 1);
    const profile = vi.fn(async () => 1);
    function Screen() {
      useRevalidateOnDeclarationChange(undefined, connection);
      return (
        <>
          <Cached path="/api/company/v1/plan/slots/resource/3" fetcher={plan} />
          <Cached path="/api/company/v1/declarations" fetcher={mine} />
          <Cached path="/api/company/v1/company-profile" fetcher={profile} />
        </>
      );
    }
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <Screen />
      </SWRConfig>,
    );
    await elapse(0);
    expect(plan).toHaveBeenCalledTimes(1);
    emit(change(3));
    emit(change(4));
    await elapse(BURST_OVER);
    expect(plan).toHaveBeenCalledTimes(2);
    expect(mine).toHaveBeenCalledTimes(2);
    await elapse(BURST_OVER);
    expect(plan).toHaveBeenCalledTimes(2);
    expect(profile).toHaveBeenCalledTimes(1);
  });

  it('takes a matcher: only the GETs of the changed resource refetch', async () => {
    const { connection, emit } = fakeConnection();
    const three = vi.fn(async () => 1);
    const four = vi.fn(async () => 1);
    function Screen() {
      useRevalidateOnDeclarationChange(
        (path, _query, change) => !change || path.endsWith(`/resource/${change.resource_id}`),
        connection,
      );
      return (
        <>
          <Cached path="/api/company/v1/plan/slots/resource/3" fetcher={three} />
          <Cached path="/api/company/v1/plan/slots/resource/4" fetcher={four} />
        </>
      );
    }
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <Screen />
      </SWRConfig>,
    );
    await elapse(0);
    expect(three).toHaveBeenCalledTimes(1);
    emit(change(3));
    await elapse(BURST_OVER);
    expect(three).toHaveBeenCalledTimes(2);
    expect(four).toHaveBeenCalledTimes(1);
  });

  it('refetches after the socket was down and is back (changes may have been missed)', async () => {
    const { connection, sockets } = fakeConnection();
    const plan = vi.fn(async () => 1);
    function Screen() {
      useRevalidateOnDeclarationChange(undefined, connection);
      return <Cached path="/api/company/v1/plan/occupancy/level/2" fetcher={plan} />;
    }
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <Screen />
      </SWRConfig>,
    );
    await elapse(0);
    expect(plan).toHaveBeenCalledTimes(1);
    const ready = () => act(() => sockets.at(-1)!.onmessage?.({ data: JSON.stringify({ type: 'ready' }) }));
    ready();
    await elapse(50);
    expect(plan).toHaveBeenCalledTimes(1);
    ready();
    await elapse(0);
    expect(plan).toHaveBeenCalledTimes(2);
  });
});

describe('useRealtime', () => {
  it('calls the latest handler while mounted and closes the socket once unmounted', () => {
    const { connection, sockets, emit } = fakeConnection();
    const first = vi.fn();
    const second = vi.fn();
    function Listener({ handler }: { handler: (data: DeclarationChanged) => void }) {
      useRealtime('declaration_changed', handler, connection);
      return null;
    }
    const view = render(<Listener handler={first} />);
    view.rerender(<Listener handler={second} />);
    emit(change(3));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(change(3));
    expect(sockets).toHaveLength(1);
    view.unmount();
    expect(sockets[0]!.readyState).toBe(3);
  });
});

describe('useRefetchOnDeclarationChange (the booking grid)', () => {
  it('refetches once per burst of the changes that touch it, none for others, and once after a reconnect', async () => {
    const { connection, sockets, emit } = fakeConnection();
    const refetch = vi.fn();
    function Grid() {
      useRefetchOnDeclarationChange((each) => each.resource_id === 3, refetch, connection);
      return null;
    }
    render(<Grid />);
    const ready = () => act(() => sockets.at(-1)!.onmessage?.({ data: JSON.stringify({ type: 'ready' }) }));
    ready();
    emit(change(4));
    await elapse(BURST_OVER);
    expect(refetch).not.toHaveBeenCalled();
    for (let index = 0; index < 5; index += 1) emit(change(3));
    await elapse(BURST_OVER);
    expect(refetch).toHaveBeenCalledTimes(1);
    await elapse(BURST_OVER);
    expect(refetch).toHaveBeenCalledTimes(1);
    // the socket drops and comes back: what was missed is read again
    act(() => sockets.at(-1)!.onclose?.({ code: 1006 }));
    await elapse(RECONNECTED);
    expect(sockets.length).toBeGreaterThan(1);
    ready();
    expect(refetch).toHaveBeenCalledTimes(2);
  });
});

describe("useRefetchOnEvent (the booking grid hears 'grid changed')", () => {
  it('refetches once per burst of the event, not for other events, and once after a reconnect', async () => {
    const { connection, sockets, emit, emitEvent } = fakeConnection();
    const refetch = vi.fn();
    function Grid() {
      useRefetchOnEvent('grid_changed', refetch, connection);
      return null;
    }
    render(<Grid />);
    const ready = () => act(() => sockets.at(-1)!.onmessage?.({ data: JSON.stringify({ type: 'ready' }) }));
    ready();
    emit(change(3));
    await elapse(BURST_OVER);
    expect(refetch).not.toHaveBeenCalled();
    for (let index = 0; index < 5; index += 1) emitEvent('grid_changed', {});
    await elapse(BURST_OVER);
    expect(refetch).toHaveBeenCalledTimes(1);
    await elapse(BURST_OVER);
    expect(refetch).toHaveBeenCalledTimes(1);
    act(() => sockets.at(-1)!.onclose?.({ code: 1006 }));
    await elapse(RECONNECTED);
    expect(sockets.length).toBeGreaterThan(1);
    ready();
    expect(refetch).toHaveBeenCalledTimes(2);
  });
});
