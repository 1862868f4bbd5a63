import { runEvery } from '../../jobs/every';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes the companies whose grace period is over, one per transaction: the delete cascades into
 * every tenant table (each holds company_id with a cascading key). The version stamps, which carry a
 * company id without a key (their triggers write them during the cascade), go after it. Answers the ids purged. Another process running the
 * same purge skips the rows this one holds (SKIP LOCKED).
 */
export async function purgeDeletedCompanies(db: Kysely<Database>): Promise<number[]> {
  const purged: number[] = [];
  for (;;) {
    const id = await db.transaction().execute(async (tx) => {
      const due = await tx
        .selectFrom('companies')
        .select('id')
        .where('purge_after', '<=', sql<Date>`now()`)
        .orderBy('purge_after')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!due) return null;
      await tx.deleteFrom('companies').where('id', '=', due.id).execute();
      await tx.deleteFrom('company_booking_versions').where('company_id', '=', due.id).execute();
      await tx.deleteFrom('company_lookup_versions').where('company_id', '=', due.id).execute();
      return due.id;
    });
    if (id === null) return purged;
    purged.push(id);
  }
}

/** The purge in a server process (main.ts): hourly; grace periods are counted in days. */
export function startCompanyPurge(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  intervalMs = PURGE_INTERVAL_MS,
): () => void {
  return runEvery(intervalMs, log, 'company purge failed', async () => {
    const ids = await purgeDeletedCompanies(db);
    if (ids.length > 0) log.info({ companies: ids }, 'deleted companies purged');
  });
}
