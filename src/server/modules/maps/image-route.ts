import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam } from '../../../shared/contract/common';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps, ServiceContext } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { imageHeaders, sendStoredImage } from '../../http/stored-image';

type StoredImage = Parameters<typeof sendStoredImage>[2];

/** GET {path with :id}: a stored image's bytes (a floor map, a resource's picture), cached by its hash. */
export function registerImageRoute(
  root: FastifyInstance,
  deps: AppDeps,
  route: {
    path: string;
    tags: string[];
    permission: PermissionRequirement;
    load(ctx: ServiceContext, id: number): Promise<StoredImage>;
  },
): void {
  root.withTypeProvider<ZodTypeProvider>().get(
    route.path,
    {
      config: { auth: true, permission: route.permission },
      schema: { tags: route.tags, params: IdParam, response: { ...ERROR_RESPONSES } },
      onSend: imageHeaders,
    },
    async (request, reply) =>
      // The body is bytes, not one of the declared JSON answers.
      sendStoredImage(request, reply, await route.load(serviceContext(request, deps), request.params.id)),
  );
}
