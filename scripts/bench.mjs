// `npm run bench`: runs every bench/*.ts in turn (front end built first). Each prints one JSON object
// per line on stdout, {"name","value","unit"}; progress and diagnostics go to stderr.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { buildIfStale } from './build.mjs';

await buildIfStale({ quiet: true });
const only = process.argv.slice(2);
const files = readdirSync('bench')
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();

let failed = 0;
for (const file of files) {
  process.stderr.write(`bench: ${file}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  if (run.status !== 0) {
    failed += 1;
    process.stderr.write(`bench: ${file} failed (${run.status})\n`);
  }
}
process.exit(failed === 0 ? 0 : 1);
