import { beforeAll, expect, it } from 'vitest';
import { addContainer, addRole, addUser } from '../../../../test/support/access-factories';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { expectErrorShape, signIn } from '../../../../test/support/server-factories';
import { companyAuth, type InitialData } from '../../../shared/contract/auth';
import type { ReceptionDesk, ReceptionDeskList } from '../../../shared/contract/reception-desks';
import type { Visit, Visitor, VisitList } from '../../../shared/contract/visitors';
import { NEEDS_VISITOR_MANAGEMENT } from '../../permissions/reception-desks';
import { ownSchema } from '../../realtime/sources';
import {
  caller,
  DESKS,
  givenDesk,
  hoursFromNow,
  outboxTo,
  VISITORS,
  VISITS,
  visitorActors,
  type VisitorActors,
} from './visitors.fixtures';
import { receptionDeskVisitorChanged } from './visitors.notify';

const keptBy = (name: string) =>
  `You may not receive visitors at this reception desk: the container “${name}” keeps it for its members, and you are not one of them.`;

/**
 * Issue 38: RECEPTION_DESK_VISITORS. A reception desk a reception-desk container names is received
 * only by that container's people whose roles grant it; other desks stay VISITOR_MANAGEMENT's
 * (docs/visitors.md "Who does what").
 */
describeEachDatabase('reception desks kept by reception-desk containers', (server) => {
  let actors: VisitorActors;
  let companyId: number;
  let open: ReceptionDesk;
  let north: ReceptionDesk;
  let south: ReceptionDesk;
  let northTeam: number;
  let member: { id: number; token: string };
  let reader: { id: number; token: string };
  let manager: { id: number; token: string };
  const asReception = caller(server, () => actors.reception);
  const asEmployee = caller(server, () => actors.employee);
  const asMember = caller(server, () => member.token);
  const asReader = caller(server, () => reader.token);
  const asManager = caller(server, () => manager.token);
  const asGlobex = caller(server, () => actors.globex, 'globex');

  const person = async () => {
    const user = await addUser(server().db.kysely, companyId);
    return { id: user.id, token: '', email: user.email };
  };

  beforeAll(async () => {
    actors = await visitorActors(server());
    const db = server().db.kysely;
    companyId = (
      await db.selectFrom('companies').select('id').where('subdomain', '=', 'acme').executeTakeFirstOrThrow()
    ).id;
    open = await givenDesk(server(), actors.admin, actors.en, 'Open lobby');
    north = await givenDesk(server(), actors.admin, actors.en, 'North lobby');
    south = await givenDesk(server(), actors.admin, actors.en, 'South lobby');
    const people = [await person(), await person(), await person()];
    const receive = await addRole(db, companyId, 'RECEPTION_DESK', [
      { name: 'RECEPTION_DESK_VISITORS', crud: 'ru' },
    ]);
    const readOnly = await addRole(db, companyId, 'RECEPTION_DESK', [
      { name: 'RECEPTION_DESK_VISITORS', crud: 'r' },
    ]);
    const visitorManagement = await addRole(db, companyId, 'USER', [
      { name: 'VISITOR_MANAGEMENT', crud: 'crud' },
    ]);
    northTeam = await addContainer(
      db,
      companyId,
      'RECEPTION_DESK',
      { receptionDesks: [north.id], users: [people[0]!.id], roles: [receive] },
      'North lobby team',
    );
    await addContainer(
      db,
      companyId,
      'RECEPTION_DESK',
      { receptionDesks: [south.id], users: [people[1]!.id], roles: [readOnly] },
      'South lobby team',
    );
    await addContainer(db, companyId, 'USER', { users: [people[2]!.id], roles: [visitorManagement] });
    const signed = await Promise.all(people.map((p) => signIn(server(), p.email)));
    const [first, second, third] = people.map((p, index) => ({ id: p.id, token: signed[index]! }));
    [member, reader, manager] = [first!, second!, third!];
  });

  async function invite(desk: ReceptionDesk, email: string, times = hoursFromNow(0.5)) {
    const response = await asEmployee('POST', VISITORS, {
      reception_desk_id: desk.id,
      first_name: 'Vera',
      last_name: email.split('@')[0],
      email,
      visit: times,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Visitor>().visits[0]!.id;
  }
  const deskList = (as: typeof asReception, desk: ReceptionDesk) =>
    as('POST', `${VISITORS}/desk-visitors`, { reception_desk_id: desk.id, group: 'today' });
  const statusOf = async (visitId: number) =>
    (
      await server()
        .db.kysely.selectFrom('visits')
        .select('status')
        .where('id', '=', visitId)
        .executeTakeFirstOrThrow()
    ).status;

  it('rule 1: a desk no reception-desk container keeps is received as before with VISITOR_MANAGEMENT', async () => {
    const visitId = await invite(open, 'open.desk@initech.test');
    expect((await deskList(asReception, open)).json<VisitList>().data.map((v) => v.id)).toContain(visitId);
    const checkedIn = await asReception('POST', `${VISITS}/${visitId}/change-status`, {
      status: 'checked_in',
    });
    expect(checkedIn.json<Visit>().status).toBe('checked_in');
  });

  it('rule 2: a VISITOR_MANAGEMENT holder outside the desk’s container is refused it, the container named, nothing written', async () => {
    const visitId = await invite(north, 'north.refused@initech.test');
    const mails = (await outboxTo(server(), 'employee@acme.test')).length;
    expect(expectErrorShape(await deskList(asReception, north), 403).message).toBe(
      keptBy('North lobby team'),
    );
    const refused = await asReception('POST', `${VISITS}/${visitId}/change-status`, { status: 'checked_in' });
    expect(expectErrorShape(refused, 403).message).toBe(keptBy('North lobby team'));
    expect(await statusOf(visitId)).toBe('expected');
    expect(await outboxTo(server(), 'employee@acme.test')).toHaveLength(mails);
    expectErrorShape(await asReception('GET', `${VISITORS}/badge/${visitId}`), 403);
    const visitors = await server().db.kysely.selectFrom('visitors').select('id').execute();
    const walkIn = await asReception('POST', VISITORS, {
      reception_desk_id: north.id,
      first_name: 'Walter',
      host_id: null,
      check_in: true,
    });
    expect(expectErrorShape(walkIn, 403).message).toBe(keptBy('North lobby team'));
    expect(await server().db.kysely.selectFrom('visitors').select('id').execute()).toHaveLength(
      visitors.length,
    );
  });

  it('rule 3: a member granted RECEPTION_DESK_VISITORS read and update, without VISITOR_MANAGEMENT, receives at that desk only', async () => {
    const visitId = await invite(north, 'north.member@initech.test');
    expect((await deskList(asMember, north)).json<VisitList>().data.map((v) => v.id)).toContain(visitId);
    const checkedIn = await asMember('POST', `${VISITS}/${visitId}/change-status`, { status: 'checked_in' });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    expect(await statusOf(visitId)).toBe('checked_in');
    expect((await asMember('GET', `${VISITORS}/badge/${visitId}`)).statusCode).toBe(200);
    expect(expectErrorShape(await deskList(asMember, south), 403).message).toBe(keptBy('South lobby team'));
    expect(expectErrorShape(await deskList(asMember, open), 403).message).toBe(NEEDS_VISITOR_MANAGEMENT);
    const elsewhere = await invite(open, 'open.member@initech.test');
    expectErrorShape(
      await asMember('POST', `${VISITS}/${elsewhere}/change-status`, { status: 'no_show' }),
      403,
    );
    expect(await statusOf(elsewhere)).toBe('expected');
  });

  it('rule 2: a role granting RECEPTION_DESK_VISITORS read only lists the desk but is refused the status change (403)', async () => {
    const visitId = await invite(south, 'south.reader@initech.test');
    expect((await deskList(asReader, south)).json<VisitList>().data.map((v) => v.id)).toContain(visitId);
    expectErrorShape(
      await asReader('POST', `${VISITS}/${visitId}/change-status`, { status: 'checked_in' }),
      403,
    );
    expect(await statusOf(visitId)).toBe('expected');
  });

  it('rule 4: reception’s desk list leaves out desks the caller may not receive at; a host still invites to any desk', async () => {
    const ids = async (as: typeof asReception) =>
      (await as('GET', DESKS)).json<ReceptionDeskList>().data.map((desk) => desk.id);
    const managed = await ids(asManager);
    expect(managed).toContain(open.id);
    expect(managed).not.toContain(north.id);
    expect(await ids(asMember)).toEqual([north.id]);
    expect(await ids(asEmployee)).toEqual(expect.arrayContaining([open.id, north.id, south.id]));
    expect(expectErrorShape(await asManager('GET', `${DESKS}/${north.id}`), 403).message).toBe(
      keptBy('North lobby team'),
    );
    await invite(south, 'host.anywhere@initech.test', hoursFromNow(48));
  });

  it('rule 6: the initial answer tells a member’s client the flags their desk containers grant', async () => {
    const told = async (ask: typeof asMember) =>
      (await ask('GET', companyAuth.initialData))
        .json<InitialData>()
        .general_permissions.filter((entry) => entry.permission === 'RECEPTION_DESK_VISITORS');
    expect(await told(asMember)).toEqual([
      expect.objectContaining({
        permission: 'RECEPTION_DESK_VISITORS',
        read: true,
        update: true,
        create: false,
      }),
    ]);
    expect(await told(asManager)).toEqual([]);
  });

  it('rule 5: the realtime event of a kept desk reaches its readers and hosts, not VISITOR_MANAGEMENT at large', async () => {
    const db = server().db.kysely;
    const notice = (deskId: number) => ({
      company_id: companyId,
      visit_id: 1,
      reception_desk_id: deskId,
      host_id: null,
      status: 'expected',
    });
    const schema = await ownSchema(db);
    const kept = await receptionDeskVisitorChanged.read(db, { ...notice(north.id), schema });
    expect(kept).toMatchObject({ permission: 'MY_VISITORS', userIds: [member.id] });
    const free = await receptionDeskVisitorChanged.read(db, { ...notice(open.id), schema });
    expect(free).toMatchObject({ permission: ['MY_VISITORS', ['VISITOR_MANAGEMENT', 'read']], userIds: [] });
  });

  it('another company’s desk and visit ids answer 404, never 500', async () => {
    const globexDesk = await asGlobex('POST', DESKS, {
      translations: [{ language_id: actors.en, name: 'Globex lobby' }],
    });
    expect(globexDesk.statusCode, globexDesk.body).toBe(201);
    const deskId = globexDesk.json<ReceptionDesk>().id;
    const globexVisitor = await asGlobex('POST', VISITORS, {
      reception_desk_id: deskId,
      first_name: 'Gina',
      visit: hoursFromNow(1),
    });
    expect(globexVisitor.statusCode, globexVisitor.body).toBe(201);
    const globexVisit = globexVisitor.json<Visitor>().visits[0]!.id;
    expectErrorShape(await asMember('GET', `${DESKS}/${deskId}`), 404);
    expectErrorShape(await asMember('GET', `${VISITORS}/badge/${globexVisit}`), 404);
    expectErrorShape(
      await asMember('POST', `${VISITS}/${globexVisit}/change-status`, { status: 'no_show' }),
      404,
    );
    const northVisit = await invite(north, 'north.wrongdesk@initech.test');
    expectErrorShape(await asMember('GET', `${VISITS}/${northVisit}/${deskId}`), 404);
    expectErrorShape(await deskList(asMember, { id: deskId } as ReceptionDesk), 422);
  });

  it('the change counts on the next request: added to the container, a VISITOR_MANAGEMENT holder receives at the desk', async () => {
    expectErrorShape(await deskList(asManager, north), 403);
    await server()
      .db.kysely.insertInto('user_container_members')
      .values({ company_id: companyId, container_id: northTeam, user_id: manager.id })
      .execute();
    const list = await deskList(asManager, north);
    expect(list.statusCode, list.body).toBe(200);
    expect((await asManager('GET', DESKS)).json<ReceptionDeskList>().data.map((d) => d.id)).toContain(
      north.id,
    );
  });

  it('rule 3’s gate: a host (MY_VISITORS) in no desk container is still refused reception’s routes', async () => {
    expectErrorShape(await deskList(asEmployee, open), 403);
  });
});
