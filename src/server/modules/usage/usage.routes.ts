import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UsageQuery, UsageReport, usagePaths } from '../../../shared/contract/usage';
import type { AppDeps } from '../../context';
import { masterContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { usageCsv, usageReport } from './usage.service';

/** spec §7 master usage: platform administrators only. */
export function registerUsageRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['master: usage'];
  app.get(
    usagePaths.report,
    {
      config: { auth: true },
      schema: { tags, querystring: UsageQuery, response: { 200: UsageReport, ...ERROR_RESPONSES } },
    },
    async (request) => usageReport(masterContext(request, deps), request.query),
  );
  app.get(
    usagePaths.export,
    {
      config: { auth: true },
      schema: { tags, querystring: UsageQuery, response: { 200: z.string(), ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const report = await usageReport(masterContext(request, deps), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="usage-${report.from}-${report.to}.csv"`)
        .send(usageCsv(report));
    },
  );
}
