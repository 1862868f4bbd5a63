/**
 * Calendar sync bench (issue 8): `npx tsx bench/calendar-sync.ts`. One JSON object per line:
 * { name, value, unit }.
 *
 * On a fresh embedded database with the demo company, the six demo rooms are mapped to room
 * mailboxes on the local fake Microsoft Graph (test/support/fake-graph, which checks tokens, bodies
 * and pages like Graph). Then:
 *  (a) 1,000 bookings of those rooms are written (the trigger of migration 0018 queues one push job
 *      each) and the sync jobs run until none is left: bookings pushed to Graph per second, each
 *      one an event created over HTTP with a bearer token;
 *  (b) with the job runner of a server process running (calendars read every PULL_MS), meetings
 *      are booked on a room mailbox on the Graph side one at a time: the lag from the Graph change
 *      to the booking committed in the database, p50 and p95 (it includes up to PULL_MS of waiting
 *      for the next read, which is CALENDAR_PULL_SECONDS in production, 60 s by default).
 */
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/connection';
import { migrate } from '../src/server/db/migrate';
import { seed } from '../src/server/seed';
import { runCalendarSync, startCalendarSync } from '../src/server/modules/calendar-sync';
import {
  givenCalendarConnector,
  graphFields,
} from '../src/server/modules/calendar-sync/calendar-sync.fixtures';
import { startFakeGraph } from '../test/support/fake-graph';
import { addDays, wallClockAt, zonedInstant } from '../src/shared/time/zone';
import { percentile, report } from './lib/report';

const BOOKINGS = Number(process.env.CALENDAR_BENCH_BOOKINGS ?? 1_000);
const LAG_SAMPLES = Number(process.env.CALENDAR_BENCH_LAG_SAMPLES ?? 20);
const PULL_MS = 1_000;
const ZONE = 'Europe/Zurich';
const CONFIG = {
  allowPrivateConnectorUrls: true,
  connectorSecretsKey: null,
  jwtSecret: 'calendar-bench-secret-calendar-bench-secret',
};

const quiet = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => quiet,
} as unknown as FastifyBaseLogger;

async function main(): Promise<void> {
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrate(db.pool);
  await seed(db.kysely);
  const { rows: rooms } = await sql<{ id: number; company_id: number; email: string; user_id: number }>`
    select r.id, r.company_id, r.email, (select u.id from users u where u.email = 'employee@acme.test') as user_id
    from resources r join companies c on c.id = r.company_id
    where c.subdomain = 'acme' and r.email like 'room-%' order by r.id`.execute(db.kysely);
  const graph = await startFakeGraph(rooms.map((room) => room.email));
  await givenCalendarConnector(db.kysely, CONFIG, {
    companyId: rooms[0]!.company_id,
    provider: 'outlook',
    fields: graphFields(graph),
    secrets: { client_secret: graph.clientSecret },
    rooms: rooms.map((room) => ({ resourceId: room.id, calendarId: room.email })),
  });

  // (a) 1,000 bookings, half an hour each, one after another on each room from tomorrow on.
  const start = Date.UTC(
    new Date().getUTCFullYear(),
    new Date().getUTCMonth(),
    new Date().getUTCDate() + 1,
    6,
  );
  await db.kysely.transaction().execute(async (tx) => {
    for (let i = 0; i < BOOKINGS; i += 1) {
      const room = rooms[i % rooms.length]!;
      const from = new Date(start + Math.floor(i / rooms.length) * 30 * 60_000);
      const to = new Date(from.getTime() + 30 * 60_000);
      await sql`
        insert into declarations (company_id, resource_id, user_id, created_by, starts_at, ends_at, subject)
        values (${room.company_id}, ${room.id}, ${room.user_id}, ${room.user_id}, ${from}, ${to}, ${`Bench ${i}`})`.execute(
        tx,
      );
    }
  });
  const began = performance.now();
  const outcome = await runCalendarSync({ db: db.kysely, config: CONFIG });
  const seconds = (performance.now() - began) / 1000;
  const events = rooms.reduce((sum, room) => sum + graph.eventsOf(room.email).length, 0);
  if (outcome.failed > 0 || events !== BOOKINGS) {
    throw new Error(`push: ${outcome.done} done, ${outcome.failed} failed, ${events} events on Graph`);
  }
  report('calendar_sync_push_bookings_per_second', BOOKINGS / seconds, 'bookings/s');

  // (b) a server process's runner; the first reads of every calendar happen before measuring.
  const stop = await startCalendarSync(db, CONFIG, quiet, { pullEveryMs: PULL_MS, intervalMs: 100 });
  await new Promise((resolve) => setTimeout(resolve, PULL_MS * 2));
  const lags: number[] = [];
  const lagRoom = rooms[0]!;
  // Each meeting on a weekday of its own, 10:00 in the room's zone: inside the demo floors' working
  // hours (07:00–19:00), which the booking engine holds a calendar meeting to as well.
  const today = wallClockAt(new Date(), ZONE).date;
  const lagDays = Array.from({ length: LAG_SAMPLES * 2 }, (_, n) => addDays(today, 40 + n))
    .filter((date) => ![0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay()))
    .slice(0, LAG_SAMPLES);
  for (let i = 0; i < LAG_SAMPLES; i += 1) {
    // changes arrive at any moment between two reads
    await new Promise((resolve) => setTimeout(resolve, Math.random() * PULL_MS));
    const from = zonedInstant(lagDays[i]!, 10 * 60, ZONE);
    const changed = performance.now();
    const event = graph.organizerBooks(lagRoom.email, {
      subject: `Lag ${i}`,
      start: from,
      end: new Date(from.getTime() + 30 * 60_000),
      organizer: 'employee@acme.test',
    });
    for (;;) {
      const { rows } = await sql`select 1 from declarations where external_ref = ${event.id}`.execute(
        db.kysely,
      );
      if (rows.length > 0) break;
      if (performance.now() - changed > 30_000)
        throw new Error('a Graph-side meeting never became a booking');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    lags.push(performance.now() - changed);
  }
  await stop();
  lags.sort((a, b) => a - b);
  report('calendar_sync_graph_to_booking_lag_p50', percentile(lags, 50), 'ms');
  report('calendar_sync_graph_to_booking_lag_p95', percentile(lags, 95), 'ms');

  await graph.close();
  await db.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
