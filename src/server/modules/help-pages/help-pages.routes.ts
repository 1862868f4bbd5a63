import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COMPANY_PREFIX, LangQuery, MASTER_PREFIX } from '../../../shared/contract/common';
import {
  HelpIndexResponse,
  HelpLookupQuery,
  HelpPage,
  helpPathOf,
  helpPaths,
} from '../../../shared/contract/help';
import type { AppDeps } from '../../context';
import { userProfile } from '../auth/initial-data.queries';
import { notFound } from '../../http/errors';
import { ERROR_RESPONSES } from '../../http/schemas';
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
    const auth = prefix === COMPANY_PREFIX;
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
        config: { auth },
        schema: { tags, querystring: LangQuery, response: { 200: HelpIndexResponse, ...ERROR_RESPONSES } },
      },
      async (request) => ({ data: await helpIndex(db, await languageFor(request, request.query.lang)) }),
    );
  }
}
