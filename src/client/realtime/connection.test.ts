import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_CLOSE, type DeclarationChanged } from '../../shared/contract/realtime';
import { RealtimeConnection, type SocketLike } from './connection';

/** A socket the test opens, feeds and closes by hand. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const change: DeclarationChanged = {
  action: 'created',
  declaration_id: 7,
  resource_id: 3,
  level_ids: [1, 2],
  starts_at: '2026-11-24T08:00:00.000Z',
  ends_at: '2026-11-24T09:00:00.000Z',
};

describe('the session’s realtime connection', () => {
  let sockets: FakeSocket[];
  let token: string | null;
  let refresh: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
  let connection: RealtimeConnection;
  const last = () => sockets.at(-1)!;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    token = 'token-1';
    refresh = vi.fn(async () => false);
    connection = new RealtimeConnection({
      url: () => 'ws://acme.example.test/api/realtime/v1',
      token: () => token,
      subdomain: () => 'acme',
      refresh,
      open: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      tokenCheckMs: 1000,
      random: () => 1,
    });
  });
  afterEach(() => vi.useRealTimers());

  it('opens one socket for all listeners, signs in first, and hands each its events', () => {
    const plan = vi.fn();
    const map = vi.fn();
    const other = vi.fn();
    connection.subscribe('declaration_changed', plan);
    connection.subscribe('declaration_changed', map);
    connection.subscribe('level_changed', other);
    expect(sockets).toHaveLength(1);
    last().accept();
    expect(last().sent).toEqual([{ type: 'auth', token: 'token-1', subdomain: 'acme' }]);
    last().receive({ type: 'ready' });
    last().receive({ type: 'event', event: 'declaration_changed', data: change });
    expect(plan).toHaveBeenCalledWith(change);
    expect(map).toHaveBeenCalledWith(change);
    expect(other).not.toHaveBeenCalled();
  });

  it('closes when the last listener leaves', () => {
    const off = connection.subscribe('declaration_changed', vi.fn());
    last().accept();
    off();
    expect(last().closedWith).toBe(1000);
  });

  it('reconnects after a drop, waiting longer each time, and resets the wait once signed in', () => {
    connection.subscribe('declaration_changed', vi.fn());
    last().drop(1006);
    vi.advanceTimersByTime(249);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().drop(1006);
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    last().accept();
    last().receive({ type: 'ready' });
    last().drop(REALTIME_CLOSE.goingAway);
    vi.advanceTimersByTime(250);
    expect(sockets).toHaveLength(4);
  });

  it('signs the open socket in again when the stored token changes (a refresh)', () => {
    connection.subscribe('declaration_changed', vi.fn());
    last().accept();
    token = 'token-2';
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(1);
    expect(last().sent.at(-1)).toEqual({ type: 'auth', token: 'token-2', subdomain: 'acme' });
  });

  it('refreshes the token when the server refuses it, then reconnects with the new one', async () => {
    refresh.mockImplementation(async () => {
      token = 'token-2';
      return true;
    });
    connection.subscribe('declaration_changed', vi.fn());
    last().accept();
    last().drop(REALTIME_CLOSE.unauthorized);
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    last().accept();
    expect(last().sent).toEqual([{ type: 'auth', token: 'token-2', subdomain: 'acme' }]);
  });

  it('does not retry a refused token until another one is stored (sign-in)', async () => {
    connection.subscribe('declaration_changed', vi.fn());
    last().accept();
    last().drop(REALTIME_CLOSE.unauthorized);
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    token = 'token-after-sign-in';
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
  });

  it('gives up on another area’s token or an unknown company, and connects nowhere when signed out', () => {
    connection.subscribe('declaration_changed', vi.fn());
    last().drop(REALTIME_CLOSE.forbidden);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    token = null;
    vi.advanceTimersByTime(5000);
    expect(sockets).toHaveLength(1);
  });

  it('closes the socket at sign-out', () => {
    connection.subscribe('declaration_changed', vi.fn());
    last().accept();
    token = null;
    vi.advanceTimersByTime(1000);
    expect(last().closedWith).toBe(1000);
  });

  it('tries again later when the socket cannot even be opened', () => {
    let refuse = true;
    const flaky = new RealtimeConnection({
      url: () => 'ws://acme.example.test/api/realtime/v1',
      token: () => 'token',
      subdomain: () => 'acme',
      refresh: async () => false,
      open: () => {
        if (refuse) throw new Error('Refused to connect');
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      random: () => 1,
    });
    flaky.subscribe('declaration_changed', vi.fn());
    refuse = false;
    expect(sockets).toHaveLength(0);
    vi.advanceTimersByTime(250);
    expect(sockets).toHaveLength(1);
  });

  it('ignores messages it cannot read and events it does not know', () => {
    const handler = vi.fn();
    connection.subscribe('declaration_changed', handler);
    last().accept();
    last().onmessage?.({ data: 'not json' });
    last().receive({ type: 'event', event: 'unknown_changed', data: {} });
    expect(handler).not.toHaveBeenCalled();
  });
});
