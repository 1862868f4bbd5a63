import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, MessageBody } from '../../../shared/contract/common';
import {
  REFERENCE_BODIES,
  REFERENCE_KINDS,
  referencePaths,
  ReferenceRow,
  ReferenceRowList,
  type ReferenceBody,
} from '../../../shared/contract/master-reference';
import type { AppDeps } from '../../context';
import { masterContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { listenToDatabase, type DatabaseListener } from '../../realtime/database-listener';
import { masterReferenceService } from './master-reference.service';

/** spec §7 master countries, currencies, languages, data regions, company types: platform administrators only. */
export function registerMasterReferenceRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = masterReferenceService(deps.reference);
  const config = { auth: true };
  const ctx = (request: Parameters<typeof masterContext>[0]) => masterContext(request, deps);

  for (const kind of REFERENCE_KINDS) {
    const paths = referencePaths(kind);
    const tags = [`master: ${kind}`];
    const body = REFERENCE_BODIES[kind];
    app.get(
      paths.all,
      { config, schema: { tags, response: { 200: ReferenceRowList, ...ERROR_RESPONSES } } },
      async (request) => service.list(ctx(request), kind),
    );
    app.get(
      paths.one(':id'),
      { config, schema: { tags, params: IdParam, response: { 200: ReferenceRow, ...ERROR_RESPONSES } } },
      async (request) => service.get(ctx(request), kind, request.params.id),
    );
    app.post(
      paths.list,
      { config, schema: { tags, body, response: { 201: ReferenceRow, ...ERROR_RESPONSES } } },
      async (request, reply) =>
        reply.status(201).send(await service.create(ctx(request), kind, request.body as ReferenceBody)),
    );
    app.put(
      paths.one(':id'),
      {
        config,
        schema: { tags, params: IdParam, body, response: { 200: ReferenceRow, ...ERROR_RESPONSES } },
      },
      async (request) => service.update(ctx(request), kind, request.params.id, request.body as ReferenceBody),
    );
    app.delete(
      paths.one(':id'),
      { config, schema: { tags, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } } },
      async (request) => service.remove(ctx(request), kind, request.params.id),
    );
  }

  // Another process changed the lists (or the labels): this one's cache goes too.
  let listener: DatabaseListener | null = null;
  root.addHook('onReady', async () => {
    listener = await listenToDatabase(
      deps.db,
      ['reference_changed'],
      () => deps.reference.invalidate(),
      root.log,
    );
  });
  root.addHook('preClose', async () => {
    await listener?.stop();
    listener = null;
  });
}
