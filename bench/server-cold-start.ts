// Cold start of `npm start` with the front end already built: process start until the server says
// it is listening. First on an empty data directory (migrate + seed), then again on the same one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from '../src/server/node-flags';
import { report } from './lib/report';

function timeToListening(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no listening line within 60 s:\n${output}`));
    }, 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on http/.test(output)) {
        const elapsed = performance.now() - started;
        clearTimeout(timer);
        child.once('exit', () => resolve(elapsed));
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'workplace-bench-'));
try {
  report('cold_start_empty_data_dir', await timeToListening(dataDir), 'ms');
  report('cold_start_existing_data_dir', await timeToListening(dataDir), 'ms');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
