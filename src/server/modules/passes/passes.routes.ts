import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam } from '../../../shared/contract/common';
import { SpacePass, SpacePassList, spacePassPaths } from '../../../shared/contract/passes';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { getPass, listPasses, passQrCode, revokePass, type PassContext } from './passes.service';

/** spec §2 /pass (PLAN): the holder's own passes; other people's need BOOKINGS (checked per pass). */
const OWN: PermissionRequirement = 'PLAN';
const READ: PermissionRequirement = ['PLAN', ['BOOKINGS', 'read']];
const REVOKE: PermissionRequirement = ['PLAN', ['BOOKINGS', 'update']];

function passContext(request: FastifyRequest, deps: AppDeps): PassContext {
  const subdomain = request.tenant?.area === 'company' ? request.tenant.company.subdomain : null;
  return { ...serviceContext(request, deps), origin: deps.originOf(subdomain) };
}

export function registerPassRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['space-passes'];
  const one = { 200: SpacePass, ...ERROR_RESPONSES };

  app.get(
    spacePassPaths.all,
    {
      config: { auth: true, permission: OWN },
      schema: { tags, response: { 200: SpacePassList, ...ERROR_RESPONSES } },
    },
    async (request) => listPasses(passContext(request, deps)),
  );
  app.get(
    spacePassPaths.one,
    { config: { auth: true, permission: READ }, schema: { tags, params: IdParam, response: one } },
    async (request) => getPass(passContext(request, deps), request.params.id),
  );
  app.delete(
    spacePassPaths.one,
    { config: { auth: true, permission: REVOKE }, schema: { tags, params: IdParam, response: one } },
    async (request) => revokePass(passContext(request, deps), request.params.id),
  );
  app.get(
    spacePassPaths.qrCode,
    {
      config: { auth: true, permission: READ },
      schema: { tags, params: IdParam, response: { ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const svg = await passQrCode(passContext(request, deps), request.params.id);
      // private: the image follows the pass (a revoked pass must not linger in a shared cache)
      return (reply as unknown as FastifyReply)
        .type('image/svg+xml')
        .header('cache-control', 'no-store')
        .send(svg);
    },
  );
}
