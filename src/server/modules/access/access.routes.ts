import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessPaths,
  Container,
  ContainerBody,
  ContainerList,
  ContainerListQuery,
  Explanation,
  ExplainQuery,
  MegaContainer,
  MegaContainerBody,
  MegaContainerIdsBody,
  MegaContainerList,
  MemberIdsBody,
  MemberKindParam,
  MemberList,
  PermissionList,
  PermissionListQuery,
  PermissionRoles,
  PermissionRolesBulkBody,
  RenameBody,
  Role,
  RoleBody,
  RoleList,
  RoleListQuery,
  RolePermissionList,
  RolePermissionsBulkBody,
} from '../../../shared/contract/access';
import { IdParam } from '../../../shared/contract/common';
import { ACCESS_TYPES, PERMISSION_TYPES } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { anyOf, CONTAINER_PERMISSION, ROLE_PERMISSION } from './access.rules';
import * as containers from './containers.service';
import { explainAccess } from './explain.service';
import * as mega from './mega-containers.service';
import * as roles from './roles.service';

const Empty = z.object({});
const Names = z.object({ data: z.array(z.string()) });

/** spec §7 Containers, Mega containers, Roles, Permissions; "why can't I book this?". */
export function registerAccessRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['access'];
  const ctx = (request: Parameters<typeof serviceContext>[0]) => serviceContext(request, deps);
  // The kind is read from the record: the route lets in anyone with one kind's permission, the
  // service then asks for that record's kind (access.rules.ts requireAction).
  const containersDo = (action: 'read' | 'create' | 'update' | 'delete') => ({
    auth: true,
    permission: anyOf(CONTAINER_PERMISSION, action),
  });
  const rolesDo = (action: 'read' | 'create' | 'update' | 'delete') => ({
    auth: true,
    permission: anyOf(ROLE_PERMISSION, action),
  });
  const megaDo = (action: 'read' | 'create' | 'update' | 'delete') => ({
    auth: true,
    permission: [['MEGA_CONTAINERS', action] as const],
  });
  const answers = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...ERROR_RESPONSES });

  app.get(
    accessPaths.accessTypes,
    { config: containersDo('read'), schema: { tags, response: answers(Names) } },
    async () => ({ data: [...ACCESS_TYPES] }),
  );
  app.get(
    accessPaths.containers,
    {
      config: containersDo('read'),
      schema: { tags, querystring: ContainerListQuery, response: answers(ContainerList) },
    },
    async (request) => containers.listContainers(ctx(request), request.query.access_type),
  );
  app.post(
    accessPaths.containers,
    {
      config: containersDo('create'),
      schema: { tags, body: ContainerBody, response: { 201: Container, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply.status(201).send(await containers.createContainer(ctx(request), request.body)),
  );
  app.get(
    accessPaths.container,
    { config: containersDo('read'), schema: { tags, params: IdParam, response: answers(Container) } },
    async (request) => containers.getContainer(ctx(request), request.params.id),
  );
  app.put(
    accessPaths.container,
    {
      config: containersDo('update'),
      schema: { tags, params: IdParam, body: RenameBody, response: answers(Container) },
    },
    async (request) => containers.renameContainer(ctx(request), request.params.id, request.body.name),
  );
  app.delete(
    accessPaths.container,
    { config: containersDo('delete'), schema: { tags, params: IdParam, response: answers(Empty) } },
    async (request) => {
      await containers.deleteContainer(ctx(request), request.params.id);
      return {};
    },
  );
  app.get(
    accessPaths.members,
    {
      config: containersDo('read'),
      schema: { tags, params: MemberKindParam, response: answers(MemberList) },
    },
    async (request) => containers.listMembers(ctx(request), request.params.id, request.params.kind),
  );
  app.post(
    accessPaths.members,
    {
      config: containersDo('update'),
      schema: { tags, params: MemberKindParam, body: MemberIdsBody, response: answers(MemberList) },
    },
    async (request) =>
      containers.addMembers(
        ctx(request),
        request.params.id,
        request.params.kind,
        request.body as Record<string, number[]>,
      ),
  );
  app.delete(
    accessPaths.members,
    {
      config: containersDo('update'),
      schema: { tags, params: MemberKindParam, body: MemberIdsBody, response: answers(MemberList) },
    },
    async (request) =>
      containers.removeMembers(
        ctx(request),
        request.params.id,
        request.params.kind,
        request.body as Record<string, number[]>,
      ),
  );

  app.get(
    accessPaths.megaContainers,
    { config: megaDo('read'), schema: { tags, response: answers(MegaContainerList) } },
    async (request) => mega.listMegaContainers(ctx(request)),
  );
  app.post(
    accessPaths.megaContainers,
    {
      config: megaDo('create'),
      schema: { tags, body: MegaContainerBody, response: { 201: MegaContainer, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply.status(201).send(await mega.createMegaContainer(ctx(request), request.body.name)),
  );
  app.get(
    accessPaths.megaContainer,
    { config: megaDo('read'), schema: { tags, params: IdParam, response: answers(MegaContainer) } },
    async (request) => mega.getMegaContainer(ctx(request), request.params.id),
  );
  app.delete(
    accessPaths.megaContainer,
    { config: megaDo('delete'), schema: { tags, params: IdParam, response: answers(Empty) } },
    async (request) => {
      await mega.deleteMegaContainer(ctx(request), request.params.id);
      return {};
    },
  );
  app.get(
    accessPaths.megaContainerContainers,
    { config: megaDo('read'), schema: { tags, params: IdParam, response: answers(MegaContainer) } },
    async (request) => mega.getMegaContainer(ctx(request), request.params.id),
  );
  app.post(
    accessPaths.megaContainerContainers,
    {
      config: megaDo('update'),
      schema: { tags, params: IdParam, body: MegaContainerIdsBody, response: answers(MegaContainer) },
    },
    async (request) =>
      mega.setMegaContainerContainers(ctx(request), request.params.id, request.body.container_ids),
  );

  app.get(
    accessPaths.roles,
    { config: rolesDo('read'), schema: { tags, querystring: RoleListQuery, response: answers(RoleList) } },
    async (request) => roles.listRoles(ctx(request), request.query.kind),
  );
  app.post(
    accessPaths.roles,
    {
      config: rolesDo('create'),
      schema: { tags, body: RoleBody, response: { 201: Role, ...ERROR_RESPONSES } },
    },
    async (request, reply) => reply.status(201).send(await roles.createRole(ctx(request), request.body)),
  );
  app.get(
    accessPaths.role,
    { config: rolesDo('read'), schema: { tags, params: IdParam, response: answers(Role) } },
    async (request) => roles.getRole(ctx(request), request.params.id),
  );
  app.put(
    accessPaths.role,
    {
      config: rolesDo('update'),
      schema: { tags, params: IdParam, body: RenameBody, response: answers(Role) },
    },
    async (request) => roles.renameRole(ctx(request), request.params.id, request.body.name),
  );
  app.delete(
    accessPaths.role,
    { config: rolesDo('delete'), schema: { tags, params: IdParam, response: answers(Empty) } },
    async (request) => {
      await roles.deleteRole(ctx(request), request.params.id);
      return {};
    },
  );
  app.get(
    accessPaths.rolePermissions,
    { config: rolesDo('read'), schema: { tags, params: IdParam, response: answers(RolePermissionList) } },
    async (request) => roles.rolePermissions(ctx(request), request.params.id),
  );
  app.put(
    accessPaths.rolePermissionsBulk,
    {
      config: rolesDo('update'),
      schema: { tags, params: IdParam, body: RolePermissionsBulkBody, response: answers(RolePermissionList) },
    },
    async (request) => roles.setRolePermissions(ctx(request), request.params.id, request.body),
  );

  app.get(
    accessPaths.permissions,
    {
      config: rolesDo('read'),
      schema: { tags, querystring: PermissionListQuery, response: answers(PermissionList) },
    },
    async (request) => roles.listPermissions(ctx(request), request.query.category),
  );
  app.get(
    accessPaths.permissionTypes,
    { config: rolesDo('read'), schema: { tags, response: answers(Names) } },
    async () => ({ data: [...PERMISSION_TYPES] }),
  );
  app.get(
    accessPaths.permissionCategories,
    { config: rolesDo('read'), schema: { tags, response: answers(Names) } },
    async () => ({ data: [...ACCESS_TYPES] }),
  );
  app.get(
    accessPaths.permissionRoles,
    { config: rolesDo('read'), schema: { tags, params: IdParam, response: answers(PermissionRoles) } },
    async (request) => roles.permissionRoles(ctx(request), request.params.id),
  );
  app.put(
    accessPaths.permissionRolesBulk,
    {
      config: rolesDo('update'),
      schema: { tags, params: IdParam, body: PermissionRolesBulkBody, response: answers(PermissionRoles) },
    },
    async (request) => roles.setPermissionRoles(ctx(request), request.params.id, request.body),
  );

  app.get(
    accessPaths.explain,
    {
      config: {
        auth: true,
        permission: [
          ['LEVELS_CONTAINERS', 'read'],
          ['RESOURCES_CONTAINERS', 'read'],
          ['LEVELS_ROLES', 'read'],
          ['RESOURCES_ROLES', 'read'],
        ],
      },
      schema: { tags, querystring: ExplainQuery, response: answers(Explanation) },
    },
    async (request) => explainAccess(ctx(request), request.query),
  );
}
