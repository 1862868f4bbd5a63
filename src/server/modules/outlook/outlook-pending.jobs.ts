import { runEvery } from '../../jobs/every';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { releaseLapsedMeetings } from './outlook-pending.queries';

/** How often a server process looks for pending Outlook meetings whose hold has lapsed. */
export const PENDING_RELEASE_INTERVAL_MS = 60_000;

/** Runs the release on an interval from a server process (main.ts); answers the stop function. */
export function startPendingRelease(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  intervalMs = PENDING_RELEASE_INTERVAL_MS,
): () => void {
  return runEvery(intervalMs, log, 'Outlook pending release failed', async () => {
    const ids = await releaseLapsedMeetings(db);
    if (ids.length > 0) log.info({ released: ids.length }, 'unsent Outlook meetings released their rooms');
  });
}
