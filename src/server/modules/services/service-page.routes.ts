import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam } from '../../../shared/contract/common';
import {
  ProblemBody,
  ProblemsQuery,
  ServicePage,
  ServicePageOrderBody,
  servicePagePaths,
  ServicePageParams,
  ServiceProblem,
  ServiceProblemPage,
} from '../../../shared/contract/service-page';
import { ServiceOrder } from '../../../shared/contract/services';
import {
  AutoReleaseFilters,
  AutoReleaseReport,
  servicesReportPaths,
} from '../../../shared/contract/services-report';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { autoReleaseReport } from './auto-release-report';
import {
  listProblems,
  orderAtCode,
  reportProblem,
  resolveProblem,
  servicePage,
} from './service-page.service';

/**
 * spec §2 /service/{code}: the resource's QR code page (anyone signed in: order its services, report
 * a problem), the providers' list of the problems reported (SERVICES), and the services'
 * auto-release report (spec §2 /reports services: REPORTS, and REPORTS_SERVICES checked by the service).
 */
export function registerServicePageRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['services'];
  const context = (request: Parameters<typeof serviceContext>[0]) => serviceContext(request, deps);
  const signedIn = { auth: true };
  const errors = ERROR_RESPONSES;

  app.get(
    servicePagePaths.page,
    {
      config: signedIn,
      schema: { tags, params: ServicePageParams, response: { 200: ServicePage, ...errors } },
    },
    async (request) => servicePage(context(request), request.params.code),
  );
  app.post(
    servicePagePaths.orders,
    {
      config: signedIn,
      schema: {
        tags,
        params: ServicePageParams,
        body: ServicePageOrderBody,
        response: { 201: ServiceOrder, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await orderAtCode(context(request), request.params.code, request.body)),
  );
  app.post(
    servicePagePaths.problems,
    {
      config: signedIn,
      schema: {
        tags,
        params: ServicePageParams,
        body: ProblemBody,
        response: { 201: ServiceProblem, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await reportProblem(context(request), request.params.code, request.body, {
          mailer: deps.mailer,
          origin: deps.originOf(request.tenant?.area === 'company' ? request.tenant.company.subdomain : null),
        }),
      ),
  );
  app.get(
    servicePagePaths.providerProblems,
    {
      config: { auth: true, permission: ['SERVICES', 'read'] },
      schema: { tags, querystring: ProblemsQuery, response: { 200: ServiceProblemPage, ...errors } },
    },
    async (request) => listProblems(context(request), request.query),
  );
  app.put(
    servicePagePaths.resolve,
    {
      config: { auth: true, permission: ['SERVICES', 'update'] },
      schema: { tags, params: IdParam, response: { 200: ServiceProblem, ...errors } },
    },
    async (request) => resolveProblem(context(request), request.params.id),
  );
  app.post(
    servicesReportPaths.autoRelease,
    {
      config: { auth: true, permission: 'REPORTS' },
      schema: {
        tags: ['reports'],
        body: AutoReleaseFilters,
        response: { 200: AutoReleaseReport, ...errors },
      },
    },
    async (request) => autoReleaseReport(context(request), request.body),
  );
}
