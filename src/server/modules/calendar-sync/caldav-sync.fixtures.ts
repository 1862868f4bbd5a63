import { startRadicale, type RunningRadicale } from '../../../../test/support/radicale';
import type { TestServer } from '../../../../test/support/server-app';
import { ACCOUNTS, companyIdOf, signIn } from '../../../../test/support/server-factories';
import { CalDavClient } from '../../integrations/caldav';
import { givenFloor } from '../declarations/declarations.fixtures';
import { givenCalendarConnector } from './calendar-sync.fixtures';

/**
 * What every CalDAV test file starts from: a Radicale server with a calendar, a room of a floor of
 * its own synchronised with it, and the employee signed in. The caller stops `radicale`; when the
 * set-up fails half-way, it is stopped here.
 */
export async function givenCaldavRoom(server: TestServer): Promise<{
  radicale: RunningRadicale;
  calendar: CalDavClient;
  calendarUrl: string;
  token: string;
  room: number;
}> {
  const radicale = await startRadicale();
  try {
    const calendarUrl = await radicale.createCalendar('board-room');
    const calendar = new CalDavClient({
      calendarUrl,
      username: radicale.username,
      password: radicale.password,
    });
    const companyId = await companyIdOf(server, 'acme');
    const floor = await givenFloor(server);
    const room = await floor.resource('Board room', 'room');
    await givenCalendarConnector(server.db.kysely, server.config, {
      companyId,
      provider: 'caldav',
      fields: { server_url: radicale.origin, username: radicale.username },
      secrets: { password: radicale.password },
      // relative to the server URL, as an administrator may type it
      rooms: [{ resourceId: room, calendarId: new URL(calendarUrl).pathname }],
    });
    const token = await signIn(server, ACCOUNTS.employee);
    return { radicale, calendar, calendarUrl, token, room };
  } catch (error) {
    await radicale.stop();
    throw error;
  }
}
