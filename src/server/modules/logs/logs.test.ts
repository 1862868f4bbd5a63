import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  companyIdOf,
  expectErrorShape,
  signIn,
} from '../../../../test/support/server-factories';
import type { LogExport } from '../../../shared/contract/logs';
import { runLogExports } from './log-exports.jobs';

const LOGS = '/api/company/v1/logs';

describeEachDatabase('logs', (server) => {
  let admin: string;
  let globex: string;
  let acmeId: number;

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    acmeId = await companyIdOf(server(), 'acme');
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    call(server(), method, url, { subdomain: 'acme', token: admin, body });
  const events = (kind: string) =>
    server()
      .db.kysely.selectFrom('audit_events')
      .select(['kind', 'actor_email', 'subject'])
      .where('company_id', '=', acmeId)
      .where('kind', '=', kind as never)
      .execute();
  const exported = async (from: string, to: string) => {
    const created = await asAdmin('POST', `${LOGS}/exports`, { from, to });
    expect(created.statusCode, created.body).toBe(201);
    const queued = created.json<LogExport>();
    expect(queued).toMatchObject({ status: 'queued', file_url: null });
    await runLogExports(server().db.kysely);
    const done = (await asAdmin('GET', `${LOGS}/exports/${queued.id}`)).json<LogExport>();
    expect(done).toMatchObject({ status: 'ready', progress: 100 });
    const file = await asAdmin('GET', done.file_url!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    return { done, csv: file.body };
  };

  describe('what the audit log records', () => {
    it('records a sign-in with who signed in', async () => {
      await signIn(server(), ACCOUNTS.employee);
      expect(await events('sign-in')).toContainEqual(
        expect.objectContaining({ actor_email: ACCOUNTS.employee }),
      );
    });

    it('records nothing while logging is switched off (configs/1), and again once on', async () => {
      expect((await asAdmin('GET', `${LOGS}/configs/1`)).json()).toEqual({ id: 1, is_active: true });
      expect((await asAdmin('PUT', `${LOGS}/configs/1`, { is_active: false })).json()).toEqual({
        id: 1,
        is_active: false,
      });
      const before = (await events('sign-in')).length;
      await signIn(server(), ACCOUNTS.employee);
      expect((await events('sign-in')).length).toBe(before);
      await asAdmin('PUT', `${LOGS}/configs/1`, { is_active: true });
      await signIn(server(), ACCOUNTS.employee);
      expect((await events('sign-in')).length).toBe(before + 1);
    });
  });

  describe(`POST ${LOGS}/exports`, () => {
    it('exports the period’s lines only, oldest first, with formula cells neutralised', async () => {
      await server()
        .db.kysely.insertInto('audit_events')
        .values([
          {
            company_id: acmeId,
            occurred_at: new Date('2031-03-01T08:00:00Z'),
            kind: 'export',
            subject: 'before',
          },
          {
            company_id: acmeId,
            occurred_at: new Date('2031-03-02T09:00:00Z'),
            kind: 'export',
            subject: 'first',
          },
          {
            company_id: acmeId,
            occurred_at: new Date('2031-03-02T10:00:00Z'),
            kind: 'role-permissions-changed',
            subject: '=HYPERLINK("http://evil.example","x")',
          },
          {
            company_id: acmeId,
            occurred_at: new Date('2031-03-03T00:00:00Z'),
            kind: 'export',
            subject: 'after',
          },
        ])
        .execute();
      const { done, csv } = await exported('2031-03-02T00:00:00Z', '2031-03-03T00:00:00Z');
      expect(done.row_count).toBe(2);
      expect(csv.startsWith('\uFEFFoccurred_at,kind,actor_name,actor_email,subject,details\n')).toBe(true);
      const lines = csv.trim().split('\n').slice(1);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^2031-03-02T09:00:00.000Z,export,,,first,$/);
      expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
      expect(csv).not.toMatch(/before|after/);
      // the export itself is a line of the log
      expect(await events('export')).toContainEqual(expect.objectContaining({ subject: 'audit log' }));
    });

    it('answers 422 for a period that ends before it starts, queueing nothing', async () => {
      const before = (await asAdmin('GET', `${LOGS}/exports`)).json<{ meta: { total: number } }>().meta.total;
      const refused = await asAdmin('POST', `${LOGS}/exports`, {
        from: '2031-03-02T00:00:00Z',
        to: '2031-03-01T00:00:00Z',
      });
      expect(expectErrorShape(refused, 422).errors).toEqual({ to: ['The end must be after the start.'] });
      const malformed = await asAdmin('POST', `${LOGS}/exports`, { from: 'yesterday', to: 5 });
      expect(Object.keys(expectErrorShape(malformed, 422).errors ?? {}).sort()).toEqual(['from', 'to']);
      expect((await asAdmin('GET', `${LOGS}/exports`)).json<{ meta: { total: number } }>().meta.total).toBe(
        before,
      );
    });
  });

  describe('who may', () => {
    it('refuses a user without LOG-FILES on every route (403)', async () => {
      const employee = await signIn(server(), ACCOUNTS.employee);
      for (const [method, url, body] of [
        ['GET', `${LOGS}/exports`],
        ['POST', `${LOGS}/exports`, { from: '2031-01-01T00:00:00Z', to: '2031-01-02T00:00:00Z' }],
        ['GET', `${LOGS}/exports/1`],
        ['GET', `${LOGS}/exports/1/file`],
        ['GET', `${LOGS}/configs/1`],
        ['PUT', `${LOGS}/configs/1`, { is_active: false }],
      ] as const) {
        const response = await call(server(), method, url, { subdomain: 'acme', token: employee, body });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await asAdmin('GET', `${LOGS}/configs/1`)).json()).toEqual({ id: 1, is_active: true });
    });

    it('answers 404 to another company for acme’s export and its file, and keeps acme’s switch', async () => {
      const { done } = await exported('2031-03-02T00:00:00Z', '2031-03-03T00:00:00Z');
      const as = (method: 'GET' | 'PUT', url: string, body?: unknown) =>
        call(server(), method, url, { subdomain: 'globex', token: globex, body });
      expectErrorShape(await as('GET', `${LOGS}/exports/${done.id}`), 404);
      expectErrorShape(await as('GET', `${LOGS}/exports/${done.id}/file`), 404);
      const theirs = (await as('GET', `${LOGS}/exports`)).json<{ data: LogExport[] }>().data;
      expect(theirs.map((item) => item.id)).not.toContain(done.id);
      await as('PUT', `${LOGS}/configs/1`, { is_active: false });
      expect((await asAdmin('GET', `${LOGS}/configs/1`)).json()).toEqual({ id: 1, is_active: true });
      await as('PUT', `${LOGS}/configs/1`, { is_active: true });
    });
  });
});
