import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findRooms } from './outlook.queries';
import { searchRooms } from './outlook.service';

/** How many rooms a mail proposes. */
const PROPOSED = 3;

export interface ProposedRoom {
  name: string;
  capacity: number;
  level: string;
}

/**
 * Rooms of similar capacity free for [start, end) that the organiser may book, smallest first
 * (those seating as many as the room they replace), the room itself left out: what a mail proposes
 * when a meeting moved outside the pane finds its room taken at the new time.
 */
export async function alternativeRooms(
  db: Kysely<Database>,
  companyId: number,
  organizerId: number,
  room: { id: number },
  start: Date,
  end: Date,
): Promise<{ room: ProposedRoom | null; alternatives: ProposedRoom[] }> {
  const ctx = { db, companyId, userId: organizerId };
  const [taken] = await findRooms(db, companyId, organizerId, { seats: 0, resourceIds: [room.id] });
  const { data } = await searchRooms(ctx, {
    start: start.toISOString(),
    end: end.toISOString(),
    attendees: Math.max(1, taken?.capacity ?? 1),
  });
  const proposed = (entry: (typeof data)[number]): ProposedRoom => ({
    name: entry.name,
    capacity: entry.capacity,
    level: entry.level.path || entry.level.name,
  });
  return {
    room: taken ? proposed(taken) : null,
    alternatives: data
      .filter((entry) => entry.id !== room.id)
      .sort((a, b) => a.capacity - b.capacity)
      .slice(0, PROPOSED)
      .map(proposed),
  };
}
