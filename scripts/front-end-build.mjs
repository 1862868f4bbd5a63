// Builds the front end into dist/ when it is missing or older than its sources (used by npm start,
// the browser tests and the benchmarks, so none of them runs on a stale bundle).
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const STAMP = join('dist', '.build-stamp');
const SOURCES = ['src/client', 'src/shared', 'webpack.config.js', 'package-lock.json', 'assets'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), 0);
}

export function frontEndIsStale() {
  if (!existsSync(STAMP) || !existsSync(join('dist', 'index.html'))) return true;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > built);
}

export function buildFrontEndIfStale({ quiet = false } = {}) {
  if (!frontEndIsStale()) return;
  if (!quiet) console.log('Building the front end (first start, or its sources changed)…');
  const build = spawnSync(process.execPath, ['node_modules/webpack/bin/webpack.js', '--mode', 'production'], {
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    if (quiet) process.stderr.write(build.stdout + build.stderr);
    throw new Error('The front-end build failed.');
  }
  const template = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-db-template.ts'], {
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (template.status !== 0) {
    if (quiet) process.stderr.write(template.stdout + template.stderr);
    throw new Error('Writing the embedded database template failed.');
  }
  writeFileSync(STAMP, new Date().toISOString());
}
