import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { MessageBody } from '../../../shared/contract/common';
import {
  DisableTwoFactorBody,
  EnableTwoFactorBody,
  masterTwoFactorPaths,
  RecoveryCodes,
  twoFactorPaths,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../shared/contract/two-factor';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/schema';
import { masterContext, serviceContext } from '../../http/request-context';
import { EmptyBody, ERROR_RESPONSES } from '../../http/schemas';
import { secretBoxFor } from '../../integrations/secrets';
import type { Who } from './two-factor.queries';
import { beginSetup, confirmSetup, disableTwoFactor, twoFactorStatus } from './two-factor.service';

/**
 * spec §2 /two-factor-authentication (enable-2fa, disable-2fa): the signed-in user's own second
 * factor. Every user may protect their account, so the routes ask for a session and no permission.
 */
export function registerTwoFactorRoutes(root: FastifyInstance, deps: AppDeps): void {
  registerFor(root, deps, twoFactorPaths, (request) => {
    const ctx = serviceContext(request, deps);
    return { db: ctx.db, who: { companyId: ctx.companyId, userId: ctx.userId } };
  });
  // spec §7 "Master also has 2fa": a platform administrator's own account, under master/v1.
  registerFor(root, deps, masterTwoFactorPaths, (request) => {
    const ctx = masterContext(request, deps);
    return { db: ctx.db, who: { companyId: null, userId: ctx.userId } };
  });
}

function registerFor(
  root: FastifyInstance,
  deps: AppDeps,
  paths: typeof twoFactorPaths,
  who: (request: FastifyRequest) => { db: Kysely<Database>; who: Who },
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['two-factor'];
  const config = { auth: true, notWhileImpersonating: true };
  const tfDeps = () => ({ box: secretBoxFor(deps.config), codes: deps.codes });

  app.get(
    paths.status,
    { config, schema: { tags, response: { 200: TwoFactorStatus, ...ERROR_RESPONSES } } },
    async (request) => {
      const { db, who: user } = who(request);
      return twoFactorStatus(db, user);
    },
  );
  app.post(
    paths.setup,
    { config, schema: { tags, body: EmptyBody, response: { 200: TwoFactorSetup, ...ERROR_RESPONSES } } },
    async (request) => {
      const { db, who: user } = who(request);
      return beginSetup(db, tfDeps(), user);
    },
  );
  app.post(
    paths.enable,
    {
      config,
      schema: { tags, body: EnableTwoFactorBody, response: { 200: RecoveryCodes, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const { db, who: user } = who(request);
      return { recovery_codes: await confirmSetup(db, tfDeps(), user, request.body.code) };
    },
  );
  app.post(
    paths.disable,
    {
      config,
      schema: { tags, body: DisableTwoFactorBody, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const { db, who: user } = who(request);
      await disableTwoFactor(db, tfDeps(), user, request.body);
      return { message: 'Two-factor sign-in is off.' };
    },
  );
}
