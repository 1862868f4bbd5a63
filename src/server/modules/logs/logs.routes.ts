import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, PageQuery } from '../../../shared/contract/common';
import {
  CreateLogExportBody,
  LogConfig,
  LogConfigBody,
  LogConfigParam,
  LogExport,
  LogExportPage,
  logPaths,
} from '../../../shared/contract/logs';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import {
  changeLogConfig,
  createExport,
  downloadExport,
  getExport,
  listExports,
  logConfig,
} from './log-exports.service';

/** spec §2 /logs (LOG-FILES), §7 Logs: export list, create (csv), {id}; configs/1 GET and PUT is_active. */
export function registerLogRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: Parameters<typeof serviceContext>[0]) => serviceContext(request, deps);
  const config = { auth: true, permission: 'LOG-FILES' } as const;
  const tags = ['logs'];

  app.get(
    logPaths.exports,
    {
      config,
      schema: { tags, querystring: PageQuery, response: { 200: LogExportPage, ...ERROR_RESPONSES } },
    },
    async (request) => listExports(ctx(request), request.query),
  );
  app.post(
    logPaths.exports,
    { config, schema: { tags, body: CreateLogExportBody, response: { 201: LogExport, ...ERROR_RESPONSES } } },
    async (request, reply) => reply.status(201).send(await createExport(ctx(request), request.body)),
  );
  app.get(
    logPaths.export,
    { config, schema: { tags, params: IdParam, response: { 200: LogExport, ...ERROR_RESPONSES } } },
    async (request) => getExport(ctx(request), request.params.id),
  );
  app.get(
    logPaths.file,
    { config, schema: { tags, params: IdParam, response: { 200: z.any(), ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const file = await downloadExport(ctx(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.csv);
    },
  );
  app.get(
    logPaths.config,
    { config, schema: { tags, params: LogConfigParam, response: { 200: LogConfig, ...ERROR_RESPONSES } } },
    async (request) => logConfig(ctx(request)),
  );
  app.put(
    logPaths.config,
    {
      config,
      schema: {
        tags,
        params: LogConfigParam,
        body: LogConfigBody,
        response: { 200: LogConfig, ...ERROR_RESPONSES },
      },
    },
    async (request) => changeLogConfig(ctx(request), request.body.is_active),
  );
}
