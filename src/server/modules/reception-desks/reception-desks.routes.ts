import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, MessageBody } from '../../../shared/contract/common';
import {
  AllowedContainers,
  CreateReceptionDeskBody,
  DeskContainerList,
  DeskContainersQuery,
  DeskEmailTemplate,
  DeskEmailTemplateList,
  EmailTemplateBody,
  EmailTemplateParams,
  ReceptionDesk,
  ReceptionDeskList,
  ReceptionDeskListQuery,
  receptionDeskPaths,
  UpdateReceptionDeskBody,
} from '../../../shared/contract/reception-desks';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import {
  allowedContainers,
  createDesk,
  deleteDesk,
  deskContainers,
  getDesk,
  listDesks,
  updateDesk,
} from './reception-desks.service';
import { deskEmailTemplates, resetEmailTemplate, saveEmailTemplate } from './email-templates.service';

/**
 * spec §2 /reception-desks (RECEPTIONS). Hosts (MY_VISITORS) and reception (VISITOR_MANAGEMENT, or
 * RECEPTION_DESK_VISITORS through a reception-desk container) read the desks too, to choose where a
 * visitor is expected or received; only RECEPTIONS sees a desk's kiosk code.
 */
const READ = {
  auth: true,
  permission: [
    ['RECEPTIONS', 'read'],
    'MY_VISITORS',
    ['VISITOR_MANAGEMENT', 'read'],
  ] as PermissionRequirement,
  orReceptionDesk: 'read' as const,
};

export function registerReceptionDeskRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['reception-desks'];
  const one = { 200: ReceptionDesk, ...ERROR_RESPONSES };
  const ctx = (request: FastifyRequest) => serviceContext(request, deps);

  app.get(
    receptionDeskPaths.all,
    {
      config: READ,
      schema: {
        tags,
        querystring: ReceptionDeskListQuery,
        response: { 200: ReceptionDeskList, ...ERROR_RESPONSES },
      },
    },
    async (request) => listDesks(ctx(request), request.query),
  );
  app.get(
    receptionDeskPaths.containers,
    {
      config: READ,
      schema: {
        tags,
        querystring: DeskContainersQuery,
        response: { 200: DeskContainerList, ...ERROR_RESPONSES },
      },
    },
    async (request) => deskContainers(ctx(request), request.query.access_type_ids),
  );
  app.get(
    receptionDeskPaths.allowedContainers,
    {
      config: READ,
      schema: { tags, params: IdParam, response: { 200: AllowedContainers, ...ERROR_RESPONSES } },
    },
    async (request) => allowedContainers(ctx(request), request.params.id),
  );
  app.get(
    receptionDeskPaths.one,
    { config: READ, schema: { tags, params: IdParam, response: one } },
    async (request) => getDesk(ctx(request), request.params.id),
  );
  app.post(
    receptionDeskPaths.all,
    {
      config: { auth: true, permission: ['RECEPTIONS', 'create'] },
      schema: { tags, body: CreateReceptionDeskBody, response: { 201: ReceptionDesk, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply.status(201).send(await createDesk(ctx(request), deps.reference, request.body)),
  );
  app.put(
    receptionDeskPaths.one,
    {
      config: { auth: true, permission: ['RECEPTIONS', 'update'] },
      schema: { tags, params: IdParam, body: UpdateReceptionDeskBody, response: one },
    },
    async (request) => updateDesk(ctx(request), deps.reference, request.params.id, request.body),
  );
  app.delete(
    receptionDeskPaths.one,
    {
      config: { auth: true, permission: ['RECEPTIONS', 'delete'] },
      schema: { tags, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => deleteDesk(ctx(request), request.params.id),
  );

  // edit-email/:typeId (docs/visitors.md "E-mail templates"): RECEPTIONS, as the desk itself.
  const template = { 200: DeskEmailTemplate, ...ERROR_RESPONSES };
  app.get(
    receptionDeskPaths.emailTemplates,
    {
      config: { auth: true, permission: ['RECEPTIONS', 'read'] },
      schema: { tags, params: IdParam, response: { 200: DeskEmailTemplateList, ...ERROR_RESPONSES } },
    },
    async (request) => deskEmailTemplates(ctx(request), request.params.id),
  );
  app.put(
    receptionDeskPaths.emailTemplate,
    {
      config: { auth: true, permission: ['RECEPTIONS', 'update'] },
      schema: { tags, params: EmailTemplateParams, body: EmailTemplateBody, response: template },
    },
    async (request) =>
      saveEmailTemplate(ctx(request), request.params.id, request.params.typeId, request.body),
  );
  app.delete(
    receptionDeskPaths.emailTemplate,
    {
      config: { auth: true, permission: ['RECEPTIONS', 'update'] },
      schema: { tags, params: EmailTemplateParams, response: template },
    },
    async (request) => resetEmailTemplate(ctx(request), request.params.id, request.params.typeId),
  );
}
