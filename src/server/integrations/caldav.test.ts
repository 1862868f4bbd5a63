import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRadicale, type RunningRadicale } from '../../../test/support/radicale';
import { CalDavClient } from './caldav';
import { CalendarServiceError } from './calendar-http';
import { parseEvent, serializeEvent } from './icalendar';

// A real Radicale server (Debian package radicale): a missing binary fails the suite.
describe('CalDAV client against Radicale (RFC 4791, RFC 6578)', () => {
  let radicale: RunningRadicale;
  let client: CalDavClient;

  beforeAll(async () => {
    radicale = await startRadicale();
    const calendarUrl = await radicale.createCalendar('room-101');
    client = new CalDavClient({ calendarUrl, username: radicale.username, password: radicale.password });
  });
  afterAll(async () => radicale?.stop());

  const event = (uid: string, hour: number) =>
    serializeEvent({
      uid,
      start: new Date(`2026-11-23T${String(hour).padStart(2, '0')}:00:00Z`),
      end: new Date(`2026-11-23T${String(hour + 1).padStart(2, '0')}:00:00Z`),
      summary: 'Team, sync; weekly',
    });

  it('PUTs an event, lists it with its ETag, sees a change and a removal since the sync token', async () => {
    const first = await client.changesSince(null);
    expect(first.changed).toEqual([]);

    const href = client.hrefOf('booking-1@acme');
    const etag = await client.putEvent(href, event('booking-1@acme', 8));
    expect(etag).toMatch(/^".+"$/);

    const second = await client.changesSince(first.syncToken);
    expect(second.changed.map((object) => [object.href, object.etag])).toEqual([[href, etag]]);
    expect(parseEvent(second.changed[0]!.data)?.summary).toBe('Team, sync; weekly');

    const movedEtag = await client.putEvent(href, event('booking-1@acme', 10));
    expect(movedEtag).not.toBe(etag);
    const third = await client.changesSince(second.syncToken);
    expect(parseEvent(third.changed[0]!.data)?.start.toISOString()).toBe('2026-11-23T10:00:00.000Z');

    await client.deleteEvent(href);
    const fourth = await client.changesSince(third.syncToken);
    expect(fourth.changed).toEqual([]);
    expect(fourth.removed).toEqual([href]);
  });

  it('deletes an object that is already gone without an error (the job may run twice)', async () => {
    await expect(client.deleteEvent(client.hrefOf('never-there'))).resolves.toBeUndefined();
  });

  it('restarts from the beginning when the server no longer knows the sync token', async () => {
    await client.putEvent(client.hrefOf('kept'), event('kept', 12));
    const changes = await client.changesSince('http://radicale.org/ns/sync/unknown-token');
    expect(changes.changed.map((object) => object.href)).toContain(client.hrefOf('kept'));
  });

  it('refuses wrong credentials with the service error', async () => {
    const wrong = new CalDavClient({
      calendarUrl: `${radicale.origin}/${radicale.username}/room-101/`,
      username: radicale.username,
      password: 'wrong',
    });
    const refusal = await wrong.changesSince(null).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CalendarServiceError);
    expect((refusal as CalendarServiceError).status).toBe(401);
  });
});
