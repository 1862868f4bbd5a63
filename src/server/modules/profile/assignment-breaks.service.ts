import type {
  AssignmentBreak,
  AssignmentBreakBody,
  ProfileAssignment,
  ProfileAssignments,
} from '../../../shared/contract/profile';
import { BREAK_MESSAGES, breakErrors } from '../../../shared/validation/assignment-breaks';
import type { ServiceContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import { assignmentsOf } from '../users';

/**
 * spec §2 /profile assigned-resources (add-break, :breakId): the signed-in user's own resources and
 * the breaks during which others may book them (bookingRefusal reads them through assignmentAccess).
 */
type Db = ServiceContext['db'];

/** SQLSTATE 23P01: migration 0055's exclusion constraint refused an overlapping break. */
const overlaps = (error: unknown) =>
  error !== null && typeof error === 'object' && 'code' in error && error.code === '23P01';

async function breaksOf(db: Db, ctx: ServiceContext, assignmentIds: number[], now: Date) {
  const byAssignment = new Map<number, AssignmentBreak[]>();
  if (assignmentIds.length === 0) return byAssignment;
  const rows = await db
    .selectFrom('resource_assignment_breaks')
    .select(['id', 'assignment_id', 'starts_at', 'ends_at'])
    .where('company_id', '=', ctx.companyId)
    .where('assignment_id', 'in', assignmentIds)
    .where('ends_at', '>', now)
    .orderBy('starts_at')
    .execute();
  for (const row of rows) {
    const list = byAssignment.get(row.assignment_id) ?? [];
    list.push({ id: row.id, starts_at: row.starts_at.toISOString(), ends_at: row.ends_at.toISOString() });
    byAssignment.set(row.assignment_id, list);
  }
  return byAssignment;
}

export async function listAssignedResources(
  ctx: ServiceContext,
  now = new Date(),
  db: Db = ctx.db,
): Promise<ProfileAssignments> {
  const assignments = (await assignmentsOf(db, ctx, [ctx.userId])).get(ctx.userId) ?? [];
  const breaks = await breaksOf(
    db,
    ctx,
    assignments.map((a) => a.id),
    now,
  );
  return { data: assignments.map((a) => ({ ...a, breaks: breaks.get(a.id) ?? [] })) };
}

/** One of the user's own assignments; another user's or another company's is not found. */
export async function getAssignedResource(
  ctx: ServiceContext,
  assignmentId: number,
  now = new Date(),
  db: Db = ctx.db,
): Promise<ProfileAssignment> {
  const found = (await listAssignedResources(ctx, now, db)).data.find((a) => a.id === assignmentId);
  if (!found) throw notFound(BREAK_MESSAGES.assignmentNotFound);
  return found;
}

async function writeBreak(ctx: ServiceContext, write: (db: Db) => Promise<void>) {
  try {
    await ctx.db.transaction().execute(write);
  } catch (error) {
    if (overlaps(error)) throw unprocessable({ starts_at: [BREAK_MESSAGES.overlap] });
    throw error;
  }
}

/** add-break: 422 for a break in the past, ending before it starts, or overlapping another. */
export async function addBreak(
  ctx: ServiceContext,
  assignmentId: number,
  body: AssignmentBreakBody,
  now = new Date(),
): Promise<ProfileAssignment> {
  await getAssignedResource(ctx, assignmentId, now);
  const errors = breakErrors(body, now);
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  await writeBreak(ctx, async (tx) => {
    await tx
      .insertInto('resource_assignment_breaks')
      .values({ company_id: ctx.companyId, assignment_id: assignmentId, ...body })
      .execute();
  });
  return getAssignedResource(ctx, assignmentId, now);
}

async function storedBreak(ctx: ServiceContext, assignmentId: number, breakId: number, now: Date) {
  const assignment = await getAssignedResource(ctx, assignmentId, now);
  const found = assignment.breaks.find((b) => b.id === breakId);
  if (!found) throw notFound(BREAK_MESSAGES.notFound);
  return found;
}

/** :breakId: an ongoing break keeps its start and may be shortened or lengthened. */
export async function changeBreak(
  ctx: ServiceContext,
  assignmentId: number,
  breakId: number,
  body: AssignmentBreakBody,
  now = new Date(),
): Promise<ProfileAssignment> {
  const stored = await storedBreak(ctx, assignmentId, breakId, now);
  const errors = breakErrors(body, now, stored.starts_at);
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  await writeBreak(ctx, async (tx) => {
    await tx
      .updateTable('resource_assignment_breaks')
      .set(body)
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', breakId)
      .execute();
  });
  return getAssignedResource(ctx, assignmentId, now);
}

export async function deleteBreak(
  ctx: ServiceContext,
  assignmentId: number,
  breakId: number,
  now = new Date(),
): Promise<ProfileAssignment> {
  await storedBreak(ctx, assignmentId, breakId, now);
  await ctx.db
    .deleteFrom('resource_assignment_breaks')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', breakId)
    .execute();
  return getAssignedResource(ctx, assignmentId, now);
}
