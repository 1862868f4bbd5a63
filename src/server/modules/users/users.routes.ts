import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { InitialResponse } from '../../../shared/contract/auth';
import { IdParam, MessageBody } from '../../../shared/contract/common';
import {
  AcceptInvitationBody,
  AssignableContainers,
  AssignedResource,
  AssignedResourceList,
  AssignmentBody,
  AssignmentParams,
  BulkDeleteBody,
  CreateUserBody,
  DeletedUsers,
  DeleteUserQuery,
  InvitationCheck,
  invitationPaths,
  ManagedUser,
  ManagedUserList,
  UpdateUserBody,
  UserContainersBody,
  UserListQuery,
  UserPasswordBody,
  userPaths,
} from '../../../shared/contract/users';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { publicContext, serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES, SecretParam } from '../../http/schemas';
import { addAssignment, changeAssignment, listAssignments, removeAssignment } from './assignments.service';
import { acceptInvitation, checkInvitation } from './invitations.service';
import { registerUserCsvRoutes } from './users-csv.routes';
import { USERS_PERMISSION } from './manageable';
import { deleteUsers } from './user-deletion.service';
import {
  assignableContainers,
  createUser,
  getUser,
  listUsers,
  resendInvitation,
  setUserContainers,
  setUserPasswordByAdmin,
  updateUser,
} from './users.service';

/*
 * spec §2 /manage-users. The spec names no USERS permission; a user is managed through the user
 * containers they belong to, so USERS_CONTAINERS with its CRUD flags guards the area (docs/users.md).
 * A user manager reaches the list, a user, their details, password and deletion: only for the users
 * they manage (manageable.ts). Creating users, their containers and assignments stay the administrator's.
 */
const READ: PermissionRequirement = [USERS_PERMISSION, 'read'];
const CREATE: PermissionRequirement = [USERS_PERMISSION, 'create'];
const UPDATE: PermissionRequirement = [USERS_PERMISSION, 'update'];
const DELETE: PermissionRequirement = [USERS_PERMISSION, 'delete'];

function companyOf(request: FastifyRequest) {
  if (request.tenant?.area !== 'company') throw new Error(`No company on ${request.url}`);
  return request.tenant.company;
}

export function registerUserRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const one = { 200: ManagedUser, ...ERROR_RESPONSES };
  const message = { 200: MessageBody, ...ERROR_RESPONSES };
  const ctx = (request: FastifyRequest) => serviceContext(request, deps);
  registerUserCsvRoutes(root, deps);

  app.get(
    userPaths.all,
    {
      config: { auth: true, permission: READ, orUserManager: 'read' },
      schema: { tags, querystring: UserListQuery, response: { 200: ManagedUserList, ...ERROR_RESPONSES } },
    },
    async (request) => listUsers(ctx(request), request.query),
  );
  app.get(
    userPaths.assignableContainers,
    {
      config: { auth: true, permission: READ },
      schema: { tags, response: { 200: AssignableContainers, ...ERROR_RESPONSES } },
    },
    async (request) => assignableContainers(ctx(request)),
  );
  app.post(
    userPaths.all,
    {
      config: { auth: true, permission: CREATE },
      schema: { tags, body: CreateUserBody, response: { 201: ManagedUser, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply.status(201).send(await createUser(ctx(request), deps, companyOf(request), request.body)),
  );
  app.post(
    userPaths.bulkDelete,
    {
      config: { auth: true, permission: DELETE, orUserManager: 'delete' },
      schema: { tags, body: BulkDeleteBody, response: { 200: DeletedUsers, ...ERROR_RESPONSES } },
    },
    async (request) =>
      deleteUsers(ctx(request), request.body.user_ids, request.body.cancel_bookings === true),
  );
  app.get(
    userPaths.one,
    {
      config: { auth: true, permission: READ, orUserManager: 'read' },
      schema: { tags, params: IdParam, response: one },
    },
    async (request) => getUser(ctx(request), request.params.id),
  );
  app.put(
    userPaths.one,
    {
      config: { auth: true, permission: UPDATE, orUserManager: 'update' },
      schema: { tags, params: IdParam, body: UpdateUserBody, response: one },
    },
    async (request) => updateUser(ctx(request), deps.reference, request.params.id, request.body),
  );
  app.delete(
    userPaths.one,
    {
      config: { auth: true, permission: DELETE, orUserManager: 'delete' },
      schema: {
        tags,
        params: IdParam,
        querystring: DeleteUserQuery,
        response: { 200: DeletedUsers, ...ERROR_RESPONSES },
      },
    },
    async (request) => deleteUsers(ctx(request), [request.params.id], request.query.cancel_bookings === '1'),
  );
  app.put(
    userPaths.containers,
    {
      config: { auth: true, permission: UPDATE },
      schema: { tags, params: IdParam, body: UserContainersBody, response: one },
    },
    async (request) => setUserContainers(ctx(request), request.params.id, request.body.container_ids),
  );
  app.put(
    userPaths.password,
    {
      config: { auth: true, permission: UPDATE, orUserManager: 'update' },
      schema: { tags, params: IdParam, body: UserPasswordBody, response: message },
    },
    async (request) =>
      setUserPasswordByAdmin(ctx(request), request.params.id, request.body, request.session!.jti),
  );
  app.post(
    userPaths.invitation,
    { config: { auth: true, permission: CREATE }, schema: { tags, params: IdParam, response: message } },
    async (request) => resendInvitation(ctx(request), deps, companyOf(request), request.params.id),
  );
  app.get(
    userPaths.assignments,
    {
      config: { auth: true, permission: READ },
      schema: { tags, params: IdParam, response: { 200: AssignedResourceList, ...ERROR_RESPONSES } },
    },
    async (request) => listAssignments(ctx(request), request.params.id),
  );
  app.post(
    userPaths.assignments,
    {
      config: { auth: true, permission: UPDATE },
      schema: {
        tags,
        params: IdParam,
        body: AssignmentBody,
        response: { 201: AssignedResource, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addAssignment(ctx(request), request.params.id, request.body.resource_id)),
  );
  app.put(
    userPaths.assignment,
    {
      config: { auth: true, permission: UPDATE },
      schema: {
        tags,
        params: AssignmentParams,
        body: AssignmentBody,
        response: { 200: AssignedResource, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      changeAssignment(
        ctx(request),
        request.params.id,
        request.params.assignmentId,
        request.body.resource_id,
      ),
  );
  app.delete(
    userPaths.assignment,
    {
      config: { auth: true, permission: UPDATE },
      schema: { tags, params: AssignmentParams, response: message },
    },
    async (request) => removeAssignment(ctx(request), request.params.id, request.params.assignmentId),
  );

  // The invitation link (public: the invited person has no session yet).
  app.get(
    invitationPaths.checkRoute,
    {
      schema: {
        tags: ['auth'],
        params: SecretParam('token'),
        response: { 200: InvitationCheck, ...ERROR_RESPONSES },
      },
    },
    async (request) => checkInvitation(publicContext(request, deps), deps, String(request.params.token)),
  );
  app.post(
    invitationPaths.accept,
    {
      schema: {
        tags: ['auth'],
        body: AcceptInvitationBody,
        response: { 200: InitialResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => acceptInvitation(publicContext(request, deps), deps, request.body),
  );
}
