import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, MessageBody } from '../../../shared/contract/common';
import { QrCodeInfo } from '../../../shared/contract/qr-codes';
import {
  CheckDeleteAnswer,
  CreateResourceBody,
  DuplicateResourceBody,
  LevelResourcesQuery,
  PositionBody,
  Resource,
  ResourceAttributesBody,
  ResourceCodeList,
  ResourceCodesQuery,
  ResourceInfo,
  ResourceList,
  ResourceListQuery,
  ResourcePage,
  resourcePaths,
  UpdateResourceBody,
} from '../../../shared/contract/resources';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { plainJson } from '../../http/json-body';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import {
  createResource,
  deleteResource,
  duplicateResource,
  placeResource,
  setResourceAttributes,
  setResourceFavorite,
  updateResource,
} from './resources.changes';
import {
  checkDelete,
  getResource,
  levelResources,
  listResources,
  resourceCodes,
  resourceInfo,
  resourceQrCode,
} from './resources.service';

/** spec §2 /resources: RESOURCES with its CRUD flags for the administration screens. */
const READ: PermissionRequirement = ['RESOURCES', 'read'];
/**
 * The plan shows a level's resources and their cards and lets its users keep favourites, so PLAN
 * (and level readers) get these too.
 */
const PLAN_READ: PermissionRequirement = [['RESOURCES', 'read'], 'PLAN', ['LEVELS', 'read']];
/** Printing QR codes (spec §2 qr-code) is for resource readers and QR_CODE holders. */
const CODES: PermissionRequirement = [['RESOURCES', 'read'], 'QR_CODE'];

export function registerResourceRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['resources'];
  const one = { 200: Resource, ...ERROR_RESPONSES };
  const created = { 201: Resource, ...ERROR_RESPONSES };

  app.get(
    resourcePaths.list,
    {
      config: { auth: true, permission: READ },
      schema: { tags, querystring: ResourceListQuery, response: { 200: ResourcePage, ...ERROR_RESPONSES } },
      serializerCompiler: plainJson,
    },
    async (request) => listResources(serviceContext(request, deps), request.query),
  );
  app.get(
    resourcePaths.levelAll,
    {
      config: { auth: true, permission: PLAN_READ },
      schema: {
        tags,
        params: IdParam,
        querystring: LevelResourcesQuery,
        response: { 200: ResourceList, ...ERROR_RESPONSES },
      },
      serializerCompiler: plainJson,
    },
    async (request) => levelResources(serviceContext(request, deps), request.params.id, request.query),
  );
  app.get(
    resourcePaths.codes,
    {
      config: { auth: true, permission: CODES },
      schema: {
        tags,
        querystring: ResourceCodesQuery,
        response: { 200: ResourceCodeList, ...ERROR_RESPONSES },
      },
    },
    async (request) => resourceCodes(serviceContext(request, deps), request.query),
  );
  app.get(
    resourcePaths.one,
    { config: { auth: true, permission: READ }, schema: { tags, params: IdParam, response: one } },
    async (request) => getResource(serviceContext(request, deps), request.params.id),
  );
  app.post(
    resourcePaths.list,
    {
      config: { auth: true, permission: ['RESOURCES', 'create'] },
      schema: { tags, body: CreateResourceBody, response: created },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createResource(serviceContext(request, deps), deps.reference, request.body)),
  );
  app.put(
    resourcePaths.one,
    {
      config: { auth: true, permission: ['RESOURCES', 'update'] },
      schema: { tags, params: IdParam, body: UpdateResourceBody, response: one },
    },
    async (request) =>
      updateResource(serviceContext(request, deps), deps.reference, request.params.id, request.body),
  );
  app.delete(
    resourcePaths.one,
    {
      config: { auth: true, permission: ['RESOURCES', 'delete'] },
      schema: { tags, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => {
      await deleteResource(serviceContext(request, deps), request.params.id);
      return { message: 'Deleted.' };
    },
  );
  app.get(
    resourcePaths.checkDelete,
    {
      config: { auth: true, permission: ['RESOURCES', 'delete'] },
      schema: { tags, params: IdParam, response: { 200: CheckDeleteAnswer, ...ERROR_RESPONSES } },
    },
    async (request) => checkDelete(serviceContext(request, deps), request.params.id),
  );
  app.put(
    resourcePaths.position,
    {
      config: { auth: true, permission: ['RESOURCES', 'update'] },
      schema: { tags, params: IdParam, body: PositionBody, response: one },
    },
    async (request) => placeResource(serviceContext(request, deps), request.params.id, request.body),
  );
  app.put(
    resourcePaths.attributes,
    {
      config: { auth: true, permission: ['RESOURCES', 'update'] },
      schema: { tags, params: IdParam, body: ResourceAttributesBody, response: one },
    },
    async (request) =>
      setResourceAttributes(
        serviceContext(request, deps),
        deps.reference,
        request.params.id,
        request.body.resource_attribute_ids,
      ),
  );
  app.post(
    resourcePaths.favor,
    { config: { auth: true, permission: PLAN_READ }, schema: { tags, params: IdParam, response: one } },
    async (request) => setResourceFavorite(serviceContext(request, deps), request.params.id, true),
  );
  app.post(
    resourcePaths.disfavor,
    { config: { auth: true, permission: PLAN_READ }, schema: { tags, params: IdParam, response: one } },
    async (request) => setResourceFavorite(serviceContext(request, deps), request.params.id, false),
  );
  app.post(
    resourcePaths.duplicate,
    {
      config: { auth: true, permission: ['RESOURCES', 'create'] },
      schema: { tags, params: IdParam, body: DuplicateResourceBody, response: created },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await duplicateResource(serviceContext(request, deps), request.params.id, request.body)),
  );
  app.get(
    resourcePaths.info,
    {
      config: { auth: true, permission: PLAN_READ },
      schema: { tags, params: IdParam, response: { 200: ResourceInfo, ...ERROR_RESPONSES } },
    },
    async (request) => resourceInfo(serviceContext(request, deps), request.params.id),
  );
  app.get(
    resourcePaths.qrCode,
    {
      config: { auth: true, permission: CODES },
      schema: { tags, params: IdParam, response: { 200: QrCodeInfo, ...ERROR_RESPONSES } },
    },
    async (request) => resourceQrCode(serviceContext(request, deps), deps, request.params.id),
  );
}
