import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ImportBody,
  ImportPreview,
  ImportResult,
  UserListQuery,
  userPaths,
} from '../../../shared/contract/users';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { exportUsersCsv } from './users-export.service';
import { importUsers, previewImport } from './users-import.service';

const READ = ['USERS_CONTAINERS', 'read'] as const;
const CREATE = ['USERS_CONTAINERS', 'create'] as const;
// A CSV of a couple of thousand rows; the route's own limit, above the server's default.
const IMPORT_BODY_LIMIT = 2 * 1024 * 1024;

function companyOf(request: FastifyRequest) {
  if (request.tenant?.area !== 'company') throw new Error(`No company on ${request.url}`);
  return request.tenant.company;
}

/** spec §2 /manage-users import (csv-parse: preview, then all rows or none) and export (csv-stringify). */
export function registerUserCsvRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.get(
    userPaths.exportCsv,
    {
      config: { auth: true, permission: READ },
      schema: { tags, querystring: UserListQuery, response: { 200: z.string(), ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const csv = await exportUsersCsv(serviceContext(request, deps), deps.reference, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="users.csv"')
        .send(csv);
    },
  );
  app.post(
    userPaths.importPreview,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { auth: true, permission: CREATE },
      schema: { tags, body: ImportBody, response: { 200: ImportPreview, ...ERROR_RESPONSES } },
    },
    async (request) =>
      previewImport(serviceContext(request, deps), deps, companyOf(request), request.body.csv),
  );
  app.post(
    userPaths.importCsv,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { auth: true, permission: CREATE },
      schema: { tags, body: ImportBody, response: { 201: ImportResult, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await importUsers(serviceContext(request, deps), deps, companyOf(request), request.body.csv)),
  );
}
