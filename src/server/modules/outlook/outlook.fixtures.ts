import type { TestServer } from '../../../../test/support/server-app';
import { ACCOUNTS, call, signIn } from '../../../../test/support/server-factories';
import { givenFloor, slot, type Floor } from '../declarations/declarations.fixtures';

export const OUTLOOK = '/api/company/v1/outlook';
let keys = 0;
export const newKey = () => `meeting-${Date.now()}-${(keys += 1)}`;
export const occurrence = (date: string, from: number, to = from + 1) => {
  const { datetime_from, datetime_to } = slot(date, from, to);
  return { start: datetime_from, end: datetime_to };
};

/** The calls of the Outlook add-in's tests, on `floor`. */
export function outlookApi(server: () => TestServer, floor: () => Floor) {
  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    body?: unknown,
    subdomain = 'acme',
  ) => call(server(), method, url, { subdomain, token, body });
  /** The bookings' statuses as stored, by id. */
  const statusesOf = (ids: number[]) =>
    server()
      .db.kysely.selectFrom('declarations')
      .select(['id', 'status'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
  const search = (token: string, date: string, from: number, to: number, extra = '') =>
    request(
      'GET',
      `${OUTLOOK}/resources?start=${encodeURIComponent(occurrence(date, from, to).start)}&end=${encodeURIComponent(
        occurrence(date, from, to).end,
      )}&level_id=${floor().levelId}${extra}`,
      token,
    );
  return { request, statusesOf, search };
}

/** What every Outlook test file starts from: the demo accounts signed in, and a floor of its own. */
export async function outlookActors(
  server: TestServer,
): Promise<{ employee: string; admin: string; globex: string; floor: Floor }> {
  const employee = await signIn(server, ACCOUNTS.employee);
  const admin = await signIn(server, ACCOUNTS.acmeAdmin);
  const globex = await signIn(server, ACCOUNTS.globexAdmin, 'globex');
  const floor = await givenFloor(server);
  return { employee, admin, globex, floor };
}
