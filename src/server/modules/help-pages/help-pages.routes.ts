import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COMPANY_PREFIX,
  IdParam,
  LangQuery,
  MASTER_PREFIX,
  MessageBody,
  PageQuery,
} from '../../../shared/contract/common';
import {
  HelpStylesheet,
  MasterHelpPage,
  MasterHelpPageList,
  masterHelpPaths,
  SaveHelpPageBody,
  SaveHelpStylesheetBody,
} from '../../../shared/contract/help-admin';
import {
  HelpIndexResponse,
  helpCssPath,
  HelpLookupQuery,
  HelpPage,
  helpPathOf,
  helpPaths,
} from '../../../shared/contract/help';
import type { AppDeps } from '../../context';
import { userProfile } from '../auth/initial-data.queries';
import { notFound } from '../../http/errors';
import { ERROR_RESPONSES } from '../../http/schemas';
import { masterContext } from '../../http/request-context';
import {
  deleteHelpPage,
  getHelpPage,
  helpStylesheet,
  listHelpPages,
  saveHelpPage,
  saveHelpStylesheet,
} from './help-pages.admin';
import { helpIndex, helpPageAt } from './help-pages.queries';

/**
 * spec §2 help children: a page is found by its route path without numeric segments, in the asked
 * language (?lang), else the signed-in user's, else English. The lookup is public on both hosts,
 * since the sign-in screens have help too (help pages are the platform's, not a company's data);
 * the company index needs a session.
 */
export function registerHelpPageRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = deps.db.kysely;
  const tags = ['help-pages'];

  const languageFor = async (request: FastifyRequest, lang: string | undefined) => {
    if (lang) return deps.reference.languageOf(lang);
    const tenant = request.tenant;
    if (request.session && tenant?.area === 'company') {
      const profile = await userProfile(db, tenant.company.id, request.session.userId);
      return deps.reference.languageOf(profile?.language_code);
    }
    return 'en';
  };

  for (const prefix of [COMPANY_PREFIX, MASTER_PREFIX] as const) {
    app.get(
      helpPaths(prefix).lookup,
      {
        config: { auth: false },
        schema: { tags, querystring: HelpLookupQuery, response: { 200: HelpPage, ...ERROR_RESPONSES } },
      },
      async (request) => {
        const page = await helpPageAt(
          db,
          helpPathOf(request.query.path),
          await languageFor(request, request.query.lang),
        );
        if (!page) throw notFound('No help for this page.');
        return page;
      },
    );
    app.get(
      helpPaths(prefix).index,
      {
        // Public like the lookup: the sign-in screens ask it too, and it lists the platform's help
        // titles, no company's data (the language comes from ?lang, spec §7).
        config: { auth: false },
        schema: { tags, querystring: LangQuery, response: { 200: HelpIndexResponse, ...ERROR_RESPONSES } },
      },
      async (request) => ({ data: await helpIndex(db, await languageFor(request, request.query.lang)) }),
    );
    app.get(
      helpCssPath(prefix),
      { config: { auth: false }, schema: { tags, response: { 200: HelpStylesheet, ...ERROR_RESPONSES } } },
      async () => helpStylesheet(db),
    );
  }
  registerMasterHelpRoutes(root, deps);
}

/** spec §7 master help pages (paginated GET, CRUD by id) and help css (GET and PUT /1). */
function registerMasterHelpRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['master: help pages'];
  const config = { auth: true };
  const ctx = (request: FastifyRequest) => masterContext(request, deps);
  const ListQuery = PageQuery.extend(LangQuery.shape).extend({
    query: HelpLookupQuery.shape.path.optional(),
  });

  app.get(
    masterHelpPaths.list,
    {
      config,
      schema: { tags, querystring: ListQuery, response: { 200: MasterHelpPageList, ...ERROR_RESPONSES } },
    },
    async (request) =>
      listHelpPages(ctx(request), request.query.page, request.query.per_page, request.query.query),
  );
  app.get(
    masterHelpPaths.one(':id'),
    { config, schema: { tags, params: IdParam, response: { 200: MasterHelpPage, ...ERROR_RESPONSES } } },
    async (request) => getHelpPage(ctx(request), request.params.id),
  );
  app.post(
    masterHelpPaths.list,
    {
      config,
      schema: { tags, body: SaveHelpPageBody, response: { 201: MasterHelpPage, ...ERROR_RESPONSES } },
    },
    async (request, reply) => reply.status(201).send(await saveHelpPage(ctx(request), null, request.body)),
  );
  app.put(
    masterHelpPaths.one(':id'),
    {
      config,
      schema: {
        tags,
        params: IdParam,
        body: SaveHelpPageBody,
        response: { 200: MasterHelpPage, ...ERROR_RESPONSES },
      },
    },
    async (request) => saveHelpPage(ctx(request), request.params.id, request.body),
  );
  app.delete(
    masterHelpPaths.one(':id'),
    { config, schema: { tags, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } } },
    async (request) => deleteHelpPage(ctx(request), request.params.id),
  );
  app.get(
    masterHelpPaths.css,
    { config, schema: { tags, response: { 200: HelpStylesheet, ...ERROR_RESPONSES } } },
    async () => helpStylesheet(deps.db.kysely),
  );
  app.put(
    masterHelpPaths.css,
    {
      config,
      schema: { tags, body: SaveHelpStylesheetBody, response: { 200: HelpStylesheet, ...ERROR_RESPONSES } },
    },
    async (request) => saveHelpStylesheet(ctx(request), request.body.css),
  );
}
