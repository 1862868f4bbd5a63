import type { Kysely } from 'kysely';
import type { SchedulerStateParsed } from '../../../shared/contract/scheduler';
import type { FieldErrors } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { HttpError, unprocessable } from '../../http/errors';
import { placeOrder } from '../services';
import type { BookedOccurrence, SeriesInput } from './series';

/**
 * spec §2 scheduler services: the meeting's order lines, written in the meeting's transaction. Each
 * line goes to its room (the first room when it names none) and is delivered at the start of each
 * occurrence, one order per occurrence and room, for that room's booking (its alternative on a date
 * where one replaces it). A refusal of the services module fails the whole meeting, reported at the
 * line it concerns (services.{index}.item_id) or at services.
 */
export async function orderMeetingServices(
  tx: Kysely<Database>,
  ctx: ServiceContext,
  state: SchedulerStateParsed,
  series: SeriesInput,
  booked: readonly BookedOccurrence[],
  now: Date,
): Promise<void> {
  if (state.services.length === 0) return;
  const byRoom = new Map<number, number[]>();
  state.services.forEach((line, index) => {
    const room = line.resource_id ?? state.rooms[0]!;
    byRoom.set(room, [...(byRoom.get(room) ?? []), index]);
  });
  for (const [occurrenceIndex, occurrence] of series.occurrences.entries())
    for (const [room, lineIndexes] of byRoom) {
      const actual = occurrence.resourceIds[state.rooms.indexOf(room)]!;
      const booking = booked.find((b) => b.occurrence === occurrenceIndex && b.resource_id === actual);
      if (!booking) continue;
      try {
        await placeOrder(
          ctx,
          tx,
          {
            resource_id: actual,
            declaration_id: booking.declaration_id,
            delivery_at: null,
            notes: '',
            items: lineIndexes.map((index) => ({
              service_item_id: state.services[index]!.item_id,
              quantity: state.services[index]!.quantity,
              notes: state.services[index]!.notes,
            })),
          },
          now,
        );
      } catch (error) {
        throw atLines(error, lineIndexes);
      }
    }
}

/** The services module's field errors, named as the meeting's lines. */
function atLines(error: unknown, lineIndexes: readonly number[]): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 422 || !error.errors) return error;
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const line = /^items\.(\d+)\.service_item_id$/.exec(field);
    const key = line ? `services.${lineIndexes[Number(line[1])]}.item_id` : 'services';
    errors[key] = [...(errors[key] ?? []), ...messages];
  }
  return unprocessable(errors);
}
