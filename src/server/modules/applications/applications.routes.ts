import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AcceptedByUserResponse,
  AddVersionBody,
  Application,
  ApplicationsResponse,
  ApplicationVersion,
  ApplicationVersionsResponse,
} from '../../../shared/contract/applications';
import { COMPANY_PREFIX, IdParam, MASTER_PREFIX } from '../../../shared/contract/common';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import {
  acceptedByUser,
  addVersion,
  getApplication,
  listApplications,
  listVersions,
} from './applications.service';


export function registerApplicationRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = deps.db.kysely;
  const tags = ['applications'];
  for (const prefix of [COMPANY_PREFIX, MASTER_PREFIX]) {
    app.get(
      `${prefix}/applications/all`,
      {
        config: { auth: true },
        schema: { tags, response: { 200: ApplicationsResponse, ...ERROR_RESPONSES } },
      },
      async () => ({
        data: await listApplications(db),
      }),
    );
    app.get(
      `${prefix}/applications/:id`,
      {
        config: { auth: true },
        schema: { tags, params: IdParam, response: { 200: Application, ...ERROR_RESPONSES } },
      },
      async (request) => getApplication(db, request.params.id),
    );
    app.get(
      `${prefix}/applications/:id/versions`,
      {
        config: { auth: true },
        schema: { tags, params: IdParam, response: { 200: ApplicationVersionsResponse, ...ERROR_RESPONSES } },
      },
      async (request) => ({ data: await listVersions(db, request.params.id) }),
    );
  }

  app.post(
    `${MASTER_PREFIX}/applications/:id/versions`,
    {
      config: { auth: true },
      schema: {
        tags,
        params: IdParam,
        body: AddVersionBody,
        response: { 201: ApplicationVersion, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => reply.status(201).send(await addVersion(db, request.params.id, request.body)),
  );

  app.get(
    `${COMPANY_PREFIX}/applications/:id/accepted-by-user`,
    {
      config: { auth: true },
      schema: { tags, params: IdParam, response: { 200: AcceptedByUserResponse, ...ERROR_RESPONSES } },
    },
    async (request) => acceptedByUser(serviceContext(request, deps), request.params.id),
  );
}
