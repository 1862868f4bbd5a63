import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Cleaning, CleanResources, CleanResourcesQuery, cleanPaths } from '../../../shared/contract/cleaning';
import { IdParam } from '../../../shared/contract/common';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { cleanResources, markCleaned } from './cleaning.service';

/** spec §2 /clean (CLEAN) and §7 GET clean resources (level_id); marking one cleaned. */
export function registerCleaningRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['cleaning'];
  app.get(
    cleanPaths.list,
    {
      config: { auth: true, permission: 'CLEAN' },
      schema: {
        tags,
        querystring: CleanResourcesQuery,
        response: { 200: CleanResources, ...ERROR_RESPONSES },
      },
    },
    async (request) => cleanResources(serviceContext(request, deps), request.query.level_id ?? null),
  );
  app.post(
    cleanPaths.one,
    {
      config: { auth: true, permission: 'CLEAN' },
      schema: { tags, params: IdParam, response: { 201: Cleaning, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply.status(201).send(await markCleaned(serviceContext(request, deps), request.params.id)),
  );
}
