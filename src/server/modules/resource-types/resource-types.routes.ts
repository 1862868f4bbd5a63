import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, MessageBody } from '../../../shared/contract/common';
import {
  CatalogueListQuery,
  CreateResourceTypeBody,
  ResourceType,
  ResourceTypeList,
  ResourceTypePage,
  resourceTypePaths,
  UpdateResourceTypeBody,
} from '../../../shared/contract/resource-types';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { resourceTypesService } from './resource-types.service';

export function registerResourceTypeRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = resourceTypesService(deps.reference);
  const tags = ['resource-types'];
  const context = (request: Parameters<typeof serviceContext>[0]) => serviceContext(request, deps);

  app.get(
    resourceTypePaths.list,
    {
      config: { auth: true, permission: ['RESOURCE_TYPES', 'read'] },
      schema: {
        tags,
        querystring: CatalogueListQuery,
        response: { 200: ResourceTypePage, ...ERROR_RESPONSES },
      },
    },
    async (request) => service.list(context(request), request.query),
  );
  // The pickers of the resource screens read these too (spec §2 /resources: type, attributes).
  app.get(
    resourceTypePaths.all,
    {
      config: {
        auth: true,
        permission: [
          ['RESOURCE_TYPES', 'read'],
          ['RESOURCES', 'read'],
        ],
      },
      schema: { tags, response: { 200: ResourceTypeList, ...ERROR_RESPONSES } },
    },
    async (request) => service.all(context(request)),
  );
  app.get(
    resourceTypePaths.one,
    {
      config: { auth: true, permission: ['RESOURCE_TYPES', 'read'] },
      schema: { tags, params: IdParam, response: { 200: ResourceType, ...ERROR_RESPONSES } },
    },
    async (request) => service.get(context(request), request.params.id),
  );
  app.post(
    resourceTypePaths.list,
    {
      config: { auth: true, permission: ['RESOURCE_TYPES', 'create'] },
      schema: { tags, body: CreateResourceTypeBody, response: { 201: ResourceType, ...ERROR_RESPONSES } },
    },
    async (request, reply) => reply.status(201).send(await service.create(context(request), request.body)),
  );
  app.put(
    resourceTypePaths.one,
    {
      config: { auth: true, permission: ['RESOURCE_TYPES', 'update'] },
      schema: {
        tags,
        params: IdParam,
        body: UpdateResourceTypeBody,
        response: { 200: ResourceType, ...ERROR_RESPONSES },
      },
    },
    async (request) => service.update(context(request), request.params.id, request.body),
  );
  app.delete(
    resourceTypePaths.one,
    {
      config: { auth: true, permission: ['RESOURCE_TYPES', 'delete'] },
      schema: { tags, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => service.remove(context(request), request.params.id),
  );
}
