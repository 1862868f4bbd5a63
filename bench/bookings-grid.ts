/**
 * Server bench: `npx tsx bench/bookings-grid.ts`. One JSON object per line: { name, value, unit }.
 * The booking grid's server answer (issue 7: a level of 1,000 resources with 3,000 bookings on one
 * day, GET bookings/grid/{presetId}?date and POST bookings/grid-bookings for that day, p95 under
 * 100 ms). The bench writes its company into a fresh PGlite directory (migrated, catalogue and demo
 * seeded, then the large company added: bench/lib/grid-company.ts), closes it and starts the real
 * server on that directory in its own process; the requests are made one at a time, as one user
 * opening the grid. On PostgreSQL as well when BENCH_DATABASE_URL names a server on which the bench
 * may create (and then drops) a throw-away database.
 */
import { DEMO_PASSWORD } from '../src/server/seed';
import { companyHeaders, startBenchServer } from './lib/bench-server';
import {
  GRID_BOOKINGS_PER_RESOURCE,
  GRID_EMAIL,
  GRID_RESOURCES,
  GRID_SUBDOMAIN,
  prepareGridCompany,
} from './lib/grid-company';
import { percentile, report } from './lib/report';

const REQUESTS = 200;
const WARMUP = 10;

async function timed(request: () => Promise<Response>): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const response = await request();
  const body: unknown = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

/** The bench on one database: PGlite (figures bookings_grid_…) or PostgreSQL (bookings_grid_postgres_…). */
async function bench(postgresUrl?: string): Promise<void> {
  const name = (figure: string) => `bookings_grid_${postgresUrl ? 'postgres_' : ''}${figure}`;
  const { serverEnv, presetId, date, remove } = await prepareGridCompany(postgresUrl);
  try {
    const server = await startBenchServer({
      ...serverEnv,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    });
    try {
      const headers = await companyHeaders(server.base, GRID_SUBDOMAIN, GRID_EMAIL, DEMO_PASSWORD);
      const api = `${server.base}/api/company/v1/bookings`;
      const grid = () => fetch(`${api}/grid/${presetId}?date=${date}`, { headers });
      const gridBookings = () =>
        fetch(`${api}/grid-bookings`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ preset_id: presetId, date }),
        });
      const first = await timed(grid);
      const cells = await timed(gridBookings);
      const resources = (first.body as { data: unknown[] }).data.length;
      const bookings = (cells.body as { data: unknown[] }).data.length;
      if (resources !== GRID_RESOURCES || bookings !== GRID_RESOURCES * GRID_BOOKINGS_PER_RESOURCE)
        throw new Error(`the grid answered ${resources} resources and ${bookings} bookings`);
      for (let round = 0; round < WARMUP; round += 1) {
        await timed(grid);
        await timed(gridBookings);
      }
      const gridTimes: number[] = [];
      const bookingTimes: number[] = [];
      const both: number[] = [];
      const together: number[] = [];
      for (let round = 0; round < REQUESTS; round += 1) {
        const a = await timed(grid);
        const b = await timed(gridBookings);
        gridTimes.push(a.ms);
        bookingTimes.push(b.ms);
        both.push(a.ms + b.ms);
        // As the screen asks: both at once, until the later answer is read.
        const started = performance.now();
        await Promise.all([timed(grid), timed(gridBookings)]);
        together.push(performance.now() - started);
      }
      for (const list of [gridTimes, bookingTimes, both, together]) list.sort((x, y) => x - y);
      report(name('resources_p50'), percentile(gridTimes, 50), 'ms');
      report(name('resources_p95'), percentile(gridTimes, 95), 'ms');
      report(name('bookings_p50'), percentile(bookingTimes, 50), 'ms');
      report(name('bookings_p95'), percentile(bookingTimes, 95), 'ms');
      // The grid's server answer: both calls of one day, one after the other (the sum)...
      report(name('answer_p50'), percentile(both, 50), 'ms');
      report(name('answer_p95'), percentile(both, 95), 'ms');
      // ...and both at once, as the screen makes them (from the route's loader, bookings-grid-screen).
      report(name('answer_together_p50'), percentile(together, 50), 'ms');
      report(name('answer_together_p95'), percentile(together, 95), 'ms');
    } finally {
      await server.stop();
    }
  } finally {
    await remove();
  }
}

await bench();
const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) await bench(postgresUrl);
else process.stderr.write('bench: BENCH_DATABASE_URL is not set, PostgreSQL skipped\n');
