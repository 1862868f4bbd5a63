import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { menuPreferencesPath, MenuPreferencesResponse } from '../../../shared/contract/preferences';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { menuPreferences } from './preferences.queries';

export function registerPreferenceRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    menuPreferencesPath,
    {
      config: { auth: true },
      schema: { tags: ['preferences'], response: { 200: MenuPreferencesResponse, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const ctx = serviceContext(request, deps);
      return { data: await menuPreferences(ctx.db, ctx.companyId, ctx.userId) };
    },
  );
}
