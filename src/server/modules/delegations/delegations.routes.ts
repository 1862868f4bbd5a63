import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, MessageBody } from '../../../shared/contract/common';
import {
  AvailablePermissionList,
  CreateDelegationBody,
  DelegateUserPage,
  DelegateUsersQuery,
  Delegation,
  DelegationList,
  DelegationListQuery,
  delegationPaths,
  UpdateDelegationBody,
} from '../../../shared/contract/delegations';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import {
  availablePermissions,
  createDelegation,
  delegateUsers,
  deleteDelegation,
  getDelegation,
  listDelegations,
  updateDelegation,
} from './delegations.service';

/** Delegations are part of the user's profile (spec §2 /profile my-delegates, delegated-by). */
const READ = ['USER_PROFILE', 'read'] as const;
const CHANGE: PermissionRequirement = ['USER_PROFILE', 'update'];

export function registerDelegationRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['delegations'];
  const context = (request: Parameters<typeof serviceContext>[0]) => serviceContext(request, deps);

  // Also for the booking form of a delegate who may book but not open their profile.
  app.get(
    delegationPaths.list,
    {
      config: { auth: true, permission: [READ, 'BOOKINGS,MY_BOOKINGS'] satisfies PermissionRequirement },
      schema: {
        tags,
        querystring: DelegationListQuery,
        response: { 200: DelegationList, ...ERROR_RESPONSES },
      },
    },
    async (request) => listDelegations(context(request), request.query),
  );
  app.get(
    delegationPaths.delegateUsers,
    {
      config: { auth: true, permission: READ },
      schema: {
        tags,
        querystring: DelegateUsersQuery,
        response: { 200: DelegateUserPage, ...ERROR_RESPONSES },
      },
    },
    async (request) => delegateUsers(context(request), request.query),
  );
  app.get(
    delegationPaths.availablePermissions,
    {
      config: { auth: true, permission: READ },
      schema: { tags, params: IdParam, response: { 200: AvailablePermissionList, ...ERROR_RESPONSES } },
    },
    async (request) => availablePermissions(context(request), request.params.id),
  );
  app.get(
    delegationPaths.one,
    {
      config: { auth: true, permission: READ },
      schema: { tags, params: IdParam, response: { 200: Delegation, ...ERROR_RESPONSES } },
    },
    async (request) => getDelegation(context(request), request.params.id),
  );
  app.post(
    delegationPaths.list,
    {
      config: { auth: true, permission: CHANGE },
      schema: { tags, body: CreateDelegationBody, response: { 201: Delegation, ...ERROR_RESPONSES } },
    },
    async (request, reply) => reply.status(201).send(await createDelegation(context(request), request.body)),
  );
  app.put(
    delegationPaths.one,
    {
      config: { auth: true, permission: CHANGE },
      schema: {
        tags,
        params: IdParam,
        body: UpdateDelegationBody,
        response: { 200: Delegation, ...ERROR_RESPONSES },
      },
    },
    async (request) => updateDelegation(context(request), request.params.id, request.body),
  );
  app.delete(
    delegationPaths.one,
    {
      config: { auth: true, permission: CHANGE },
      schema: { tags, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => deleteDelegation(context(request), request.params.id),
  );
}
