import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, MessageBody } from '../../../shared/contract/common';
import {
  FunctionParam,
  ResourceFunction,
  ResourceFunctionBody,
  ResourceFunctionList,
  ResourceImage,
  ResourceImageBody,
  resourcePaths,
  ResourcePermissions,
  ResourcePermissionsBody,
  ResourceServicesBody,
  ServiceTypeList,
} from '../../../shared/contract/resources';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { registerImageRoute } from '../maps/image-route';
import { listFunctions, updateFunction } from './functions.service';
import { deleteResourceImage, getResourceImage, storeResourceImage } from './image.service';
import { getPermissions, updatePermissions } from './permissions.service';
import { READ, READ_IMAGE, READ_SERVICE_TYPES, WRITE } from './route-permissions';
import { getResourceServices, listServiceTypes, updateResourceServices } from './services.service';

/** A 2 MB picture as base64 is about 2.7 MB of JSON; the app's default limit is 1 MB. */
const IMAGE_BODY_LIMIT = 3 * 1024 * 1024;

/** spec §2 resources edit: functions/:function, permissions, services, image. */
export function registerResourceSettingRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['resources'];
  const read = { auth: true, permission: READ };
  const write = { auth: true, permission: WRITE };

  app.get(
    resourcePaths.functions,
    {
      config: read,
      schema: { tags, params: IdParam, response: { 200: ResourceFunctionList, ...ERROR_RESPONSES } },
    },
    async (request) => listFunctions(serviceContext(request, deps), request.params.id),
  );
  app.put(
    resourcePaths.function,
    {
      config: write,
      schema: {
        tags,
        params: FunctionParam,
        body: ResourceFunctionBody,
        response: { 200: ResourceFunction, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      updateFunction(
        serviceContext(request, deps),
        deps.reference,
        request.params.id,
        request.params.function,
        request.body,
      ),
  );

  const permissions = { 200: ResourcePermissions, ...ERROR_RESPONSES };
  app.get(
    resourcePaths.permissions,
    { config: read, schema: { tags, params: IdParam, response: permissions } },
    async (request) => getPermissions(serviceContext(request, deps), request.params.id),
  );
  app.put(
    resourcePaths.permissions,
    {
      config: write,
      schema: { tags, params: IdParam, body: ResourcePermissionsBody, response: permissions },
    },
    async (request) =>
      updatePermissions(serviceContext(request, deps), request.params.id, request.body.role_ids),
  );

  const services = { 200: ServiceTypeList, ...ERROR_RESPONSES };
  app.get(
    resourcePaths.serviceTypes,
    { config: { auth: true, permission: READ_SERVICE_TYPES }, schema: { tags, response: services } },
    async (request) => listServiceTypes(serviceContext(request, deps)),
  );
  app.get(
    resourcePaths.services,
    { config: read, schema: { tags, params: IdParam, response: services } },
    async (request) => getResourceServices(serviceContext(request, deps), request.params.id),
  );
  app.put(
    resourcePaths.services,
    { config: write, schema: { tags, params: IdParam, body: ResourceServicesBody, response: services } },
    async (request) =>
      updateResourceServices(serviceContext(request, deps), request.params.id, request.body.service_type_ids),
  );

  app.put(
    resourcePaths.image,
    {
      bodyLimit: IMAGE_BODY_LIMIT,
      config: write,
      schema: {
        tags,
        params: IdParam,
        body: ResourceImageBody,
        response: { 200: ResourceImage, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      storeResourceImage(serviceContext(request, deps), request.params.id, request.body.content_base64),
  );
  app.delete(
    resourcePaths.image,
    { config: write, schema: { tags, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } } },
    async (request) => {
      await deleteResourceImage(serviceContext(request, deps), request.params.id);
      return { message: 'Deleted.' };
    },
  );
  registerImageRoute(root, deps, {
    path: resourcePaths.image,
    tags,
    permission: READ_IMAGE,
    load: getResourceImage,
  });
}
