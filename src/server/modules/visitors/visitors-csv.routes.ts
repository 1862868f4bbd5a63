import type { FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ImportPreview, ImportResult } from '../../../shared/contract/csv-import';
import { VisitorImportBody, visitorPaths, VisitorReportQuery } from '../../../shared/contract/visitors';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { exampleFile, importVisitors, previewVisitorImport, visitorReport } from './visitors-csv.service';

// A CSV of a couple of thousand rows; the route's own limit, above the server's default.
const IMPORT_BODY_LIMIT = 2 * 1024 * 1024;
const reception = (action: 'read' | 'create') => ({
  auth: true,
  permission: ['VISITOR_MANAGEMENT', action] as PermissionRequirement,
  orReceptionDesk: action,
});

const sendCsv = (reply: FastifyReply, filename: string, csv: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);

/**
 * spec §2 reception add-visitor import and §7 Visitors "import, report, export example": a visitor
 * list previewed row by row then imported whole (csv-parse), the desk's visits as CSV and the
 * example file (csv-stringify, cells neutralised: http/csv-cells.ts).
 */
export function registerVisitorCsvRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest) => serviceContext(request, deps);
  const tags = ['visitors'];

  app.post(
    visitorPaths.importPreview,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: reception('create'),
      schema: { tags, body: VisitorImportBody, response: { 200: ImportPreview, ...ERROR_RESPONSES } },
    },
    async (request) =>
      previewVisitorImport(ctx(request), deps.reference, request.body.reception_desk_id, request.body.csv),
  );
  app.post(
    visitorPaths.importCsv,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: reception('create'),
      schema: { tags, body: VisitorImportBody, response: { 201: ImportResult, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await importVisitors(
            ctx(request),
            deps,
            deps.reference,
            request.body.reception_desk_id,
            request.body.csv,
          ),
        ),
  );
  app.get(
    visitorPaths.report,
    {
      config: reception('read'),
      schema: { tags, querystring: VisitorReportQuery, response: { 200: z.string(), ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const { reception_desk_id: deskId, group } = request.query;
      const csv = await visitorReport(ctx(request), deps.reference, deskId, group);
      return sendCsv(reply, `visitors-${deskId}-${group}.csv`, csv);
    },
  );
  app.get(
    visitorPaths.exportExample,
    { config: reception('read'), schema: { tags, response: { 200: z.string(), ...ERROR_RESPONSES } } },
    async (_request, reply) => sendCsv(reply, 'visitors-example.csv', exampleFile()),
  );
}
