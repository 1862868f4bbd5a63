/**
 * Server bench: `npx tsx bench/server-auth.ts`. One JSON object per line: { name, value, unit }.
 * Login (includes=all) and initial data against main.ts on the demo seed (PGlite, memory://), a
 * bare Fastify answering a constant JSON body for comparison (cold start: bench/server-cold-start.ts). Each
 * server runs in its own process, so autocannon does not share its event loop.
 */
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from '../src/server/seed';
import { startBenchServer } from './lib/bench-server';
import { percentile, report } from './lib/report';

const DURATION_SECONDS = 5;
const CONNECTIONS = 10;

async function load(
  name: string,
  options: {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
  },
): Promise<void> {
  const times: number[] = [];
  let failures = 0;
  const instance = autocannon({ connections: CONNECTIONS, ...options, duration: DURATION_SECONDS });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    if (status >= 200 && status < 300) times.push(responseTime);
    else failures += 1;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  if (failures > 0 || result.errors > 0)
    throw new Error(`${name}: ${failures} non-2xx answers, ${result.errors} errors`);
  report(`${name}_throughput`, result.requests.average, 'req/s');
  report(`${name}_p50`, percentile(times, 50), 'ms');
  report(`${name}_p95`, percentile(times, 95), 'ms');
}

/** The real server (main.ts) in its own process, on a throw-away database with the demo seed. */
async function benchApp(): Promise<void> {
  const server = await startBenchServer({
    DATABASE_URL: 'memory://',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
  });
  try {
    const json = { 'content-type': 'application/json', subdomain: 'acme' };
    const body = JSON.stringify({ email: 'employee@acme.test', password: DEMO_PASSWORD });
    const login = await fetch(`${server.base}/api/company/v1/auth/login`, {
      method: 'POST',
      headers: json,
      body,
    });
    const { access_token } = (await login.json()) as { access_token: string };
    await load('login', {
      url: `${server.base}/api/company/v1/auth/login?includes=all`,
      method: 'POST',
      headers: json,
      body,
    });
    await load('initial_data', {
      url: `${server.base}/api/company/v1/initial-data`,
      headers: { subdomain: 'acme', authorization: `Bearer ${access_token}` },
    });
    // One client at a time: the latency of the request itself, without queueing behind the others.
    await load('initial_data_1conn', {
      url: `${server.base}/api/company/v1/initial-data`,
      headers: { subdomain: 'acme', authorization: `Bearer ${access_token}` },
      connections: 1,
    });
  } finally {
    await server.stop();
  }
}

const BARE_FASTIFY = `
  import Fastify from 'fastify';
  const app = Fastify();
  app.get('/constant', async () => ({ status: 'ok', database: 'pglite' }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write('listening on ' + address + '\\n');
  process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

/** Fastify alone, in its own process, answering a constant JSON body: the floor our overhead sits on. */
async function benchBareFastify(): Promise<void> {
  const server = await startBenchServer({}, ['--input-type=module', '-e', BARE_FASTIFY]);
  try {
    await load('bare_fastify', { url: `${server.base}/constant` });
  } finally {
    await server.stop();
  }
}

await benchApp();
await benchBareFastify();
