// The production build, in three parts, each redone only when its sources are newer than its
// stamp (or always with --force):
//   front end  webpack → dist/ (the two pages, their scripts, the add-in's manifests and icons)
//   server     esbuild → dist-server/ (main.mjs and the template writer; migrations copied beside)
//   template   the empty embedded-database cluster new databases start from (node_modules/.cache)
// `npm run build` runs it; `npm start`, the browser tests' set-up and `npm run bench` call
// buildIfStale() so that none of them runs stale code. See docs/build-and-start.md.
// The add-in's manifests are built for ADDIN_URL (else PUBLIC_URL), an HTTPS origin: `npm run
// build`, the deployable build, fails without one; buildIfStale() then builds without manifests.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveAddinOrigin } from './addin/origin.mjs';

export const SERVER_DIR = 'dist-server';
export const SERVER_ENTRY = join(SERVER_DIR, 'main.mjs');

const PARTS = {
  frontEnd: {
    stamp: join('dist', '.build-stamp'),
    output: join('dist', 'index.html'),
    sources: [
      'src/client',
      'src/shared',
      'webpack.config.js',
      'package-lock.json',
      'assets',
      'manifest.xml',
      'scripts/addin',
    ],
  },
  server: {
    stamp: join(SERVER_DIR, '.build-stamp'),
    output: SERVER_ENTRY,
    sources: [
      'src/server',
      'src/shared',
      'scripts/build.mjs',
      'scripts/build-db-template.ts',
      'package-lock.json',
    ],
  },
};

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), 0);
}

/** @param {string} [stampText] the stamp's content: the build is stale when it differs */
function isStale({ stamp, output, sources }, stampText) {
  if (!existsSync(stamp) || !existsSync(output)) return true;
  if (stampText !== undefined && readFileSync(stamp, 'utf8') !== stampText) return true;
  const built = statSync(stamp).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

/**
 * The stamp dated when the build started, so a source saved while it ran (an editor, a checkout)
 * leaves the output stale instead of marking it fresh.
 */
function writeStamp(stamp, text, started) {
  writeFileSync(stamp, text);
  utimesSync(stamp, started, started);
}

function run(args, quiet, what) {
  const result = spawnSync(process.execPath, args, { stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`${what} failed.`);
  }
}

/** @param {boolean} quiet @param {string | undefined} addinOrigin */
function buildFrontEnd(quiet, addinOrigin) {
  const env = addinOrigin ? ['--env', `addinOrigin=${addinOrigin}`] : [];
  run(['node_modules/webpack/bin/webpack.js', '--mode', 'production', ...env], quiet, 'The front-end build');
}

/**
 * The server as one ES module per entry, its packages left to node_modules. Node then starts it
 * without compiling TypeScript (tsx took seconds of every start). `import.meta.url` of the
 * bundle is dist-server/main.mjs, so the migrations are copied beside it (db/migrate.ts reads
 * ./migrations/ next to itself, in src/ and here alike), and so is auth/common-passwords.txt.
 */
async function buildServer() {
  const esbuild = await import('esbuild');
  rmSync(SERVER_DIR, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: { main: 'src/server/main.ts', 'build-db-template': 'scripts/build-db-template.ts' },
    outdir: SERVER_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  cpSync('src/server/db/migrations', join(SERVER_DIR, 'migrations'), { recursive: true });
  cpSync('src/server/auth/common-passwords.txt', join(SERVER_DIR, 'common-passwords.txt'));
}

/**
 * Builds whatever is stale (all with `force`); quiet keeps webpack's output unless it fails;
 * `only: 'server'` leaves the front end alone (the server tests need only the compiled server).
 * `requireAddin`: fail, before building anything, unless the add-in's origin is set and HTTPS.
 * A front end built for another add-in origin (or none) is stale.
 */
export async function buildIfStale({ quiet = false, force = false, only, requireAddin = false } = {}) {
  const addin = resolveAddinOrigin(process.env);
  if (addin.error && (requireAddin || process.env.ADDIN_URL)) throw new Error(addin.error);
  const stampText = `add-in origin: ${addin.origin ?? 'none'}`;
  if (only !== 'server' && (force || isStale(PARTS.frontEnd, stampText))) {
    if (!quiet) console.log('Building the front end (first start, or its sources changed)…');
    if (!quiet && addin.error) console.log(`No Outlook add-in manifests: ${addin.error}`);
    const started = new Date();
    buildFrontEnd(quiet, addin.origin);
    writeStamp(PARTS.frontEnd.stamp, stampText, started);
  }
  if (force || isStale(PARTS.server)) {
    if (!quiet) console.log('Building the server…');
    const started = new Date();
    await buildServer();
    run([join(SERVER_DIR, 'build-db-template.mjs')], quiet, 'Writing the embedded database template');
    mkdirSync(SERVER_DIR, { recursive: true });
    writeStamp(PARTS.server.stamp, started.toISOString(), started);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await buildIfStale({ force: !process.argv.includes('--if-stale'), requireAddin: true });
  } catch (error) {
    console.error(`npm run build: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
