import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, MessageBody, PageQuery } from '../../../shared/contract/common';
import {
  QrCodeTemplate,
  QrCodeTemplateBody,
  QrCodeTemplatePage,
  qrCodeTemplatePaths,
} from '../../../shared/contract/qr-code-templates';
import {
  QrCode,
  QrCodeExportBody,
  QrCodeListQuery,
  qrCodeListPaths,
  QrCodePage,
  QrCodeParam,
  QrCodeTarget,
  UpdateQrCodeBody,
} from '../../../shared/contract/qr-codes';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { exportCodes, getCode, listCodes, readOwnCode, removeCode, updateCode } from './code-list.service';
import {
  changeTemplate,
  createTemplate,
  getTemplate,
  listTemplates,
  removeTemplate,
  setDefaultTemplate,
} from './templates.service';

type Crud = 'create' | 'read' | 'update' | 'delete';
const qrCode = (action: Crud) => ({ auth: true, permission: ['QR_CODE', action] as const });

/** spec §2 /qr-code-templates and /qr-codes (QR_CODE), §7 QR templates and QR codes. */
export function registerQrCodeAdminRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: Parameters<typeof serviceContext>[0]) => serviceContext(request, deps);
  const templates = ['qr-code-templates'];
  const codes = ['qr-codes'];

  app.get(
    qrCodeTemplatePaths.list,
    {
      config: qrCode('read'),
      schema: {
        tags: templates,
        querystring: PageQuery,
        response: { 200: QrCodeTemplatePage, ...ERROR_RESPONSES },
      },
    },
    async (request) => listTemplates(ctx(request), request.query),
  );
  app.get(
    qrCodeTemplatePaths.one,
    {
      config: qrCode('read'),
      schema: { tags: templates, params: IdParam, response: { 200: QrCodeTemplate, ...ERROR_RESPONSES } },
    },
    async (request) => getTemplate(ctx(request), request.params.id),
  );
  app.post(
    qrCodeTemplatePaths.list,
    {
      config: qrCode('create'),
      schema: {
        tags: templates,
        body: QrCodeTemplateBody,
        response: { 201: QrCodeTemplate, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => reply.status(201).send(await createTemplate(ctx(request), request.body)),
  );
  app.put(
    qrCodeTemplatePaths.one,
    {
      config: qrCode('update'),
      schema: {
        tags: templates,
        params: IdParam,
        body: QrCodeTemplateBody,
        response: { 200: QrCodeTemplate, ...ERROR_RESPONSES },
      },
    },
    async (request) => changeTemplate(ctx(request), request.params.id, request.body),
  );
  app.put(
    qrCodeTemplatePaths.default,
    {
      config: qrCode('update'),
      schema: { tags: templates, params: IdParam, response: { 200: QrCodeTemplate, ...ERROR_RESPONSES } },
    },
    async (request) => setDefaultTemplate(ctx(request), request.params.id),
  );
  app.delete(
    qrCodeTemplatePaths.one,
    {
      config: qrCode('delete'),
      schema: { tags: templates, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => removeTemplate(ctx(request), request.params.id),
  );

  app.get(
    qrCodeListPaths.list,
    {
      config: qrCode('read'),
      schema: {
        tags: codes,
        querystring: QrCodeListQuery,
        response: { 200: QrCodePage, ...ERROR_RESPONSES },
      },
    },
    async (request) => listCodes(ctx(request), request.query),
  );
  app.get(
    qrCodeListPaths.read,
    {
      config: qrCode('read'),
      schema: { tags: codes, params: QrCodeParam, response: { 200: QrCodeTarget, ...ERROR_RESPONSES } },
    },
    async (request) => readOwnCode(ctx(request), request.params.code),
  );
  app.get(
    qrCodeListPaths.one,
    {
      config: qrCode('read'),
      schema: { tags: codes, params: IdParam, response: { 200: QrCode, ...ERROR_RESPONSES } },
    },
    async (request) => getCode(ctx(request), request.params.id),
  );
  app.put(
    qrCodeListPaths.one,
    {
      config: qrCode('update'),
      schema: {
        tags: codes,
        params: IdParam,
        body: UpdateQrCodeBody,
        response: { 200: QrCode, ...ERROR_RESPONSES },
      },
    },
    async (request) => updateCode(ctx(request), request.params.id, request.body),
  );
  app.delete(
    qrCodeListPaths.one,
    {
      config: qrCode('delete'),
      schema: { tags: codes, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => removeCode(ctx(request), request.params.id),
  );
  app.post(
    qrCodeListPaths.exports,
    {
      config: qrCode('read'),
      schema: { tags: codes, body: QrCodeExportBody, response: { 200: z.any(), ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const file = await exportCodes(deps, ctx(request), request.body);
      return reply
        .type(file.type)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(Buffer.from(file.bytes));
    },
  );
}
