import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { deleteResourceRows, futureBookingCounts } from './resource-changes.queries';
import { intArray } from './resources.queries';
import { sql } from 'kysely';

/** How many resource names a refusal lists before "…". */
const NAMED = 3;

/**
 * A level delete check (level-changes.service.ts deleteChecks): levels whose resources still have future
 * bookings are not deleted, and the message names those resources.
 */
export async function levelsWithFutureBookings(
  db: Kysely<Database>,
  companyId: number,
  levelIds: readonly number[],
): Promise<string | null> {
  const booked = await futureBookingCounts(db, companyId, { levelIds });
  if (booked.length === 0) return null;
  const names = booked.slice(0, NAMED).map((entry) => entry.name);
  const list = `${names.join(', ')}${booked.length > NAMED ? ', …' : ''}`;
  const where = levelIds.length === 1 ? 'this level' : 'these levels';
  return `Resources on ${where} have future bookings (${list}); cancel or move them before deleting.`;
}

/**
 * Deleting a level deletes the resources on it, in the deleting transaction: a resource cannot
 * exist without its level, and the administrator confirmed the level's deletion. The check above
 * has already refused when any of them still has a future booking.
 */
export async function deleteResourcesOnLevels(
  db: Kysely<Database>,
  companyId: number,
  levelIds: readonly number[],
): Promise<void> {
  if (levelIds.length === 0) return;
  const { rows } = await sql<{ id: number }>`
    select id from resources where company_id = ${companyId} and level_id = any(${intArray(levelIds)})`.execute(
    db,
  );
  await deleteResourceRows(
    db,
    companyId,
    rows.map((row) => row.id),
  );
}

export { resourceCountsByLevel } from './resources.queries';
