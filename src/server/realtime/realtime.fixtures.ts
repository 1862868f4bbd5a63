import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { WebSocket } from 'ws';
import { TEST_DATABASE_URL, type TestServer } from '../../../test/support/server-app';
import { REALTIME_PATH, type RealtimeServerMessage } from '../../shared/contract/realtime';
import { buildApp } from '../app';
import { openDatabase, type Db } from '../db/connection';

/** A socket as a test sees it: what it received, and how it closed. */
export interface Probe {
  socket: WebSocket;
  messages: RealtimeServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
}

export async function open(app: FastifyInstance): Promise<Probe> {
  const socket = await app.injectWS(REALTIME_PATH);
  const messages: RealtimeServerMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as RealtimeServerMessage));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return { socket, messages, closed, send: (message) => socket.send(JSON.stringify(message)) };
}

export async function until(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A signed-in socket, after the server said ready. */
export async function subscribed(app: FastifyInstance, token: string, subdomain = 'acme'): Promise<Probe> {
  const probe = await open(app);
  probe.send({ type: 'auth', token, subdomain });
  await until(() => probe.messages.some((m) => m.type === 'ready'), 'ready');
  return probe;
}

/** The events of one kind a socket received (a test's resources and levels also announce 'grid changed'). */
export const events = (probe: Probe, event = 'declaration_changed') =>
  probe.messages.filter((m) => m.type === 'event' && m.event === event);

/**
 * A second server process on the same database: on PGlite another app over the same database
 * object, on PostgreSQL another app with its own pool on the same schema.
 */
export async function secondProcess(
  first: TestServer,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  let db: Db = first.db;
  if (first.kind === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      first.db.kysely,
    );
    db = await openDatabase(
      { kind: 'postgres', url: TEST_DATABASE_URL! },
      { searchPath: `${rows[0]!.schema},public`, applicationName: rows[0]!.schema },
    );
  }
  const app = await buildApp({ db, config: first.config });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      if (db !== first.db) await db.close();
    },
  };
}
