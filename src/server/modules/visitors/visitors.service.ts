import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type {
  CreateVisitorBody,
  DeskVisitorsBody,
  GroupVisitBody,
  UpdateVisitorBody,
  VisitGroup,
  Visitor,
  VisitorList,
  VisitList,
} from '../../../shared/contract/visitors';
import type { FieldErrors } from '../../../shared/validation';
import { notValid } from '../../../shared/validation/messages';
import { LAST_CONTAINER } from '../../../shared/validation/visitors';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import type { ReferenceData } from '../../reference';
import { blockedErrors } from './block-list';
import { assertReceives, isHost, receptionOf } from './reception';
import { announceNewVisit, checkVisit, insertVisit, languageOf, type Deps } from './visits.service';
import {
  containersOf,
  deskRules,
  isCompanyUser,
  presentVisit,
  visitorRows,
  visitRows,
  type VisitorRow,
} from './visitors.queries';

export const VISITOR_NOT_FOUND = 'Visitor not found.';

async function present(ctx: ServiceContext, rows: VisitorRow[], group?: VisitGroup): Promise<Visitor[]> {
  const ids = rows.map((row) => row.id);
  const [containers, visits] = await Promise.all([
    containersOf(ctx.db, ctx.companyId, ids),
    visitRows(ctx.db, ctx.companyId, await languageOf(ctx), { visitorIds: ids, ...(group ? { group } : {}) }),
  ]);
  return rows.map(({ created_by: _createdBy, ...row }) => ({
    ...row,
    containers: containers
      .filter((container) => container.visitor_id === row.id)
      .map(({ id, name }) => ({ id, name })),
    visits: visits.filter((visit) => visit.visitor_id === row.id).map(presentVisit),
  }));
}

/**
 * One visitor the caller may act on with `action`: a host's own, or one of a desk the caller may act
 * as reception at (a receptionist refused the desk: 403 naming the rule; anyone else: 404).
 */
async function findVisitor(
  ctx: ServiceContext,
  db: Kysely<Database>,
  id: number,
  action: 'read' | 'update' | 'delete',
): Promise<VisitorRow> {
  const language = await languageOf(ctx, db);
  const [row] = await visitorRows(db, ctx.companyId, language, { ids: [id] });
  if (!row) throw notFound(VISITOR_NOT_FOUND);
  if (
    isHost(ctx) &&
    (await visitorRows(db, ctx.companyId, language, { ids: [id], ownedBy: ctx.userId })).length
  )
    return row;
  const reception = await receptionOf(ctx, action, db);
  const refusal = reception.refusal(row.reception_desk_id);
  if (refusal === null) return row;
  if (reception.somewhere) throw forbidden(refusal);
  throw notFound(VISITOR_NOT_FOUND);
}

/**
 * Registering at a desk as reception (a walk-in, or anyone without MY_VISITORS): the desk's
 * reception with `create`. A receptionist refused the desk: 403; a host's walk-in: 422 on check_in.
 */
async function checkReception(
  ctx: ServiceContext,
  db: Kysely<Database>,
  deskId: number,
  walkIn: boolean,
  errors: FieldErrors,
): Promise<void> {
  if (errors.reception_desk_id || (!walkIn && isHost(ctx))) return;
  const reception = await receptionOf(ctx, 'create', db);
  const refusal = reception.refusal(deskId);
  if (refusal === null) return;
  if (reception.somewhere) throw forbidden(refusal);
  errors.check_in = [notValid('check_in')];
}

export async function getVisitor(ctx: ServiceContext, id: number): Promise<Visitor> {
  return (await present(ctx, [await findVisitor(ctx, ctx.db, id, 'read')]))[0]!;
}

/**
 * The containers a visitor of the desk joins: those sent, else the desk's fixed user container;
 * each allowed at the desk, and (spec §5) never none when the desk has a fixed user container.
 */
export async function checkContainers(
  ctx: ServiceContext,
  db: Kysely<Database>,
  deskId: number,
  sent: readonly number[] | undefined,
  errors: FieldErrors,
): Promise<number[]> {
  const rules = await deskRules(db, ctx.companyId, deskId);
  if (!rules) {
    errors.reception_desk_id = [notValid('reception_desk_id')];
    return [];
  }
  const chosen = [...new Set(sent ?? (rules.fixed ? [rules.fixed] : []))];
  if (chosen.some((id) => !rules.allowed.has(id))) errors.container_ids = [notValid('container_ids')];
  else if (rules.fixed && chosen.length === 0) errors.container_ids = [LAST_CONTAINER];
  return chosen;
}

async function checkPerson(
  ctx: ServiceContext,
  db: Kysely<Database>,
  languages: ReadonlySet<number>,
  body: { host_id?: number | null; language_id?: number | null },
  errors: FieldErrors,
) {
  if (body.host_id != null && !(await isCompanyUser(db, ctx.companyId, body.host_id)))
    errors.host_id = [notValid('host_id')];
  if (body.language_id != null && !languages.has(body.language_id))
    errors.language_id = [notValid('language_id')];
}

async function setContainers(ctx: ServiceContext, tx: Kysely<Database>, visitorId: number, ids: number[]) {
  await tx
    .deleteFrom('visitor_containers')
    .where('company_id', '=', ctx.companyId)
    .where('visitor_id', '=', visitorId)
    .execute();
  if (ids.length > 0)
    await tx
      .insertInto('visitor_containers')
      .values(
        ids.map((container) => ({
          company_id: ctx.companyId,
          visitor_id: visitorId,
          container_id: container,
        })),
      )
      .execute();
}

type PersonFields = Pick<
  CreateVisitorBody,
  'first_name' | 'last_name' | 'email' | 'phone' | 'visitor_company' | 'disability'
>;

const personColumns = (body: Partial<PersonFields>) => ({
  ...(body.first_name !== undefined ? { first_name: body.first_name.trim() } : {}),
  ...(body.last_name !== undefined ? { last_name: body.last_name.trim() } : {}),
  ...(body.email !== undefined ? { email: body.email.trim() } : {}),
  ...(body.phone !== undefined ? { phone: body.phone.trim() } : {}),
  ...(body.visitor_company !== undefined ? { visitor_company: body.visitor_company.trim() } : {}),
  ...(body.disability !== undefined ? { disability: body.disability.trim() } : {}),
});

export async function insertVisitor(
  ctx: ServiceContext,
  tx: Kysely<Database>,
  deskId: number,
  hostId: number | null,
  languageId: number | null,
  person: PersonFields,
  containers: number[],
): Promise<number> {
  const { id } = await tx
    .insertInto('visitors')
    .values({
      company_id: ctx.companyId,
      reception_desk_id: deskId,
      host_id: hostId,
      language_id: languageId,
      created_by: ctx.userId,
      ...personColumns(person),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setContainers(ctx, tx, id, containers);
  return id;
}

/** Read before a transaction: the reference lists come from their own connection. */
async function knownLanguages(reference: ReferenceData): Promise<Set<number>> {
  const { languages } = await reference.referenceLists();
  return new Set(languages.map((language) => language.id));
}

/** The end of the desk's today, for a walk-in without times. */
async function endOfToday(tx: Kysely<Database>, companyId: number, deskId: number): Promise<Date> {
  const { rows } = await sql<{ day_end: Date }>`
    select (date_trunc('day', now() at time zone z.tz) + interval '1 day') at time zone z.tz as day_end
    from reception_desks d join companies c on c.id = d.company_id
    left join levels l on l.company_id = d.company_id and l.id = d.level_id
    cross join lateral (select coalesce(l.timezone, c.timezone) as tz) z
    where d.company_id = ${companyId} and d.id = ${deskId}`.execute(tx);
  return rows[0]!.day_end;
}

/**
 * POST visitors: a host invites a visitor (with a first visit, mailed), or reception registers a
 * walk-in (check_in: true, checked in at once, the host told).
 */
export async function createVisitor(
  ctx: ServiceContext,
  deps: Deps,
  reference: ReferenceData,
  body: CreateVisitorBody,
): Promise<Visitor> {
  const languages = await knownLanguages(reference);
  const blocked = await blockedErrors(ctx.db, ctx.companyId, body.reception_desk_id, 'invitation', {
    email: body.email,
  });
  const id = await ctx.db.transaction().execute(async (tx) => {
    const errors: FieldErrors = { ...blocked };
    const containers = await checkContainers(ctx, tx, body.reception_desk_id, body.container_ids, errors);
    await checkPerson(ctx, tx, languages, body, errors);
    const walkIn = body.check_in === true;
    await checkReception(ctx, tx, body.reception_desk_id, walkIn, errors);
    if (body.visit) await checkVisit(ctx, tx, body.visit, errors);
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
    const hostId = body.host_id === undefined ? (walkIn ? null : ctx.userId) : body.host_id;
    const id = await insertVisitor(
      ctx,
      tx,
      body.reception_desk_id,
      hostId,
      body.language_id ?? null,
      body,
      containers,
    );
    if (body.visit || walkIn) {
      const visitId = await insertVisit(ctx, tx, {
        visitorId: id,
        deskId: body.reception_desk_id,
        hostId: body.visit?.host_id === undefined ? hostId : body.visit.host_id,
        startsAt: body.visit?.starts_at ?? new Date(),
        endsAt: body.visit?.ends_at ?? (await endOfToday(tx, ctx.companyId, body.reception_desk_id)),
        checkedIn: walkIn,
      });
      await announceNewVisit(ctx, tx, deps, visitId);
    }
    return id;
  });
  return getVisitor(ctx, id);
}

/** PUT visitors/{id}. */
export async function updateVisitor(
  ctx: ServiceContext,
  reference: ReferenceData,
  id: number,
  body: UpdateVisitorBody,
): Promise<Visitor> {
  const languages = await knownLanguages(reference);
  const before = await findVisitor(ctx, ctx.db, id, 'update');
  const blocked = await blockedErrors(ctx.db, ctx.companyId, before.reception_desk_id, 'invitation', {
    email: body.email,
  });
  await ctx.db.transaction().execute(async (tx) => {
    const row = await findVisitor(ctx, tx, id, 'update');
    const errors: FieldErrors = { ...blocked };
    if (body.first_name !== undefined && body.first_name.trim() === '')
      errors.first_name = ['This field is required.'];
    const containers =
      body.container_ids === undefined
        ? null
        : await checkContainers(ctx, tx, row.reception_desk_id, body.container_ids, errors);
    await checkPerson(ctx, tx, languages, body, errors);
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
    const columns = {
      ...personColumns(body),
      ...(body.host_id !== undefined ? { host_id: body.host_id } : {}),
      ...(body.language_id !== undefined ? { language_id: body.language_id } : {}),
    };
    if (Object.keys(columns).length > 0)
      await tx
        .updateTable('visitors')
        .set(columns)
        .where('company_id', '=', ctx.companyId)
        .where('id', '=', id)
        .execute();
    if (containers) await setContainers(ctx, tx, id, containers);
  });
  return getVisitor(ctx, id);
}

/**
 * POST visitors/{id}/anonymise (a visitor's request, docs/visitors.md "Privacy"): names, address,
 * phone, company, disability note and containers are blanked for good; expected visits are
 * cancelled (nobody is mailed: there is no address left) and the visits stay, nameless, for the
 * desk's history. The visitor then drops out of every list.
 */
export async function anonymiseVisitor(ctx: ServiceContext, id: number): Promise<{ message: string }> {
  await ctx.db.transaction().execute(async (tx) => {
    const row = await findVisitor(ctx, tx, id, 'delete');
    await anonymise(tx, ctx.companyId, [row.id]);
  });
  return { message: 'The visitor was anonymised.' };
}

/** Blanks visitors for good and cancels their expected visits (anonymisation and the retention job). */
export async function anonymise(tx: Kysely<Database>, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await tx
    .updateTable('visitors')
    .set({
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      visitor_company: '',
      disability: '',
      host_id: null,
      anonymised_at: sql<Date>`now()`,
    })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  await tx
    .deleteFrom('visitor_containers')
    .where('company_id', '=', companyId)
    .where('visitor_id', 'in', ids)
    .execute();
  await tx
    .updateTable('visits')
    .set({ status: 'cancelled', updated_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('visitor_id', 'in', ids)
    .where('status', '=', 'expected')
    .execute();
}

/** DELETE visitors/{id}: the visitor and their visits. */
export async function deleteVisitor(ctx: ServiceContext, id: number): Promise<{ message: string }> {
  await findVisitor(ctx, ctx.db, id, 'delete');
  await ctx.db.deleteFrom('visitors').where('company_id', '=', ctx.companyId).where('id', '=', id).execute();
  return { message: 'The visitor was deleted.' };
}

/** POST visits/group: one invitation for several visitors; their visits share a group key. */
export async function groupVisit(
  ctx: ServiceContext,
  deps: Deps,
  reference: ReferenceData,
  body: GroupVisitBody,
): Promise<VisitList> {
  const languages = await knownLanguages(reference);
  const blocked = await blockedErrors(
    ctx.db,
    ctx.companyId,
    body.reception_desk_id,
    'invitation',
    Object.fromEntries(body.visitors.map((person, index) => [`visitors.${index}.email`, person.email])),
  );
  const ids = await ctx.db.transaction().execute(async (tx) => {
    const errors: FieldErrors = { ...blocked };
    const containers = await checkContainers(ctx, tx, body.reception_desk_id, body.container_ids, errors);
    await checkReception(ctx, tx, body.reception_desk_id, false, errors);
    await checkPerson(ctx, tx, languages, body, errors);
    await checkVisit(ctx, tx, body, errors);
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
    const hostId = body.host_id === undefined ? ctx.userId : body.host_id;
    const groupKey = randomUUID();
    const visitIds: number[] = [];
    for (const person of body.visitors) {
      const visitorId = await insertVisitor(
        ctx,
        tx,
        body.reception_desk_id,
        hostId,
        body.language_id ?? null,
        person,
        containers,
      );
      const visitId = await insertVisit(ctx, tx, {
        visitorId,
        deskId: body.reception_desk_id,
        hostId,
        startsAt: body.starts_at,
        endsAt: body.ends_at,
        groupKey,
      });
      await announceNewVisit(ctx, tx, deps, visitId);
      visitIds.push(visitId);
    }
    return visitIds;
  });
  const rows = await visitRows(ctx.db, ctx.companyId, await languageOf(ctx), { ids });
  return { data: rows.map(presentVisit) };
}

/**
 * POST visitors/my-visitors: the caller's visitors with their visits of the group (spec §4 today,
 * past, future). A visitor without any visit yet is listed under future.
 */
export async function myVisitors(ctx: ServiceContext, group: VisitGroup): Promise<VisitorList> {
  const language = await languageOf(ctx);
  const visits = await visitRows(ctx.db, ctx.companyId, language, { group, ownedBy: ctx.userId });
  const withVisits = new Set(visits.map((visit) => visit.visitor_id));
  let rows = await visitorRows(ctx.db, ctx.companyId, language, { ownedBy: ctx.userId });
  if (group === 'future') {
    const anyVisit = new Set(
      (await visitRows(ctx.db, ctx.companyId, language, { visitorIds: rows.map((row) => row.id) })).map(
        (visit) => visit.visitor_id,
      ),
    );
    rows = rows.filter((row) => withVisits.has(row.id) || !anyVisit.has(row.id));
  } else rows = rows.filter((row) => withVisits.has(row.id));
  const shown = await present(ctx, rows, group);
  return { data: shown };
}

/** POST visitors/desk-visitors: reception's list of a desk's visits of a group, searched. */
export async function deskVisitors(ctx: ServiceContext, body: DeskVisitorsBody): Promise<VisitList> {
  const rules = await deskRules(ctx.db, ctx.companyId, body.reception_desk_id);
  if (!rules) throw unprocessable({ reception_desk_id: [notValid('reception_desk_id')] });
  await assertReceives(ctx, 'read', body.reception_desk_id);
  const rows = await visitRows(ctx.db, ctx.companyId, await languageOf(ctx), {
    deskId: body.reception_desk_id,
    group: body.group,
    ...(body.query?.trim() ? { query: body.query.trim() } : {}),
  });
  return { data: rows.map(presentVisit) };
}

/** GET visitors/by-email: the visitors with that address the caller may see (to reuse one). */
export async function visitorsByEmail(ctx: ServiceContext, email: string): Promise<VisitorList> {
  if (email.trim() === '') return { data: [] };
  const language = await languageOf(ctx);
  const [rows, owned, reception] = await Promise.all([
    visitorRows(ctx.db, ctx.companyId, language, { email: email.trim() }),
    isHost(ctx)
      ? visitorRows(ctx.db, ctx.companyId, language, { email: email.trim(), ownedBy: ctx.userId })
      : [],
    receptionOf(ctx, 'read'),
  ]);
  const mine = new Set(owned.map((row) => row.id));
  const shown = rows.filter((row) => mine.has(row.id) || reception.refusal(row.reception_desk_id) === null);
  return { data: await present(ctx, shown) };
}
