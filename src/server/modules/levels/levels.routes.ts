import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, MessageBody } from '../../../shared/contract/common';
import {
  CreateLevelBody,
  DeleteLevelsBody,
  Level,
  LevelList,
  LevelListQuery,
  LevelMapList,
  levelPaths,
  levelsPath,
  UpdateLevelBody,
} from '../../../shared/contract/levels';
import { QrCodeInfo } from '../../../shared/contract/qr-codes';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { createLevel, deleteLevels, updateLevel } from './level-changes.service';
import {
  getLevel,
  levelQrCode,
  listLevelMaps,
  listLevels,
  listSublevels,
  setFavorite,
} from './levels.service';

/**
 * spec §2 /levels (LEVELS; MANAGE_LEVELS read). The plan's location picker (PLAN) reads the same
 * levels, favourites and frequent list, so PLAN reads too; only LEVELS changes the tree.
 */
const READ: PermissionRequirement = [['LEVELS', 'read'], ['MANAGE_LEVELS', 'read'], 'PLAN'];
/**
 * spec §2 location picker: the favourite toggle is "enabled if the user has update permission on
 * the level": LEVELS update, as the picker enables it (location-rules.ts mayToggleFavorite).
 */
const FAVOR: PermissionRequirement = ['LEVELS', 'update'];

export function registerLevelRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['levels'];
  const one = { 200: Level, ...ERROR_RESPONSES };

  app.get(
    levelPaths.all,
    {
      config: { auth: true, permission: READ },
      schema: { tags, querystring: LevelListQuery, response: { 200: LevelList, ...ERROR_RESPONSES } },
    },
    async (request) => listLevels(serviceContext(request, deps), request.query),
  );
  app.get(
    levelPaths.maps,
    {
      config: { auth: true, permission: READ },
      schema: { tags, response: { 200: LevelMapList, ...ERROR_RESPONSES } },
    },
    async (request) => listLevelMaps(serviceContext(request, deps)),
  );
  app.get(
    levelPaths.one,
    { config: { auth: true, permission: READ }, schema: { tags, params: IdParam, response: one } },
    async (request) => getLevel(serviceContext(request, deps), request.params.id),
  );
  app.get(
    levelPaths.sublevels,
    {
      config: { auth: true, permission: READ },
      schema: { tags, params: IdParam, response: { 200: LevelList, ...ERROR_RESPONSES } },
    },
    async (request) => listSublevels(serviceContext(request, deps), request.params.id),
  );
  app.post(
    levelsPath,
    {
      config: { auth: true, permission: ['LEVELS', 'create'] },
      schema: { tags, body: CreateLevelBody, response: { 201: Level, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply.status(201).send(await createLevel(serviceContext(request, deps), deps.reference, request.body)),
  );
  app.put(
    levelPaths.one,
    {
      config: { auth: true, permission: ['LEVELS', 'update'] },
      schema: { tags, params: IdParam, body: UpdateLevelBody, response: one },
    },
    async (request) =>
      updateLevel(serviceContext(request, deps), deps.reference, request.params.id, request.body),
  );
  app.delete(
    levelPaths.deleteSublevels,
    {
      config: { auth: true, permission: ['LEVELS', 'delete'] },
      schema: { tags, body: DeleteLevelsBody, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => {
      await deleteLevels(serviceContext(request, deps), request.body.level_ids);
      return { message: 'Deleted.' };
    },
  );
  app.delete(
    levelPaths.one,
    {
      config: { auth: true, permission: ['LEVELS', 'delete'] },
      schema: { tags, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => {
      await deleteLevels(serviceContext(request, deps), [request.params.id]);
      return { message: 'Deleted.' };
    },
  );
  app.get(
    levelPaths.qrCode,
    {
      config: { auth: true, permission: READ },
      schema: { tags, params: IdParam, response: { 200: QrCodeInfo, ...ERROR_RESPONSES } },
    },
    async (request) => levelQrCode(serviceContext(request, deps), deps, request.params.id),
  );
  app.post(
    levelPaths.favor,
    { config: { auth: true, permission: FAVOR }, schema: { tags, params: IdParam, response: one } },
    async (request) => setFavorite(serviceContext(request, deps), request.params.id, true),
  );
  app.post(
    levelPaths.disfavor,
    { config: { auth: true, permission: FAVOR }, schema: { tags, params: IdParam, response: one } },
    async (request) => setFavorite(serviceContext(request, deps), request.params.id, false),
  );
}
