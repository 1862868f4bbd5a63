import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
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
}

export const TEST_JWT_SECRET = 'e2e-secret-that-is-long-enough-for-hs256-0123456789';

/**
 * Starts the real server (node + tsx, the same main.ts as npm start) on a random port with a
 * throw-away embedded database, serving the built front end from dist/.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<RunningServer> {
  const preload = options.clock ? ['--import', './test/support/shifted-clock.ts'] : [];
  const args = [...SERVER_NODE_FLAGS, '--import', 'tsx', ...preload, 'src/server/main.ts'];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: options.clock ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('\n')}`)), 60_000);
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
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
