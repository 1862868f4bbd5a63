import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam } from '../../../shared/contract/common';
import {
  LiveMap,
  realTimePaths,
  TempToken,
  TempTokenBody,
  WallParams,
} from '../../../shared/contract/real-time';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { publicContext, serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { imageHeaders, sendStoredImage } from '../../http/stored-image';
import { issueTempToken, liveMap, wallImage, wallMap } from './real-time.service';

/** Who sets a wall screen up: the map's administrators, and REAL_TIME holders (spec §2 /real-time). */
export const REALTIME_SETUP: PermissionRequirement = [['LEVELS', 'update'], 'REAL_TIME'];

/**
 * spec §2 /real-time/map/:mapId (REAL_TIME) and spec §7 POST temp token; the wall screen's public
 * calls by that token (no sign-in: the company from the host, the map from the token, rate-limited).
 */
export function registerRealTimeRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['real-time'];
  app.get(
    realTimePaths.map,
    {
      config: { auth: true, permission: 'REAL_TIME' },
      schema: { tags, params: IdParam, response: { 200: LiveMap, ...ERROR_RESPONSES } },
    },
    async (request) => liveMap(serviceContext(request, deps), request.params.id),
  );
  app.post(
    realTimePaths.tempToken,
    {
      config: { auth: true, permission: REALTIME_SETUP },
      schema: {
        tags,
        params: IdParam,
        body: TempTokenBody,
        response: { 201: TempToken, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await issueTempToken(serviceContext(request, deps), deps.codes, request.params.id)),
  );
  app.get(
    realTimePaths.wall,
    { schema: { tags, params: WallParams, response: { 200: LiveMap, ...ERROR_RESPONSES } } },
    async (request) => wallMap(publicContext(request, deps), deps.codes, request.params.code, request.ip),
  );
  app.get(
    realTimePaths.wallImage,
    { schema: { tags, params: WallParams, response: { ...ERROR_RESPONSES } }, onSend: imageHeaders },
    async (request, reply) =>
      sendStoredImage(
        request,
        reply,
        await wallImage(publicContext(request, deps), deps.codes, request.params.code, request.ip),
      ),
  );
}
