import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageBody } from '../../../shared/contract/common';
import {
  AcceptDocumentsBody,
  ApplicationParams,
  CompanyDocument,
  DocumentAcceptances,
  DocumentList,
  DocumentListQuery,
  DocumentParams,
  documentPaths,
  DOCUMENT_PDF_MAX_BYTES,
  ReadableDocumentList,
  ReadableQuery,
  RemindAnswer,
  SaveDocumentBody,
} from '../../../shared/contract/company-documents';
import { can, type Action } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { deleteDocument, getDocument, listDocuments, saveDocument } from './company-documents.service';
import {
  acceptancesCsv,
  acceptDocuments,
  documentAcceptances,
  documentPdf,
  readableDocuments,
  remindPending,
} from './document-acceptance.service';
import { pdfFileName } from './document-pdf';

/** A PDF as base64 is a third larger than the file; the rest of the body is the text. */
const SAVE_BODY_LIMIT = Math.ceil((DOCUMENT_PDF_MAX_BYTES * 4) / 3) + 2 * 1024 * 1024;

const admin = (action: Action) => ({ auth: true, permission: ['DOCUMENTS', action] as const });
const reader = { auth: true };

/**
 * spec §2 /company-documents (DOCUMENTS: its administrators), and for every signed-in user
 * /accept-documents/{applicationId} and /help-and-documents (docs/documents.md).
 */
export function registerCompanyDocumentRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest) => serviceContext(request, deps);
  const tags = ['company documents'];
  const one = { 200: CompanyDocument, ...ERROR_RESPONSES };

  app.get(
    documentPaths.readable,
    {
      config: reader,
      schema: {
        tags,
        querystring: ReadableQuery,
        response: { 200: ReadableDocumentList, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await readableDocuments(ctx(request), { query: request.query.query }) }),
  );
  app.get(
    documentPaths.unaccepted(':applicationId'),
    {
      config: reader,
      schema: {
        tags,
        params: ApplicationParams,
        response: { 200: ReadableDocumentList, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      data: await readableDocuments(ctx(request), {
        applicationId: request.params.applicationId,
        unacceptedOnly: true,
      }),
    }),
  );
  app.post(
    documentPaths.accept,
    {
      config: reader,
      schema: { tags, body: AcceptDocumentsBody, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => acceptDocuments(ctx(request), request.body),
  );
  app.get(
    documentPaths.pdf(':id'),
    {
      config: reader,
      schema: { tags, params: DocumentParams, response: { 200: z.any(), ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const context = ctx(request);
      const pdf = await documentPdf(
        context,
        request.params.id,
        can(context.permissions ?? [], ['DOCUMENTS', 'read']),
      );
      const name = pdfFileName(pdf.name);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `inline; filename="document.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf.bytes);
    },
  );

  app.get(
    documentPaths.list,
    {
      config: admin('read'),
      schema: { tags, querystring: DocumentListQuery, response: { 200: DocumentList, ...ERROR_RESPONSES } },
    },
    async (request) => listDocuments(ctx(request), request.query),
  );
  app.get(
    documentPaths.one(':id'),
    { config: admin('read'), schema: { tags, params: DocumentParams, response: one } },
    async (request) => getDocument(ctx(request), request.params.id),
  );
  app.post(
    documentPaths.list,
    {
      bodyLimit: SAVE_BODY_LIMIT,
      config: admin('create'),
      schema: { tags, body: SaveDocumentBody, response: { 201: CompanyDocument, ...ERROR_RESPONSES } },
    },
    async (request, reply) => reply.status(201).send(await saveDocument(ctx(request), null, request.body)),
  );
  app.put(
    documentPaths.one(':id'),
    {
      bodyLimit: SAVE_BODY_LIMIT,
      config: admin('update'),
      schema: { tags, params: DocumentParams, body: SaveDocumentBody, response: one },
    },
    async (request) => saveDocument(ctx(request), request.params.id, request.body),
  );
  app.delete(
    documentPaths.one(':id'),
    {
      config: admin('delete'),
      schema: { tags, params: DocumentParams, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => deleteDocument(ctx(request), request.params.id),
  );
  app.get(
    documentPaths.acceptances(':id'),
    {
      config: admin('read'),
      schema: { tags, params: DocumentParams, response: { 200: DocumentAcceptances, ...ERROR_RESPONSES } },
    },
    async (request) => documentAcceptances(ctx(request), request.params.id),
  );
  app.get(
    documentPaths.export(':id'),
    {
      config: admin('read'),
      schema: { tags, params: DocumentParams, response: { 200: z.string(), ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="document-${request.params.id}-acceptances.csv"`)
        .send(await acceptancesCsv(ctx(request), request.params.id)),
  );
  app.post(
    documentPaths.remind(':id'),
    {
      config: admin('update'),
      schema: { tags, params: DocumentParams, response: { 200: RemindAnswer, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const subdomain = request.tenant?.area === 'company' ? request.tenant.company.subdomain : '';
      return remindPending(ctx(request), deps, request.params.id, subdomain);
    },
  );
}
