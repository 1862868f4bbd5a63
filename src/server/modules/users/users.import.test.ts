import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type { ImportPreview, ManagedUserList } from '../../../shared/contract/users';
import { MESSAGES } from '../../../shared/validation';
import { invitationTokenFor, USERS, usersApi } from './users.fixtures';
import { DUPLICATE_IN_FILE } from './users-import.service';
import { EMAIL_TAKEN } from './users.service';

const HEADER = 'email,first_name,last_name,language,timezone,country,is_visitor,sso,containers';

describeEachDatabase('importing and exporting users (spec §2 /manage-users)', (server) => {
  let admin: string;
  let employee: string;
  let globex: string;
  let container: string;
  const { request, ok } = usersApi(server);
  const total = async () =>
    (await ok<ManagedUserList>(request(admin, 'GET', `${USERS}?per_page=1`))).meta.total;

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    const { data } = await ok<{ data: { name: string }[] }>(
      request(admin, 'GET', `${USERS}/assignable-containers`),
    );
    // acme's own (globex has an Administrators container too, but no Employees)
    container = data.find((entry) => entry.name === 'Employees')!.name;
  });

  describe('POST users/import/preview', () => {
    it('shows each row with its errors, in the spec §5 words, and writes nothing', async () => {
      const before = await total();
      const csv = [
        HEADER,
        `ok.one@acme.test,Olive,One,en,Europe/Zurich,,0,0,${container}`,
        'not-an-email,,Two,xx,Mars/Base,ZZ,maybe,0,Nowhere',
        `${ACCOUNTS.employee},Emil,Again,,,,,,`,
        'twice@acme.test,Tw,Ice,,,,,,',
        'TWICE@acme.test,Tw,Ice,,,,,,',
      ].join('\n');
      const preview = await ok<ImportPreview>(request(admin, 'POST', `${USERS}/import/preview`, { csv }));
      // both rows of an address given twice are refused: which one was meant is the administrator's call
      expect(preview).toMatchObject({ valid: 1, invalid: 4 });
      const byLine = new Map(preview.rows.map((row) => [row.line, row.errors]));
      expect(byLine.get(2)).toEqual({});
      expect(byLine.get(3)).toEqual({
        email: [MESSAGES.email],
        first_name: [MESSAGES.required],
        language: ['This language does not exist.'],
        timezone: ['This timezone does not exist.'],
        country: ['This country does not exist.'],
        is_visitor: ['Use 1 or 0 (yes or no).'],
        containers: ['The container “Nowhere” does not exist.'],
      });
      expect(byLine.get(4)).toEqual({ email: [EMAIL_TAKEN] });
      expect(byLine.get(5)).toEqual({ email: [DUPLICATE_IN_FILE] });
      expect(byLine.get(6)).toEqual({ email: [DUPLICATE_IN_FILE] });
      expect(await total()).toBe(before);
    });

    it('refuses a file without the required columns, or that cannot be read, on the csv field', async () => {
      const columns = expectErrorShape(
        await request(admin, 'POST', `${USERS}/import/preview`, { csv: 'mail,name\na@b.ch,A' }),
        422,
      );
      expect(columns.errors!.csv![0]).toContain('Missing: email, first_name, last_name');
      const unreadable = expectErrorShape(
        await request(admin, 'POST', `${USERS}/import/preview`, { csv: `${HEADER}\n"unclosed,quote` }),
        422,
      );
      expect(unreadable.errors!.csv![0]).toMatch(/^The file could not be read/);
      expect(
        expectErrorShape(await request(admin, 'POST', `${USERS}/import/preview`, { csv: '' }), 422).errors,
      ).toEqual({
        csv: [MESSAGES.required],
      });
    });
  });

  describe('POST users/import', () => {
    it('writes nothing when one row is bad, naming its line and field (422)', async () => {
      const before = await total();
      const csv = [HEADER, 'first.good@acme.test,Fi,Good,,,,,,', 'bad-row,Ba,D,,,,,,'].join('\n');
      const refused = expectErrorShape(await request(admin, 'POST', `${USERS}/import`, { csv }), 422);
      expect(refused.errors).toEqual({ 'rows.3.email': [MESSAGES.email] });
      expect(await total()).toBe(before);
    });

    it('adds every row with its containers, and invites those who do not sign in through SSO', async () => {
      const csv = [
        HEADER,
        `imported.ann@acme.test,Ann,Imported,fr,Europe/Paris,,0,0,${container}`,
        'imported.sso@acme.test,Sso,Imported,,,,0,1,',
      ].join('\r\n');
      const result = await ok<{ created: number }>(request(admin, 'POST', `${USERS}/import`, { csv }), 201);
      expect(result.created).toBe(2);
      const found = await ok<ManagedUserList>(request(admin, 'GET', `${USERS}?query=imported`));
      const ann = found.data.find((user) => user.email === 'imported.ann@acme.test')!;
      expect(ann).toMatchObject({ timezone: 'Europe/Paris', invitation_pending: true });
      expect(ann.user_containers.map((c) => c.name)).toEqual([container]);
      expect(await invitationTokenFor(server(), ann.email)).toBeTruthy();
      const ssoMails = await server()
        .db.kysely.selectFrom('outbox')
        .select('id')
        .where('to_address', '=', 'imported.sso@acme.test')
        .execute();
      expect(ssoMails).toEqual([]);
    });

    it('refuses someone without the create permission (403)', async () => {
      expectErrorShape(await request(employee, 'POST', `${USERS}/import/preview`, { csv: HEADER }), 403);
      expectErrorShape(await request(employee, 'POST', `${USERS}/import`, { csv: HEADER }), 403);
      expectErrorShape(await request(employee, 'GET', `${USERS}/export`), 403);
    });

    it('never hands another company’s containers to the imported users', async () => {
      const csv = [HEADER, `globex.import@globex.test,Gl,Obex,,,,0,0,${container}`].join('\n');
      const preview = await ok<ImportPreview>(
        request(globex, 'POST', `${USERS}/import/preview`, { csv }, 'globex'),
      );
      expect(preview.rows[0]!.errors).toEqual({
        containers: [`The container “${container}” does not exist.`],
      });
    });
  });

  describe('GET users/export', () => {
    it('answers the filtered users as CSV in the import’s columns, neutralising formula cells', async () => {
      await ok(
        request(admin, 'POST', USERS, {
          email: 'formula@acme.test',
          first_name: '=HYPERLINK("x")',
          last_name: 'Cell',
          language_id: (
            await server()
              .db.kysely.selectFrom('languages')
              .select('id')
              .where('code', '=', 'en')
              .executeTakeFirstOrThrow()
          ).id,
          timezone: 'Europe/Zurich',
          country_id: null,
          is_visitor: false,
          sso: true,
        }),
        201,
      );
      const response = await call(server(), 'GET', `${USERS}/export?query=formula`, {
        subdomain: 'acme',
        token: admin,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toContain('users.csv');
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines[0]).toBe(HEADER);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toBe(`formula@acme.test,"'=HYPERLINK(""x"")",Cell,en,Europe/Zurich,,0,1,`);
      const fromGlobex = await call(server(), 'GET', `${USERS}/export`, {
        subdomain: 'globex',
        token: globex,
      });
      expect(fromGlobex.body).not.toContain('acme.test');
    });
  });
});
