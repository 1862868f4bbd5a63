/**
 * The real server (the compiled main.ts that npm start runs) in a process of its own for a bench, so the load generator does not
 * share its event loop, on an embedded database directory the bench prepared.
 */
import { spawn } from 'node:child_process';
import { SERVER_ENTRY } from '../../scripts/build.mjs';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags';

export interface BenchServer {
  base: string;
  /** the server's process, whose CPU a bench may read (bench/lib/process-cpu.ts) */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Spawns main.ts with the server's flags (or, given `args`, whatever they name: a bench's baseline
 * process) and waits for its "listening on http://host:port" line.
 */
export function startBenchServer(
  env: Record<string, string>,
  args?: readonly string[],
): Promise<BenchServer> {
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    STATIC_DIR: '/nonexistent',
    ...env,
  };
  // The embedded database in DATA_DIR, whatever the caller's environment names.
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  return new Promise((resolve, reject) => {
    // BENCH_SERVER_CPU_PROF=dir: the server writes a V8 CPU profile there when it stops.
    const profile = process.env.BENCH_SERVER_CPU_PROF;
    const flags = [...SERVER_NODE_FLAGS, ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [])];
    const child = spawn(process.execPath, args ?? [...flags, SERVER_ENTRY], {
      env: childEnv,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+:\d+)/.exec(output);
      if (!match) return;
      child.stdout.removeAllListeners('data');
      resolve({
        base: match[1]!,
        pid: child.pid!,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!/listening on/.test(output)) reject(new Error(`server exited with ${code} before listening`));
    });
  });
}

/** Signs in on a company host and answers the headers a company call carries. */
export async function companyHeaders(
  base: string,
  subdomain: string,
  email: string,
  password: string,
): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/company/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', subdomain },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { access_token } = (await login.json()) as { access_token: string };
  return { subdomain, authorization: `Bearer ${access_token}` };
}
