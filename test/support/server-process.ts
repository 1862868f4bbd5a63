import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ENTRY } from '../../scripts/build.mjs';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags';

export interface RunningServer {
  port: number;
  /** http://workplace.localhost:PORT — the master area */
  masterUrl: string;
  /** http://<subdomain>.workplace.localhost:PORT */
  companyUrl: (subdomain: string) => string;
  /** every line the server printed, for diagnostics */
  output: string[];
  /** Sets the server's wall clock (only when started with `{ clock: true }`). */
  setClock: (at: Date) => Promise<void>;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  /** let the test set the server's clock (test/support/shifted-clock.ts) */
  clock?: boolean;
  /**
   * Start from a copy of this embedded data directory, already migrated and seeded (the e2e set-up
   * makes one per run), instead of a new in-memory database: each file's server then skips the
   * migrations and the demo seed. Ignored when `env` names a DATABASE_URL.
   */
  seededDataDir?: string;
}

export const TEST_JWT_SECRET = 'e2e-secret-that-is-long-enough-for-hs256-0123456789';

/** How long a server may take to say it listens, on a CI machine three times slower than ours. */
const START_PATIENCE_MS = 180_000;

/**
 * Starts the real server (the compiled dist-server/main.mjs that npm start runs, built by the
 * tests' global set-up) on a random port with a throw-away embedded database, serving the built
 * front end from dist/.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<RunningServer> {
  // The clock's preload is TypeScript: tsx loads it (the compiled server needs no loader).
  const preload = options.clock ? ['--import', 'tsx', '--import', './test/support/shifted-clock.ts'] : [];
  const args = [...SERVER_NODE_FLAGS, ...preload, SERVER_ENTRY];
  const copy = options.seededDataDir && !env.DATABASE_URL ? copyOf(options.seededDataDir) : null;
  const database = copy ? { DATABASE_URL: '', DATA_DIR: copy } : { DATABASE_URL: 'memory://' };
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ...database,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: options.clock ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output.join('\n')}`)),
      START_PATIENCE_MS,
    );
    const read = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line) continue;
        output.push(line);
        const match = /listening on http:\/\/[^:\s]+:(\d+)/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join('\n')}`));
    });
  });
  return {
    port,
    masterUrl: `http://workplace.localhost:${port}`,
    companyUrl: (subdomain) => `http://${subdomain}.workplace.localhost:${port}`,
    output,
    setClock: async (at) => {
      if (!child.send) throw new Error('start the server with { clock: true } to set its clock');
      const answered = new Promise<void>((resolve) => {
        const onMessage = (message: { type?: string }) => {
          if (message.type !== 'clock-set') return;
          child.off('message', onMessage);
          resolve();
        };
        child.on('message', onMessage);
      });
      child.send({ type: 'set-clock', at: at.getTime() });
      await answered;
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      if (copy) rmSync(copy, { recursive: true, force: true });
    },
  };
}

function copyOf(dataDir: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'workplace-e2e-data-'));
  cpSync(dataDir, copy, { recursive: true });
  return copy;
}

/**
 * Migrates and seeds an embedded database in `dataDir` with the compiled server, then stops it:
 * the e2e set-up's one seeded database, which every file's server starts from a copy of.
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  const server = await startServer({ DATABASE_URL: '', DATA_DIR: dataDir });
  await server.stop();
}
