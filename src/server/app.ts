import { randomBytes } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { CodeDigester } from './auth/codes';
import { TokenSigner } from './auth/tokens';
import type { Config } from './config';
import type { AppDeps } from './context';
import type { Db } from './db/connection';
import { acceptOnlyJson } from './http/body-bounds';
import { errorBody, registerErrorHandling } from './http/error-handler';
import { translateErrorAnswers } from './http/translate-errors';
import { sendLargeAnswersAsBytes } from './http/json-body';
import { loggerOptions } from './http/logging';
import { registerRequestContext } from './http/request-context';
import { applySecurityHeaders, registerSecurityHeaders } from './http/security-headers';
import { registerStaticFiles } from './http/static-files';
import { zodValidatorCompiler } from './http/validation';
import { Mailer } from './integrations/mailer';
import { registerAccessRoutes } from './modules/access';
import { registerAddinSignInRoutes } from './modules/addin-sign-in';
import { registerApplicationRoutes } from './modules/applications';
import { registerBookingRoutes } from './modules/bookings';
import { registerCalendarSyncRoutes } from './modules/calendar-sync';
import { registerCompanyRoutes } from './modules/companies';
import { registerAuthRoutes } from './modules/auth';
import { registerCompanyDocumentRoutes } from './modules/company-documents';
import { registerCompanyProfileRoutes } from './modules/company-profile';
import { connectorsChanged, registerConnectorRoutes } from './modules/connectors';
import { declarationChanged, registerDeclarationRoutes } from './modules/declarations';
import { registerDelegationRoutes } from './modules/delegations';
import { registerDeviceRoutes, registerDisplayRoutes } from './modules/devices';
import { registerHealthRoutes } from './modules/health';
import { registerHelpPageRoutes } from './modules/help-pages';
import { registerImpersonationRoutes } from './modules/impersonations';
import { registerLevelRoutes } from './modules/levels';
import { registerLogRoutes } from './modules/logs';
import { realTimeMapChanged, registerMapRoutes } from './modules/maps';
import { registerMasterReferenceRoutes } from './modules/master-reference';
import { registerOutlookRoutes } from './modules/outlook';
import { registerPassRoutes } from './modules/passes';
import { registerHomeRoutes } from './modules/home';
import { registerOneClickRoutes } from './modules/one-click';
import { registerPlanRoutes } from './modules/plan';
import { registerCleaningRoutes } from './modules/cleaning';
import { registerPreferenceRoutes } from './modules/preferences';
import { registerProfileRoutes } from './modules/profile';
import { registerPushRoutes } from './modules/push-notifications';
import { registerQrCodeAdminRoutes, registerQrCodeRoutes } from './modules/qr-codes';
import { registerRealTimeRoutes, wallGuest } from './modules/real-time';
import { registerReportRoutes } from './modules/reports';
import { registerReceptionDeskRoutes } from './modules/reception-desks';
import { registerCockpitRoutes } from './modules/cockpit';
import { registerResourceAttributeRoutes } from './modules/resource-attributes';
import { registerResourceSettingsRoutes } from './modules/resource-settings';
import { registerResourceTypeRoutes } from './modules/resource-types';
import { registerResourceRoutes } from './modules/resources';
import { registerSchedulerRoutes } from './modules/scheduler';
import { registerServiceRoutes, serviceOrdersChanged } from './modules/services';
import { registerSsoRoutes } from './modules/sso';
import { registerTwoFactorRoutes } from './modules/two-factor';
import { registerUserRoutes } from './modules/users';
import { registerTranslationRoutes } from './modules/translations';
import { registerUsageRoutes } from './modules/usage';
import {
  receptionDeskAlert,
  receptionDeskVisitorChanged,
  registerKioskRoutes,
  registerVisitorRoutes,
} from './modules/visitors';
import { gridChanged, registerRealtimeRoutes } from './realtime';
import { ReferenceData } from './reference';

export interface BuildOptions {
  db: Db;
  config: Config;
}

const BODY_LIMIT = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** What the routes are given (database, config, mailer…): for the jobs main.ts starts. */
    deps: AppDeps;
  }
}

/** The whole HTTP application, without listening: main.ts listens, tests inject. */
export async function buildApp({ db, config }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // Request ids in the log, not in the answers.
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: true, maxParamLength: 256 },
    // Errors the router raises before any route runs (bad percent-encoding, overlong parameters).
    frameworkErrors: (error, request, reply) => {
      const answer = reply as unknown as FastifyReply;
      applySecurityHeaders(request as unknown as FastifyRequest, answer);
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      void answer
        .status(status)
        .send(errorBody(status === 414 ? 'The address is too long.' : 'The address is not valid.'));
    },
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  sendLargeAnswersAsBytes(app);
  acceptOnlyJson(app);

  // With no secret configured (tests, memory://) the tokens live as long as the process.
  const secret = config.jwtSecret ?? randomBytes(48).toString('base64url');
  const deps: AppDeps = {
    db,
    config,
    signer: new TokenSigner(secret, config.accessTokenTtl),
    codes: new CodeDigester(secret),
    mailer: new Mailer(db.kysely, app.log, config.smtpUrl, config.mailFrom),
    reference: new ReferenceData(db.kysely),
    originOf: (subdomain) => originOf(app, config, subdomain),
  };
  app.decorate('deps', deps);
  app.addHook('onClose', () => deps.mailer.drain());
  translateErrorAnswers(app, deps.reference);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Workplace API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerRequestContext(app, deps);
  registerHealthRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerAddinSignInRoutes(app, deps);
  registerApplicationRoutes(app, deps);
  registerHelpPageRoutes(app, deps);
  registerPreferenceRoutes(app, deps);
  registerCompanyProfileRoutes(app, deps);
  registerLevelRoutes(app, deps);
  registerAccessRoutes(app, deps);
  registerMapRoutes(app, deps);
  registerQrCodeRoutes(app, deps);
  registerQrCodeAdminRoutes(app, deps);
  registerLogRoutes(app, deps);
  registerResourceTypeRoutes(app, deps);
  registerResourceAttributeRoutes(app, deps);
  registerResourceRoutes(app, deps);
  registerResourceSettingsRoutes(app, deps);
  registerDeclarationRoutes(app, deps);
  registerPlanRoutes(app, deps);
  await registerRealtimeRoutes(
    app,
    deps,
    [
      declarationChanged,
      gridChanged,
      connectorsChanged,
      receptionDeskVisitorChanged,
      receptionDeskAlert,
      serviceOrdersChanged,
      realTimeMapChanged,
    ],
    { guests: wallGuest },
  );
  registerRealTimeRoutes(app, deps);
  registerCleaningRoutes(app, deps);
  registerPassRoutes(app, deps);
  registerHomeRoutes(app, deps);
  registerOneClickRoutes(app, deps);
  registerConnectorRoutes(app, deps);
  registerCalendarSyncRoutes(app, deps);
  registerBookingRoutes(app, deps);
  registerDelegationRoutes(app, deps);
  registerOutlookRoutes(app, deps);
  registerSchedulerRoutes(app, deps);
  registerServiceRoutes(app, deps);
  registerSsoRoutes(app, deps);
  registerTwoFactorRoutes(app, deps);
  registerImpersonationRoutes(app, deps);
  registerProfileRoutes(app, deps);
  registerPushRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerCompanyRoutes(app, deps);
  registerMasterReferenceRoutes(app, deps);
  registerTranslationRoutes(app, deps);
  registerUsageRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerCockpitRoutes(app, deps);
  registerReceptionDeskRoutes(app, deps);
  registerVisitorRoutes(app, deps);
  registerKioskRoutes(app, deps);
  registerDeviceRoutes(app, deps);
  registerDisplayRoutes(app, deps);
  registerCompanyDocumentRoutes(app, deps);
  await registerStaticFiles(app, config.staticDir);
  return app;
}

function originOf(app: FastifyInstance, config: Config, subdomain: string | null): string {
  const master = config.publicUrl ? new URL(config.publicUrl) : new URL(`http://${config.appDomain}`);
  if (!config.publicUrl) {
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : config.port;
    if (port && port !== 80) master.port = String(port);
  }
  if (subdomain) master.hostname = `${subdomain}.${master.hostname}`;
  return master.origin;
}
