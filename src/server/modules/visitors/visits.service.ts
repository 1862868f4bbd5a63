import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type {
  CreateVisitBody,
  UpdateVisitBody,
  Visit,
  VisitList,
  VisitStatus,
} from '../../../shared/contract/visitors';
import type { Action } from '../../../shared/permissions';
import type { FieldErrors } from '../../../shared/validation';
import { notValid } from '../../../shared/validation/messages';
import { mayChangeStatus, statusChangeRefused } from '../../../shared/validation/visitors';
import type { AppDeps, ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import { callerLanguage } from '../reception-desks/reception-desks.queries';
import { BLOCKED_ADDRESS, blockedAmong } from './block-list';
import { isHost, receptionOf } from './reception';
import { mailCancellation, mailHost, mailInvitation } from './visitor-mails';
import { notifyVisitChanged } from './visitors.notify';
import { isCompanyUser, presentVisit, visitRows, type VisitRow } from './visitors.queries';

export type Deps = Pick<AppDeps, 'mailer'>;

export const VISIT_NOT_FOUND = 'Visit not found.';
export const ENDS_BEFORE_START = 'The visit must end after it starts.';
export const IN_THE_PAST = 'A visit cannot end in the past.';
export const NOT_TODAY = 'Only a visit of today can be checked in.';

/** A visit's code, carried by the invitation's QR code: 128 random bits. */
export const newVisitCode = (): string => randomBytes(16).toString('base64url');

/** The caller's language; `db` is the transaction when inside one (PGlite has one connection). */
export async function languageOf(ctx: ServiceContext, db: Kysely<Database> = ctx.db) {
  return callerLanguage(db, ctx.companyId, ctx.userId);
}

const owns = (row: VisitRow, userId: number) =>
  [row.host_id, row.created_by, row.visitor_host_id, row.visitor_created_by].includes(userId);

/**
 * One visit the caller may act on with `action`: a host's own (when `asHost`), or one at a desk the
 * caller may act as reception at. Another company's or another host's visit: 404; a receptionist
 * refused this desk: 403 naming the rule.
 */
export async function findVisit(
  ctx: ServiceContext,
  db: Kysely<Database>,
  id: number,
  action: Action,
  asHost = true,
): Promise<VisitRow> {
  const [row] = await visitRows(db, ctx.companyId, await languageOf(ctx, db), { id });
  if (!row) throw notFound(VISIT_NOT_FOUND);
  if (asHost && isHost(ctx) && owns(row, ctx.userId)) return row;
  const reception = await receptionOf(ctx, action, db);
  const refusal = reception.refusal(row.reception_desk_id);
  if (refusal === null) return row;
  if (reception.somewhere) throw forbidden(refusal);
  throw notFound(VISIT_NOT_FOUND);
}

/** Adds the errors of a visit's times and host to `errors`. */
export async function checkVisit(
  ctx: ServiceContext,
  db: Kysely<Database>,
  times: { starts_at: string; ends_at: string; host_id?: number | null },
  errors: FieldErrors,
): Promise<void> {
  const starts = new Date(times.starts_at);
  const ends = new Date(times.ends_at);
  if (ends <= starts) errors.ends_at = [ENDS_BEFORE_START];
  else if (ends.getTime() <= Date.now()) errors.ends_at = [IN_THE_PAST];
  if (times.host_id != null && !(await isCompanyUser(db, ctx.companyId, times.host_id)))
    errors.host_id = [notValid('host_id')];
}

export interface NewVisit {
  visitorId: number;
  deskId: number;
  hostId: number | null;
  startsAt: string | Date;
  endsAt: string | Date;
  groupKey?: string | null;
  checkedIn?: boolean;
  /** the scheduler meeting the visit is registered with */
  meetingId?: number;
}

export async function insertVisit(
  ctx: ServiceContext,
  tx: Kysely<Database>,
  visit: NewVisit,
): Promise<number> {
  const { id } = await tx
    .insertInto('visits')
    .values({
      company_id: ctx.companyId,
      visitor_id: visit.visitorId,
      reception_desk_id: visit.deskId,
      host_id: visit.hostId,
      starts_at: new Date(visit.startsAt),
      ends_at: new Date(visit.endsAt),
      group_key: visit.groupKey ?? null,
      ...(visit.meetingId ? { scheduler_meeting_id: visit.meetingId } : {}),
      code: newVisitCode(),
      created_by: ctx.userId,
      ...(visit.checkedIn ? { status: 'checked_in' as const, checked_in_at: new Date() } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** After a visit is written: the invitation (or the host's arrival mail) and the realtime event. */
export async function announceNewVisit(
  ctx: ServiceContext,
  tx: Kysely<Database>,
  deps: Deps,
  id: number,
): Promise<VisitRow> {
  const [row] = await visitRows(tx, ctx.companyId, await languageOf(ctx, tx), { id });
  if (row!.status === 'checked_in') await mailHost(tx, deps, ctx.companyId, row!, 'arrived');
  else await mailInvitation(tx, deps, ctx.companyId, row!);
  await notify(tx, ctx.companyId, row!);
  return row!;
}

export function notify(db: Kysely<Database>, companyId: number, row: VisitRow) {
  return notifyVisitChanged(db, companyId, {
    visit_id: row.id,
    reception_desk_id: row.reception_desk_id,
    host_id: row.host_id,
    status: row.status,
  });
}

/** POST visits: another visit of a visitor the caller may change, at the visitor's desk. */
export async function createVisit(ctx: ServiceContext, deps: Deps, body: CreateVisitBody): Promise<Visit> {
  return ctx.db.transaction().execute(async (tx) => {
    const visitor = await tx
      .selectFrom('visitors')
      .select(['id', 'reception_desk_id', 'host_id', 'created_by', 'email'])
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', body.visitor_id)
      .where('anonymised_at', 'is', null)
      .executeTakeFirst();
    if (!visitor) throw unprocessable({ visitor_id: [notValid('visitor_id')] });
    if ((await blockedAmong(tx, ctx.companyId, [visitor.email])).size > 0)
      throw unprocessable({ visitor_id: [BLOCKED_ADDRESS] });
    const mine = isHost(ctx) && (visitor.host_id === ctx.userId || visitor.created_by === ctx.userId);
    if (!mine) {
      const reception = await receptionOf(ctx, 'create', tx);
      const refusal = reception.refusal(visitor.reception_desk_id);
      if (refusal !== null && reception.somewhere) throw forbidden(refusal);
      if (refusal !== null) throw unprocessable({ visitor_id: [notValid('visitor_id')] });
    }
    const errors: FieldErrors = {};
    await checkVisit(ctx, tx, body, errors);
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
    const id = await insertVisit(ctx, tx, {
      visitorId: visitor.id,
      deskId: visitor.reception_desk_id,
      hostId: body.host_id === undefined ? (visitor.host_id ?? ctx.userId) : body.host_id,
      startsAt: body.starts_at,
      endsAt: body.ends_at,
    });
    return presentVisit(await announceNewVisit(ctx, tx, deps, id));
  });
}

/** PUT visits/{id}: new times or host of an expected visit; the visitor gets the new invitation. */
export async function updateVisit(
  ctx: ServiceContext,
  deps: Deps,
  id: number,
  body: UpdateVisitBody,
): Promise<Visit> {
  return ctx.db.transaction().execute(async (tx) => {
    await lockVisit(ctx, tx, id);
    const row = await findVisit(ctx, tx, id, 'update');
    const errors: FieldErrors = {};
    if (row.status !== 'expected') errors.status = [`Only an expected visit can be changed.`];
    const times = {
      starts_at: body.starts_at ?? new Date(row.starts_at).toISOString(),
      ends_at: body.ends_at ?? new Date(row.ends_at).toISOString(),
      host_id: body.host_id,
    };
    await checkVisit(ctx, tx, times, errors);
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
    await tx
      .updateTable('visits')
      .set({
        starts_at: new Date(times.starts_at),
        ends_at: new Date(times.ends_at),
        ...(body.host_id !== undefined ? { host_id: body.host_id } : {}),
        updated_at: sql<Date>`now()`,
      })
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .execute();
    const [changed] = await visitRows(tx, ctx.companyId, await languageOf(ctx, tx), { id });
    const moved =
      new Date(changed!.starts_at).getTime() !== new Date(row.starts_at).getTime() ||
      new Date(changed!.ends_at).getTime() !== new Date(row.ends_at).getTime();
    if (moved) await mailInvitation(tx, deps, ctx.companyId, changed!);
    await notify(tx, ctx.companyId, changed!);
    return presentVisit(changed!);
  });
}

async function lockVisit(ctx: ServiceContext, tx: Kysely<Database>, id: number) {
  await tx
    .selectFrom('visits')
    .select('id')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** GET visits/{visitId}/{deskId}. */
export async function visitAtDesk(ctx: ServiceContext, visitId: number, deskId: number): Promise<Visit> {
  const row = await findVisit(ctx, ctx.db, visitId, 'read');
  if (row.reception_desk_id !== deskId) throw notFound(VISIT_NOT_FOUND);
  return presentVisit(row);
}

/** DELETE visits/{visitId}/{deskId}: cancels an expected visit and tells the visitor. */
export async function cancelVisit(
  ctx: ServiceContext,
  deps: Deps,
  visitId: number,
  deskId: number,
): Promise<Visit> {
  return ctx.db.transaction().execute(async (tx) => {
    await lockVisit(ctx, tx, visitId);
    const row = await findVisit(ctx, tx, visitId, 'delete');
    if (row.reception_desk_id !== deskId) throw notFound(VISIT_NOT_FOUND);
    return presentVisit(await setStatus(ctx, tx, deps, row, 'cancelled'));
  });
}

/** The status change and what it sets off: mails to the host or the visitor, the realtime event. */
export async function setStatus(
  ctx: Pick<ServiceContext, 'companyId'>,
  tx: Kysely<Database>,
  deps: Deps,
  row: VisitRow,
  status: VisitStatus,
): Promise<VisitRow> {
  if (!mayChangeStatus(row.status, status))
    throw unprocessable({ status: [statusChangeRefused(row.status, status)] });
  if (status === 'checked_in' && !row.is_today) throw unprocessable({ status: [NOT_TODAY] });
  await tx
    .updateTable('visits')
    .set({
      status,
      updated_at: sql<Date>`now()`,
      ...(status === 'checked_in' ? { checked_in_at: sql<Date>`now()` } : {}),
      ...(status === 'checked_out' ? { checked_out_at: sql<Date>`now()` } : {}),
    })
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', row.id)
    .execute();
  const changed = { ...row, status };
  if (status === 'checked_in') await mailHost(tx, deps, ctx.companyId, changed, 'arrived');
  if (status === 'checked_out') await mailHost(tx, deps, ctx.companyId, changed, 'left');
  if (status === 'cancelled') await mailCancellation(tx, deps, ctx.companyId, changed);
  await notify(tx, ctx.companyId, changed);
  return changed;
}

/** POST visits/{id}/change-status (spec §4: visit status changes by POST). */
export async function changeStatus(
  ctx: ServiceContext,
  deps: Deps,
  id: number,
  status: VisitStatus,
): Promise<Visit> {
  await ctx.db.transaction().execute(async (tx) => {
    await lockVisit(ctx, tx, id);
    await setStatus(ctx, tx, deps, await findVisit(ctx, tx, id, 'update', false), status);
  });
  const [row] = await visitRows(ctx.db, ctx.companyId, await languageOf(ctx), { id });
  return presentVisit(row!);
}

async function callerEmail(ctx: ServiceContext): Promise<string> {
  const me = await ctx.db
    .selectFrom('users')
    .select('email')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', ctx.userId)
    .executeTakeFirstOrThrow();
  return me.email;
}

/** GET visits/my-visits (MY_VISITS): the visits of visitors with the caller's e-mail address. */
export async function myVisits(ctx: ServiceContext): Promise<VisitList> {
  const rows = await visitRows(ctx.db, ctx.companyId, await languageOf(ctx), {
    visitorEmail: await callerEmail(ctx),
  });
  return { data: rows.map(presentVisit) };
}

export async function myVisit(ctx: ServiceContext, id: number): Promise<Visit> {
  const [row] = await visitRows(ctx.db, ctx.companyId, await languageOf(ctx), {
    id,
    visitorEmail: await callerEmail(ctx),
  });
  if (!row) throw notFound(VISIT_NOT_FOUND);
  return presentVisit(row);
}
