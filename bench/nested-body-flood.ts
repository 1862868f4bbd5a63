/**
 * Server bench: `npm run bench nested-body`. Issue 37's acceptance: 10 connections send a 36 KB JSON
 * body nested 6,000 levels deep to JSON routes (sign-in included) for 20 s, while one client asks
 * for /api/health one request at a time. Before the depth bound the validation overflowed its
 * stack on each such body and the health check took ~2 s; the target is a p99 under 50 ms.
 */
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from '../src/server/seed';
import { startBenchServer } from './lib/bench-server';
import { percentile, report } from './lib/report';

const DURATION_SECONDS = 20;
const CONNECTIONS = 10;
const LEVELS = 6_000;
const NESTED = `${'{"a":'.repeat(LEVELS)}1${'}'.repeat(LEVELS)}`;

async function main(): Promise<void> {
  const server = await startBenchServer({
    DATABASE_URL: 'memory://',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
  });
  try {
    const json = { 'content-type': 'application/json', subdomain: 'acme' };
    const login = await fetch(`${server.base}/api/company/v1/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'admin@acme.test', password: DEMO_PASSWORD }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const signedIn = { ...json, authorization: `Bearer ${access_token}` };

    const statuses = new Map<number, number>();
    const flood = autocannon({
      url: server.base,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
      requests: [
        { method: 'POST', path: '/api/company/v1/auth/login', headers: json, body: NESTED },
        { method: 'POST', path: '/api/master/v1/auth/password-forgot', headers: json, body: NESTED },
        { method: 'PUT', path: '/api/company/v1/company-profile', headers: signedIn, body: NESTED },
        { method: 'POST', path: '/api/company/v1/declarations', headers: signedIn, body: NESTED },
      ],
    });
    flood.on('response', (_client, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));

    // The health check, one request after another while the flood lasts.
    const health: number[] = [];
    const until = Date.now() + (DURATION_SECONDS - 1) * 1000;
    await new Promise((resolve) => setTimeout(resolve, 500));
    while (Date.now() < until) {
      const started = performance.now();
      const answer = await fetch(`${server.base}/api/health`);
      await answer.arrayBuffer();
      health.push(performance.now() - started);
    }
    const result = await flood;
    health.sort((a, b) => a - b);

    const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    report('nested_body_flood_throughput', result.requests.average, 'req/s');
    report('nested_body_flood_server_errors', serverErrors, 'answers');
    report('nested_body_flood_health_p50', percentile(health, 50), 'ms');
    report('nested_body_flood_health_p99', percentile(health, 99), 'ms');
    process.stderr.write(
      `nested-body flood: answers by status ${JSON.stringify(Object.fromEntries(statuses))}\n`,
    );
  } finally {
    await server.stop();
  }
}

await main();
