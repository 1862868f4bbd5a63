import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../../shared/contract/common';
import {
  AddLabelBody,
  ExportQuery,
  ImportTranslationsBody,
  ImportTranslationsResult,
  LabelListQuery,
  LabelSections,
  MasterLabel,
  MasterLabelPage,
  SaveLabelTranslationsBody,
  translationPaths,
} from '../../../shared/contract/translations';
import type { AppDeps } from '../../context';
import { masterContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { translationsService } from './translations.service';

/** spec §7 master labels, sections, pages and sync-translations: platform administrators only. */
export function registerTranslationRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = translationsService(deps.reference);
  const tags = ['master: translations'];
  const config = { auth: true };
  const ctx = (request: FastifyRequest) => masterContext(request, deps);

  app.get(
    translationPaths.labels,
    {
      config,
      schema: { tags, querystring: LabelListQuery, response: { 200: MasterLabelPage, ...ERROR_RESPONSES } },
    },
    async (request) => service.list(ctx(request), request.query),
  );
  app.get(
    translationPaths.sections,
    { config, schema: { tags, response: { 200: LabelSections, ...ERROR_RESPONSES } } },
    async (request) => service.sections(ctx(request)),
  );
  app.get(
    translationPaths.label(':id'),
    { config, schema: { tags, params: IdParam, response: { 200: MasterLabel, ...ERROR_RESPONSES } } },
    async (request) => service.get(ctx(request), request.params.id),
  );
  app.put(
    translationPaths.label(':id'),
    {
      config,
      schema: {
        tags,
        params: IdParam,
        body: SaveLabelTranslationsBody,
        response: { 200: MasterLabel, ...ERROR_RESPONSES },
      },
    },
    async (request) => service.save(ctx(request), request.params.id, request.body),
  );
  app.post(
    translationPaths.labels,
    { config, schema: { tags, body: AddLabelBody, response: { 201: MasterLabel, ...ERROR_RESPONSES } } },
    async (request, reply) => reply.status(201).send(await service.add(ctx(request), request.body)),
  );
  app.get(
    translationPaths.export,
    {
      config,
      schema: {
        tags,
        querystring: ExportQuery,
        response: { 200: z.record(z.string(), z.string()), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const file = await service.exportFile(ctx(request), request.query.language_code);
      return reply
        .header(
          'content-disposition',
          `attachment; filename="translations-${request.query.language_code}.json"`,
        )
        .send(file);
    },
  );
  app.post(
    translationPaths.import,
    {
      config,
      // A whole language's labels in one file.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        body: ImportTranslationsBody,
        response: { 200: ImportTranslationsResult, ...ERROR_RESPONSES },
      },
    },
    async (request) => service.importFile(ctx(request), request.body),
  );
}
