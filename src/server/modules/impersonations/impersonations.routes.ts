import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam } from '../../../shared/contract/common';
import {
  ImpersonationDetail,
  ImpersonationList,
  impersonationPaths,
  StartImpersonationBody,
  StartImpersonationResponse,
} from '../../../shared/contract/impersonations';
import type { AppDeps } from '../../context';
import { masterContext, serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { logImpersonatedChanges } from './impersonation-log';
import { impersonationDetail, impersonationList, startImpersonation } from './impersonations.service';

/**
 * "Open company as administrator": the master call that opens a company (platform administrators
 * only), and the company's audit list of those openings (LOG-FILES: the company's logs).
 */
export function registerImpersonationRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  logImpersonatedChanges(root, deps);

  app.post(
    impersonationPaths.start(':id'),
    {
      config: { auth: true },
      schema: {
        tags: ['master: companies'],
        params: IdParam,
        body: StartImpersonationBody,
        response: { 201: StartImpersonationResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await startImpersonation(masterContext(request, deps), deps, request.params.id, request.body)),
  );

  const tags = ['impersonations'];
  const config = { auth: true, permission: 'LOG-FILES' } as const;
  app.get(
    impersonationPaths.list,
    { config, schema: { tags, response: { 200: ImpersonationList, ...ERROR_RESPONSES } } },
    async (request) => impersonationList(serviceContext(request, deps)),
  );
  app.get(
    impersonationPaths.one(':id'),
    { config, schema: { tags, params: IdParam, response: { 200: ImpersonationDetail, ...ERROR_RESPONSES } } },
    async (request) => impersonationDetail(serviceContext(request, deps), request.params.id),
  );
}
