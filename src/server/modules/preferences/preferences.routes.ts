import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CompanyPreferencesResponse,
  menuPreferencesPath,
  MenuPreferencesResponse,
  Preference,
  PreferenceBody,
  PreferenceCategoriesResponse,
  PreferenceKeyParams,
  preferencePaths,
  PreferencesQuery,
  UserPreference,
  UserPreferencesResponse,
} from '../../../shared/contract/preferences';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { menuPreferences } from './preferences.queries';
import {
  listCategories,
  listCompanyPreferences,
  listUserPreferences,
  resetUserPreference,
  updateCompanyPreference,
  updateUserPreference,
} from './preferences.service';

export function registerPreferenceRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['preferences'];
  const answers = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...ERROR_RESPONSES });

  app.get(
    menuPreferencesPath,
    { config: { auth: true }, schema: { tags, response: answers(MenuPreferencesResponse) } },
    async (request) => {
      const ctx = serviceContext(request, deps);
      return { data: await menuPreferences(ctx.db, ctx.companyId, ctx.userId) };
    },
  );
  app.get(
    preferencePaths.categories,
    { config: { auth: true }, schema: { tags, response: answers(PreferenceCategoriesResponse) } },
    async (request) => ({ data: await listCategories(serviceContext(request, deps)) }),
  );
  app.get(
    preferencePaths.companyAll,
    {
      config: { auth: true, permission: ['COMPANY_PREFERENCES', 'read'] },
      schema: { tags, querystring: PreferencesQuery, response: answers(CompanyPreferencesResponse) },
    },
    async (request) => ({
      data: await listCompanyPreferences(
        serviceContext(request, deps),
        request.query.preference_category_ids,
      ),
    }),
  );
  app.put(
    preferencePaths.companyOne,
    {
      config: { auth: true, permission: ['COMPANY_PREFERENCES', 'update'] },
      schema: { tags, params: PreferenceKeyParams, body: PreferenceBody, response: answers(Preference) },
    },
    async (request) =>
      updateCompanyPreference(serviceContext(request, deps), request.params.key, request.body),
  );
  app.get(
    preferencePaths.userAll,
    {
      config: { auth: true },
      schema: { tags, querystring: PreferencesQuery, response: answers(UserPreferencesResponse) },
    },
    async (request) => ({
      data: await listUserPreferences(serviceContext(request, deps), request.query.preference_category_ids),
    }),
  );
  app.put(
    preferencePaths.userOne,
    {
      config: { auth: true },
      schema: { tags, params: PreferenceKeyParams, body: PreferenceBody, response: answers(UserPreference) },
    },
    async (request) => updateUserPreference(serviceContext(request, deps), request.params.key, request.body),
  );
  app.delete(
    preferencePaths.userOne,
    {
      config: { auth: true },
      schema: { tags, params: PreferenceKeyParams, response: answers(UserPreference) },
    },
    async (request) => resetUserPreference(serviceContext(request, deps), request.params.key),
  );
}
