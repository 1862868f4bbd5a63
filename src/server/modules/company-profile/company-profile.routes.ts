import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CompanyProfile,
  companyProfilePath,
  UpdateCompanyProfileBody,
} from '../../../shared/contract/company-profile';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { getCompanyProfile, updateCompanyProfile } from './company-profile.service';

export function registerCompanyProfileRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['company-profile'];
  app.get(
    companyProfilePath,
    {
      config: { auth: true, permission: ['COMPANY_PROFILE', 'read'] },
      schema: { tags, response: { 200: CompanyProfile, ...ERROR_RESPONSES } },
    },
    async (request) => getCompanyProfile(serviceContext(request, deps)),
  );
  app.put(
    companyProfilePath,
    {
      config: { auth: true, permission: ['COMPANY_PROFILE', 'update'] },
      schema: { tags, body: UpdateCompanyProfileBody, response: { 200: CompanyProfile, ...ERROR_RESPONSES } },
    },
    async (request) => updateCompanyProfile(serviceContext(request, deps), deps.reference, request.body),
  );
}
