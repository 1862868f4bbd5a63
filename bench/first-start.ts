/**
 * A new user's first start, as the README says it: the committed repository cloned into a
 * temporary folder, `npm install` there (npm's download cache may be warm, as on any machine that
 * has installed packages before), then `npm start` until the sign-in page answers; then a second
 * `npm start` on the data the first one left. Figures, in seconds:
 *   first_start_fresh_clone    clone → the sign-in page answers (issue 36: under 120 s)
 *   first_start_npm_install    of which npm install
 *   first_start_build_front_end / first_start_build_server   of which the build npm start ran
 *   first_start_server         of which the server's own start on an empty database (migrate, seed)
 *   restart_existing_data      a second npm start to the sign-in page (issue 36: under 5 s)
 * Uncommitted changes are not part of the clone: commit before reading these.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { report } from './lib/report';

const SIGN_IN_PAGE_TIMEOUT_MS = 15 * 60_000;
const root = process.cwd();
const folder = mkdtempSync(join(tmpdir(), 'workplace-first-start-'));
const clone = join(folder, 'workplace');

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}

/** `npm start` in the clone: resolves with the instants its output reached each milestone. */
function npmStart(): { child: ChildProcess; answered: Promise<Map<string, number>> } {
  const child = spawn('npm', ['start'], {
    cwd: clone,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', DATA_DIR: join(clone, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const seen = new Map<string, number>();
  let output = '';
  const answered = new Promise<Map<string, number>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no sign-in page in time:\n${output}`)), SIGN_IN_PAGE_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      for (const [milestone, pattern] of [
        ['front end', /Building the front end/],
        ['server build', /Building the server/],
        ['server', /Starting the server/],
      ] as const)
        if (!seen.has(milestone) && pattern.test(output)) seen.set(milestone, performance.now());
      const listening = /listening on (http:\/\/\S+:\d+)/.exec(output);
      if (!listening || seen.has('listening')) return;
      seen.set('listening', performance.now());
      void signInPage(listening[1]!).then(
        () => {
          clearTimeout(timer);
          seen.set('sign-in page', performance.now());
          resolve(seen);
        },
        (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
      );
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  return { child, answered };
}

/** The sign-in page as a browser asks for it on the demo company's host. */
async function signInPage(base: string): Promise<void> {
  const port = new URL(base).port;
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${port}/login`, {
      headers: { host: `acme.workplace.localhost:${port}`, accept: 'text/html' },
    }).catch(() => null);
    if (response?.ok && (await response.text()).includes('<script')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

try {
  const started = performance.now();
  const cloned = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone], { stdio: 'inherit' });
  if (cloned.status !== 0) throw new Error('git clone failed');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: clone,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (install.status !== 0) throw new Error('npm install failed');
  const installed = performance.now();
  const first = npmStart();
  const milestones = await first.answered;
  await stop(first.child);
  report('first_start_fresh_clone', (milestones.get('sign-in page')! - started) / 1000, 's');
  report('first_start_npm_install', (installed - started) / 1000, 's');
  const frontEnd = milestones.get('front end');
  const serverBuild = milestones.get('server build');
  if (frontEnd && serverBuild) report('first_start_build_front_end', (serverBuild - frontEnd) / 1000, 's');
  const server = milestones.get('server');
  if (serverBuild && server) report('first_start_build_server', (server - serverBuild) / 1000, 's');
  if (server) report('first_start_server', (milestones.get('sign-in page')! - server) / 1000, 's');

  const restartedAt = performance.now();
  const again = npmStart();
  await again.answered;
  report('restart_existing_data', seconds(restartedAt), 's');
  await stop(again.child);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
