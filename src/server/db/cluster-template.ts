import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';

/**
 * A fresh PGlite cluster costs seconds of initdb in WebAssembly; unpacking an empty, just-initialised
 * cluster costs about a second. The build (`npm run build`, or the build npm start runs when the front
 * end is stale) writes that empty cluster once per PGlite version, and every new embedded database
 * starts from it. It holds no schema and no data: migrations and seeding run as always.
 */
const pgliteVersion: string = (
  JSON.parse(
    readFileSync(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8'),
  ) as { version: string }
).version;

export function clusterTemplatePath(root = process.cwd()): string {
  return resolve(root, 'node_modules', '.cache', 'workplace', `pglite-cluster-${pgliteVersion}.tar.gz`);
}

/** The empty cluster to start from, or undefined when the build has not written one (initdb then). */
export async function clusterTemplate(): Promise<Blob | undefined> {
  const path = clusterTemplatePath();
  return existsSync(path) ? new Blob([await readFile(path)]) : undefined;
}

export async function writeClusterTemplate(): Promise<string> {
  const path = clusterTemplatePath();
  if (existsSync(path)) return path;
  const pglite = await PGlite.create('memory://', { extensions: { btree_gist } });
  try {
    const dump = await pglite.dumpDataDir('gzip');
    await mkdir(dirname(path), { recursive: true });
    const partial = join(dirname(path), `.${process.pid}.partial`);
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
    return path;
  } finally {
    await pglite.close();
  }
}
