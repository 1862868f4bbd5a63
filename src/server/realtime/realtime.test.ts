import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as WebSocketClient } from 'ws';
import {
  buildTestServer,
  TEST_DATABASE_URL,
  testDatabases,
  type TestServer,
} from '../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../test/support/server-factories';
import {
  REALTIME_CLOSE,
  REALTIME_MESSAGES_PER_MINUTE,
  REALTIME_PATH,
  type RealtimeServerMessage,
} from '../../shared/contract/realtime';
import { openDatabase } from '../db/connection';
import { api, dayAhead, givenFloor, slot, type Floor } from '../modules/declarations/declarations.fixtures';
import { events, open, secondProcess, subscribed, until } from './realtime.fixtures';

for (const kind of testDatabases()) {
  describe(`realtime events (${kind})`, () => {
    let a: TestServer;
    let b: Awaited<ReturnType<typeof secondProcess>>;
    let floor: Floor;
    let employee: string;
    let globexAdmin: string;

    beforeAll(async () => {
      a = await buildTestServer({ database: kind });
      b = await secondProcess(a);
      floor = await givenFloor(a);
      employee = await signIn(a, ACCOUNTS.employee);
      globexAdmin = await signIn(a, ACCOUNTS.globexAdmin, 'globex');
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    describe("spec §4 'grid changed'", () => {
      it("tells the company's grid users once per transaction that its resources changed, never another company", async () => {
        const acme = await subscribed(b.app, employee);
        const globex = await subscribed(b.app, globexAdmin, 'globex');
        const desk = await floor.resource('Desk Grid Changed');
        await until(() => events(acme, 'grid_changed').length > 0, 'the new resource');
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(events(acme, 'grid_changed')).toEqual([{ type: 'event', event: 'grid_changed', data: {} }]);

        // Two closures in one transaction: one notice.
        const db = a.db.kysely;
        await db.transaction().execute(async (tx) => {
          for (const day of [5, 6])
            await tx
              .insertInto('resource_unavailabilities')
              .values({
                company_id: floor.companyId,
                resource_id: desk,
                starts_at: new Date(`${dayAhead(day)}T08:00:00Z`),
                ends_at: new Date(`${dayAhead(day)}T12:00:00Z`),
              })
              .execute();
        });
        await until(() => events(acme, 'grid_changed').length > 1, 'the closures');
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(events(acme, 'grid_changed')).toHaveLength(2);
        expect(events(acme)).toEqual([]);
        expect(events(globex, 'grid_changed')).toEqual([]);
        for (const probe of [acme, globex]) probe.socket.close();
      });
    });

    // Only a server has connections to drop: PGlite's listener lives in the process.
    if (kind === 'postgres')
      it('outlives a pool connection the database drops: the process stays up, the next query gets another', async () => {
        const own = await openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL! });
        const lost: unknown[] = [];
        const warn = console.warn;
        console.warn = (...args: unknown[]) => void lost.push(args);
        try {
          // The pool keeps this connection idle after the query; the database then terminates it.
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(own.kysely);
          await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(a.db.kysely);
          // Unheard, the pool's 'error' event would end the process (the test run with it).
          for (let waited = 0; lost.length === 0 && waited < 30_000; waited += 50)
            await new Promise((resolve) => setTimeout(resolve, 50));
          expect(String(lost[0])).toMatch(/idle connection was lost/);
          const again = await sql<{ one: number }>`select 1 as one`.execute(own.kysely);
          expect(again.rows[0]!.one).toBe(1);
        } finally {
          console.warn = warn;
          await own.close();
        }
      });

    if (kind === 'postgres')
      it('listens again after the database dropped its connection', async () => {
        // Both processes' listeners lose their connection (a server restart, a failover). Only this
        // file's: the other test files' servers share the database and listen on the same channels.
        await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where query like 'LISTEN %' and pid <> pg_backend_pid()
          and application_name = current_schema()`.execute(a.db.kysely);
        const probe = await subscribed(b.app, employee);
        const desk = await floor.resource('Desk Realtime Reconnect');
        const deadline = Date.now() + 30_000;
        // Book until one is heard: the listener is back after its back-off (a quarter second at first).
        for (let hour = 8; events(probe).length === 0 && Date.now() < deadline; hour++) {
          await api(() => a).bookOk(employee, { resource_id: desk, slots: [slot(dayAhead(5), hour)] });
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        expect(events(probe).length).toBeGreaterThan(0);
        probe.socket.close();
      });

    describe('authentication (the token and subdomain come in the first message)', () => {
      it('closes 4401 without a valid token, 4404 for an unknown company, 4400 for an unreadable message', async () => {
        const cases: [unknown, number][] = [
          [{ type: 'auth', token: 'not-a-token', subdomain: 'acme' }, REALTIME_CLOSE.unauthorized],
          [{ type: 'auth', token: globexAdmin, subdomain: 'acme' }, REALTIME_CLOSE.unauthorized],
          [{ type: 'auth', token: employee, subdomain: 'nosuchcompany' }, REALTIME_CLOSE.notFound],
          [{ type: 'auth', subdomain: 'acme' }, REALTIME_CLOSE.badMessage],
          ['hello', REALTIME_CLOSE.badMessage],
        ];
        for (const [message, code] of cases) {
          const probe = await open(b.app);
          probe.send(message);
          expect((await probe.closed).code, JSON.stringify(message)).toBe(code);
          expect(probe.messages).toEqual([]);
        }
      });

      it('closes 4403 for a platform token on a company', async () => {
        const platform = await signIn(a, ACCOUNTS.platform, null);
        const probe = await open(b.app);
        probe.send({ type: 'auth', token: platform, subdomain: 'acme' });
        expect((await probe.closed).code).toBe(REALTIME_CLOSE.forbidden);
      });

      it('gives nothing to a socket that never authenticates', async () => {
        const probe = await open(b.app);
        const desk = await floor.resource('Desk Realtime Silent');
        await api(() => a).bookOk(employee, { resource_id: desk, slots: [slot(dayAhead(4), 9)] });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(probe.messages).toEqual([]);
        probe.socket.close();
      });

      it('takes a refreshed token on the same socket, but not another user’s', async () => {
        const token = await signIn(a, ACCOUNTS.employee);
        const probe = await subscribed(b.app, token);
        const refreshed = await call(a, 'POST', '/api/company/v1/auth/refresh', { subdomain: 'acme', token });
        expect(refreshed.statusCode, refreshed.body).toBe(200);
        probe.send({
          type: 'auth',
          token: refreshed.json<{ access_token: string }>().access_token,
          subdomain: 'acme',
        });
        await until(() => probe.messages.filter((m) => m.type === 'ready').length === 2, 'a second ready');
        probe.send({ type: 'auth', token: await signIn(a, ACCOUNTS.acmeAdmin), subdomain: 'acme' });
        expect((await probe.closed).code).toBe(REALTIME_CLOSE.forbidden);
      });

      it('closes 4429 when a socket sends more sign-ins than a client ever needs', async () => {
        const probe = await subscribed(b.app, employee);
        for (let i = 0; i < REALTIME_MESSAGES_PER_MINUTE; i++)
          probe.send({ type: 'auth', token: employee, subdomain: 'acme' });
        expect((await probe.closed).code).toBe(REALTIME_CLOSE.tooManyMessages);
      });

      it('closes 4401 at the next heartbeat once the session has ended (logout)', async () => {
        const token = await signIn(a, ACCOUNTS.employee);
        const probe = await subscribed(b.app, token);
        const out = await call(a, 'GET', '/api/company/v1/auth/logout', { subdomain: 'acme', token });
        expect(out.statusCode, out.body).toBeLessThan(300);
        await b.app.realtime.beat();
        expect((await probe.closed).code).toBe(REALTIME_CLOSE.unauthorized);
      });

      it('stops events to a user whose role lost PLAN and the bookings at the next heartbeat, and resumes them once back', async () => {
        // A real connection on a process of its own: injected sockets do not answer pings, and a
        // second heartbeat would drop them.
        const c = await secondProcess(a);
        const address = await c.app.listen({ port: 0, host: '127.0.0.1' });
        const socket = new WebSocketClient(`${address.replace('http', 'ws')}${REALTIME_PATH}`);
        const messages: RealtimeServerMessage[] = [];
        socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as RealtimeServerMessage));
        await new Promise((resolve) => socket.on('open', resolve));
        socket.send(JSON.stringify({ type: 'auth', token: employee, subdomain: 'acme' }));
        await until(() => messages.some((m) => m.type === 'ready'), 'ready');
        const heard = () =>
          messages.filter((m) => m.type === 'event' && m.event === 'declaration_changed').length;
        const desk = await floor.resource('Desk Realtime revoked');
        const date = dayAhead(3);
        const admin = await signIn(a, ACCOUNTS.acmeAdmin);
        const employeeRole = sql`role_id = (select id from roles where name = 'Employee'
            and company_id = (select id from companies where subdomain = 'acme'))`;
        const named = (names: string[]) =>
          sql`permission_id in (select id from permissions where name = any(${names}::text[])) and ${employeeRole}`;
        const booking = ['PLAN', 'BOOKINGS', 'MY_BOOKINGS'];
        try {
          // Without PLAN, the bookings' grid still hears its bookings change.
          await sql`update role_permissions set is_active = false where ${named(['PLAN'])}`.execute(
            a.db.kysely,
          );
          await c.app.realtime.beat();
          await api(() => a).bookOk(admin, { resource_id: desk, slots: [slot(date, 9)] });
          await until(() => heard() > 0, 'the event to a user with the bookings but not PLAN');
          const before = heard();
          await sql`update role_permissions set is_active = false where ${named(booking)}`.execute(
            a.db.kysely,
          );
          await c.app.realtime.beat();
          await api(() => a).bookOk(admin, { resource_id: desk, slots: [slot(date, 10)] });
          // Let the event arrive, were it sent.
          await new Promise((resolve) => setTimeout(resolve, 300));
          expect(heard()).toBe(before);
        } finally {
          await sql`update role_permissions set is_active = true where ${named(booking)}`.execute(
            a.db.kysely,
          );
        }
        const before = heard();
        await c.app.realtime.beat();
        await api(() => a).bookOk(admin, { resource_id: desk, slots: [slot(date, 11)] });
        await until(() => heard() > before, 'the event once PLAN is back');
        socket.close();
        await c.close();
      });

      it('drops a socket that did not answer the last ping', async () => {
        const probe = await subscribed(b.app, employee);
        // The test client answers pings by itself; a peer that vanished does not.
        probe.socket.pong = () => undefined;
        await b.app.realtime.beat();
        await b.app.realtime.beat();
        expect((await probe.closed).code).toBe(1006);
      });
    });

    it('upgrades a real HTTP connection (as a browser connects)', async () => {
      const address = await b.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = new WebSocketClient(`${address.replace('http', 'ws')}${REALTIME_PATH}`);
      const received = new Promise<string>((resolve) =>
        socket.on('message', (data) => resolve(data.toString())),
      );
      await new Promise((resolve) => socket.on('open', resolve));
      socket.send(JSON.stringify({ type: 'auth', token: employee, subdomain: 'acme' }));
      expect(JSON.parse(await received)).toEqual({ type: 'ready' });
      socket.close();
    });

    it('answers a plain GET 426 in the error shape', async () => {
      expectErrorShape(await b.app.inject({ method: 'GET', url: REALTIME_PATH }), 426);
    });

    it('is described in the OpenAPI document (the protocol is spec-silent)', async () => {
      const document = (await b.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
        paths: Record<string, { get?: { description?: string } }>;
      }>();
      expect(document.paths[REALTIME_PATH]?.get?.description).toMatch(/"type":"auth"/);
    });

    it('closes every socket with 1001 when the app closes', async () => {
      const other = await secondProcess(a);
      const probe = await subscribed(other.app, employee);
      const waiting = await open(other.app);
      await other.close();
      expect((await probe.closed).code).toBe(REALTIME_CLOSE.goingAway);
      expect((await waiting.closed).code).not.toBe(REALTIME_CLOSE.unauthorized);
    });
  });
}
