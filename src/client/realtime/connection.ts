import type { RealtimeEvent, RealtimeEventData, RealtimeEventName } from '../../shared/contract/realtime';
import {
  parseRealtimeMessage,
  REALTIME_CLOSE,
  REALTIME_EVENTS,
  reconnectDelay,
} from '../../shared/contract/realtime-wire';

export type RealtimeHandler<E extends RealtimeEventName> = (data: RealtimeEventData[E]) => void;

/** The smallest part of the browser's WebSocket this module uses (tests hand in a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(text: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
}

export interface ConnectionEnvironment {
  /** the ws:// or wss:// address of the realtime endpoint */
  url(): string;
  /** the stored access token, or null when signed out */
  token(): string | null;
  /** the company of this site, or null in the master area (no events there) */
  subdomain(): string | null;
  /** refreshes the access token; true when there is a new one */
  refresh(): Promise<boolean>;
  open(url: string): SocketLike;
  /** how often the stored token is compared with the one the socket signed in with */
  tokenCheckMs?: number;
  random?: () => number;
}

const OPEN = 1;
/** The socket refuses for good: the next attempt waits for a different token or subdomain. */
const FINAL = new Set<number>([REALTIME_CLOSE.forbidden, REALTIME_CLOSE.notFound]);

/**
 * One socket for the whole session, opened while anything listens: it signs in with the stored
 * token, signs in again on the same socket when the token changes (a refresh), reconnects with
 * back-off when dropped, refreshes the token when the server says it is no longer good, and
 * closes when the last listener leaves or the user signs out.
 */
export class RealtimeConnection {
  private readonly handlers = new Map<RealtimeEventName, Set<(data: never) => void>>();
  private socket: SocketLike | null = null;
  /** the token and subdomain the current socket signed in with */
  private credentials: { token: string; subdomain: string } | null = null;
  /** credentials the server refused for good: not tried again */
  private refused: string | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private tokenTimer: ReturnType<typeof setInterval> | null = null;
  private readyCount = 0;
  private readonly readyListeners = new Set<(readyCount: number) => void>();

  constructor(private readonly env: ConnectionEnvironment) {}

  subscribe<E extends RealtimeEventName>(event: E, handler: RealtimeHandler<E>): () => void {
    let handlers = this.handlers.get(event);
    if (!handlers) this.handlers.set(event, (handlers = new Set()));
    const entry = handler as (data: never) => void;
    handlers.add(entry);
    this.start();
    return () => {
      handlers.delete(entry);
      if (handlers.size === 0) this.handlers.delete(event);
      if (this.handlers.size === 0) this.stop();
    };
  }

  /**
   * Called each time the server accepts the socket's sign-in, with how many times it has: from the
   * second on, events may have been missed while the socket was down.
   */
  onReady(listener: (readyCount: number) => void): () => void {
    this.readyListeners.add(listener);
    return () => void this.readyListeners.delete(listener);
  }

  get connected(): boolean {
    return this.socket?.readyState === OPEN;
  }

  private start(): void {
    this.tokenTimer ??= setInterval(() => this.checkToken(), this.env.tokenCheckMs ?? 5000);
    if (!this.socket && !this.retryTimer) this.connect();
  }

  private stop(): void {
    if (this.tokenTimer) clearInterval(this.tokenTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.tokenTimer = null;
    this.retryTimer = null;
    this.attempt = 0;
    this.drop();
  }

  private drop(): void {
    const socket = this.socket;
    this.socket = null;
    this.credentials = null;
    if (!socket) return;
    socket.onclose = null;
    socket.onmessage = null;
    socket.onopen = null;
    socket.close(1000);
  }

  private wanted(): { token: string; subdomain: string } | null {
    const token = this.env.token();
    const subdomain = this.env.subdomain();
    if (!token || !subdomain || `${subdomain} ${token}` === this.refused) return null;
    return { token, subdomain };
  }

  private connect(): void {
    const wanted = this.wanted();
    // Signed out (or refused): the token check connects once there is a token to try.
    if (!wanted) return;
    let socket: SocketLike;
    try {
      socket = this.env.open(this.env.url());
    } catch {
      // A refused address (a content security policy, a malformed base URL): try again later.
      this.retry();
      return;
    }
    this.socket = socket;
    this.credentials = wanted;
    socket.onopen = () => this.authenticate(socket, wanted);
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => void this.closed(socket, event.code);
  }

  private authenticate(socket: SocketLike, credentials: { token: string; subdomain: string }): void {
    this.credentials = credentials;
    socket.send(JSON.stringify({ type: 'auth', ...credentials }));
  }

  /** Signs the open socket in again when the stored token changed; closes it at sign-out. */
  private checkToken(): void {
    const wanted = this.wanted();
    if (!wanted) {
      if (this.socket && !this.env.token()) this.drop();
      return;
    }
    if (!this.socket) {
      if (!this.retryTimer) this.connect();
      return;
    }
    const current = this.credentials;
    if (current && current.token === wanted.token && current.subdomain === wanted.subdomain) return;
    if (this.socket.readyState === OPEN && current?.subdomain === wanted.subdomain)
      this.authenticate(this.socket, wanted);
    else {
      this.drop();
      this.connect();
    }
  }

  private receive(raw: unknown): void {
    const message = parseRealtimeMessage(typeof raw === 'string' ? raw : '') as
      { type?: unknown } | RealtimeEvent | null;
    if (!message || typeof message !== 'object') return;
    if (message.type === 'ready') {
      this.attempt = 0;
      this.readyCount++;
      for (const listener of [...this.readyListeners]) listener(this.readyCount);
      return;
    }
    if (message.type !== 'event') return;
    const event = message as RealtimeEvent;
    if (!(REALTIME_EVENTS as readonly string[]).includes(event.event)) return;
    for (const handler of [...(this.handlers.get(event.event) ?? [])]) {
      try {
        handler(event.data as never);
      } catch (error) {
        // One screen's failing handler must not keep the event from the others.
        console.error(error);
      }
    }
  }

  private async closed(socket: SocketLike, code: number): Promise<void> {
    if (this.socket !== socket) return;
    const used = this.credentials;
    this.socket = null;
    this.credentials = null;
    if (this.handlers.size === 0) return;
    if (FINAL.has(code)) {
      if (used) this.refused = `${used.subdomain} ${used.token}`;
      return;
    }
    if (code === REALTIME_CLOSE.unauthorized && used && this.env.token() === used.token) {
      // The token the server refused is still the stored one: refresh it, then come back at once.
      if (await this.env.refresh()) {
        if (this.handlers.size > 0 && !this.socket) this.connect();
        return;
      }
      // No new token: the next API call signs the user out; the token check reconnects after sign-in.
      this.refused = `${used.subdomain} ${used.token}`;
      return;
    }
    this.retry();
  }

  private retry(): void {
    if (this.retryTimer) return;
    const delay = reconnectDelay(this.attempt++, this.env.random);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.handlers.size > 0 && !this.socket) this.connect();
    }, delay);
  }
}
