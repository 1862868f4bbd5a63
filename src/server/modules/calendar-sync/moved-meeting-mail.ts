import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { Mailer } from '../../integrations/mailer';
import { alternativeRooms } from '../outlook';

/** What queues the sync's mails: the server's mailer, or the outbox alone (tests, tools). */
export type SyncMailer = Pick<Mailer, 'queue'>;

const quiet = { info: () => undefined, warn: () => undefined };

export function outboxOnly(db: Kysely<Database>): SyncMailer {
  return new Mailer(db, quiet, null, '');
}

/** A time as the room's clock shows it, e.g. "Tue 8 Dec 2026, 14:00". */
function atRoom(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);
}

/**
 * The organiser moved their meeting in the calendar to a time its room is taken: the room declines
 * it and the booking is cancelled, and the organiser gets a mail proposing free rooms of similar
 * capacity at the new time, so the meeting need not go without one.
 */
export async function mailRoomTakenAtNewTime(
  db: Kysely<Database>,
  mailer: SyncMailer,
  meeting: {
    companyId: number;
    organizerId: number;
    organizerEmail: string;
    resourceId: number;
    timeZone: string;
    subject: string;
    start: Date;
    end: Date;
  },
): Promise<void> {
  const { room, alternatives } = await alternativeRooms(
    db,
    meeting.companyId,
    meeting.organizerId,
    { id: meeting.resourceId },
    meeting.start,
    meeting.end,
  );
  const roomName = room?.name ?? 'The room';
  const title = meeting.subject.trim() || 'your meeting';
  const when = `${atRoom(meeting.start, meeting.timeZone)} to ${atRoom(meeting.end, meeting.timeZone)} (${meeting.timeZone})`;
  const proposals =
    alternatives.length > 0
      ? [
          'These rooms of similar size are free at the new time:',
          ...alternatives.map((entry) => `- ${entry.name} (${entry.level}, ${entry.capacity} seats)`),
          '',
          'Open the meeting in Outlook and book one of them with Workplace, or move the meeting back.',
        ]
      : ['No room of similar size is free at the new time: move the meeting or choose another time.'];
  await mailer.queue({
    companyId: meeting.companyId,
    to: meeting.organizerEmail,
    subject: `${roomName} is not available for ${title}`,
    text: [
      `You moved ${title} to ${when}.`,
      `${roomName} is already booked then, so it declined the meeting and its booking was cancelled.`,
      '',
      ...proposals,
      '',
    ].join('\n'),
  });
}
