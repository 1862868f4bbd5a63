import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context';
import { insertAction } from './impersonations.queries';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Everything changed under an impersonation is attributable: each call other than a read made with
 * such a session is a row (method, route pattern, status) of the record the company's
 * administrators read. Bodies are never kept (they may hold passwords or personal data).
 */
export function logImpersonatedChanges(app: FastifyInstance, deps: AppDeps): void {
  // onSend, not onResponse: the row is written before the caller has the answer.
  app.addHook('onSend', async (request, reply, payload) => {
    const session = request.session;
    if (!session?.impersonationId || session.companyId === null || READS.has(request.method)) return payload;
    try {
      await insertAction(deps.db.kysely, {
        company_id: session.companyId,
        impersonation_id: session.impersonationId,
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0]!,
        status: reply.statusCode,
      });
    } catch (error) {
      request.log.error({ err: error }, 'an impersonated change could not be logged');
    }
    return payload;
  });
}
