import type { TestServer } from '../../../../test/support/server-app';
import { companyIdOf } from '../../../../test/support/server-factories';

let counter = 0;

/**
 * A resource of the company on one of its demo levels, written straight into the database: these
 * tests are about its settings, not about how resources are made.
 */
export async function givenResource(
  server: TestServer,
  subdomain: string,
  options: { name?: string; capacity?: number; max_capacity?: number } = {},
): Promise<number> {
  const db = server.db.kysely;
  const companyId = await companyIdOf(server, subdomain);
  const level =
    (await db
      .selectFrom('levels')
      .select('id')
      .where('company_id', '=', companyId)
      .orderBy('id')
      .executeTakeFirst()) ??
    (await db
      .insertInto('levels')
      .values({
        company_id: companyId,
        parent_id: null,
        kind: 'site',
        timezone: 'UTC',
        country_id: null,
        map_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  const type = await db
    .selectFrom('resource_types')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const company = await db
    .selectFrom('companies')
    .select('language_id')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const capacity = options.capacity ?? 1;
  const resource = await db
    .insertInto('resources')
    .values({
      company_id: companyId,
      level_id: level.id,
      resource_type_id: type.id,
      capacity,
      max_capacity: options.max_capacity ?? capacity,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  counter += 1;
  await db
    .insertInto('resource_translations')
    .values({
      company_id: companyId,
      resource_id: resource.id,
      language_id: company.language_id,
      name: options.name ?? `Settings test ${counter}`,
    })
    .execute();
  return resource.id;
}
