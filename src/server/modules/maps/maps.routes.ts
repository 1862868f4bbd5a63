import type { FastifyInstance, FastifyReply } from 'fastify';
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
import { createMap, getMap, getMapImage, listMaps, updateMap } from './maps.service';

/** Floor maps belong to the levels administration; plan users see them on the plan. */
const READ: PermissionRequirement = [['LEVELS', 'read'], ['MANAGE_LEVELS', 'read'], 'PLAN'];
const WRITE: PermissionRequirement = [
  ['LEVELS', 'create'],
  ['LEVELS', 'update'],
];

/** A 5 MB file as base64 is about 6.7 MB of JSON. */
const UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * An image never runs anything: even opened on its own, an SVG gets no script, no outside
 * resource and no sniffing. Set in the route's own onSend, after the app-wide security headers.
 */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

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
      config: { auth: true, permission: ['LEVELS', 'update'] },
      schema: { tags, params: IdParam, body: UpdateMapBody, response: { 200: FloorMap, ...ERROR_RESPONSES } },
    },
    async (request) => updateMap(serviceContext(request, deps), request.params.id, request.body),
  );
  app.get(
    mapPaths.image,
    {
      config: { auth: true, permission: READ },
      schema: { tags, params: IdParam, response: { ...ERROR_RESPONSES } },
      onSend: async (_request, reply, payload) => {
        void reply.header('content-security-policy', IMAGE_CSP);
        void reply.header('x-content-type-options', 'nosniff');
        return payload;
      },
    },
    async (request, typedReply) => {
      // The body is bytes, not one of the declared JSON answers.
      const reply = typedReply as unknown as FastifyReply;
      const image = await getMapImage(serviceContext(request, deps), request.params.id);
      const etag = `"${image.sha256}"`;
      void reply
        .header('etag', etag)
        .header('cache-control', 'private, max-age=3600, must-revalidate')
        .header('vary', 'Authorization, Subdomain');
      if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return reply.type(image.mime).send(image.bytes);
    },
  );
}

/** If-None-Match: '*', or a list of tags, weak or strong. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
