import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
    expect(changes.whole).toBe(true);
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

// Radicale never cuts a listing short, so a server that does (RFC 6578 §3.6) answers here.
describe('CalDAV client against a server that cuts its listings short (RFC 6578 §3.6)', () => {
  let server: Server;
  let calendarUrl: string;
  const tokensAsked: string[] = [];
  const object = (name: string) =>
    `<D:response><D:href>/cal/${name}.ics</D:href><D:propstat><D:prop><D:getetag>"${name}"</D:getetag>` +
    `<C:calendar-data>BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:${name}\r\nDTSTART:20261123T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR</C:calendar-data>` +
    '</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>';
  const gone = (name: string) =>
    `<D:response><D:href>/cal/${name}.ics</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>`;
  const cut =
    '<D:response><D:href>/cal/</D:href><D:status>HTTP/1.1 507 Insufficient Storage</D:status></D:response>';
  // three pages from no token: cut after a and b, cut after c (b removed meanwhile), then d
  const pages: Record<string, string> = {
    '': `${object('a')}${object('b')}${cut}<D:sync-token>page-2</D:sync-token>`,
    'page-2': `${object('c')}${gone('b')}${cut}<D:sync-token>page-3</D:sync-token>`,
    'page-3': `${object('d')}<D:sync-token>done</D:sync-token>`,
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const token = /<D:sync-token>([^<]*)<\/D:sync-token>/.exec(body)?.[1] ?? '';
        tokensAsked.push(token);
        response.writeHead(207, { 'content-type': 'application/xml; charset=utf-8' });
        response.end(
          `<?xml version="1.0" encoding="utf-8"?><D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">${pages[token] ?? ''}</D:multistatus>`,
        );
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    calendarUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cal/`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('reads on from the token of a cut-short page until the listing is done, and answers it whole', async () => {
    const client = new CalDavClient({ calendarUrl });
    const changes = await client.changesSince(null);
    expect(tokensAsked).toEqual(['', 'page-2', 'page-3']);
    expect(changes.changed.map((one) => one.href)).toEqual(
      ['a', 'c', 'd'].map((name) => `${calendarUrl}${name}.ics`),
    );
    expect(changes.removed).toEqual([`${calendarUrl}b.ics`]);
    expect(changes.syncToken).toBe('done');
    expect(changes.whole).toBe(true);
  });
});
