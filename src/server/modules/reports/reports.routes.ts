import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, MessageBody } from '../../../shared/contract/common';
import {
  CalculateQuery,
  CreateReportPresetBody,
  EXPORT_FILENAME,
  ExportQuery,
  FinderList,
  ReportCount,
  ReportFilterList,
  ReportPayload,
  ReportPreset,
  ReportPresetList,
  ReportPresetOrderBody,
  ReportResult,
  reportPaths,
  ReportSettings,
  ReportSettingsBody,
  ReportSubscription,
  ReportSubscriptionList,
  SectionParam,
  SectionQuery,
  TechnicalList,
  UpdateReportPresetBody,
  CreateReportSubscriptionBody,
  UpdateReportSubscriptionBody,
} from '../../../shared/contract/reports';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { exportCsv } from './export.service';
import {
  activateReportPreset,
  addReportPreset,
  editReportPreset,
  listReportPresets,
  orderReportPresets,
  removeReportPreset,
  searchFilters,
  sectionFilters,
} from './presets.service';
import { calculate, countOf, technicalListOf } from './reports.service';
import { levelFinder, reportSettings, saveReportSettings } from './settings.service';
import {
  addReportSubscription,
  editReportSubscription,
  listReportSubscriptions,
  removeReportSubscription,
} from './subscriptions.service';

/** spec §2 /reports needs REPORTS; each section adds its own (REPORTS_BOOKINGS), checked by the services. */
export function registerReportRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const config = { auth: true, permission: 'REPORTS' } as const;
  const respond = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...ERROR_RESPONSES });
  const ctx = (request: Parameters<typeof serviceContext>[0]) => serviceContext(request, deps);

  app.get(
    reportPaths.settings,
    { config, schema: { tags, response: respond(ReportSettings) } },
    async (request) => reportSettings(ctx(request)),
  );
  app.post(
    reportPaths.settings,
    { config, schema: { tags, body: ReportSettingsBody, response: respond(ReportSettings) } },
    async (request) => saveReportSettings(ctx(request), request.body),
  );
  app.get(
    reportPaths.filters,
    { config, schema: { tags, querystring: SectionQuery, response: respond(ReportFilterList) } },
    async (request) => sectionFilters(ctx(request), request.query.section),
  );
  app.get(
    reportPaths.searchFilters,
    { config, schema: { tags, params: SectionParam, response: respond(ReportFilterList) } },
    async (request) => searchFilters(ctx(request), request.params.section),
  );
  app.post(
    reportPaths.calculate,
    {
      config,
      schema: { tags, querystring: CalculateQuery, body: ReportPayload, response: respond(ReportResult) },
    },
    async (request) => calculate(ctx(request), request.body, request.query),
  );
  app.post(
    reportPaths.technicalList,
    {
      config,
      schema: { tags, querystring: CalculateQuery, body: ReportPayload, response: respond(TechnicalList) },
    },
    async (request) => technicalListOf(ctx(request), request.body, request.query),
  );
  app.post(
    reportPaths.count,
    { config, schema: { tags, body: ReportPayload, response: respond(ReportCount) } },
    async (request) => countOf(ctx(request), request.body),
  );
  app.post(
    reportPaths.export,
    {
      config,
      schema: { tags, querystring: ExportQuery, body: ReportPayload, response: respond(z.string()) },
    },
    async (request, reply) => {
      const stream = await exportCsv(ctx(request), request.body);
      const name = request.query.filename ?? EXPORT_FILENAME;
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          // a stream is piped as it is, never serialised: the schema documents the text it carries
          .send(stream as unknown as string)
      );
    },
  );
  app.get(
    reportPaths.levelsFinder,
    { config, schema: { tags, response: respond(FinderList) } },
    async (request) => levelFinder(ctx(request), null),
  );
  app.get(
    reportPaths.levelFinder,
    { config, schema: { tags, params: IdParam, response: respond(FinderList) } },
    async (request) => levelFinder(ctx(request), request.params.id),
  );

  app.get(
    reportPaths.presetsOf,
    { config, schema: { tags, params: SectionParam, response: respond(ReportPresetList) } },
    async (request) => listReportPresets(ctx(request), request.params.section),
  );
  app.post(
    reportPaths.presets,
    {
      config,
      schema: { tags, body: CreateReportPresetBody, response: { 201: ReportPreset, ...ERROR_RESPONSES } },
    },
    async (request, reply) => reply.status(201).send(await addReportPreset(ctx(request), request.body)),
  );
  app.post(
    reportPaths.presetsOrder,
    { config, schema: { tags, body: ReportPresetOrderBody, response: respond(ReportPresetList) } },
    async (request) => orderReportPresets(ctx(request), request.body),
  );
  app.put(
    reportPaths.preset,
    {
      config,
      schema: { tags, params: IdParam, body: UpdateReportPresetBody, response: respond(ReportPreset) },
    },
    async (request) => editReportPreset(ctx(request), request.params.id, request.body),
  );
  app.get(
    reportPaths.presetActivate,
    { config, schema: { tags, params: IdParam, response: respond(ReportPreset) } },
    async (request) => activateReportPreset(ctx(request), request.params.id),
  );
  app.delete(
    reportPaths.preset,
    { config, schema: { tags, params: IdParam, response: respond(MessageBody) } },
    async (request) => {
      await removeReportPreset(ctx(request), request.params.id);
      return { message: 'Preset deleted.' };
    },
  );

  // Weekly report mails (issue 44): the caller's own subscriptions of their presets.
  app.get(
    reportPaths.subscriptions,
    { config, schema: { tags, response: respond(ReportSubscriptionList) } },
    async (request) => listReportSubscriptions(ctx(request)),
  );
  app.post(
    reportPaths.subscriptions,
    {
      config,
      schema: {
        tags,
        body: CreateReportSubscriptionBody,
        response: { 201: ReportSubscription, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => reply.status(201).send(await addReportSubscription(ctx(request), request.body)),
  );
  app.put(
    reportPaths.subscription,
    {
      config,
      schema: {
        tags,
        params: IdParam,
        body: UpdateReportSubscriptionBody,
        response: respond(ReportSubscription),
      },
    },
    async (request) => editReportSubscription(ctx(request), request.params.id, request.body),
  );
  app.delete(
    reportPaths.subscription,
    { config, schema: { tags, params: IdParam, response: respond(MessageBody) } },
    async (request) => {
      await removeReportSubscription(ctx(request), request.params.id);
      return { message: 'Weekly mail stopped.' };
    },
  );
}
