import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/build.mjs';
import { seedDataDir } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** an embedded database migrated and seeded once for the run (journeys.ts starts from copies) */
    seededDataDir: string;
  }
}

/**
 * Browser tests run the production bundle and the compiled server: build them first when stale.
 * Then one database is migrated and seeded for the whole run; each file's server starts from a
 * copy of it instead of migrating and seeding its own (seconds a file).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  await buildIfStale({ quiet: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'workplace-e2e-seeded-'));
  await seedDataDir(dataDir);
  project.provide('seededDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
