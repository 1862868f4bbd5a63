import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ServiceContext } from '../../context';

export async function profileRow(ctx: ServiceContext) {
  return ctx.db
    .selectFrom('users as u')
    .leftJoin('user_photos as p', (join) =>
      join.onRef('p.company_id', '=', 'u.company_id').onRef('p.user_id', '=', 'u.id'),
    )
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.language_id',
      'u.timezone',
      'u.country_id',
      'u.password_hash',
      'p.sha256 as photo_sha256',
    ])
    .where('u.company_id', '=', ctx.companyId)
    .where('u.id', '=', ctx.userId)
    .executeTakeFirstOrThrow();
}

/** Which of the ids exist: the reference lists a profile field must name one of. */
export async function referencesExist(
  db: Kysely<Database>,
  refs: { languageId?: number; countryId?: number | null; timezone?: string },
) {
  const row = await db
    .selectNoFrom([
      sql<boolean>`${refs.languageId === undefined} or exists (select 1 from languages where id = ${refs.languageId ?? 0})`.as(
        'language',
      ),
      sql<boolean>`${refs.countryId == null} or exists (select 1 from countries where id = ${refs.countryId ?? 0})`.as(
        'country',
      ),
      sql<boolean>`${refs.timezone === undefined} or exists (select 1 from timezones where name = ${refs.timezone ?? ''})`.as(
        'timezone',
      ),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

/**
 * The one source of what a user belongs to (the profile's groups and roles): the user containers
 * they are a member of and the roles those containers carry. When the access model grows (other
 * container kinds, mega containers), this is the function that follows it.
 */
export async function membershipsOf(db: Kysely<Database>, companyId: number, userId: number) {
  return db
    .selectFrom('user_container_members as m')
    .innerJoin('user_containers as c', (join) =>
      join.onRef('c.company_id', '=', 'm.company_id').onRef('c.id', '=', 'm.container_id'),
    )
    .leftJoin('user_container_roles as cr', (join) =>
      join.onRef('cr.company_id', '=', 'c.company_id').onRef('cr.container_id', '=', 'c.id'),
    )
    .leftJoin('roles as r', (join) =>
      join.onRef('r.company_id', '=', 'cr.company_id').onRef('r.id', '=', 'cr.role_id'),
    )
    .select(['c.id as group_id', 'c.name as group_name', 'r.id as role_id', 'r.name as role_name'])
    .where('m.company_id', '=', companyId)
    .where('m.user_id', '=', userId)
    .orderBy('c.name')
    .orderBy('r.name')
    .execute();
}

export async function photoOf(ctx: ServiceContext) {
  return ctx.db
    .selectFrom('user_photos')
    .select(['mime', 'bytes', 'sha256'])
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .executeTakeFirst();
}
