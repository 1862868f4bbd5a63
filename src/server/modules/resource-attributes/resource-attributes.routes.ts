import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, MessageBody } from '../../../shared/contract/common';
import {
  CreateResourceAttributeBody,
  ResourceAttribute,
  ResourceAttributeList,
  ResourceAttributePage,
  resourceAttributePaths,
  UpdateResourceAttributeBody,
} from '../../../shared/contract/resource-attributes';
import { CatalogueListQuery } from '../../../shared/contract/resource-types';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { resourceAttributesService } from './resource-attributes.service';

export function registerResourceAttributeRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = resourceAttributesService(deps.reference);
  const tags = ['resource-attributes'];
  const context = (request: Parameters<typeof serviceContext>[0]) => serviceContext(request, deps);

  app.get(
    resourceAttributePaths.list,
    {
      config: { auth: true, permission: ['RESOURCE_ATTRIBUTES', 'read'] },
      schema: {
        tags,
        querystring: CatalogueListQuery,
        response: { 200: ResourceAttributePage, ...ERROR_RESPONSES },
      },
    },
    async (request) => service.list(context(request), request.query),
  );
  // The pickers of the resource screens read these too (spec §2 /resources: type, attributes).
  app.get(
    resourceAttributePaths.all,
    {
      config: {
        auth: true,
        permission: [
          ['RESOURCE_ATTRIBUTES', 'read'],
          ['RESOURCES', 'read'],
        ],
      },
      schema: { tags, response: { 200: ResourceAttributeList, ...ERROR_RESPONSES } },
    },
    async (request) => service.all(context(request)),
  );
  app.get(
    resourceAttributePaths.one,
    {
      config: { auth: true, permission: ['RESOURCE_ATTRIBUTES', 'read'] },
      schema: { tags, params: IdParam, response: { 200: ResourceAttribute, ...ERROR_RESPONSES } },
    },
    async (request) => service.get(context(request), request.params.id),
  );
  app.post(
    resourceAttributePaths.list,
    {
      config: { auth: true, permission: ['RESOURCE_ATTRIBUTES', 'create'] },
      schema: {
        tags,
        body: CreateResourceAttributeBody,
        response: { 201: ResourceAttribute, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(context(request), request.body)),
  );
  app.put(
    resourceAttributePaths.one,
    {
      config: { auth: true, permission: ['RESOURCE_ATTRIBUTES', 'update'] },
      schema: {
        tags,
        params: IdParam,
        body: UpdateResourceAttributeBody,
        response: { 200: ResourceAttribute, ...ERROR_RESPONSES },
      },
    },
    async (request) => service.update(context(request), request.params.id, request.body),
  );
  app.delete(
    resourceAttributePaths.one,
    {
      config: { auth: true, permission: ['RESOURCE_ATTRIBUTES', 'delete'] },
      schema: { tags, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => service.remove(context(request), request.params.id),
  );
}
