import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { WebSocket } from 'ws';
import {
  REALTIME_CLOSE,
  type RealtimeEvent,
  type RealtimeServerMessage,
} from '../../shared/contract/realtime';
import { can, type GeneralPermission } from '../../shared/permissions';
import type { Database } from '../db/schema';
import { generalPermissionsOfUsers } from '../permissions/resolve';
import type { Delivery } from './sources';

/** Who a socket speaks for, once it has authenticated. */
export interface Subscriber {
  companyId: number;
  userId: number;
  /** the session of the token it authenticated with: the socket lives as long as it does */
  jti: string;
  permissions: readonly GeneralPermission[];
  /**
   * A guest (a wall screen signed in with a map's token, not a user): hears only what this accepts,
   * whatever the delivery's permission, and stays while `stillValid` says so (asked every heartbeat
   * instead of the session).
   */
  guest?: { accepts(message: RealtimeEvent): boolean; stillValid(): Promise<boolean> };
}

export const HEARTBEAT_MS = 30_000;
/** A peer this far behind is not reading: it is dropped, and refetches when it reconnects. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * The sockets of this process, by company. An event goes only to its company's sockets whose user
 * holds the event's permission; another company's sockets are never even looked at.
 */
export class RealtimeHub {
  private readonly byCompany = new Map<number, Map<WebSocket, Subscriber>>();
  private readonly alive = new WeakSet<WebSocket>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /** Adds a socket, or replaces what it speaks for after a re-authentication. */
  subscribe(socket: WebSocket, subscriber: Subscriber): void {
    this.unsubscribe(socket);
    let sockets = this.byCompany.get(subscriber.companyId);
    if (!sockets) this.byCompany.set(subscriber.companyId, (sockets = new Map()));
    sockets.set(socket, subscriber);
    this.alive.add(socket);
    socket.on('pong', () => this.alive.add(socket));
  }

  unsubscribe(socket: WebSocket): void {
    for (const [companyId, sockets] of this.byCompany) {
      if (!sockets.delete(socket)) continue;
      if (sockets.size === 0) this.byCompany.delete(companyId);
      socket.removeAllListeners('pong');
      return;
    }
  }

  subscriberOf(socket: WebSocket): Subscriber | null {
    for (const sockets of this.byCompany.values()) {
      const subscriber = sockets.get(socket);
      if (subscriber) return subscriber;
    }
    return null;
  }

  /** Whether any socket is subscribed: with none, an event has nobody to reach. */
  hasSubscribers(): boolean {
    return this.byCompany.size > 0;
  }

  /** How many sockets would receive an event of this company now (for tests and logs). */
  count(companyId: number): number {
    return this.byCompany.get(companyId)?.size ?? 0;
  }

  deliver({ companyId, permission, userIds, message }: Delivery): number {
    const sockets = this.byCompany.get(companyId);
    if (!sockets) return 0;
    const text = JSON.stringify(message);
    let sent = 0;
    for (const [socket, subscriber] of sockets) {
      if (socket.readyState !== socket.OPEN) continue;
      if (subscriber.guest) {
        if (!subscriber.guest.accepts(message)) continue;
      } else if (!can(subscriber.permissions, permission) && !userIds?.includes(subscriber.userId)) continue;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        this.unsubscribe(socket);
        socket.terminate();
        continue;
      }
      socket.send(text);
      sent++;
    }
    return sent;
  }

  /**
   * Every HEARTBEAT_MS: a socket that did not answer the last ping is dropped (its peer is gone),
   * and so is one whose session ended (logout, revocation, expiry): one query for all of them. Then
   * the permissions of those left are read again.
   */
  startHeartbeat(intervalMs = HEARTBEAT_MS): void {
    this.heartbeat ??= setInterval(() => void this.beat(), intervalMs);
    this.heartbeat.unref();
  }

  async beat(): Promise<void> {
    const all = [...this.byCompany.values()].flatMap((sockets) => [...sockets]);
    for (const [socket] of all) {
      if (!this.alive.has(socket)) {
        this.unsubscribe(socket);
        socket.terminate();
        continue;
      }
      this.alive.delete(socket);
      socket.ping();
    }
    await this.dropInvalidGuests(all.filter(([, subscriber]) => subscriber.guest));
    const users = all.filter(([, subscriber]) => !subscriber.guest);
    const jtis = [...new Set(users.map(([, subscriber]) => subscriber.jti))];
    if (jtis.length === 0) return;
    const live = new Set(
      (
        await this.db
          .selectFrom('sessions')
          .select('jti')
          .where('jti', 'in', jtis)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', sql<Date>`now()`)
          .execute()
          .catch(() => jtis.map((jti) => ({ jti })))
      ).map((row) => row.jti),
    );
    for (const [socket, subscriber] of users) {
      if (live.has(subscriber.jti) || this.subscriberOf(socket)?.jti !== subscriber.jti) continue;
      this.unsubscribe(socket);
      socket.close(REALTIME_CLOSE.unauthorized, 'The session has ended.');
    }
    await this.refreshPermissions();
  }

  /** Guests whose token was revoked or replaced meanwhile are closed, as an ended session is. */
  private async dropInvalidGuests(guests: Array<[WebSocket, Subscriber]>): Promise<void> {
    for (const [socket, subscriber] of guests) {
      if (await subscriber.guest!.stillValid().catch(() => true)) continue;
      if (this.subscriberOf(socket) !== subscriber) continue;
      this.unsubscribe(socket);
      socket.close(REALTIME_CLOSE.unauthorized, 'The token is no longer valid.');
    }
  }

  /**
   * The sockets' permissions read again (one query per company), as every HTTP call reads them: a
   * user whose role lost PLAN stops hearing the plan's events by the next heartbeat.
   */
  private async refreshPermissions(): Promise<void> {
    for (const [companyId, sockets] of this.byCompany) {
      const userIds = [
        ...new Set(
          [...sockets.values()]
            .filter((subscriber) => !subscriber.guest)
            .map((subscriber) => subscriber.userId),
        ),
      ];
      if (userIds.length === 0) continue;
      const current = await generalPermissionsOfUsers(this.db, companyId, userIds).catch(() => null);
      if (!current) continue;
      // (a socket that signed in meanwhile, as a user not asked about, keeps what it came with)
      for (const [socket, subscriber] of sockets)
        if (!subscriber.guest && userIds.includes(subscriber.userId))
          sockets.set(socket, { ...subscriber, permissions: current.get(subscriber.userId) ?? [] });
    }
  }

  /** app.close(): every socket is told the server is going away, so clients reconnect elsewhere. */
  closeAll(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const sockets of this.byCompany.values())
      for (const socket of sockets.keys())
        socket.close(REALTIME_CLOSE.goingAway, 'The server is shutting down.');
    this.byCompany.clear();
  }
}

export function send(socket: WebSocket, message: RealtimeServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}
