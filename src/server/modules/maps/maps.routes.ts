import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, PageQuery } from '../../../shared/contract/common';
import {
  CreateMapBody,
  FloorMap,
  FloorMapList,
  mapPaths,
  mapsPath,
  UpdateMapBody,
} from '../../../shared/contract/maps';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { registerImageRoute } from './image-route';
import { createMap, getMap, getMapImage, listMaps, updateMap } from './maps.service';

/**
 * Floor maps belong to the levels administration; plan users see them on the plan, real-time users
 * on their screens, cleaning staff on /clean.
 */
const READ: PermissionRequirement = [
  ['LEVELS', 'read'],
  ['MANAGE_LEVELS', 'read'],
  'PLAN',
  'REAL_TIME',
  'CLEAN',
];
/** The realtime flag: REAL_TIME holders too (the service refuses them a new name). */
const UPDATE: PermissionRequirement = [['LEVELS', 'update'], 'REAL_TIME'];
const WRITE: PermissionRequirement = [
  ['LEVELS', 'create'],
  ['LEVELS', 'update'],
];

/** A 5 MB file as base64 is about 6.7 MB of JSON. */
const UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;

export function registerMapRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['maps'];

  app.get(
    mapsPath,
    {
      config: { auth: true, permission: READ },
      schema: { tags, querystring: PageQuery, response: { 200: FloorMapList, ...ERROR_RESPONSES } },
    },
    async (request) => listMaps(serviceContext(request, deps), request.query),
  );
  app.post(
    mapsPath,
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      config: { auth: true, permission: WRITE },
      schema: { tags, body: CreateMapBody, response: { 201: FloorMap, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply.status(201).send(await createMap(serviceContext(request, deps), request.body)),
  );
  app.get(
    mapPaths.one,
    {
      config: { auth: true, permission: READ },
      schema: { tags, params: IdParam, response: { 200: FloorMap, ...ERROR_RESPONSES } },
    },
    async (request) => getMap(serviceContext(request, deps), request.params.id),
  );
  app.put(
    mapPaths.one,
    {
      config: { auth: true, permission: UPDATE },
      schema: { tags, params: IdParam, body: UpdateMapBody, response: { 200: FloorMap, ...ERROR_RESPONSES } },
    },
    async (request) => updateMap(serviceContext(request, deps), request.params.id, request.body),
  );
  registerImageRoute(root, deps, { path: mapPaths.image, tags, permission: READ, load: getMapImage });
}
