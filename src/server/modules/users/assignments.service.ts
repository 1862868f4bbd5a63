import type { AssignedResource } from '../../../shared/contract/users';
import type { ServiceContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import { getUser } from './users.service';

export const NOT_A_RESOURCE = 'This resource does not exist.';
export const ALREADY_ASSIGNED = 'This resource is already assigned to the user.';
export const ASSIGNMENT_NOT_FOUND = 'This assignment does not exist.';

/** spec §2 /manage-users resources and §7 "assignment CRUD": the resources that are a user's own. */
export async function listAssignments(
  ctx: ServiceContext,
  userId: number,
): Promise<{ data: AssignedResource[] }> {
  return { data: (await getUser(ctx, userId)).assigned_resources };
}

async function checkResource(ctx: ServiceContext, db: ServiceContext['db'], resourceId: number) {
  const resource = await db
    .selectFrom('resources')
    .select('id')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', resourceId)
    .executeTakeFirst();
  if (!resource) throw unprocessable({ resource_id: [NOT_A_RESOURCE] });
}

async function isAssigned(ctx: ServiceContext, db: ServiceContext['db'], userId: number, resourceId: number) {
  const row = await db
    .selectFrom('resource_assignments')
    .select('id')
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', userId)
    .where('resource_id', '=', resourceId)
    .executeTakeFirst();
  return row?.id;
}

/** An assignment's breaks (migration 0055), which go with it when it is removed or moved. */
async function deleteBreaksOf(ctx: ServiceContext, db: ServiceContext['db'], assignmentId: number) {
  await db
    .deleteFrom('resource_assignment_breaks')
    .where('company_id', '=', ctx.companyId)
    .where('assignment_id', '=', assignmentId)
    .execute();
}

/** POST users/{id}/assignments */
export function addAssignment(
  ctx: ServiceContext,
  userId: number,
  resourceId: number,
): Promise<AssignedResource> {
  return ctx.db.transaction().execute(async (tx) => {
    await getUser(ctx, userId, tx, 'update');
    await checkResource(ctx, tx, resourceId);
    if (await isAssigned(ctx, tx, userId, resourceId))
      throw unprocessable({ resource_id: [ALREADY_ASSIGNED] });
    const { id } = await tx
      .insertInto('resource_assignments')
      .values({ company_id: ctx.companyId, user_id: userId, resource_id: resourceId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await getUser(ctx, userId, tx)).assigned_resources.find((a) => a.id === id)!;
  });
}

/** PUT users/{id}/assignments/{assignmentId}: the assignment moves to another resource. */
export function changeAssignment(
  ctx: ServiceContext,
  userId: number,
  assignmentId: number,
  resourceId: number,
): Promise<AssignedResource> {
  return ctx.db.transaction().execute(async (tx) => {
    const user = await getUser(ctx, userId, tx, 'update');
    if (!user.assigned_resources.some((a) => a.id === assignmentId)) throw notFound(ASSIGNMENT_NOT_FOUND);
    await checkResource(ctx, tx, resourceId);
    const existing = await isAssigned(ctx, tx, userId, resourceId);
    if (existing !== undefined && existing !== assignmentId)
      throw unprocessable({ resource_id: [ALREADY_ASSIGNED] });
    await tx
      .updateTable('resource_assignments')
      .set({ resource_id: resourceId })
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', assignmentId)
      .execute();
    // the breaks were away from the old resource (migration 0055 links them without a foreign key)
    await deleteBreaksOf(ctx, tx, assignmentId);
    return (await getUser(ctx, userId, tx)).assigned_resources.find((a) => a.id === assignmentId)!;
  });
}

/** DELETE users/{id}/assignments/{assignmentId} */
export async function removeAssignment(ctx: ServiceContext, userId: number, assignmentId: number) {
  await getUser(ctx, userId, ctx.db, 'update');
  await ctx.db.transaction().execute(async (tx) => {
    const result = await tx
      .deleteFrom('resource_assignments')
      .where('company_id', '=', ctx.companyId)
      .where('user_id', '=', userId)
      .where('id', '=', assignmentId)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) throw notFound(ASSIGNMENT_NOT_FOUND);
    await deleteBreaksOf(ctx, tx, assignmentId);
  });
  return { message: 'The assignment has been removed.' };
}
