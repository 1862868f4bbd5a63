import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../../db/schema';
import { generalPermissionsQuery } from '../../permissions/resolve';
import { managerFlagsColumn } from '../../permissions/user-managers';

const PROFILE = [
  'u.id',
  'u.email',
  'u.first_name',
  'u.last_name',
  'u.language_id',
  'u.country_id',
  'u.timezone',
  'u.is_visitor',
  'u.sso',
  'u.camera',
  'u.is_platform_admin',
  'l.code as language_code',
  'l.locale as language_locale',
  'l.name as language_name',
] as const;

export async function userProfile(db: Kysely<Database>, companyId: number | null, userId: number) {
  const query = db
    .selectFrom('users as u')
    .innerJoin('languages as l', 'l.id', 'u.language_id')
    .select(PROFILE)
    .where('u.id', '=', userId);
  const row = await (
    companyId === null ? query.where('u.company_id', 'is', null) : query.where('u.company_id', '=', companyId)
  ).executeTakeFirst();
  return row ?? null;
}

/** The preferences named, the user's value winning over the company's. */
function effectivePreferencesQuery(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  keys: readonly string[],
) {
  return db
    .selectFrom('company_preferences as c')
    .leftJoin('user_preferences as up', (join) =>
      join
        .onRef('up.company_id', '=', 'c.company_id')
        .onRef('up.key', '=', 'c.key')
        .on('up.user_id', '=', userId),
    )
    .select(['c.key', sql<string | null>`coalesce(up.value, c.value)`.as('value')])
    .where('c.company_id', '=', companyId)
    .where('c.key', 'in', keys);
}

/**
 * Everything per-user the initial answer needs, in one query: the profile with its language, the
 * general permissions, what the user manages (user-manager containers) and the preferences (PGlite runs one query at a time, so fewer is faster).
 */
export async function signedInUser(
  db: Kysely<Database>,
  companyId: number | null,
  userId: number,
  preferenceKeys: readonly string[],
) {
  const base = db
    .selectFrom('users as u')
    .innerJoin('languages as l', 'l.id', 'u.language_id')
    .where('u.id', '=', userId);
  if (companyId === null) {
    const row = await base.select(PROFILE).where('u.company_id', 'is', null).executeTakeFirst();
    return row ? { ...row, permissions: [], preferences: [], manager_flags: null } : null;
  }
  const row = await base
    .select(PROFILE)
    .select([
      jsonArrayFrom(generalPermissionsQuery(db, companyId, userId)).as('permissions'),
      jsonArrayFrom(effectivePreferencesQuery(db, companyId, userId, preferenceKeys)).as('preferences'),
      managerFlagsColumn(companyId, userId).as('manager_flags'),
    ])
    .where('u.company_id', '=', companyId)
    .executeTakeFirst();
  return row ?? null;
}
