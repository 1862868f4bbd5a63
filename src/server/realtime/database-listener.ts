import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { reconnectDelay } from '../../shared/contract/realtime';
import type { Db } from '../db/connection';

export type NotificationHandler = (channel: string, payload: string) => void;

/** LISTEN on some channels until stopped. */
export interface DatabaseListener {
  stop(): Promise<void>;
}

/**
 * ARCHITECTURE.md "Runtime topology": NOTIFY reaches every process LISTENing on the database. The
 * embedded engine has one connection and its own listen(); a server gets one dedicated client,
 * outside the pool, so a pooled connection is never held forever.
 */
export async function listenToDatabase(
  db: Db,
  channels: readonly string[],
  onNotification: NotificationHandler,
  log: FastifyBaseLogger,
): Promise<DatabaseListener> {
  if (db.pglite) {
    const pglite = db.pglite;
    const stops = await Promise.all(
      channels.map((channel) => pglite.listen(channel, (payload) => onNotification(channel, payload))),
    );
    return {
      async stop() {
        // The database may already be closing with the process; nothing is left to unlisten then.
        if (!pglite.closed) await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
      },
    };
  }
  const listener = new PostgresListener(db.pool, channels, onNotification, log);
  await listener.start();
  return listener;
}

/** One client of its own on a PostgreSQL server, reconnecting with back-off when the link drops. */
class PostgresListener implements DatabaseListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private attempt = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly channels: readonly string[],
    private readonly onNotification: NotificationHandler,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The first connection must work: a process that cannot listen should not start. */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    // The pool's settings: the same server, user and search_path as every other query.
    const client = new pg.Client(this.pool.options as pg.ClientConfig);
    client.on('notification', (message) => {
      if (message.payload !== undefined) this.onNotification(message.channel, message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    this.client = client;
    await client.connect();
    for (const channel of this.channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    this.attempt = 0;
  }

  private lost(client: pg.Client, error: Error | null): void {
    if (this.stopped || this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.log.warn({ err: error }, 'realtime: the database listener lost its connection');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.timer) return;
    const delay = reconnectDelay(this.attempt++);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.stopped) return;
      this.connect()
        .then(() => this.log.info('realtime: the database listener is back'))
        .catch((error: unknown) => {
          const client = this.client;
          this.client = null;
          client?.end().catch(() => undefined);
          this.log.warn({ err: error }, 'realtime: the database listener could not reconnect');
          this.scheduleReconnect();
        });
    }, delay);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
