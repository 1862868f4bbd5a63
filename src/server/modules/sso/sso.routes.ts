import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADDIN_DIALOG_PAGE, ADDIN_SURFACE } from '../../../shared/contract/addin-sign-in';
import { LoginResponse } from '../../../shared/contract/auth';
import { MessageBody } from '../../../shared/contract/common';
import { IdText } from '../../../shared/contract/ids';
import {
  CreateSsoBody,
  SsoConnector,
  SsoConnectorList,
  SsoContainerList,
  SsoField,
  SsoFieldBody,
  SsoFieldParams,
  SsoLoginBody,
  SsoLoginQuery,
  SsoParams,
  ssoPaths,
  ssoPublicPaths,
  UpdateSsoBody,
  UpdateSsoFieldBody,
} from '../../../shared/contract/sso';
import { SUBDOMAIN_PATTERN } from '../../../shared/tenancy/subdomain';
import { randomToken } from '../../auth/codes';
import type { AppDeps, PublicContext } from '../../context';
import { notFound, unauthorized } from '../../http/errors';
import { publicContext, serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { authnRequestUrl, claimedIssuer, serviceProviderMetadata } from '../../integrations/saml';
import { COMPANY_COLUMNS } from '../../tenancy/tenant';
// The sign-in itself and the hand-over code are auth's own, reused as they are (not through auth's
// index.ts, which the lead keeps); an SSO session is the same session as a password login's.
import { insertHandoverCode } from '../auth/auth.queries';
import { HANDOVER_TTL_SECONDS, signIn } from '../auth/login.service';
import { accountFromSamlResponse, refusalMessage, SSO_LOGIN_MESSAGES } from './sso-login.service';
import { connectorByIssuer, samlStateStore, selectConnectors } from './sso.queries';
import { partnersOf, ssoService, SSO_MESSAGES, type SsoContext } from './sso.service';

type CompanyContext = PublicContext & { tenant: { area: 'company' } };

const PublicParams = z.object({
  subdomain: z.string().regex(SUBDOMAIN_PATTERN, 'Company not found.'),
  ssoId: IdText,
});
const StartQuery = z.object({ surface: z.string().max(20).optional() });

/**
 * Where a sign-in through the IdP ends: the company's login page, or the add-in dialog's page on the
 * master host (the pane's origin), which passes the hand-over code to the pane.
 */
function returnAddress(surface: string, origin: string, subdomain: string) {
  return (key: 'handover' | 'message', value: string): string => {
    const param = `${key}=${encodeURIComponent(value)}`;
    if (surface !== ADDIN_SURFACE) return `${origin}/login?${param}`;
    return `${masterOrigin(origin, subdomain)}${ADDIN_DIALOG_PAGE}?subdomain=${encodeURIComponent(subdomain)}&${param}`;
  };
}

function masterOrigin(companyOrigin: string, subdomain: string): string {
  const url = new URL(companyOrigin);
  url.hostname = url.hostname.slice(subdomain.length + 1);
  return url.origin;
}

// Assertions of Entra ID with many group claims run to tens of kilobytes; base64 adds a third.
const SAML_BODY_LIMIT = 1024 * 1024;

export function registerSsoRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['connectors'];
  const context = (request: FastifyRequest): SsoContext => {
    const ctx = serviceContext(request, deps);
    const subdomain = request.tenant!.area === 'company' ? request.tenant!.company.subdomain : '';
    return { ...ctx, subdomain, origin: deps.originOf(subdomain) };
  };
  const read = { auth: true, permission: ['CONNECTORS', 'read'] } as const;
  const create = { auth: true, permission: ['CONNECTORS', 'create'] } as const;
  const update = { auth: true, permission: ['CONNECTORS', 'update'] } as const;
  const remove = { auth: true, permission: ['CONNECTORS', 'delete'] } as const;

  app.get(
    ssoPaths.list,
    { config: read, schema: { tags, response: { 200: SsoConnectorList, ...ERROR_RESPONSES } } },
    async (request) => ssoService.list(context(request)),
  );
  app.post(
    ssoPaths.list,
    {
      config: create,
      schema: { tags, body: CreateSsoBody, response: { 201: SsoConnector, ...ERROR_RESPONSES } },
    },
    async (request, reply) => reply.status(201).send(await ssoService.create(context(request), request.body)),
  );
  app.get(
    ssoPaths.containers,
    { config: read, schema: { tags, response: { 200: SsoContainerList, ...ERROR_RESPONSES } } },
    async (request) => ssoService.containers(context(request)),
  );
  app.get(
    ssoPaths.one(':ssoId'),
    {
      config: read,
      schema: { tags, params: SsoParams, response: { 200: SsoConnector, ...ERROR_RESPONSES } },
    },
    async (request) => ssoService.get(context(request), request.params.ssoId),
  );
  app.put(
    ssoPaths.one(':ssoId'),
    {
      config: update,
      schema: {
        tags,
        params: SsoParams,
        body: UpdateSsoBody,
        response: { 200: SsoConnector, ...ERROR_RESPONSES },
      },
    },
    async (request) => ssoService.update(context(request), request.params.ssoId, request.body),
  );
  app.delete(
    ssoPaths.one(':ssoId'),
    {
      config: remove,
      schema: { tags, params: SsoParams, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => ssoService.remove(context(request), request.params.ssoId),
  );

  const FieldList = z.object({ data: z.array(SsoField) });
  app.get(
    ssoPaths.fields(':ssoId'),
    { config: read, schema: { tags, params: SsoParams, response: { 200: FieldList, ...ERROR_RESPONSES } } },
    async (request) => ssoService.fields(context(request), request.params.ssoId),
  );
  app.post(
    ssoPaths.fields(':ssoId'),
    {
      config: create,
      schema: {
        tags,
        params: SsoParams,
        body: SsoFieldBody,
        response: { 201: SsoField, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await ssoService.addField(context(request), request.params.ssoId, request.body)),
  );
  app.get(
    ssoPaths.field(':ssoId', ':fieldId'),
    {
      config: read,
      schema: { tags, params: SsoFieldParams, response: { 200: SsoField, ...ERROR_RESPONSES } },
    },
    async (request) => ssoService.field(context(request), request.params.ssoId, request.params.fieldId),
  );
  app.put(
    ssoPaths.field(':ssoId', ':fieldId'),
    {
      config: update,
      schema: {
        tags,
        params: SsoFieldParams,
        body: UpdateSsoFieldBody,
        response: { 200: SsoField, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      ssoService.updateField(context(request), request.params.ssoId, request.params.fieldId, request.body),
  );
  app.delete(
    ssoPaths.field(':ssoId', ':fieldId'),
    {
      config: remove,
      schema: { tags, params: SsoFieldParams, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => ssoService.removeField(context(request), request.params.ssoId, request.params.fieldId),
  );

  // spec §7 "POST SSO login, body SAMLResponse", as JSON: the answer of a password login.
  app.post(
    ssoPaths.login,
    {
      bodyLimit: SAML_BODY_LIMIT,
      schema: {
        tags: ['auth'],
        querystring: SsoLoginQuery,
        body: SsoLoginBody,
        response: { 200: LoginResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const ctx = publicContext(request, deps) as CompanyContext;
      const issuer = claimedIssuer(request.body.SAMLResponse);
      const connector = issuer ? await connectorByIssuer(ctx.db, ctx.tenant.company.id, issuer) : null;
      if (!connector) throw unauthorized(SSO_LOGIN_MESSAGES.unknownConnector);
      const origin = deps.originOf(ctx.tenant.company.subdomain);
      const account = await accountFromSamlResponse(ctx, origin, connector, request.body.SAMLResponse);
      return signIn(ctx, deps, account, request.query.includes === 'all');
    },
  );

  // What the browser and the IdP reach directly: the company is named in the path (no Subdomain header).
  void root.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: SAML_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const typed = scope.withTypeProvider<ZodTypeProvider>();

    const connectorOf = async (params: z.infer<typeof PublicParams>) => {
      const company = await deps.db.kysely
        .selectFrom('companies')
        .select(COMPANY_COLUMNS)
        .where('subdomain', '=', params.subdomain)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!company) throw notFound('Company not found.');
      const [connector] = await selectConnectors(deps.db.kysely, company.id, params.ssoId);
      if (!connector) throw notFound(SSO_MESSAGES.notFound);
      const ctx: CompanyContext = { db: deps.db.kysely, tenant: { area: 'company', company } };
      return { ctx, connector, origin: deps.originOf(company.subdomain) };
    };

    // The login screen sends an address of an SSO domain here; we send the browser on to the IdP.
    // `surface=addin`: started from the Outlook add-in's sign-in dialog, which the answer returns to.
    typed.get(
      ssoPublicPaths.start(':subdomain', ':ssoId'),
      { schema: { tags: ['auth'], params: PublicParams, querystring: StartQuery } },
      async (request, reply) => {
        const { ctx, connector, origin } = await connectorOf(request.params);
        const surface = request.query.surface === ADDIN_SURFACE ? ADDIN_SURFACE : 'app';
        const back = returnAddress(surface, origin, ctx.tenant.company.subdomain);
        if (!connector.is_active) return reply.redirect(back('message', SSO_LOGIN_MESSAGES.inactive), 303);
        const partners = partnersOf(origin, ctx.tenant.company.subdomain, connector);
        return reply.redirect(
          await authnRequestUrl(partners, samlStateStore(ctx.db, ctx.tenant.company.id), surface),
          302,
        );
      },
    );

    // The assertion consumer service: the IdP has the browser post the SAMLResponse here.
    typed.post(
      ssoPublicPaths.acs(':subdomain', ':ssoId'),
      {
        schema: {
          tags: ['auth'],
          params: PublicParams,
          body: z.object({ SAMLResponse: z.string().min(1), RelayState: z.string().optional() }),
        },
      },
      async (request, reply) => {
        const { ctx, connector, origin } = await connectorOf(request.params);
        // RelayState is not signed: it only chooses between two pages of our own.
        const surface = request.body.RelayState === ADDIN_SURFACE ? ADDIN_SURFACE : 'app';
        const back = returnAddress(surface, origin, ctx.tenant.company.subdomain);
        try {
          const account = await accountFromSamlResponse(ctx, origin, connector, request.body.SAMLResponse);
          // The session itself never travels in an address: a one-minute single-use code does.
          const code = randomToken();
          await insertHandoverCode(
            ctx.db,
            ctx.tenant.company.id,
            account.id,
            deps.codes.digest('handover', code),
            HANDOVER_TTL_SECONDS,
          );
          return reply.redirect(back('handover', code), 303);
        } catch (error) {
          const message = refusalMessage(error);
          if (message === null) throw error;
          request.log.warn({ sso: connector.id, reason: message }, 'SSO sign-in refused');
          return reply.redirect(back('message', message), 303);
        }
      },
    );

    typed.get(
      ssoPublicPaths.metadata(':subdomain', ':ssoId'),
      { schema: { tags: ['auth'], params: PublicParams } },
      async (request, reply) => {
        const { ctx, connector, origin } = await connectorOf(request.params);
        const partners = partnersOf(origin, ctx.tenant.company.subdomain, connector);
        return reply
          .type('application/samlmetadata+xml; charset=utf-8')
          .send(serviceProviderMetadata(partners, samlStateStore(ctx.db, ctx.tenant.company.id)));
      },
    );
  });
}
