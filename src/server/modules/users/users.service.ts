import { sql, type Kysely } from 'kysely';
import { pageMeta } from '../../../shared/contract/common';
import type {
  CreateUserBody,
  ManagedUser,
  ManagedUserList,
  UpdateUserBody,
  UserContainerRef,
  UserListFilters,
  UserPasswordBody,
} from '../../../shared/contract/users';
import type { Action } from '../../../shared/permissions';
import type { FieldErrors } from '../../../shared/validation';
import { checkNewPassword, storePassword } from '../../auth/set-password';
import type { AppDeps, ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { notFound, unprocessable } from '../../http/errors';
import type { ReferenceData } from '../../reference';
import { assertAdministratorRemains } from './administrators';
import { sendInvitation } from './invitations.service';
import {
  countUsers,
  emailTaken,
  existingContainerIds,
  selectUsers,
  selectUsersById,
  setMemberships,
  type UserFilter,
} from './users.queries';

export const EMAIL_TAKEN = 'This e-mail address is already used by another user.';
export const NOT_A_CONTAINER = 'This container does not exist.';
export const USER_NOT_FOUND = 'This user does not exist.';

type InviteDeps = Pick<AppDeps, 'codes' | 'mailer' | 'originOf'>;

const flag = (value: '0' | '1' | undefined) => (value === undefined ? undefined : value === '1');

/** spec §7 Users list: the filters combine; pages of up to 200. */
export async function listUsers(ctx: ServiceContext, query: UserListFilters): Promise<ManagedUserList> {
  const page = query.page;
  const perPage = query.per_page;
  const filter: UserFilter = {
    query: query.query,
    containerIds: query.user_containers,
    assignedResources: flag(query.assigned_resources),
    sso: flag(query.sso),
    isVisitor: flag(query.is_visitor),
  };
  const total = await countUsers(ctx.db, ctx, filter);
  const data = await selectUsers(ctx.db, ctx, filter, { limit: perPage, offset: (page - 1) * perPage });
  return { data, meta: pageMeta(page, perPage, total) };
}

/** The user `id` if the caller may `action` them (manageable.ts), else 404. */
export async function getUser(
  ctx: ServiceContext,
  id: number,
  db: Kysely<Database> = ctx.db,
  action: Action = 'read',
): Promise<ManagedUser> {
  const [user] = await selectUsersById(db, ctx, [id], action);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

/** The reference ids and names a user's settings name must exist (spec §5: 422 with field errors). */
export async function referenceErrors(
  reference: ReferenceData,
  body: Pick<UpdateUserBody, 'language_id' | 'timezone' | 'country_id'>,
): Promise<FieldErrors> {
  const lists = await reference.referenceLists();
  const errors: FieldErrors = {};
  if (body.language_id !== undefined && !lists.languages.some((language) => language.id === body.language_id))
    errors.language_id = ['This language does not exist.'];
  if (body.timezone !== undefined && !lists.timezones.some((zone) => zone.name === body.timezone))
    errors.timezone = ['This timezone does not exist.'];
  if (
    body.country_id !== undefined &&
    body.country_id !== null &&
    !lists.countries.some((country) => country.id === body.country_id)
  )
    errors.country_id = ['This country does not exist.'];
  return errors;
}

async function containerErrors(
  db: Kysely<Database>,
  companyId: number,
  ids: readonly number[],
): Promise<FieldErrors> {
  const existing = await existingContainerIds(db, companyId, ids);
  return ids.some((id) => !existing.has(id)) ? { container_ids: [NOT_A_CONTAINER] } : {};
}

function throwIfAny(errors: FieldErrors) {
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

export interface InvitingCompany {
  id: number;
  name: string;
  subdomain: string;
}

/** spec §2 add-user: the user, their containers, and (unless SSO signs them in) the invitation mail. */
export async function createUser(
  ctx: ServiceContext,
  deps: InviteDeps & { reference: ReferenceData },
  company: InvitingCompany,
  body: CreateUserBody,
): Promise<ManagedUser> {
  const email = body.email.trim().toLowerCase();
  const containerIds = [...new Set(body.container_ids ?? [])];
  // Read before the transaction: PGlite runs one connection, which the transaction holds.
  const references = await referenceErrors(deps.reference, body);
  return ctx.db.transaction().execute(async (tx) => {
    throwIfAny({
      ...references,
      ...(await containerErrors(tx, ctx.companyId, containerIds)),
      ...((await emailTaken(tx, ctx.companyId, email)) ? { email: [EMAIL_TAKEN] } : {}),
    });
    const user = await tx
      .insertInto('users')
      .values({
        company_id: ctx.companyId,
        email,
        first_name: body.first_name.trim(),
        last_name: body.last_name.trim(),
        language_id: body.language_id,
        timezone: body.timezone,
        country_id: body.country_id,
        is_visitor: body.is_visitor,
        sso: body.sso,
      })
      .returning(['id', 'email', 'first_name'])
      .executeTakeFirstOrThrow();
    await setMemberships(tx, ctx.companyId, user.id, containerIds);
    if (!body.sso) await sendInvitation(tx, deps, company, user, ctx.userId);
    return getUser(ctx, user.id, tx);
  });
}

/** POST users/{id}/invitation: a new link (the previous ones stop working). */
export async function resendInvitation(
  ctx: ServiceContext,
  deps: InviteDeps,
  company: InvitingCompany,
  id: number,
): Promise<{ message: string }> {
  await ctx.db.transaction().execute(async (tx) => {
    const user = await getUser(ctx, id, tx);
    if (user.sso) throw unprocessable({ sso: ['This user signs in through single sign-on.'] });
    await sendInvitation(tx, deps, company, user, ctx.userId);
  });
  return { message: 'The invitation has been sent.' };
}

/** spec §2 edit/:user_id and its language, timezone and country sub-screens. */
export async function updateUser(
  ctx: ServiceContext,
  reference: ReferenceData,
  id: number,
  body: UpdateUserBody,
): Promise<ManagedUser> {
  const references = await referenceErrors(reference, body);
  return ctx.db.transaction().execute(async (tx) => {
    await getUser(ctx, id, tx, 'update');
    const email = body.email?.trim().toLowerCase();
    throwIfAny({
      ...references,
      ...(email !== undefined && (await emailTaken(tx, ctx.companyId, email, id))
        ? { email: [EMAIL_TAKEN] }
        : {}),
    });
    const changes = {
      ...body,
      ...(email !== undefined ? { email } : {}),
      ...(body.first_name !== undefined ? { first_name: body.first_name.trim() } : {}),
      ...(body.last_name !== undefined ? { last_name: body.last_name.trim() } : {}),
    };
    if (Object.keys(changes).length > 0)
      await tx
        .updateTable('users')
        .set(changes)
        .where('company_id', '=', ctx.companyId)
        .where('id', '=', id)
        .execute();
    return getUser(ctx, id, tx);
  });
}

/** spec §2 containers sub-screen: membership saved by diff; the last administrator keeps theirs. */
export async function setUserContainers(
  ctx: ServiceContext,
  id: number,
  containerIds: readonly number[],
): Promise<ManagedUser> {
  const wanted = [...new Set(containerIds)];
  return ctx.db.transaction().execute(async (tx) => {
    await getUser(ctx, id, tx, 'update');
    throwIfAny(await containerErrors(tx, ctx.companyId, wanted));
    await assertAdministratorRemains(tx, ctx.companyId, {
      keptContainers: { userId: id, containerIds: wanted },
    });
    await setMemberships(tx, ctx.companyId, id, wanted);
    return getUser(ctx, id, tx);
  });
}

/**
 * spec §2 change-password: the administrator sets it; the user's sessions end (all of them, or,
 * when administrators change their own, all but the one they are using).
 */
export async function setUserPasswordByAdmin(
  ctx: ServiceContext,
  id: number,
  body: UserPasswordBody,
  currentSession: string,
): Promise<{ message: string }> {
  const passwordHash = await checkNewPassword(body.password);
  await ctx.db.transaction().execute(async (tx) => {
    await getUser(ctx, id, tx, 'update');
    await storePassword(tx, id, passwordHash, currentSession);
    // An open invitation would set another password later: it closes.
    await tx
      .updateTable('user_invitations')
      .set({ used_at: sql<Date>`now()` })
      .where('company_id', '=', ctx.companyId)
      .where('user_id', '=', id)
      .where('used_at', 'is', null)
      .execute();
  });
  return { message: 'The password has been changed.' };
}

/** spec §7 "assignable containers": the company's user containers. */
export async function assignableContainers(ctx: ServiceContext): Promise<{ data: UserContainerRef[] }> {
  const data = await ctx.db
    .selectFrom('user_containers')
    .select(['id', 'name'])
    .where('company_id', '=', ctx.companyId)
    .where('access_type', '=', 'USER')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return { data };
}
