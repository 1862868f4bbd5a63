import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_PREFIX } from '../../../shared/contract/common';
import type { FieldErrors } from '../../../shared/validation';
import type { AppDeps } from '../../context';
import { unprocessable } from '../../http/errors';
import { receiveNotifications } from './subscriptions.service';

/**
 * The public address Microsoft Graph posts change notifications to (an Outlook connector's
 * notification URL points here, through whatever public host or proxy reaches the server). No
 * sign-in: Graph is no user. A notification proves itself with its subscription's clientState.
 */
export const GRAPH_NOTIFICATIONS_PATH = `${API_PREFIX}/calendar-sync/graph-notifications`;

const Notifications = z.object({
  value: z
    .array(
      z.object({
        subscriptionId: z.string().min(1).max(200),
        clientState: z.string().max(255).nullish(),
        changeType: z.string().max(100).optional(),
        resource: z.string().max(2000).optional(),
      }),
    )
    .min(1)
    .max(1000),
});

const ValidationQuery = z.object({ validationToken: z.string().min(1).max(2048) });

export function registerCalendarSyncRoutes(root: FastifyInstance, deps: AppDeps): void {
  // a scope of its own: Graph's handshake posts text/plain, which no other route accepts
  void root.register((app: FastifyInstance, _options: unknown, done: (error?: Error) => void) => {
    app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, parsed) =>
      parsed(null, body),
    );
    routes(app, deps);
    done();
  });
}

function routes(app: FastifyInstance, deps: AppDeps): void {
  app.post(GRAPH_NOTIFICATIONS_PATH, { schema: { hide: true } }, async (request, reply) => {
    // Graph's validation handshake (on creating a subscription): the token back, as plain text,
    // within 10 seconds. The token comes from the query, so nothing else is read.
    const query = request.query as Record<string, unknown>;
    if (query.validationToken !== undefined) {
      const token = ValidationQuery.safeParse(query);
      if (!token.success) throw unprocessable({ validationToken: ['The validation token is not valid.'] });
      return reply.code(200).type('text/plain; charset=utf-8').send(token.data.validationToken);
    }
    const parsed = Notifications.safeParse(request.body);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.') || 'value';
        (errors[field] ??= []).push(issue.message);
      }
      throw unprocessable(errors);
    }
    // a notification that proves nothing is ignored all the same: 202, so Graph does not retry it
    await receiveNotifications(
      { db: deps.db.kysely, config: deps.config, log: request.log },
      parsed.data.value,
    );
    return reply.code(202).send();
  });
}
