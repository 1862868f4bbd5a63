import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, MessageBody } from '../../../shared/contract/common';
import {
  Device,
  DeviceBody,
  DeviceList,
  devicePaths,
  DeviceTemplate,
  DeviceTemplateList,
  DeviceUserList,
  DeviceUsersBody,
  DeviceUsersQuery,
  DeviceWithCode,
  TemplateBody,
  TemplateListQuery,
} from '../../../shared/contract/devices';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import {
  deviceUsers,
  editDevice,
  listDevices,
  regenerateCode,
  registerDevice,
  removeDevice,
  setDeviceUsers,
} from './devices.service';
import { addTemplate, editTemplate, listTemplates } from './templates.service';

/** spec §2 /devices (DEVICES) and its users; §7 devices, device users (model_id) and templates (device_type). */
export function registerDeviceRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['devices'];
  const ctx = (request: FastifyRequest) => serviceContext(request, deps);
  const origin = (request: FastifyRequest) =>
    deps.originOf(request.tenant?.area === 'company' ? request.tenant.company.subdomain : null);
  const may = (action: 'create' | 'read' | 'update' | 'delete') => ({
    auth: true,
    permission: ['DEVICES', action] as ['DEVICES', typeof action],
  });
  const oneTemplate = { 200: DeviceTemplate, ...ERROR_RESPONSES };
  const withCode = { 200: DeviceWithCode, ...ERROR_RESPONSES };

  app.get(
    devicePaths.templates,
    {
      // also for whoever manages reception desks, who choose a kiosk's template
      config: {
        auth: true,
        permission: [
          ['DEVICES', 'read'],
          ['RECEPTIONS', 'read'],
        ] as PermissionRequirement,
      },
      schema: {
        tags,
        querystring: TemplateListQuery,
        response: { 200: DeviceTemplateList, ...ERROR_RESPONSES },
      },
    },
    async (request) => listTemplates(ctx(request), request.query.device_type),
  );
  app.post(
    devicePaths.templates,
    {
      config: may('create'),
      schema: { tags, body: TemplateBody, response: { 201: DeviceTemplate, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply.status(201).send(await addTemplate(ctx(request), deps.reference, request.body)),
  );
  app.put(
    devicePaths.template,
    { config: may('update'), schema: { tags, params: IdParam, body: TemplateBody, response: oneTemplate } },
    async (request) => editTemplate(ctx(request), deps.reference, request.params.id, request.body),
  );
  app.get(
    devicePaths.users,
    {
      config: may('read'),
      schema: { tags, querystring: DeviceUsersQuery, response: { 200: DeviceUserList, ...ERROR_RESPONSES } },
    },
    async (request) => deviceUsers(ctx(request), request.query.model_id),
  );
  app.post(
    devicePaths.users,
    {
      config: may('update'),
      schema: { tags, body: DeviceUsersBody, response: { 200: DeviceUserList, ...ERROR_RESPONSES } },
    },
    async (request) => setDeviceUsers(ctx(request), request.body),
  );
  app.get(
    devicePaths.devices,
    { config: may('read'), schema: { tags, response: { 200: DeviceList, ...ERROR_RESPONSES } } },
    async (request) => listDevices(ctx(request)),
  );
  app.post(
    devicePaths.devices,
    {
      config: may('create'),
      schema: { tags, body: DeviceBody, response: { 201: DeviceWithCode, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply.status(201).send(await registerDevice(ctx(request), origin(request), request.body)),
  );
  app.put(
    devicePaths.device,
    {
      config: may('update'),
      schema: { tags, params: IdParam, body: DeviceBody, response: { 200: Device, ...ERROR_RESPONSES } },
    },
    async (request) => editDevice(ctx(request), request.params.id, request.body),
  );
  app.post(
    devicePaths.code,
    { config: may('update'), schema: { tags, params: IdParam, response: withCode } },
    async (request) => regenerateCode(ctx(request), origin(request), request.params.id),
  );
  app.delete(
    devicePaths.device,
    {
      config: may('delete'),
      schema: { tags, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => removeDevice(ctx(request), request.params.id),
  );
}
