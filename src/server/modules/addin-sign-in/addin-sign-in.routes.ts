import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADDIN_SURFACE,
  addinSignInPaths,
  MicrosoftSignInBody,
  MicrosoftSignInOptions,
  SsoRealmQuery,
  SsoRealmResponse,
} from '../../../shared/contract/addin-sign-in';
import { HandoverResponse } from '../../../shared/contract/auth';
import { ssoPublicPaths } from '../../../shared/contract/sso';
import type { AppDeps } from '../../context';
import { HttpError } from '../../http/errors';
import { ERROR_RESPONSES } from '../../http/schemas';
import { EntraVerifier } from '../../integrations/entra-id';
import { ssoRealmOf } from './addin-sign-in.queries';
import { signInWithMicrosoft } from './microsoft-sign-in.service';

/** The Outlook add-in's ways in: Microsoft 365 (nested app authentication) and the dialog's realm. */
export function registerAddinSignInRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const verifier = new EntraVerifier({ allowPrivate: deps.config.allowPrivateConnectorUrls });

  app.get(
    addinSignInPaths.microsoft,
    { schema: { tags, response: { 200: MicrosoftSignInOptions, ...ERROR_RESPONSES } } },
    async () => ({ client_id: deps.config.addinClientId }),
  );

  app.post(
    addinSignInPaths.microsoft,
    { schema: { tags, body: MicrosoftSignInBody, response: { 200: HandoverResponse, ...ERROR_RESPONSES } } },
    async (request) => {
      try {
        return await signInWithMicrosoft(deps.db.kysely, deps, verifier, request.body.token);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500)
          request.log.warn({ reason: error.message }, 'Microsoft 365 sign-in refused');
        throw error;
      }
    },
  );

  // Home realm discovery for the sign-in dialog: an address of one company's SSO domain signs in there.
  app.get(
    addinSignInPaths.ssoRealm,
    { schema: { tags, querystring: SsoRealmQuery, response: { 200: SsoRealmResponse, ...ERROR_RESPONSES } } },
    async (request) => {
      const email = request.query.email.trim().toLowerCase();
      const realms = await ssoRealmOf(deps.db.kysely, email.slice(email.lastIndexOf('@') + 1));
      const [realm] = realms;
      if (!realm || realms.length > 1) return { login_url: null };
      return { login_url: `${ssoPublicPaths.start(realm.subdomain, realm.sso_id)}?surface=${ADDIN_SURFACE}` };
    },
  );
}
