import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle } from '../../../test/support/fake-google';
import type { CalendarServiceError } from './calendar-http';
import {
  fromGoogleDateTime,
  GoogleCalendarClient,
  GoogleSyncTokenExpiredError,
  googleEventId,
  keyOfGoogleEventId,
  readServiceAccountKey,
} from './google-calendar';

const ROOM = 'c_room-101@resource.calendar.google.com';
const at = (iso: string) => new Date(iso);

describe('Google Calendar client against the fake Google Calendar API', () => {
  let google: FakeGoogle;
  let client: GoogleCalendarClient;

  beforeAll(async () => {
    google = await startFakeGoogle([ROOM]);
    client = new GoogleCalendarClient({
      serviceAccountEmail: google.serviceAccount.email,
      privateKey: google.serviceAccount.privateKey,
      baseUrl: google.baseUrl,
      tokenUrl: google.tokenUrl,
      pageSize: 2,
    });
  });
  afterAll(async () => google?.close());

  it('makes event ids Google accepts (base32hex) that carry the booking key back', () => {
    const id = googleEventId('workplace-3-1042');
    expect(id).toMatch(/^[0-9a-v]{5,1024}$/);
    expect(keyOfGoogleEventId(id)).toBe('workplace-3-1042');
    expect(keyOfGoogleEventId('4f0c2b9e7d1a')).not.toBe('workplace-3-1042');
  });

  it('inserts with its own id idempotently, patches and deletes (a second delete is fine)', async () => {
    const input = {
      id: googleEventId('workplace-1-1'),
      summary: 'Planning',
      start: at('2026-11-23T08:00:00Z'),
      end: at('2026-11-23T09:00:00Z'),
    };
    const first = await client.insertEvent(ROOM, input);
    const again = await client.insertEvent(ROOM, input);
    expect(again.id).toBe(first.id);
    expect(google.eventsOf(ROOM)).toHaveLength(1);

    const moved = await client.patchEvent(ROOM, first.id, {
      start: at('2026-11-23T10:00:00Z'),
      end: at('2026-11-23T11:00:00Z'),
    });
    expect(fromGoogleDateTime(moved.start)?.toISOString()).toBe('2026-11-23T10:00:00.000Z');

    await client.deleteEvent(ROOM, first.id);
    expect(google.eventsOf(ROOM)).toEqual([]);
    await expect(client.deleteEvent(ROOM, first.id)).resolves.toBeUndefined();
  });

  it('lists a full sync page by page to the nextSyncToken, then only the changes, cancelled ones included', async () => {
    const made = [8, 9, 10].map((hour) =>
      google.organizerBooks(ROOM, {
        summary: `M${hour}`,
        start: at(`2026-12-01T${String(hour).padStart(2, '0')}:00:00Z`),
        end: at(`2026-12-01T${String(hour).padStart(2, '0')}:30:00Z`),
        organizer: 'someone@acme.test',
      }),
    );
    const before = google.http.requests.length;
    const full = await client.listChanges(ROOM, {
      from: at('2026-11-01T00:00:00Z'),
      to: at('2027-01-01T00:00:00Z'),
    });
    expect(full.events.map((event) => event.summary).sort()).toEqual(['M10', 'M8', 'M9']);
    expect(
      google.http.requests.slice(before).filter((request) => request.url.searchParams.has('pageToken')),
    ).toHaveLength(1);

    google.organizerCancels(ROOM, made[0]!.id);
    const incremental = await client.listChanges(ROOM, { syncToken: full.nextSyncToken });
    expect(incremental.events.map((event) => [event.id, event.status])).toEqual([[made[0]!.id, 'cancelled']]);
  });

  it('reports an expired sync token so that the caller syncs in full', async () => {
    await expect(client.listChanges(ROOM, { syncToken: 'expired' })).rejects.toBeInstanceOf(
      GoogleSyncTokenExpiredError,
    );
  });

  it('declines as the resource attendee with the reason as its comment', async () => {
    const event = google.organizerBooks(ROOM, {
      summary: 'Clash',
      start: at('2026-12-02T08:00:00Z'),
      end: at('2026-12-02T09:00:00Z'),
      organizer: 'someone@acme.test',
    });
    await client.declineEvent(ROOM, event.id, 'The room is taken.');
    const room = google.event(ROOM, event.id)!.attendees.find((attendee) => attendee.email === ROOM);
    expect(room).toMatchObject({ responseStatus: 'declined', comment: 'The room is taken.', resource: true });
    expect(google.event(ROOM, event.id)!.attendees.map((attendee) => attendee.email)).toContain(
      'someone@acme.test',
    );
  });

  it('waits for the Retry-After of a 429 and then succeeds', async () => {
    google.throttleNext(1, 1);
    const started = Date.now();
    await client.insertEvent(ROOM, {
      summary: 'After the wait',
      start: at('2026-12-03T08:00:00Z'),
      end: at('2026-12-03T09:00:00Z'),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it("is refused a token for a key that is not the service account's (invalid_grant)", async () => {
    const wrong = new GoogleCalendarClient({
      serviceAccountEmail: google.serviceAccount.email,
      privateKey: google.strangerKey,
      baseUrl: google.baseUrl,
      tokenUrl: google.tokenUrl,
    });
    const refusal = (await wrong
      .getEvent(ROOM, 'abcde')
      .catch((error: unknown) => error)) as CalendarServiceError;
    expect(refusal.status).toBe(400);
    expect(refusal.body).toContain('invalid_grant');
  });

  it("reads the service account from Google's JSON key file or from a bare PEM key", () => {
    expect(readServiceAccountKey(google.serviceAccount.keyFile)).toEqual({
      email: google.serviceAccount.email,
      privateKey: google.serviceAccount.privateKey,
    });
    expect(readServiceAccountKey(`  ${google.serviceAccount.privateKey}  `)).toEqual({
      email: null,
      privateKey: google.serviceAccount.privateKey.trim(),
    });
    expect(readServiceAccountKey('{"client_email":"a@b.c"}')).toBeNull();
    expect(readServiceAccountKey('not a key')).toBeNull();
  });
});
