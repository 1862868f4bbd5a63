import { beforeAll, expect, it } from 'vitest';
import { events, subscribed } from '../../realtime/realtime.fixtures';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { call, expectErrorShape, freshIp } from '../../../../test/support/server-factories';
import type { ReceptionDesk } from '../../../shared/contract/reception-desks';
import type { Visit, Visitor } from '../../../shared/contract/visitors';
import {
  caller,
  COMPANY,
  givenDesk,
  hoursFromNow,
  outboxTo,
  VISITORS,
  visitorActors,
  type VisitorActors,
} from './visitors.fixtures';
import { KIOSK_LIMIT } from './kiosk.service';

const KIOSK = `${COMPANY}/reception-desk`;

describeEachDatabase('reception desk kiosk (public)', (server) => {
  let actors: VisitorActors;
  let desk: ReceptionDesk;
  let other: ReceptionDesk;
  const asEmployee = caller(server, () => actors.employee);
  const asReception = caller(server, () => actors.reception);
  const kiosk = (
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    options: { subdomain?: string; ip?: string } = {},
  ) =>
    call(server(), method, url, {
      subdomain: options.subdomain ?? 'acme',
      ip: options.ip ?? freshIp(),
      ...(body ? { body } : {}),
    });

  beforeAll(async () => {
    actors = await visitorActors(server());
    desk = await givenDesk(server(), actors.admin, actors.en, 'Kiosk lobby', { language_id: actors.fr });
    other = await givenDesk(server(), actors.admin, actors.en, 'Other lobby');
  });

  async function visitToday(email: string, at = desk): Promise<{ visitor: Visitor; code: string }> {
    const response = await asEmployee('POST', VISITORS, {
      reception_desk_id: at.id,
      first_name: 'Kim',
      last_name: 'Kiosk',
      email,
      visit: hoursFromNow(0.25),
    });
    expect(response.statusCode, response.body).toBe(201);
    const visitor = response.json<Visitor>();
    const { code } = await server()
      .db.kysely.selectFrom('visits')
      .select('code')
      .where('id', '=', visitor.visits[0]!.id)
      .executeTakeFirstOrThrow();
    return { visitor, code };
  }

  it('shows its own desk by the code, in the desk’s language, and nothing of other desks', async () => {
    const response = await kiosk('GET', `${KIOSK}/${desk.kiosk_code}`);
    expect(response.json()).toEqual({
      name: 'Kiosk lobby',
      locale: expect.stringMatching(/^fr/),
      working_hours_from: '08:00',
      working_hours_to: '18:00',
      // without a device template: both ways in, in the theme's colour
      accent: 'brand',
      actions: ['scan', 'typed'],
      documents: [],
    });
  });

  it('answers 404 to an unknown code and to the code of another company’s desk', async () => {
    expectErrorShape(await kiosk('GET', `${KIOSK}/not-a-code`), 404);
    expectErrorShape(
      await kiosk('GET', `${KIOSK}/${desk.kiosk_code}`, undefined, { subdomain: 'globex' }),
      404,
    );
  });

  it('checks the visitor in by the invitation’s code; the host gets a mail and the live event', async () => {
    const { visitor, code } = await visitToday('kim.scan@kiosk.test');
    const host = await subscribed(server().app, actors.employee);
    const before = (await outboxTo(server(), 'employee@acme.test')).length;
    const response = await kiosk('POST', `${KIOSK}/${desk.kiosk_code}/scan`, { code });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ first_name: 'Kim', host_name: 'Emil Employee' });
    const status = await asReception('GET', `${COMPANY}/visits/${visitor.visits[0]!.id}/${desk.id}`);
    expect(status.json<Visit>().status).toBe('checked_in');
    expect(await outboxTo(server(), 'employee@acme.test')).toHaveLength(before + 1);
    await expect
      .poll(() =>
        events(host, 'reception_desk_visitor_changed').map((event) => (event as { data: unknown }).data),
      )
      .toContainEqual({
        visit_id: visitor.visits[0]!.id,
        reception_desk_id: desk.id,
        host_id: expect.any(Number),
        status: 'checked_in',
      });
    host.socket.close();
    // a second scan finds nothing left to check in, and says so neutrally
    const again = await kiosk('POST', `${KIOSK}/${desk.kiosk_code}/scan`, { code });
    expect(expectErrorShape(again, 404).message).toBe(
      'We could not find your visit. Please ask at the reception desk.',
    );
  });

  it('checks the visitor in by last name and e-mail', async () => {
    await visitToday('kim.typed@kiosk.test');
    const wrong = await kiosk('POST', `${KIOSK}/${desk.kiosk_code}/check-in`, {
      first_name: 'Kim',
      last_name: 'Other',
      email: 'kim.typed@kiosk.test',
    });
    expectErrorShape(wrong, 404);
    const right = await kiosk('POST', `${KIOSK}/${desk.kiosk_code}/check-in`, {
      first_name: 'kim',
      last_name: 'kiosk',
      email: 'KIM.TYPED@kiosk.test',
    });
    expect(right.json()).toEqual({ first_name: 'Kim', host_name: 'Emil Employee' });
    expectErrorShape(await kiosk('POST', `${KIOSK}/${desk.kiosk_code}/check-in`, { email: 'x' }), 422);
  });

  it('sees only its own desk’s visits of today', async () => {
    const elsewhere = await visitToday('kim.elsewhere@kiosk.test', other);
    expectErrorShape(await kiosk('POST', `${KIOSK}/${desk.kiosk_code}/scan`, { code: elsewhere.code }), 404);
    const response = await asEmployee('POST', VISITORS, {
      reception_desk_id: desk.id,
      first_name: 'Tomorrow',
      visit: hoursFromNow(30),
    });
    const { code } = await server()
      .db.kysely.selectFrom('visits')
      .select('code')
      .where('id', '=', response.json<Visitor>().visits[0]!.id)
      .executeTakeFirstOrThrow();
    expectErrorShape(await kiosk('POST', `${KIOSK}/${desk.kiosk_code}/scan`, { code }), 404);
  });

  it('is rate-limited per kiosk and address (429 with Retry-After)', async () => {
    const ip = freshIp();
    let last = 0;
    for (let attempt = 0; attempt <= KIOSK_LIMIT.checkIns; attempt += 1)
      last = (await kiosk('POST', `${KIOSK}/${desk.kiosk_code}/scan`, { code: `guess-${attempt}` }, { ip }))
        .statusCode;
    expect(last).toBe(429);
    const refused = await kiosk('POST', `${KIOSK}/${desk.kiosk_code}/scan`, { code: 'guess' }, { ip });
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
