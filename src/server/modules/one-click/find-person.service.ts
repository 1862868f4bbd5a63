import { sql, type RawBuilder } from 'kysely';
import type {
  ContactList,
  ContactsBody,
  FindPersonResult,
  FindPersonVisibility,
  PersonList,
  PersonPlace,
} from '../../../shared/contract/one-click';
import {
  CONTACTS_MAX,
  FIND_PERSON_VISIBLE_KEY,
  findable,
  ONE_CLICK_MESSAGES as M,
} from '../../../shared/one-click/rules';
import { canViewLevel, mayBookResource, type ScopedFacts } from '../../../shared/permissions/scoped-access';
import { foldForSearch } from '../../../shared/text/search';
import { addDays, isKnownZone, wallClockAt, zonedInstant } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import { scopedFactsFor } from '../../permissions/scoped';
import { intArray, nameInUserLanguage } from '../declarations';
import { levelResourcesOccupancy } from '../plan';
import { colleagues, fullName, levelFacts } from './one-click.queries';

const SEARCH_LIMIT = 20;
// foldForSearch in SQL: lower case, accents dropped (src/shared/text/search.ts).
const COMBINING_MARKS = '[\u0300-\u036f]';
const folded = (text: RawBuilder<string>) =>
  sql<string>`regexp_replace(normalize(lower(${text}), NFD), ${COMBINING_MARKS}, '', 'g')`;

async function companyDefault(ctx: ServiceContext): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('company_preferences')
    .select('value')
    .where('company_id', '=', ctx.companyId)
    .where('key', '=', FIND_PERSON_VISIBLE_KEY)
    .executeTakeFirst();
  return row?.value ?? null;
}

/**
 * The people find-person may show the caller: colleagues of the company (spec §3 User: not
 * visitors) who did not hide themselves, by their own choice or, without one, by the company's.
 */
async function findableColleagues(ctx: ServiceContext) {
  const hiddenByDefault = !findable(null, await companyDefault(ctx));
  return colleagues(ctx)
    .where('users.id', '!=', ctx.userId)
    .where((eb) =>
      hiddenByDefault
        ? eb('users.find_person_visible', '=', true)
        : eb.or([eb('users.find_person_visible', 'is', null), eb('users.find_person_visible', '=', true)]),
    );
}

/** POST find-person: up to 20 findable colleagues whose name or e-mail holds the query. */
export async function findPeople(ctx: ServiceContext, query: string): Promise<PersonList> {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  let people = (await findableColleagues(ctx)).select(['users.id', fullName.as('name'), 'users.email']);
  for (const word of words) {
    const like = `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    people = people.where(
      sql<boolean>`${folded(sql`users.first_name || ' ' || users.last_name || ' ' || users.email`)} like ${like}`,
    );
  }
  const rows = await people
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .limit(SEARCH_LIMIT)
    .execute();
  return { data: rows };
}

interface PlaceRow {
  resource_id: number;
  resource_name: string;
  level_id: number;
  map_x: number | null;
  map_y: number | null;
}

async function places<T extends PlaceRow>(
  ctx: ServiceContext,
  facts: ScopedFacts,
  rows: readonly T[],
): Promise<Array<T & PersonPlace>> {
  const levels = await levelFacts(
    ctx,
    rows.map((row) => row.level_id),
  );
  // A place on a level the caller may not see is not shown (docs/one-click.md).
  return rows.flatMap((row) => {
    const level = levels.get(row.level_id);
    if (!level || !canViewLevel(facts, row.level_id).allowed) return [];
    return [
      {
        ...row,
        level_path: level.path,
        map_level_id: level.map_level_id,
        map_id: level.map_id,
        map_x: level.map_id === null ? null : row.map_x,
        map_y: level.map_id === null ? null : row.map_y,
      },
    ];
  });
}

/**
 * GET find-person/{id}: where a findable colleague sits today (the caller's day, in the caller's
 * zone): their bookings that hold a place (not private ones), their assigned resources, and the
 * nearest place beside them the caller may book. A person the caller may not find is not found.
 */
export async function findPerson(
  ctx: ServiceContext,
  personId: number,
  now = new Date(),
): Promise<FindPersonResult> {
  const person = await (
    await findableColleagues(ctx)
  )
    .select(['users.id', fullName.as('name')])
    .where('users.id', '=', personId)
    .executeTakeFirst();
  if (!person) throw notFound(M.unknownPerson);
  const viewer = await ctx.db
    .selectFrom('users')
    .select('timezone')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', ctx.userId)
    .executeTakeFirstOrThrow();
  const zone = isKnownZone(viewer.timezone) ? viewer.timezone : 'UTC';
  const date = wallClockAt(now, zone).date;
  const from = zonedInstant(date, 0, zone);
  const to = zonedInstant(addDays(date, 1), 0, zone);
  const resourceName = nameInUserLanguage(ctx.companyId, ctx.userId, 'resource', sql`r.id`);
  const { rows: booked } = await sql<
    PlaceRow & { id: number; starts_at: Date; ends_at: Date; timezone: string; status: string }
  >`
    select d.id, r.id as resource_id, coalesce(${resourceName}, d.resource_name, '') as resource_name,
      r.level_id, r.map_x, r.map_y, d.starts_at, d.ends_at, l.timezone, d.status
    from declarations d
    join resources r on r.company_id = d.company_id and r.id = d.resource_id
    join levels l on l.company_id = r.company_id and l.id = r.level_id
    where d.company_id = ${ctx.companyId} and d.user_id = ${person.id}
      and d.status in ('booked', 'checked_in') and d.approval_status <> 'rejected'
      and not d.is_private and d.starts_at < ${to} and d.ends_at > ${from}
    order by d.starts_at, d.id
    limit 20`.execute(ctx.db);
  const { rows: assigned } = await sql<PlaceRow>`
    select r.id as resource_id, coalesce(${resourceName}, '') as resource_name, r.level_id, r.map_x, r.map_y
    from resource_assignments a
    join resources r on r.company_id = a.company_id and r.id = a.resource_id
    where a.company_id = ${ctx.companyId} and a.user_id = ${person.id}
    order by r.id
    limit 20`.execute(ctx.db);
  const facts = await scopedFactsFor(ctx);
  const declarations = (await places(ctx, facts, booked)).map(({ starts_at, ends_at, status, ...place }) => ({
    ...place,
    datetime_from: starts_at.toISOString(),
    datetime_to: ends_at.toISOString(),
    checked_in: status === 'checked_in',
  }));
  const resourceAssignments = await places(ctx, facts, assigned);
  const where = declarations[0] ?? resourceAssignments[0] ?? null;
  return {
    user: person,
    date,
    declarations,
    resource_assignments: resourceAssignments,
    nearby: where ? await nearbyPlace(ctx, facts, where, date) : null,
  };
}

/**
 * The place nearest to `place` on its floor map that the caller may book and that is not fully
 * booked on the day: "the desk next to them". Distances are measured on the floor map, so a level
 * without one has no nearby place.
 */
async function nearbyPlace(
  ctx: ServiceContext,
  facts: ScopedFacts,
  place: PersonPlace,
  date: string,
): Promise<PersonPlace | null> {
  if (place.map_level_id === null || place.map_x === null || place.map_y === null) return null;
  const occupancy = await levelResourcesOccupancy(ctx, place.map_level_id, { date });
  const free = occupancy.data
    .filter((row) => !row.occupied && row.resource_id !== place.resource_id)
    .map((row) => row.resource_id);
  if (free.length === 0) return null;
  const { rows } = await sql<PlaceRow & { resource_model: string }>`
    select r.id as resource_id, coalesce(${nameInUserLanguage(ctx.companyId, ctx.userId, 'resource', sql`r.id`)}, '') as resource_name,
      r.level_id, r.map_x, r.map_y, r.resource_model
    from resources r
    where r.company_id = ${ctx.companyId} and r.id = any(${intArray(free)})
      and r.map_x is not null and r.map_y is not null and r.resource_model = 'bookable'`.execute(ctx.db);
  const distance = (row: PlaceRow) => Math.hypot(row.map_x! - place.map_x!, row.map_y! - place.map_y!);
  const nearest = rows
    .filter((row) => mayBookResource(facts, { id: row.resource_id, level_id: row.level_id }))
    .sort((a, b) => distance(a) - distance(b) || a.resource_id - b.resource_id)[0];
  if (!nearest) return null;
  const [shown] = await places(ctx, facts, [
    {
      resource_id: nearest.resource_id,
      resource_name: nearest.resource_name,
      level_id: nearest.level_id,
      map_x: nearest.map_x,
      map_y: nearest.map_y,
    },
  ]);
  return shown ?? null;
}

/** GET contacts: the caller's kept colleagues, in their order, each saying whether find-person shows them. */
export async function contacts(ctx: ServiceContext): Promise<ContactList> {
  const fallback = await companyDefault(ctx);
  const rows = await colleagues(ctx)
    .innerJoin('one_click_contacts as c', (join) =>
      join.onRef('c.company_id', '=', 'users.company_id').onRef('c.contact_id', '=', 'users.id'),
    )
    .where('c.user_id', '=', ctx.userId)
    .select(['users.id', fullName.as('name'), 'users.email', 'users.find_person_visible'])
    .orderBy('c.position')
    .execute();
  return {
    data: rows.map(({ find_person_visible, ...row }) => ({
      ...row,
      findable: findable(find_person_visible, fallback),
    })),
  };
}

/** POST contacts: the caller's whole list of contacts, colleagues of the company only. */
export async function setContacts(ctx: ServiceContext, body: ContactsBody): Promise<ContactList> {
  const ids = [...new Set(body.user_ids)].filter((id) => id !== ctx.userId).slice(0, CONTACTS_MAX);
  const known =
    ids.length === 0 ? [] : await colleagues(ctx).select('users.id').where('users.id', 'in', ids).execute();
  const knownIds = new Set(known.map((row) => row.id));
  const errors = Object.fromEntries(
    ids.flatMap((id) =>
      knownIds.has(id) ? [] : [[`user_ids.${body.user_ids.indexOf(id)}`, [M.unknownPerson]]],
    ),
  );
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('one_click_contacts')
      .where('company_id', '=', ctx.companyId)
      .where('user_id', '=', ctx.userId)
      .execute();
    if (ids.length > 0)
      await tx
        .insertInto('one_click_contacts')
        .values(
          ids.map((id, position) => ({
            company_id: ctx.companyId,
            user_id: ctx.userId,
            contact_id: id,
            position,
          })),
        )
        .execute();
  });
  return contacts(ctx);
}

/** GET find-person/visibility: whether find-person shows the caller, and why. */
export async function visibility(ctx: ServiceContext): Promise<FindPersonVisibility> {
  const me = await ctx.db
    .selectFrom('users')
    .select('find_person_visible')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', ctx.userId)
    .executeTakeFirstOrThrow();
  const fallback = await companyDefault(ctx);
  return {
    own: me.find_person_visible,
    company_default: findable(null, fallback),
    visible: findable(me.find_person_visible, fallback),
  };
}

export async function setVisibility(ctx: ServiceContext, own: boolean | null): Promise<FindPersonVisibility> {
  await ctx.db
    .updateTable('users')
    .set({ find_person_visible: own })
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', ctx.userId)
    .execute();
  return visibility(ctx);
}
