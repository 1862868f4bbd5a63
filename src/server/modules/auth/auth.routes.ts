import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authPaths,
  InitialResponse,
  LoginBody,
  LoginQuery,
  LoginResponse,
  PasswordForgotBody,
  PasswordResetBody,
  PasswordResetCheckResponse,
  RefreshResponse,
  ssoDomainsPath,
  SsoDomainsResponse,
  TempCodeBody,
  TempCodeCheckResponse,
  TempCodeQuery,
  TwoFactorChallenge,
} from '../../../shared/contract/auth';
import {
  ChallengeBody,
  ChallengeCodeBody,
  masterTwoFactorPaths,
  SetupSignInResponse,
  twoFactorPaths,
  TwoFactorSetup,
} from '../../../shared/contract/two-factor';
import { COMPANY_PREFIX, MASTER_PREFIX, MessageBody } from '../../../shared/contract/common';
import { LabelsBody, MasterInitialData } from '../../../shared/contract/reference';
import type { AppDeps } from '../../context';
import { authenticate } from '../../auth/authenticate';
import { publicContext } from '../../http/request-context';
import { EmptyBody, ERROR_RESPONSES, SecretParam } from '../../http/schemas';
import { ssoDomainsOf } from './auth.queries';
import { initialDataJson } from './initial-data.service';
import { login, signIn } from './login.service';
import { checkPasswordReset, requestPasswordReset, resetPassword } from './password.service';
import { logout, refresh } from './session.service';
import { checkTempCode, sendTempCode, signInWithTempCode } from './temp-code.service';
import { answerChallenge, enableAtSignIn, setupAtSignIn } from './two-factor-login.service';

const LocaleParam = z.object({
  locale: z.string().regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8}){0,2}$/, 'Locale is not valid.'),
});

/** spec §7 "Auth", the same under company/v1 and master/v1 (sso-domains and company initial data: company only). */
export function registerAuthRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  for (const prefix of [COMPANY_PREFIX, MASTER_PREFIX] as const) {
    const paths = authPaths(prefix);
    const tags = ['auth'];

    app.post(
      paths.login,
      {
        schema: {
          tags,
          querystring: LoginQuery,
          body: LoginBody,
          response: { 200: LoginResponse, ...ERROR_RESPONSES },
        },
      },
      async (request) =>
        login(publicContext(request, deps), deps, {
          body: request.body,
          includeAll: request.query.includes === 'all',
          ip: request.ip,
        }),
    );

    app.get(
      paths.logout,
      { config: { auth: true }, schema: { tags, response: { 200: MessageBody, ...ERROR_RESPONSES } } },
      async (request) => logout(publicContext(request, deps), request.session!),
    );

    app.post(
      paths.refresh,
      { schema: { tags, body: EmptyBody, response: { 200: RefreshResponse, ...ERROR_RESPONSES } } },
      async (request) => refresh(publicContext(request, deps), deps, request),
    );

    app.post(
      paths.passwordForgot,
      { schema: { tags, body: PasswordForgotBody, response: { 200: MessageBody, ...ERROR_RESPONSES } } },
      async (request) =>
        requestPasswordReset(publicContext(request, deps), deps, request.body.email, request.ip),
    );

    app.get(
      `${prefix}/auth/password-reset/:token`,
      {
        schema: {
          tags,
          params: SecretParam('token'),
          response: { 200: PasswordResetCheckResponse, ...ERROR_RESPONSES },
        },
      },
      async (request) => checkPasswordReset(publicContext(request, deps), deps, String(request.params.token)),
    );

    app.post(
      paths.passwordReset,
      { schema: { tags, body: PasswordResetBody, response: { 200: MessageBody, ...ERROR_RESPONSES } } },
      async (request) => resetPassword(publicContext(request, deps), deps, request.body),
    );

    app.get(
      `${prefix}/auth/temp-code/:code`,
      {
        schema: {
          tags,
          params: SecretParam('code'),
          response: { 200: TempCodeCheckResponse, ...ERROR_RESPONSES },
        },
      },
      async (request) =>
        checkTempCode(publicContext(request, deps), deps, String(request.params.code), request.ip),
    );

    app.post(
      paths.tempCode,
      {
        schema: {
          tags,
          querystring: TempCodeQuery,
          body: TempCodeBody,
          response: { 200: z.union([InitialResponse, TwoFactorChallenge, MessageBody]), ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const ctx = publicContext(request, deps);
        const body = request.body;
        return 'code' in body
          ? signInWithTempCode(ctx, deps, body, request.ip)
          : sendTempCode(ctx, deps, body.email, request.ip);
      },
    );

    app.get(
      `${prefix}/auth/login/labels/:locale`,
      { schema: { tags, params: LocaleParam, response: { 200: LabelsBody, ...ERROR_RESPONSES } } },
      async (request) => ({
        status: 'success' as const,
        labels: await deps.reference.labels(await deps.reference.languageOf(request.params.locale)),
      }),
    );
  }

  registerTwoFactorSignIn(root, deps);

  // Registered untyped: the answer is JSON text whose shared part (labels, reference lists) is
  // cached already serialized; a JSON string is sent as it is. The schema still documents it.
  root.get(
    authPaths(COMPANY_PREFIX).initialData,
    {
      config: { auth: true },
      schema: {
        tags: ['auth'],
        response: { 200: InitialResponse.omit({ access_token: true }), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(
          await initialDataJson(
            publicContext(request, deps),
            deps.reference,
            request.session!.userId,
            request.session!.impersonationId,
          ),
        ),
  );

  // Before sign-in: the reference lists the login screens need. With a platform administrator's
  // token: their whole session (as the company call answers), so a reload keeps the master area open.
  root.get(
    authPaths(MASTER_PREFIX).initialData,
    {
      schema: {
        tags: ['auth'],
        response: {
          200: z.union([InitialResponse.omit({ access_token: true }), MasterInitialData]),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const ctx = publicContext(request, deps);
      if (request.headers.authorization) {
        const session = await authenticate(ctx.db, deps.signer, request, ctx.tenant);
        return reply
          .type('application/json; charset=utf-8')
          .send(await initialDataJson(ctx, deps.reference, session.userId));
      }
      const { languages, countries, timezones, currencies } = await deps.reference.referenceLists();
      return { languages, countries, timezones, currencies };
    },
  );

  app.get(
    ssoDomainsPath,
    { schema: { tags: ['auth'], response: { 200: SsoDomainsResponse, ...ERROR_RESPONSES } } },
    async (request) => {
      const ctx = publicContext(request, deps);
      return {
        domains: ctx.tenant.area === 'company' ? await ssoDomainsOf(ctx.db, ctx.tenant.company.id) : [],
      };
    },
  );
}

/** The second step of a sign-in (two-factor-login.service.ts); the session opens like login's. */
function registerTwoFactorSignIn(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const companyOf = (ctx: ReturnType<typeof publicContext>) =>
    ctx.tenant.area === 'company' ? ctx.tenant.company.id : null;
  // spec §7 "Master also has 2fa": a platform administrator's sign-in ends here too.
  for (const paths of [twoFactorPaths, masterTwoFactorPaths])
    app.post(
      paths.loginVerify,
      {
        schema: {
          tags,
          querystring: LoginQuery,
          body: ChallengeCodeBody,
          response: { 200: LoginResponse, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const ctx = publicContext(request, deps);
        const userId = await answerChallenge(ctx, deps, request.body, request.ip);
        return signIn(
          ctx,
          deps,
          { id: userId, company_id: companyOf(ctx) },
          request.query.includes === 'all',
        );
      },
    );
  app.post(
    twoFactorPaths.loginSetup,
    { schema: { tags, body: ChallengeBody, response: { 200: TwoFactorSetup, ...ERROR_RESPONSES } } },
    async (request) => setupAtSignIn(publicContext(request, deps), deps, request.body.challenge),
  );
  app.post(
    twoFactorPaths.loginEnable,
    {
      schema: { tags, body: ChallengeCodeBody, response: { 200: SetupSignInResponse, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const ctx = publicContext(request, deps);
      const { userId, recoveryCodes } = await enableAtSignIn(ctx, deps, request.body, request.ip);
      const session = await signIn(ctx, deps, { id: userId, company_id: companyOf(ctx) }, true);
      return { ...session, recovery_codes: recoveryCodes };
    },
  );
}
