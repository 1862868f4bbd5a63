import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam } from '../../../shared/contract/common';
import {
  companyPaths,
  CreateCompanyBody,
  MasterCompany,
  MasterCompanyList,
  UpdateCompanyBody,
} from '../../../shared/contract/companies';
import type { AppDeps } from '../../context';
import { masterContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import {
  allCompanies,
  createCompany,
  deleteCompany,
  getCompany,
  restoreCompany,
  updateCompany,
} from './companies.service';

/** spec §7 master companies: platform administrators only (a company token is refused with 403). */
export function registerCompanyRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['master: companies'];
  const config = { auth: true };
  const ctx = (request: Parameters<typeof masterContext>[0]) => masterContext(request, deps);

  app.get(
    companyPaths.all,
    { config, schema: { tags, response: { 200: MasterCompanyList, ...ERROR_RESPONSES } } },
    async (request) => allCompanies(ctx(request)),
  );
  app.get(
    companyPaths.one(':id'),
    { config, schema: { tags, params: IdParam, response: { 200: MasterCompany, ...ERROR_RESPONSES } } },
    async (request) => getCompany(ctx(request), request.params.id),
  );
  app.post(
    companyPaths.list,
    {
      config,
      schema: { tags, body: CreateCompanyBody, response: { 201: MasterCompany, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createCompany(ctx(request), deps, request.body as CreateCompanyBody & { subdomain: string }),
        ),
  );
  app.put(
    companyPaths.one(':id'),
    {
      config,
      schema: {
        tags,
        params: IdParam,
        body: UpdateCompanyBody,
        response: { 200: MasterCompany, ...ERROR_RESPONSES },
      },
    },
    async (request) => updateCompany(ctx(request), request.params.id, request.body),
  );
  app.delete(
    companyPaths.one(':id'),
    { config, schema: { tags, params: IdParam, response: { 200: MasterCompany, ...ERROR_RESPONSES } } },
    async (request) => deleteCompany(ctx(request), deps, request.params.id),
  );
  app.post(
    companyPaths.restore(':id'),
    { config, schema: { tags, params: IdParam, response: { 200: MasterCompany, ...ERROR_RESPONSES } } },
    async (request) => restoreCompany(ctx(request), request.params.id),
  );
}
