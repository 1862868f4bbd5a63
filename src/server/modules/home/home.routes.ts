import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HomeSummary, homePath } from '../../../shared/contract/home';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { homeSummary } from './home.service';

/**
 * GET home: the personal home's summary (spec §2 welcome). Decision: it needs PLAN, as the bookings
 * it offers to repeat and the presence it shows belong to the plan (a reception desk has no home
 * summary; its home lists its modules).
 */
export function registerHomeRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    homePath,
    {
      config: { auth: true, permission: 'PLAN' },
      schema: { tags: ['home'], response: { 200: HomeSummary, ...ERROR_RESPONSES } },
    },
    async (request) => homeSummary(serviceContext(request, deps)),
  );
}
