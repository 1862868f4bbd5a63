import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam } from '../../../shared/contract/common';
import {
  LevelResourcesOccupancy,
  LevelResourcesOccupancyQuery,
  planPaths,
} from '../../../shared/contract/plan';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { levelResourcesOccupancy } from './plan-map.service';

/** spec §2 Plan map (PLAN): the occupancy of every resource of a level, for its markers. */
export function registerPlanMapRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    planPaths.levelResourcesOccupancy,
    {
      config: { auth: true, permission: 'PLAN' },
      schema: {
        tags: ['plan'],
        params: IdParam,
        querystring: LevelResourcesOccupancyQuery,
        response: { 200: LevelResourcesOccupancy, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      levelResourcesOccupancy(serviceContext(request, deps), request.params.id, request.query),
  );
}
