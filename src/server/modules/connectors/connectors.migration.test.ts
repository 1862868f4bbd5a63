import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { companyIdOf } from '../../../../test/support/server-factories';

/** 0017_connectors: the constraints the connector tables keep whatever the service does. */
describeEachDatabase('0017 connector tables', (server) => {
  let acme: number;
  let globex: number;
  let acmeRoom: number;
  let globexRoom: number;
  let connector: number;

  const firstResource = async (companyId: number) =>
    (
      await server()
        .db.kysely.selectFrom('resources')
        .select('id')
        .where('company_id', '=', companyId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    acme = await companyIdOf(server(), 'acme');
    globex = await companyIdOf(server(), 'globex');
    acmeRoom = await firstResource(acme);
    globexRoom = await firstResource(globex);
    connector = (
      await server()
        .db.kysely.insertInto('calendar_connectors')
        .values({ company_id: acme, provider: 'outlook', name: 'Microsoft 365' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  it('lists the connector types sso, calendar and intranet', async () => {
    const rows = await server().db.kysely.selectFrom('connector_types').selectAll().orderBy('id').execute();
    expect(rows.map((row) => row.key)).toEqual(['sso', 'calendar', 'intranet']);
  });

  it('refuses a field that is secret and also keeps a plain value', async () => {
    await expect(
      server()
        .db.kysely.insertInto('calendar_connector_fields')
        .values({
          company_id: acme,
          calendar_connector_id: connector,
          field_key: 'client_secret',
          is_secret: true,
          value: 'plain text',
          sealed_value: 'v1.x',
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('refuses to map a room of another company, or a connector of another company', async () => {
    await expect(
      server()
        .db.kysely.insertInto('calendar_connector_resources')
        .values({
          company_id: acme,
          calendar_connector_id: connector,
          resource_id: globexRoom,
          calendar_id: 'x@acme.test',
        })
        .execute(),
    ).rejects.toThrow();
    await expect(
      server()
        .db.kysely.insertInto('calendar_connector_resources')
        .values({
          company_id: globex,
          calendar_connector_id: connector,
          resource_id: acmeRoom,
          calendar_id: 'x@acme.test',
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('maps a room to one calendar only', async () => {
    const second = (
      await server()
        .db.kysely.insertInto('calendar_connectors')
        .values({ company_id: acme, provider: 'google', name: 'Google' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await server()
      .db.kysely.insertInto('calendar_connector_resources')
      .values({
        company_id: acme,
        calendar_connector_id: connector,
        resource_id: acmeRoom,
        calendar_id: 'room@acme.test',
      })
      .execute();
    await expect(
      server()
        .db.kysely.insertInto('calendar_connector_resources')
        .values({
          company_id: acme,
          calendar_connector_id: second,
          resource_id: acmeRoom,
          calendar_id: 'other',
        })
        .execute(),
    ).rejects.toThrow();
    await sql`delete from calendar_connectors where id = ${second}`.execute(server().db.kysely);
  });
});
